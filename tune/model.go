// The model being fitted: eval's sparse linear evaluation with float
// weights, a middlegame and an endgame weight per feature, each with its
// gradient and Adam's moments in one 32-byte block (one memory access
// serves a feature), and the evaluation of a packed record straight from
// its bitboards.

package tune

import (
	"errors"
	"math"

	"github.com/dameo/dameo/datagen"
	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/eval"
)

// param is one feature's weights ([0] middlegame, [1] endgame), their
// summed gradient over the current batch, and Adam's running means of the
// gradient and of its square.
type param struct {
	w, g, m, v [2]float32
}

// newParams are the parameters of the start weights.
func newParams(start *eval.Weights) []param {
	ps := make([]param, eval.NumParams)
	for i := range ps {
		ps[i].w = [2]float32{float32(start.MG[i]), float32(start.EG[i])}
	}
	return ps
}

// rounded are the weights of ps as the engine takes them: whole numbers
// within the range of int16 (NaN as 0).
func rounded(ps []param) *eval.Weights {
	w := eval.NewWeights()
	for i := range ps {
		w.MG[i], w.EG[i] = round16(ps[i].w[0]), round16(ps[i].w[1])
	}
	return w
}

func round16(x float32) int16 {
	if x != x { // NaN
		return 0
	}
	return int16(min(max(math.Round(float64(x)), math.MinInt16), math.MaxInt16))
}

// sigmoid is the logistic function.
func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// position is a record made ready for the loss: its features and what the
// loss needs besides.
type position struct {
	features []eval.Feature
	mgShare  float64 // eval.MGShare of its phase
	result   float64 // the game's result for the side to move
	score    float64 // the search score, side to move's view
}

// errChanged is the error of a record that no longer decodes: its file
// changed after Data checked it.
var errChanged = errors.New("a data file changed during training")

// decode fills pos from rec, appending its features to buf (reused:
// nothing is allocated when buf has room for eval.MaxFeatures more).
func decode(rec *datagen.Packed, buf []eval.Feature, pos *position) ([]eval.Feature, error) {
	white, black, kings, side, err := rec.Bitboards()
	if err != nil {
		return buf, errChanged
	}
	p, err := engine.NewPosition(white, black, kings, side)
	if err != nil {
		return buf, errChanged
	}
	start := len(buf)
	buf = eval.AppendFeatures(buf, &p)
	pos.features = buf[start:]
	pos.mgShare = eval.MGShare(eval.Phase(&p))
	pos.result = rec.Result().For(side)
	pos.score = float64(rec.Score())
	return buf, nil
}

// evaluate is the model's evaluation of pos with the weights of ps.
func evaluate(ps []param, pos *position) float64 {
	var mg, eg float32
	for _, f := range pos.features {
		p := &ps[f.Index]
		c := float32(f.Count)
		mg += c * p.w[0]
		eg += c * p.w[1]
	}
	return float64(mg)*pos.mgShare + float64(eg)*(1-pos.mgShare)
}

// objective is the loss of one position: (σ(K·eval) − target)², the
// target λ·result + (1 − λ)·σ(K·score).
type objective struct {
	k, lambda float64
}

// loss is the loss of pos with the weights of ps and its derivative with
// respect to the evaluation.
func (o *objective) loss(ps []param, pos *position) (loss, dEval float64) {
	pred := sigmoid(o.k * evaluate(ps, pos))
	target := pos.result
	if o.lambda != 1 {
		target = o.lambda*pos.result + (1-o.lambda)*sigmoid(o.k*pos.score)
	}
	d := pred - target
	// d loss / d eval = 2 d σ' K, with σ' = pred (1 − pred).
	return d * d, 2 * d * pred * (1 - pred) * o.k
}
