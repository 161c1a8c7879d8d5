// Package printable makes arbitrary text printable and readable, for the
// packages that must put what a peer or the system said into a line of
// their own format (a Hub value, a PDN comment or tag): control bytes and
// bytes of invalid UTF-8 become escapes such as \x00 and \xff, runes that do
// not print escapes such as \u2028, and the caller chooses replacements for
// the characters its format reserves. It depends on the standard library
// only.
package printable
