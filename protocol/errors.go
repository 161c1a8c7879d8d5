// Errors the session reports to the front-end.

package protocol

import "errors"

var (
	errNoBook      = errors.New("this engine has no opening book")
	errNoTablebase = errors.New("this engine has no endgame tables")
)
