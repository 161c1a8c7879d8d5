// Package tbtest is for the tests of the endgame tables only (egtb and
// egtb/gen): random positions of a given material, and the size of the
// tables the tests generate, smaller under the race detector.
package tbtest
