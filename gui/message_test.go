// Fuzzing the page's messages: whatever arrives, the session answers with
// an error or a state and never panics; a message the decoder accepts is
// one it accepts again after a round trip through JSON. Times and numbers
// held to the protocol's rule.

package gui

import (
	"encoding/json"
	"strings"
	"testing"
)

func FuzzHandle(f *testing.F) {
	for _, seed := range []string{
		`{"type":"move","move":"c3-c4"}`,
		`{"type":"new","mode":"play","color":"black","limit":{"minutes":5,"increment":2}}`,
		`{"type":"new","mode":"watch","white":0,"black":0,"limit":{"moveTime":0.1}}`,
		`{"type":"position","text":"8/8/8/3b4/3w4/8/8/8 w"}`,
		`{"type":"loadpdn","text":"[FEN \"8/8/8/3b4/3w4/8/8/8 w\"] 1. d4xd6 1-0"}`,
		`{"type":"analyse","on":true,"multipv":3}`,
		`{"type":"goto","node":0}`, `{"type":"delete","node":1}`, `{"type":"open","moves":["c3-c4"]}`,
		`{"type":"promote","node":2}`, `{"type":"playline","moves":["c3-c4","f6-f5"]}`, `{"type":"pause","on":true}`,
		`{"type":"review","limit":{"moveTime":0.1}}`, `{"type":"review","limit":{"nodes":20000}}`, `{"type":"stopreview"}`, `{"type":"loadpdn","text":"1. c3-c4 (1. d3-d4 {x}) *"}`, `{"type":"takeback"}`, `{"type":"resign"}`, `{"type":"savepdn"}`,
		`{"type":"option","name":"hash","value":"16"}`, `{`, `null`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		h := newHarness("fake")
		n := len(h.sent)
		h.s.handle(data)
		h.pump()
		if len(h.sent) == n {
			t.Fatal("no reply")
		}
		r, err := decodeRequest(data)
		if err != nil {
			return
		}
		again, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := decodeRequest(again); err != nil {
			t.Fatalf("%s decoded, but not its round trip %s: %v", data, again, err)
		}
	})
}

// A time under the millisecond a level line carries would be sent as 0,
// which the engine refuses, and the search would have no limit: the page's
// times are held to the protocol's rule.
func TestTimesUnderAMillisecondAreRefused(t *testing.T) {
	for _, c := range []struct {
		msg, field string
	}{
		{`{"type":"new","mode":"play","color":"white","limit":{"moveTime":0.0001}}`, "move time 0.0001"},
		{`{"type":"new","mode":"watch","limit":{"minutes":0.000001}}`, "minutes 1e-06"},
		{`{"type":"new","mode":"play","color":"white","limit":{"minutes":1,"increment":0.0004}}`, "increment 0.0004"},
		{`{"type":"review","limit":{"moveTime":0.0001}}`, "move time 0.0001"},
		{`{"type":"option","name":"hash","value":"+8"}`, `"+8"`},
	} {
		_, err := decodeRequest([]byte(c.msg))
		if err == nil || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%s: error %v, want one naming %s", c.msg, err, c.field)
		}
	}
	for _, msg := range []string{
		`{"type":"new","mode":"play","color":"white","limit":{"moveTime":0.001}}`,
		`{"type":"review","limit":{"moveTime":0}}`,
	} {
		if _, err := decodeRequest([]byte(msg)); err != nil {
			t.Errorf("%s: %v", msg, err)
		}
	}
}
