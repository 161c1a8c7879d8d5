package levels

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// ladderSHA256 is the SHA-256 of the generation-3 weights file
// (eval/weights/default.bin from 0f0959e).
const ladderSHA256 = "7ed84a5c70ce3845ef210ac839b4381f70d0b46d6f3f5c983b5517145ed114cd"

// The ladder's weights are the generation-3 file the calibration of
// docs/levels.md played with, byte for byte, and they decode.
func TestLadderEvaluation(t *testing.T) {
	sum := sha256.Sum256(ladderFile)
	if got := hex.EncodeToString(sum[:]); got != ladderSHA256 {
		t.Errorf("levels/weights.bin has SHA-256 %s, want the calibration's %s: a new ladder evaluation needs a new calibration (docs/levels.md)", got, ladderSHA256)
	}
	if ladderEval() == nil {
		t.Fatal("no ladder evaluation")
	}
}
