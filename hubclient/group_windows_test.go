//go:build windows

// Tests of the engine's group on Windows, with this test program as the
// engine: it starts a sleeper (this program again) and leaves it running
// when it quits or is killed; the job object must end the sleeper with it.

package hubclient

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/windows"
)

// helperRole is the environment variable that makes this test program an
// engine ("engine") or its sleeper ("sleeper") instead of running tests;
// pidFileVar names the file where the engine writes its sleeper's id.
const (
	helperRole = "DAMEO_HUBCLIENT_HELPER"
	pidFileVar = "DAMEO_HUBCLIENT_PIDFILE"
)

func TestMain(m *testing.M) {
	switch os.Getenv(helperRole) {
	case "engine":
		helperEngine()
	case "sleeper":
		time.Sleep(10 * time.Minute)
	default:
		os.Exit(m.Run())
	}
	os.Exit(0)
}

// helperEngine starts a sleeper, writes its process id, and answers the
// handshake until quit.
func helperEngine() {
	sleeper := exec.Command(os.Args[0])
	sleeper.Env = append(os.Environ(), helperRole+"=sleeper")
	if err := sleeper.Start(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.WriteFile(os.Getenv(pidFileVar), []byte(strconv.Itoa(sleeper.Process.Pid)), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		switch strings.TrimSpace(in.Text()) {
		case "hub":
			fmt.Println("id name=helper version=1")
			fmt.Println("wait")
		case "init":
			fmt.Println("ready")
		case "quit":
			return
		}
	}
}

// startHelper starts this program as an engine and returns it, after its
// handshake, with its sleeper's process id.
func startHelper(t *testing.T) (*Engine, int) {
	pidFile := filepath.Join(t.TempDir(), "sleeper.pid")
	t.Setenv(helperRole, "engine")
	t.Setenv(pidFileVar, pidFile)
	e, err := Start([]string{os.Args[0]}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Kill)
	if _, err := e.Handshake(context.Background(), time.Now().Add(60*time.Second)); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(string(data))
	if err != nil {
		t.Fatal(err)
	}
	return e, pid
}

// expectGone fails the test unless process pid ends within a minute (a
// bound for a loaded machine, not a measure).
func expectGone(t *testing.T, pid int) {
	t.Helper()
	h, err := windows.OpenProcess(windows.SYNCHRONIZE|windows.PROCESS_TERMINATE, false, uint32(pid))
	if err != nil {
		return // no such process
	}
	defer windows.CloseHandle(h)
	event, err := windows.WaitForSingleObject(h, 60_000)
	if err != nil || event != windows.WAIT_OBJECT_0 {
		windows.TerminateProcess(h, 1)
		t.Errorf("the sleeper %d the engine started is still running (wait: %v, %v)", pid, event, err)
	}
}

func TestKillEndsWhatTheEngineStarted(t *testing.T) {
	e, sleeper := startHelper(t)
	e.Kill()
	expectGone(t, sleeper)
}

func TestCloseEndsWhatTheEngineLeft(t *testing.T) {
	e, sleeper := startHelper(t)
	e.Close()
	expectGone(t, sleeper)
}
