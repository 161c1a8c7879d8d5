// Following an NDJSON stream: one JSON object a line, empty lines to keep
// the connection alive; a connection that drops or falls silent is opened
// again after a wait that doubles from Backoff.Min to Backoff.Max.

package bot

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"
)

// Backoff is the wait before reconnecting a dropped stream: Min first,
// doubling up to Max, back to Min once a connection has delivered a line.
type Backoff struct {
	Min, Max time.Duration
}

// next is the wait after d.
func (b Backoff) next(d time.Duration) time.Duration {
	return min(2*d, b.Max)
}

// maxStreamLine bounds one line of a stream (a gameFull of a long game).
const maxStreamLine = 1 << 20

// errStop is returned by a stream handler to end following the stream.
var errStop = errors.New("stop following the stream")

// stream describes how to follow one stream.
type stream struct {
	path    string
	backoff Backoff
	idle    time.Duration // a connection silent this long is dropped
	// handle is called with each line that is not blank; errStop ends
	// following without error, any other error ends it with that error.
	handle func(line []byte) error
	// reconnect, when it receives, drops the current connection at once
	// (the caller wants the stream's opening lines again).
	reconnect <-chan struct{}
}

// follow reads the stream until ctx ends, the handler stops it, or the
// server refuses it with an error status other than 429 and 5xx (a bad
// token, a game that does not exist). Drops are logged and reconnected.
func (c *client) follow(ctx context.Context, s stream) error {
	wait := s.backoff.Min
	for {
		delivered, err := c.connect(ctx, s)
		switch {
		case errors.Is(err, errStop):
			return nil
		case ctx.Err() != nil:
			return ctx.Err()
		case refused(err):
			return err
		}
		if delivered {
			wait = s.backoff.Min
		}
		if err == nil {
			c.log.printf("stream %s ended; reconnecting in %v", s.path, wait)
		} else {
			c.log.printf("stream %s: %v; reconnecting in %v", s.path, err, wait)
		}
		if err := sleep(ctx, wait); err != nil {
			return err
		}
		wait = s.backoff.next(wait)
	}
}

// refused reports whether err is an error status that reconnecting will
// not cure: any but 429 and the 5xx of a server in trouble.
func refused(err error) bool {
	var se *statusError
	return errors.As(err, &se) && se.status != http.StatusTooManyRequests && se.status/100 != 5
}

// connect opens the stream once and reads it until it ends; delivered
// reports whether any line (keep-alive included) arrived.
func (c *client) connect(ctx context.Context, s stream) (delivered bool, err error) {
	conn, drop := context.WithCancel(ctx)
	defer drop()
	resp, err := c.request(conn, http.MethodGet, s.path, nil, true)
	if err != nil {
		return false, err
	}
	defer resp.Body.Close()
	alive := make(chan struct{}, 1)
	watched := make(chan struct{})
	defer close(watched)
	go func() {
		idle := time.NewTimer(s.idle)
		defer idle.Stop()
		for {
			select {
			case <-alive:
				idle.Reset(s.idle)
			case <-idle.C:
				c.log.printf("stream %s: silent for %v", s.path, s.idle)
				drop()
				return
			case <-s.reconnect:
				drop()
				return
			case <-watched:
				return
			}
		}
	}()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 4096), maxStreamLine)
	for sc.Scan() {
		delivered = true
		select {
		case alive <- struct{}{}:
		default:
		}
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		if err := s.handle(line); err != nil {
			return true, err
		}
	}
	if err := sc.Err(); err != nil && conn.Err() == nil {
		return delivered, c.log.cleanError(err)
	}
	return delivered, nil
}
