"""A gotb GTP engine over a pipe, for the benchmark drivers (root_gtp_*.py):
start(argv) -> (process, cmd, err). cmd(text) sends one command and returns (reply
without the status line's blank end, milliseconds over the pipe); err
collects the engine's stderr lines (notes such as "answered by search")."""
import subprocess, threading, time


def start(argv):
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, bufsize=1)
    err = []
    threading.Thread(target=lambda: err.extend(p.stderr), daemon=True).start()

    def cmd(c):
        t = time.perf_counter()
        p.stdin.write(c + "\n"); p.stdin.flush()
        lines = []
        while True:
            l = p.stdout.readline()
            if l == "": break
            if l.strip() == "" and lines: break
            if l.strip(): lines.append(l.strip())
        return " ".join(lines), (time.perf_counter() - t) * 1000
    return p, cmd, err
