package levels

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// The table of docs/levels.md says what the ladder holds: each level's
// description, temperature and largest loss.
func TestDocsTableIsTheLadder(t *testing.T) {
	text, err := os.ReadFile("../docs/levels.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(string(text), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) > 3 && strings.HasPrefix(line, "| ") {
			rows[strings.TrimSpace(cells[1])] = line
		}
	}
	for n, lv := range Ladder {
		row, ok := rows[fmt.Sprint(n)]
		if !ok {
			t.Errorf("docs/levels.md has no row for level %d", n)
			continue
		}
		want := fmt.Sprintf("| %d | %s |", n, lv.Description)
		if lv.Temperature > 0 {
			want += fmt.Sprintf(" %v | %d |", lv.Temperature, lv.MaxLoss)
		}
		if !strings.HasPrefix(row, want) {
			t.Errorf("docs/levels.md's row of level %d is\n%s\nwant it to start\n%s", n, row, want)
		}
	}
}
