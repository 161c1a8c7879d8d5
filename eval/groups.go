// The groups of the weight vector, by name, offset and length: what a
// weights file lists as its shapes and what a trainer may treat apart.

package eval

// Group is a part of the weight vector: the features of one kind.
type Group struct {
	Name   string
	Offset int // index of its first feature
	Len    int // number of features
}

// Groups are the parts of the weight vector in order; together they cover
// it, indices 0 to NumParams − 1.
func Groups() []Group {
	return []Group{
		{"terms", termsOffset, int(NumTerms)},
		{"blocks 2x2", blocksOffset, NumBlockTables * BlockConfigs},
		{"king squares", kingSquaresOffset, NumKingSquares},
		{"patterns 4x3", patternsOffset, NumPatternTables * PatternConfigs},
	}
}
