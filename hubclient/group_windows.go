//go:build windows

// Process groups on Windows: the engine starts in a console process group
// of its own, so that a Ctrl-C at the console does not reach it (the caller
// stops it), and runs in a job object, so that the processes it starts are
// killed with it.

package hubclient

import (
	"os"
	"os/exec"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// group is the engine's job object, or the engine alone when no job could
// be made (job 0).
type group struct {
	job windows.Handle
	p   *os.Process
}

// newGroup makes the engine start suspended, so that it starts no process
// before it is in its job (joinGroup resumes it).
func newGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP | windows.CREATE_SUSPENDED}
}

// joinGroup puts the started engine p into a job object of its own, which
// kills what is left in it when closed, and lets it run.
func joinGroup(p *os.Process) group {
	defer resume(p.Pid)
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return group{p: p}
	}
	limit := windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION{}
	limit.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	_, err = windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&limit)), uint32(unsafe.Sizeof(limit)))
	if err == nil {
		err = assign(job, p.Pid)
	}
	if err != nil {
		windows.CloseHandle(job)
		return group{p: p}
	}
	return group{job: job, p: p}
}

// assign puts process pid into job.
func assign(job windows.Handle, pid int) error {
	h, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, uint32(pid))
	if err != nil {
		return err
	}
	defer windows.CloseHandle(h)
	return windows.AssignProcessToJobObject(job, h)
}

// resume resumes the threads of process pid (a process started suspended
// has one; os.StartProcess does not keep its handle).
func resume(pid int) {
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPTHREAD, 0)
	if err != nil {
		return
	}
	defer windows.CloseHandle(snap)
	entry := windows.ThreadEntry32{Size: uint32(unsafe.Sizeof(windows.ThreadEntry32{}))}
	for err = windows.Thread32First(snap, &entry); err == nil; err = windows.Thread32Next(snap, &entry) {
		if entry.OwnerProcessID != uint32(pid) {
			continue
		}
		if h, err := windows.OpenThread(windows.THREAD_SUSPEND_RESUME, false, entry.ThreadID); err == nil {
			windows.ResumeThread(h)
			windows.CloseHandle(h)
		}
	}
}

// kill ends every process of the job, or the engine when it has none.
func (g group) kill() {
	if g.job == 0 {
		g.p.Kill()
		return
	}
	windows.TerminateJobObject(g.job, 1)
	windows.CloseHandle(g.job)
}
