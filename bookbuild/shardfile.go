// Shard files: the leaf scores one shard of a sharded drop-out build
// searched, as text, written a line at a time so that an interrupted shard
// keeps its work; reading them back, and checking that the shard files
// given to a shard or to the merge belong to one build.

package bookbuild

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/internal/safefile"
)

// shardMagic opens every shard file.
const shardMagic = "dameo book shard 1"

// maxShardLine bounds a line of a shard file (a position text and a score
// are well under 200 bytes).
const maxShardLine = 4096

// ShardHeader says which build, round and shard a shard file belongs to.
type ShardHeader struct {
	Settings     string // the build's settings, the same for all its shards
	Round        int    // the round the shard searched, from 1
	Complete     bool   // the book was complete before the shard's round
	Index, Count int    // the shard, I of N
}

// ShardFile is a shard file read back.
type ShardFile struct {
	ShardHeader
	Scores []LeafScore
	// Length is the length of the file's complete lines: an interrupted
	// shard's last line may be cut short, and a resumed shard continues
	// the file from here.
	Length int64
}

// String names the shard: "shard 2/4 of round 3".
func (h ShardHeader) String() string {
	if h.Complete {
		return fmt.Sprintf("shard %d/%d after the book was complete", h.Index, h.Count)
	}
	return fmt.Sprintf("shard %d/%d of round %d", h.Index, h.Count, h.Round)
}

// WriteShardHeader writes the header lines of a shard file.
func WriteShardHeader(w io.Writer, h ShardHeader) error {
	round := strconv.Itoa(h.Round)
	if h.Complete {
		round = "complete"
	}
	_, err := fmt.Fprintf(w, "%s\nsettings: %s\nshard: %d/%d\nround: %s\n", shardMagic, h.Settings, h.Index, h.Count, round)
	return err
}

// WriteLeafScore writes one score line of a shard file.
func WriteLeafScore(w io.Writer, l LeafScore) error {
	_, err := fmt.Fprintf(w, "%s; %d\n", l.Position.String(), l.Score)
	return err
}

// ReadShardFile reads a shard file; a last line without its newline (cut
// short by an interruption) is left out. Errors give the line number.
func ReadShardFile(r io.Reader) (*ShardFile, error) {
	br := bufio.NewReader(r)
	f := &ShardFile{}
	header := []string{shardMagic, "settings: ", "shard: ", "round: "}
	for line := 1; ; line++ {
		text, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) || len(text) > maxShardLine {
			return nil, fmt.Errorf("line %d: longer than %d bytes: not a shard file", line, maxShardLine)
		}
		if err == io.EOF {
			if line <= len(header) {
				return nil, fmt.Errorf("line %d: the file ends inside its header: not a finished shard file", line)
			}
			return f, nil
		}
		if err != nil {
			return nil, err
		}
		f.Length += int64(len(text))
		s := string(bytes.TrimSuffix(text, []byte("\n")))
		if line <= len(header) {
			rest, ok := strings.CutPrefix(s, header[line-1])
			if !ok {
				return nil, fmt.Errorf("line %d: want %q: not a shard file of this version", line, header[line-1])
			}
			if err := f.readHeader(line, rest); err != nil {
				return nil, fmt.Errorf("line %d: %v", line, err)
			}
			continue
		}
		l, err := parseLeafScore(s)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		f.Scores = append(f.Scores, l)
	}
}

// readHeader reads the rest of header line n.
func (f *ShardFile) readHeader(n int, rest string) error {
	switch n {
	case 2:
		f.Settings = rest
	case 3:
		i, c, ok := strings.Cut(rest, "/")
		index, err1 := strconv.Atoi(i)
		count, err2 := strconv.Atoi(c)
		if !ok || err1 != nil || err2 != nil || count < 1 || index < 1 || index > count {
			return fmt.Errorf("bad shard %q (want I/N with 1 ≤ I ≤ N)", rest)
		}
		f.Index, f.Count = index, count
	case 4:
		if rest == "complete" {
			f.Complete = true
			return nil
		}
		r, err := strconv.Atoi(rest)
		if err != nil || r < 1 {
			return fmt.Errorf("bad round %q (want a number from 1, or complete)", rest)
		}
		f.Round = r
	}
	return nil
}

