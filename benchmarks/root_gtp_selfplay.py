#!/usr/bin/env python3
"""(docs/solving.md, "Root proof of 4x4 (session 21)") GTP self-play from a root file: both colours genmove, timed per command over the pipe.
Usage: benchmarks/root_gtp_selfplay.py GOTB FILE [max_moves]. Prints moves, per-genmove wall ms (over the pipe) and
engine CPU ms (gtp_pipe.cpu_ns), stderr notes, final score. The engine opens the file when it starts: that
start-up is timed apart (a protocol_version command answered once the engine reads commands), so the genmove
figures are the moves' own."""
import gtp_pipe
import sys, time, statistics
gotb, path = sys.argv[1], sys.argv[2]
limit = int(sys.argv[3]) if len(sys.argv) > 3 else 200
p, cmd, err = gtp_pipe.start([gotb, "gtp", "--tablebase", path])
_, startup_ms = cmd("protocol_version")
startup_cpu = cmd.cpu_ms
times, cpus, waits, moves, passes = [], [], [], [], 0
for i in range(limit):
    r, ms = cmd("genmove " + ("b" if i % 2 == 0 else "w"))
    times.append(ms); cpus.append(cmd.cpu_ms); waits.append(cmd.wait_ms); moves.append(r)
    passes = passes + 1 if r.lower().endswith("pass") else 0
    if passes >= 2 or r.startswith("?"): break
score, _ = cmd("final_score")
cmd("quit"); p.wait(timeout=10)
print("moves", " ".join(m.lstrip("= ") for m in moves))
print("genmoves %d  final %s" % (len(times), score))
print("start-up (opens the file): wall %.2f ms, cpu %s ms" % (startup_ms, "%.2f" % startup_cpu if startup_cpu is not None else "?"))
print("wall ms: count %d  first %.2f  median %.2f  mean %.2f  max %.2f  max-after-first %.2f" % (
    len(times), times[0], statistics.median(times), statistics.mean(times), max(times), max(times[1:]) if len(times) > 1 else 0))
if all(c is not None for c in cpus):
    print("cpu ms: count %d  first %.2f  median %.2f  mean %.2f  max %.2f" % (
        len(cpus), cpus[0], statistics.median(cpus), statistics.mean(cpus), max(cpus)))
    print("waiting for a core, ms: median %.2f  max %.2f" % (statistics.median(waits), max(waits)))
print("stderr notes: %d" % len([e for e in err if e.strip()]))
for e in err[:5]: print("  ", e.rstrip())
