// Package tune fits the evaluation's weights to game results by the Texel
// method: the evaluation, scaled by a constant K, is read as a win
// probability through the logistic function, and the weights are those
// that make it predict the results of self-play games (package datagen)
// best, in mean squared error. The evaluation is the terms' weights
// (search.Weights) and, for a set made with NewSet(true), the values of
// the window patterns (search.Patterns), fitted together. K is fitted
// first with the starting weights, then the weights by mini-batch gradient
// descent with Adam on all cores, stopping early when the loss of a
// held-out set of games stops improving. Games are told apart by their
// number only: game n of every data file is held out or not with the
// others. A run is deterministic for a seed, whatever the number of
// threads. The result is written as a Go file that the engine compiles in
// (search/weights_tuned.go).
package tune
