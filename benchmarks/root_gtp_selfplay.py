#!/usr/bin/env python3
"""(docs/solving.md, "Root proof of 4x4 (session 21)") GTP self-play from a root file: both colours genmove, timed per command over the pipe.
Usage: benchmarks/root_gtp_selfplay.py GOTB FILE [max_moves]. Prints moves, per-genmove ms, stderr notes, final score."""
import gtp_pipe
import sys, time, statistics
gotb, path = sys.argv[1], sys.argv[2]
limit = int(sys.argv[3]) if len(sys.argv) > 3 else 200
p, cmd, err = gtp_pipe.start([gotb, "gtp", "--tablebase", path])
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
