// The engine's bench signature: the node count of the bench at its default
// depth and hash on one thread, which TestSignature checks.

package bench

// Signature is the total node count of Run at DefaultDepth with one thread
// and DefaultHashMiB, the last line of `go run ./cmd/dameo bench`, quoted
// as "Bench: N" in commits. A change to the search, the evaluation, the move
// generator or the bench positions that changes the count must update it:
// run `go run ./cmd/dameo bench` and copy the nodes= of its last line here,
// in the commit that changes it.
const Signature = 7775964