// parseLeafScore reads "<position text>; <score>".
func parseLeafScore(s string) (LeafScore, error) {
	text, score, ok := strings.Cut(s, ";")
	if !ok {
		return LeafScore{}, fmt.Errorf("want '<position>; <score>', got %q", s)
	}
	p, err := engine.ParsePosition(text)
	if err != nil {
		return LeafScore{}, fmt.Errorf("bad position: %v", err)
	}
	v, err := strconv.Atoi(strings.TrimSpace(score))
	if err != nil || v < -winScore || v > winScore {
		return LeafScore{}, fmt.Errorf("bad score %q (want -%d to %d)", strings.TrimSpace(score), winScore, winScore)
	}
	if p.CountMoves() == 0 {
		return LeafScore{}, fmt.Errorf("position %v has no move: it is never searched", p.String())
	}
	return LeafScore{Position: p, Score: v}, nil
}

// ShardSet is the shard files of one build, checked to belong together.
type ShardSet struct {
	Settings string
	Count    int           // the number of shards of every round
	Rounds   int           // the last round given
	Scores   []LeafScore   // the scores of every file
	Headers  []ShardHeader // the headers of the files, in the order given
	Paths    []string      // the files
}

// ReadShards reads shard files and checks that they belong to the build
// with the given settings ("": those of the first file): the same settings
// and number of shards in every file, and no shard of a round given twice.
func ReadShards(paths []string, settings string) (*ShardSet, error) {
	set := &ShardSet{Settings: settings, Paths: paths}
	seen := map[[2]int]string{}
	for _, path := range paths {
		f, err := readShardPath(path)
		if err != nil {
			return nil, err
		}
		if set.Settings == "" {
			set.Settings = f.Settings
		}
		switch {
		case f.Settings != set.Settings:
			return nil, fmt.Errorf("shard file %s: made with the settings %q, not %q: it belongs to another build", path, f.Settings, set.Settings)
		case set.Count != 0 && f.Count != set.Count:
			return nil, fmt.Errorf("shard file %s: %s, but %s is of %d shards", path, f.ShardHeader, paths[0], set.Count)
		}
		set.Count = f.Count
		if !f.Complete {
			id := [2]int{f.Round, f.Index}
			if other, ok := seen[id]; ok && other == path {
				return nil, fmt.Errorf("shard file %s is given twice", path)
			} else if ok {
				return nil, fmt.Errorf("shard file %s: %s is given twice (%s holds it too)", path, f.ShardHeader, other)
			}
			seen[id] = path
			set.Rounds = max(set.Rounds, f.Round)
		}
		set.Scores = append(set.Scores, f.Scores...)
		set.Headers = append(set.Headers, f.ShardHeader)
	}
	return set, nil
}

// CheckRoundsWhole reports a round of the set (1 to Rounds) that lacks one
// of its shards.
func (s *ShardSet) CheckRoundsWhole() error {
	have := map[[2]int]bool{}
	for _, h := range s.Headers {
		if !h.Complete {
			have[[2]int{h.Round, h.Index}] = true
		}
	}
	for r := 1; r <= s.Rounds; r++ {
		for i := 1; i <= s.Count; i++ {
			if !have[[2]int{r, i}] {
				return fmt.Errorf("shard %d/%d of round %d is missing", i, s.Count, r)
			}
		}
	}
	return nil
}

// readShardPath reads the shard file at path; errors name it.
func readShardPath(path string) (*ShardFile, error) {
	r, _, err := safefile.Open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	f, err := ReadShardFile(r)
	if err != nil {
		return nil, fmt.Errorf("shard file %s: %v", path, err)
	}
	return f, nil
}

// CheckBefore reports a file of the set that is not of a round before
// round: the shards of round r are given the files of rounds 1 to r−1.
func (s *ShardSet) CheckBefore(round int) error {
	for i, h := range s.Headers {
		if !h.Complete && h.Round >= round {
			return fmt.Errorf("shard file %s: %s, but the files given end before round %d: give a round's shards the files of the rounds before it only", s.Paths[i], h, round)
		}
	}
	return nil
}
