#!/usr/bin/env python3
# Sampled cross-check of a superko file (docs/generator.md, "Superko files"):
# random legal histories from the empty board; where `gotb query FILE` answers
# from the file's facts (source file-facts), its value must equal
# `gotb solve --method search` for the same history (each solve bounded to
# 120 s; a solve that does not finish is reported, not counted).
# Usage: benchmarks/superko_xcheck.py GOTB FILE RxC SAMPLES SEED
import json, random, subprocess, sys
gotb, path, board, samples, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
rows, cols = (int(x) for x in board.split("x"))
points = [c + str(r) for c in "ABCDEFGHJKLMNOPQRST"[:cols] for r in range(1, rows + 1)]
rng = random.Random(seed)
def query(moves):
    r = subprocess.run([gotb, "query", path, "--json", "--moves", " ".join(moves)], capture_output=True, text=True)
    return json.loads(r.stdout) if r.returncode == 0 else None
def solve(moves):
    r = subprocess.run(["timeout", "120", gotb, "solve", "-b", board, "--method", "search", "--no-move-values", "--no-pv",
                        "--json", "--moves", " ".join(moves)], capture_output=True, text=True)
    return json.loads(r.stdout) if r.returncode == 0 else None
checked = agree = 0
while checked < samples:
    moves = []
    for _ in range(rng.randint(1, 24)):
        m = "pass" if rng.random() < 0.08 else rng.choice(points)
        if query(moves + [m]) is not None: moves.append(m)
    q = query(moves)
    if q is None or q.get("game_over"): continue
    if q.get("source") != "file-facts": continue
    s = solve(moves)
    if s is None: print("solve failed", moves); continue
    qv, sv = q.get("value"), s.get("value")
    checked += 1; agree += qv == sv
    print(("ok  " if qv == sv else "BAD ") + " ".join(moves), qv, sv, flush=True)
print(f"{agree} of {checked} sampled histories: file == search")
sys.exit(0 if agree == checked else 1)
