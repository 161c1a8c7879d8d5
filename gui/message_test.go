// Fuzzing the page's messages: whatever arrives, the session answers with
// an error or a state and never panics; a message the decoder accepts is
// one it accepts again after a round trip through JSON.

package gui

import (
	"encoding/json"
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
		`{"type":"review","limit":{"moveTime":0.1}}`, `{"type":"loadpdn","text":"1. c3-c4 (1. d3-d4 {x}) *"}`, `{"type":"takeback"}`, `{"type":"resign"}`, `{"type":"savepdn"}`,
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
