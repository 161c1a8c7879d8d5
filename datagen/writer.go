// Writing binary data files: a section header, then each game's records
// appended with one write, so that the games played at once never
// interleave.

package datagen

import "fmt"

// AppendGame appends the packed records of one game to buf; the records'
// Game must be the same.
func AppendGame(buf []byte, recs []Record) ([]byte, error) {
	for i := range recs {
		if recs[i].Game != recs[0].Game {
			return buf, fmt.Errorf("records of games %d and %d in one block", recs[0].Game, recs[i].Game)
		}
		p, err := pack(&recs[i], i, i == len(recs)-1)
		if err != nil {
			return buf, fmt.Errorf("game %d, position %d: %w", recs[i].Game, i, err)
		}
		buf = append(buf, p[:]...)
	}
	return buf, nil
}
