#!/usr/bin/env python3
"""(docs/solving.md, "Root proof of 4x4 (session 21)") Games from a root file where SIDE plays genmove and the other side plays random legal moves.
Usage: benchmarks/root_gtp_random.py GOTB FILE SIDE(b|w) GAMES SEED [size] (square boards); GTP_EXTRA: more gtp options (e.g. "--fallback search"). Counts genmoves, stderr notes, errors, final scores; wall ms over the pipe and engine CPU ms (gtp_pipe.cpu_ns) per genmove after the first."""
import gtp_pipe
import sys, time, random, statistics
gotb, path, side, games, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
size = int(sys.argv[6]) if len(sys.argv) > 6 else 4
rng = random.Random(seed)
import os
p, cmd, err = gtp_pipe.start([gotb, "gtp", "--tablebase", path] + os.environ.get("GTP_EXTRA", "").split())
cols = "ABCDEFGHJ"[:size]
points = [c + str(r) for c in cols for r in range(1, size + 1)]
cmd("boardsize %d" % size)
times, cpus, waits, notes_before, errors, scores = [], [], [], 0, 0, []
for g in range(games):
    cmd("clear_board")
    colour, passes, n, line = "b", 0, 0, []
    while passes < 2 and n < 300:
        n += 1
        if colour == side:
            before = len(err)
            r, ms = cmd("genmove " + colour)
            if g > 0 or n > 1:
                times.append(ms)
                cpus.append(cmd.cpu_ms)
                waits.append(cmd.wait_ms)
            if r.startswith("?"):
                errors += 1
                print("error in game %d after %d moves (%s): %s" % (g, n - 1, " ".join(line), r[:300]))
                break
            mv = r.lstrip("= ").strip()
        else:
            cand = points[:]
            rng.shuffle(cand)
            mv = "pass"
            if rng.random() > 0.05:
                for c in cand:
                    r, _ = cmd("play %s %s" % (colour, c))
                    if r.startswith("="):
                        mv = c
                        break
            if mv == "pass":
                cmd("play %s pass" % colour)
        line.append(mv)
        passes = passes + 1 if mv.lower() == "pass" else 0
        colour = "w" if colour == "b" else "b"
    s, _ = cmd("final_score")
    scores.append(s.lstrip("= "))
time.sleep(0.2)
cmd("quit"); p.wait(timeout=10)
notes = [e for e in err if e.strip()]
bound = [e for e in notes if "playing its stored move" in e]
print("side %s games %d genmoves %d errors %d stderr notes %d (%d: a bound, stored move played; %d other)" % (
    side, games, len(times) + 1, errors, len(notes), len(bound), len(notes) - len(bound)))
for e in [e for e in notes if e not in bound][:3]: print("  other:", e.rstrip()[:300])
print("scores", " ".join(scores))
if times: print("wall ms (after the first): median %.2f mean %.2f max %.2f" % (statistics.median(times), statistics.mean(times), max(times)))
if times and all(c is not None for c in cpus): print("cpu ms (after the first): count %d median %.2f mean %.2f max %.2f; waiting for a core: median %.2f max %.2f" % (
    len(cpus), statistics.median(cpus), statistics.mean(cpus), max(cpus), statistics.median(waits), max(waits)))
