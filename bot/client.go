// Requests to the server: the token in the Authorization header only, form
// bodies, a time limit on every request, redirects followed only within
// the server's origin, waiting out rate limits (HTTP 429) with a doubling
// wait, and error messages that quote the server's answer without the
// token.

package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// client sends the bot's requests to the server.
type client struct {
	server         *url.URL
	token          string
	http           *http.Client
	timeout        time.Duration // of a request, up to the end of its answer (a stream's headers)
	log            *logger
	rateLimitWait  time.Duration // the first wait after a 429; it doubles
	rateLimitTries int           // requests made before giving up on 429s
}

// newClient is a client of server whose requests each take at most
// timeout (a stream: up to its headers).
func newClient(server *url.URL, token string, log *logger, timeout time.Duration) *client {
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.ResponseHeaderTimeout = timeout
	return &client{
		server: server, token: token, log: log, timeout: timeout,
		http: &http.Client{Transport: transport, CheckRedirect: sameOrigin},
	}
}

// maxRedirects bounds the redirects of one request.
const maxRedirects = 10

// sameOrigin is the client's redirect policy: a redirect is followed only
// to the same scheme, host and port as the request it answers (so that
// the token is never sent elsewhere, nor in clear after https).
func sameOrigin(req *http.Request, via []*http.Request) error {
	if len(via) >= maxRedirects {
		return fmt.Errorf("stopped after %d redirects", maxRedirects)
	}
	from, to := via[0].URL, req.URL
	if to.Scheme != from.Scheme || to.Hostname() != from.Hostname() || port(to) != port(from) {
		return fmt.Errorf("redirect to %s://%s refused: not the server's origin", to.Scheme, to.Host)
	}
	return nil
}

// port is u's port, the scheme's when none is given.
func port(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	return map[string]string{"http": "80", "https": "443"}[u.Scheme]
}

// statusError is a request the server answered with an error status.
type statusError struct {
	method, path string
	status       int
	message      string // from the body, cleaned (logger.clean)
}

func (e *statusError) Error() string {
	msg := fmt.Sprintf("%s %s: %d %s", e.method, e.path, e.status, http.StatusText(e.status))
	if e.message != "" {
		msg += ": " + e.message
	}
	return msg
}

// maxErrorBody bounds the part of an error answer quoted in the message.
const maxErrorBody = 300

// request sends one request with the token and returns the response to a
// 2xx status; the caller closes its body. A 429 is waited out and the
// request sent again, up to rateLimitTries times; any other error status
// is a *statusError. form, when not nil, is the body. Each sending ends
// after the client's timeout, its answer's body included unless stream.
func (c *client) request(ctx context.Context, method, path string, form url.Values, stream bool) (*http.Response, error) {
	wait := c.rateLimitWait
	for try := 1; ; try++ {
		resp, err := c.send(ctx, method, path, form, stream)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode/100 == 2 {
			return resp, nil
		}
		serr := c.statusError(method, path, resp)
		if resp.StatusCode != http.StatusTooManyRequests || try >= c.rateLimitTries {
			return nil, serr
		}
		c.log.printf("%s %s: rate limited (429); waiting %v", method, path, wait)
		if err := sleep(ctx, wait); err != nil {
			return nil, err
		}
		wait *= 2
	}
}

// send sends one request; path may end in a query ("?offeringDraw=true").
func (c *client) send(ctx context.Context, method, path string, form url.Values, stream bool) (*http.Response, error) {
	cancel := context.CancelFunc(func() {})
	if !stream {
		ctx, cancel = context.WithTimeout(ctx, c.timeout)
	}
	resp, err := c.sendWithin(ctx, method, path, form)
	if err != nil {
		cancel()
		return nil, err
	}
	resp.Body = cancelOnClose{resp.Body, cancel}
	return resp, nil
}

// cancelOnClose is a response body that ends its request's time limit
// when closed.
type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b cancelOnClose) Close() error {
	err := b.ReadCloser.Close()
	b.cancel()
	return err
}

func (c *client) sendWithin(ctx context.Context, method, path string, form url.Values) (*http.Response, error) {
	p, query, _ := strings.Cut(path, "?")
	u := c.server.JoinPath(p)
	u.RawQuery = query
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), body)
	if err != nil {
		return nil, c.log.cleanError(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, c.log.cleanError(fmt.Errorf("%s %s: %w", method, path, unwrapURLError(err)))
	}
	return resp, nil
}

// unwrapURLError drops the *url.Error wrapping (which repeats the whole
// URL) and keeps its cause.
func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// statusError reads and closes an error answer.
func (c *client) statusError(method, path string, resp *http.Response) error {
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
	msg := c.log.clean(strings.TrimSpace(string(b)))
	return &statusError{method: method, path: path, status: resp.StatusCode, message: msg}
}

// post sends a POST with a form (nil for none) and discards the answer.
func (c *client) post(ctx context.Context, path string, form url.Values) error {
	resp, err := c.request(ctx, http.MethodPost, path, form, false)
	if err != nil {
		return err
	}
	io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
	return resp.Body.Close()
}

// maxJSONAnswer bounds a JSON answer the bot reads whole.
const maxJSONAnswer = 1 << 20

// getJSON sends a GET and decodes the JSON answer into v.
func (c *client) getJSON(ctx context.Context, path string, v any) error {
	resp, err := c.request(ctx, http.MethodGet, path, nil, false)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxJSONAnswer)).Decode(v); err != nil {
		return fmt.Errorf("GET %s: bad answer: %v", path, err)
	}
	return nil
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
