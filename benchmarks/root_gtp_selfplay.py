#!/usr/bin/env python3
"""(docs/solving.md, "Root proof of 4x4 (session 21)") GTP self-play from a root file: both colours genmove, timed per command over the pipe.
Usage: benchmarks/root_gtp_selfplay.py GOTB FILE [max_moves]. Prints moves, per-genmove ms, stderr notes, final score."""
import subprocess, sys, time, statistics, threading
gotb, path = sys.argv[1], sys.argv[2]
limit = int(sys.argv[3]) if len(sys.argv) > 3 else 200
p = subprocess.Popen([gotb, "gtp", "--tablebase", path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     stderr=subprocess.PIPE, text=True, bufsize=1)
err = []
threading.Thread(target=lambda: err.extend(p.stderr), daemon=True).start()
def cmd(c):
    t = time.perf_counter()
    p.stdin.write(c + "\n"); p.stdin.flush()
    lines = []
    while True:
        l = p.stdout.readline()
        if l.strip() == "" and lines: break
        if l == "": break
        if l.strip(): lines.append(l.strip())
    return " ".join(lines), (time.perf_counter() - t) * 1000
times, moves, passes = [], [], 0
for i in range(limit):
    r, ms = cmd("genmove " + ("b" if i % 2 == 0 else "w"))
    times.append(ms); moves.append(r)
    passes = passes + 1 if r.lower().endswith("pass") else 0
    if passes >= 2 or r.startswith("?"): break
score, _ = cmd("final_score")
cmd("quit"); p.wait(timeout=10)
print("moves", " ".join(m.lstrip("= ") for m in moves))
print("genmoves %d  final %s" % (len(times), score))
print("ms: first %.2f  median %.2f  mean %.2f  max %.2f  max-after-first %.2f" % (
    times[0], statistics.median(times), statistics.mean(times), max(times), max(times[1:]) if len(times) > 1 else 0))
print("stderr notes: %d" % len([e for e in err if e.strip()]))
for e in err[:5]: print("  ", e.rstrip())
