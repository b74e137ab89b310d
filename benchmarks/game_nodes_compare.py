#!/usr/bin/env python3
"""Node counts, values and CPU seconds of two gotb binaries on the same solves.

A refactor of the game classes (core/rules/) must not change any search: the
same nodes, counters and values on every solve. This runs each case with
both binaries (`gotb solve ... --json --no-move-values --no-pv`), prints one
line per case (nodes, CPU seconds of each, match), and exits 1 if any
value, node count or counter differs.

Usage: benchmarks/game_nodes_compare.py OLD_GOTB NEW_GOTB [--repeat N] [--filter TEXT]
  --repeat N   run each binary N times per case and keep the least CPU time
               (the node counts must agree on every run).
"""
import argparse
import json
import resource
import subprocess
import sys

# (rules, board, method, extra args). Each solve takes at most about a CPU
# second on main (session 27, 2-core machine), so the set runs in about a
# minute; every game class is driven by the generic search or the reference
# solver (tromp-taylor's own search does not use TrompTaylorGame, so its
# cases are reference solves).
CASES = [
    ("tromp-taylor", "2x3", "reference", []),
    ("tromp-taylor:ko=situational", "2x3", "reference", []),
    ("tromp-taylor:ko=basic", "2x2", "reference", []),
    ("tromp-taylor:no-suicide", "1x6", "reference", []),
    ("tromp-taylor", "2x4", "search", []),
    # (--international-generic: since session 32 --method search solves
    # international:ko=positional by the tromp-taylor search on an
    # equivalent game, which drives no InternationalGame; binaries before
    # session 32 lack the flag.)
    ("international", "1x7", "search", ["--international-generic"]),
    ("international", "3x3", "search", ["--international-generic"]),
    ("international", "2x3", "search", ["--no-node-bounds", "--international-generic"]),
    ("international:basic-exceptional", "2x3", "search", []),
    ("international:equivalence", "2x3", "search", ["--international-generic"]),
    ("international:no-suicide", "1x6", "search", ["--international-generic"]),
    ("international", "1x5", "reference", []),
    ("ikeda-1", "2x3", "search", []),
    ("ikeda-1:ko=positional-per-phase", "1x5", "search", []),
    ("ikeda-1:ko=basic-play", "1x5", "search", []),
    ("ikeda-1", "1x5", "reference", []),
    ("kee-2016", "3x3", "search", []),
    ("kee-2016", "1x7", "search", []),
    ("kee-2016", "1x4", "reference", ["--no-cache"]),
    ("kee-2005:scoring=chinese", "2x4", "search", []),
    ("kee-2005:scoring=chinese", "1x4", "search", ["--no-node-bounds"]),
    ("kee-2005:scoring=japanese", "1x2", "search", []),
    ("kee-2005:scoring=japanese", "1x3", "search", ["--no-node-bounds"]),
    ("kee-2005:scoring=chinese", "1x3", "reference", []),
    ("japanese-2003", "1x7", "search", []),
    ("japanese-2003", "2x3", "search", []),
    ("japanese-2003", "1x5", "reference", []),
]


def run(binary, rules, board, method, extra):
    cmd = [binary, "solve", "--board", board, "--rules", rules, "--method", method, "--json", "--no-move-values",
           "--no-pv"] + extra
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if p.returncode != 0:
        return None, cpu, p.stderr.strip().splitlines()[-1:] or ["exit %d" % p.returncode]
    j = json.loads(p.stdout)
    # What must not change: the value, the nodes and every counter (seconds
    # and build times are timings).
    sig = {k: j.get(k) for k in ("lower", "upper", "exact", "nodes", "memo_hits")}
    sig["counters"] = {k: v for k, v in (j.get("counters") or {}).items() if not k.endswith("_ms")}
    return sig, cpu, None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--filter", default="")
    a = ap.parse_args()
    bad = 0
    tot = [0.0, 0.0]
    print("%-34s %-5s %-9s %12s %8s %8s  %s" % ("rules", "board", "method", "nodes", "old s", "new s", "same"))
    for rules, board, method, extra in CASES:
        if a.filter and a.filter not in rules:
            continue
        sigs, cpus = [], [1e9, 1e9]
        for _ in range(a.repeat):
            for i, b in enumerate((a.old, a.new)):
                sig, cpu, err = run(b, rules, board, method, extra)
                if err:
                    print("%s %s %s: %s failed: %s" % (rules, board, method, b, err))
                    bad += 1
                sigs.append(sig)
                cpus[i] = min(cpus[i], cpu)
        same = all(s == sigs[0] for s in sigs)
        bad += not same
        tot[0] += cpus[0]
        tot[1] += cpus[1]
        nodes = sigs[0]["nodes"] if sigs[0] else "-"
        print("%-34s %-5s %-9s %12s %8.2f %8.2f  %s" % (rules, board, method, nodes, cpus[0], cpus[1],
                                                         "yes" if same else "NO"), flush=True)
        if not same:
            print("   old: %s\n   new: %s" % (json.dumps(sigs[0]), json.dumps(sigs[1])))
    print("total CPU seconds: old %.2f, new %.2f (%+.1f%%)" % (tot[0], tot[1], 100 * (tot[1] / max(tot[0], 1e-9) - 1)))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
