// A program for testbin's own test: it prints hello.
package main

import "fmt"

func main() { fmt.Println("hello") }
