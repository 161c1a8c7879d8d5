// The book package stays light: the engine's runtime imports it, so it may
// depend on no other package of the module than engine (and the standard
// library's helper internal/safefile).

package book

import (
	"go/build"
	"strings"
	"testing"
)

func TestImportsOnlyEngine(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	const module = "github.com/dameo/dameo/"
	for _, path := range pkg.Imports {
		if strings.HasPrefix(path, module) && path != module+"engine" && path != module+"internal/safefile" {
			t.Errorf("book imports %s; builders that need it belong in bookbuild", path)
		}
	}
}
