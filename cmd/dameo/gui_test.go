// Tests of `dameo gui`'s own pieces: the levels it offers the page, the
// addresses it prints, and the word it gives when the browser does not
// open.

package main

import (
	"errors"
	"net"
	"slices"
	"strings"
	"testing"

	"github.com/dameo/dameo/levels"
)

// TestGuiLevelsAreTheLadder: the page's levels, and so the Elo in an
// engine's player name, are the levels package's ladder.
func TestGuiLevelsAreTheLadder(t *testing.T) {
	got := guiLevels()
	if len(got) != len(levels.Ladder) {
		t.Fatalf("%d levels, want the ladder's %d", len(got), len(levels.Ladder))
	}
	for n, lv := range levels.Ladder {
		if got[n].Elo != lv.Elo || got[n].Description != lv.Description {
			t.Errorf("level %d: %+v, want the ladder's Elo %d and %q", n, got[n], lv.Elo, lv.Description)
		}
	}
}

// TestPageURLs: a wildcard address is reached at localhost and at each
// interface's address but the loopback and link-local ones; another
// address at itself alone.
func TestPageURLs(t *testing.T) {
	interfaces := func() ([]net.Addr, error) {
		var addrs []net.Addr
		for _, cidr := range []string{"127.0.0.1/8", "192.0.2.7/24", "::1/128", "2001:db8::7/64", "fe80::1/64", "198.51.100.9/24"} {
			ip, n, err := net.ParseCIDR(cidr)
			if err != nil {
				t.Fatal(err)
			}
			addrs = append(addrs, &net.IPNet{IP: ip, Mask: n.Mask})
		}
		return addrs, nil
	}
	everywhere := []string{"http://localhost:8080/?token=k", "http://192.0.2.7:8080/?token=k",
		"http://[2001:db8::7]:8080/?token=k", "http://198.51.100.9:8080/?token=k"}
	for _, c := range []struct {
		ip    net.IP
		token string
		want  []string
	}{
		{net.IPv4zero, "k", everywhere},
		{net.IPv6unspecified, "k", everywhere},
		{nil, "k", everywhere}, // no host
		{net.ParseIP("192.0.2.7"), "k", []string{"http://192.0.2.7:8080/?token=k"}},
		{net.ParseIP("2001:db8::7"), "k", []string{"http://[2001:db8::7]:8080/?token=k"}},
		{net.ParseIP("127.0.0.1"), "", []string{"http://127.0.0.1:8080/"}},
	} {
		addr := &net.TCPAddr{IP: c.ip, Port: 8080}
		if got := pageURLs(addr, c.token, interfaces); !slices.Equal(got, c.want) {
			t.Errorf("%v: %q, want %q", addr, got, c.want)
		}
	}
	none := func() ([]net.Addr, error) { return nil, errors.New("no interfaces") }
	if got := pageURLs(&net.TCPAddr{IP: net.IPv6unspecified, Port: 80}, "", none); !slices.Equal(got, []string{"http://localhost:80/"}) {
		t.Errorf("without the interfaces' addresses: %q, want localhost alone", got)
	}
}

// TestOpenBrowserSaysWhenItCannot: an opener that is missing or fails is
// reported with the address to open by hand; one that works is silent.
func TestOpenBrowserSaysWhenItCannot(t *testing.T) {
	const url = "http://localhost:8080/"
	bin := dameoBinary(t)
	for _, c := range []struct {
		command []string
		want    string // in the report, "" for none
	}{
		{[]string{"/no/such/opener", url}, "/no/such/opener"},
		{[]string{bin, "no-such-command", url}, "exit status 2"},
		{[]string{bin, "--help"}, ""},
	} {
		var w strings.Builder
		openBrowser(&w, c.command, url)
		switch got := w.String(); {
		case c.want == "" && got != "":
			t.Errorf("%q: reported %q, want nothing", c.command, got)
		case c.want != "" && (!strings.Contains(got, c.want) || !strings.Contains(got, "open "+url+" by hand")):
			t.Errorf("%q: reported %q, want %q and the address to open by hand", c.command, got, c.want)
		}
	}
}
