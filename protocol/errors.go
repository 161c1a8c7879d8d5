// Errors the session reports to the front-end.

package protocol

import "errors"

var (
	errNoBook       = errors.New("this engine has no opening book")
	errMissingValue = errors.New("pos= and fen= need a value")
	errNoTablebase  = errors.New("this engine has no endgame tables")
)
