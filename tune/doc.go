// Package tune fits the evaluation's weights to self-play games (package
// datagen's binary files): the evaluation is eval's sparse linear model
// (eval.AppendFeatures: a middlegame and an endgame weight per feature,
// tapered by phase), read as a win probability through σ(K·eval), and the
// weights minimise the mean of (σ(K·eval) − target)², the target
// λ·result + (1 − λ)·σ(K·search score). K is fitted first so that the
// search scores predict the results best, unless given.
//
// The data need not fit in memory: the files are checked once (every
// record, no file or game twice), a share of the games is held out by a
// hash of the seed, the run and the game and kept in memory, and each
// epoch streams the training records from disk through a shuffling buffer
// (seeded by the seed and the epoch) into mini-batches. A batch's
// features are decoded straight from the packed records on all cores;
// the gradient is summed in a fixed order and sparse Adam updates only the
// weights the batch touched (with L2 regularisation), so a run is
// deterministic for a seed whatever the number of threads. After each
// epoch the held-out loss is measured, the best weights kept, the run
// stopped early when it has not improved for a number of epochs, and a
// checkpoint written to resume from. The result is an eval.Weights, which
// eval.Write writes as a weights file.
package tune
