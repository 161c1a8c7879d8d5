// Package tune fits the evaluation's weights to game results by the Texel
// method: the evaluation, scaled by a constant K, is read as a win
// probability through the logistic function, and the weights are those
// that make it predict the results of self-play games (package datagen)
// best, in mean squared error. The evaluation is eval's sparse linear
// model, its features and their indices taken from eval.AppendFeatures:
// the terms' weights and, for a set made with NewSet(true), the values of
// the 2×2 window patterns, fitted together (the other features keep their
// starting weights). K is fitted first with the starting weights, then
// the weights by mini-batch gradient descent with Adam on all cores,
// stopping early when the loss of a held-out set of games stops
// improving. Games are told apart by their number only: game n of every
// data file is held out or not with the others. A run is deterministic
// for a seed, whatever the number of threads. The result is an
// eval.Weights, written as a weights file by eval.Write.
package tune
