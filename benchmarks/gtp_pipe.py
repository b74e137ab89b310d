"""A gotb GTP engine over a pipe, for the benchmark drivers (root_gtp_*.py):
start(argv) -> (process, cmd, err). cmd(text) sends one command and returns (reply
without the status line's blank end, milliseconds over the pipe); after each call
cmd.cpu_ms holds the engine's CPU time for that command (all its threads, from
/proc/PID/task/*/schedstat: nanoseconds on a CPU, so waiting for a core on a
loaded machine is not counted; None where /proc has no schedstat) and cmd.wait_ms
the time its threads spent runnable but waiting for a core (the load's share of the
wall time). err collects
the engine's stderr lines (notes such as "answered by search")."""
import os, subprocess, threading, time


def sched_ns(pid):
    """(ns the process's threads ran on a CPU, ns they waited runnable for one); None without schedstat."""
    total = [0, 0]
    try:
        for t in os.listdir("/proc/%d/task" % pid):
            try:
                with open("/proc/%d/task/%s/schedstat" % (pid, t)) as f:
                    fields = f.read().split()
                    total[0] += int(fields[0])
                    total[1] += int(fields[1])
            except (FileNotFoundError, ProcessLookupError):
                pass  # a thread that ended meanwhile
    except FileNotFoundError:
        return None
    return total


def cpu_ns(pid):
    """Nanoseconds the process's threads have run on a CPU (None without schedstat)."""
    s = sched_ns(pid)
    return s[0] if s else None


def start(argv):
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, bufsize=1)
    err = []
    threading.Thread(target=lambda: err.extend(p.stderr), daemon=True).start()

    def cmd(c):
        c0 = sched_ns(p.pid)
        t = time.perf_counter()
        p.stdin.write(c + "\n"); p.stdin.flush()
        lines = []
        while True:
            l = p.stdout.readline()
            if l == "": break
            if l.strip() == "" and lines: break
            if l.strip(): lines.append(l.strip())
        ms = (time.perf_counter() - t) * 1000
        c1 = sched_ns(p.pid)
        ok = c0 is not None and c1 is not None
        cmd.cpu_ms = (c1[0] - c0[0]) / 1e6 if ok else None
        cmd.wait_ms = (c1[1] - c0[1]) / 1e6 if ok else None
        return " ".join(lines), ms
    cmd.cpu_ms = cmd.wait_ms = None
    return p, cmd, err
