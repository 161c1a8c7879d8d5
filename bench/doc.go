// Package bench runs the engine's benchmark: a fixed search of every bench
// position, one line each, and a total whose node count with one thread is
// the engine's signature (the same on every run and machine).
package bench
