#!/usr/bin/env python3
"""Hint latency of two builds side by side, on the same puzzles, in turns.

    scripts/bench-hints-ab.py --baseline PATH [--ours PATH] [--every N] [--runs R]
                              [--sets NAMES] [OUT]

The sets of `make bench-hints` (scripts/bench-hints.py), every N-th puzzle of each
(default 20). Each build's `examples/hint_bench` walks the tutor from the givens to the
solution on those puzzles, R times (default 3), the two builds alternating run by run so
that both see the same load of this shared machine. Per build and set: wrong steps (must
be 0), steps, and hint latency p50 / p95 / max over the steps, each step's time the best
of its R runs (the step sequences of the two builds may differ; each is measured on its
own). The ratio is ours over the baseline.

Writes OUT/summary.md (default scratch/bench-hints-ab) with the command, commit, machine
and load, and prints it. Exit 0 when no step was wrong in our build, 1 otherwise, 2 on a
missing tool or file.
"""
import argparse
import importlib.util
import os
import platform
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import ROOT, find_shared  # noqa: E402

_spec = importlib.util.spec_from_file_location(
    "bench_hints", Path(__file__).resolve().parent / "bench-hints.py")
bench_hints = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_hints)


def walk(hint_bench, layout, path):
    """One run: {(puzzle, step index): (technique, microseconds)} and the wrong count."""
    result = subprocess.run([hint_bench, "--layout", layout, str(path)],
                            capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit(f"bench-hints-ab: {hint_bench} failed on {path}: {result.stderr.strip()}")
    steps = {}
    counts = defaultdict(int)
    wrong = 0
    for line in result.stdout.splitlines():
        fields = line.split("\t")
        if fields[0] == "step":
            puzzle = int(fields[1])
            steps[(puzzle, counts[puzzle])] = (fields[2], int(fields[3]))
            counts[puzzle] += 1
        elif fields[0] == "puzzle":
            wrong += int(fields[3])
    return steps, wrong


def best_of(runs):
    """Each step's least time over the runs (the runs of one build walk the same steps)."""
    best = {}
    for steps in runs:
        for key, (_, micros) in steps.items():
            best[key] = min(best.get(key, micros), micros)
    return sorted(best.values())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", required=True, help="the earlier build's hint_bench")
    parser.add_argument("--ours", default=str(ROOT / "target" / "release" / "examples"
                                              / "hint_bench"))
    parser.add_argument("--every", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sets", default=None, help="comma-separated substrings of set names")
    parser.add_argument("out", nargs="?", default=str(ROOT / "scratch" / "bench-hints-ab"))
    args = parser.parse_args()
    for binary in (args.baseline, args.ours):
        if not os.access(binary, os.X_OK):
            print(f"bench-hints-ab: no executable {binary}", file=sys.stderr)
            return 2
    shared = find_shared()
    if shared is None:
        print("bench-hints-ab: ../shared/puzzles not found", file=sys.stderr)
        return 2
    chosen = bench_hints.sets(shared, 0)
    if args.sets:
        keys = args.sets.split(",")
        chosen = [s for s in chosen if any(k in s[0] for k in keys)]
    load_before = os.getloadavg()
    rows = []
    wrong_ours = 0
    with tempfile.TemporaryDirectory() as scratch:
        for name, layout, lines in chosen:
            sample = lines[::args.every]
            path = Path(scratch) / "puzzles.txt"
            path.write_text("\n".join(sample) + "\n")
            runs = {"baseline": [], "ours": []}
            wrong = {"baseline": 0, "ours": 0}
            for _ in range(args.runs):
                for build, binary in (("baseline", args.baseline), ("ours", args.ours)):
                    steps, bad = walk(binary, layout, path)
                    runs[build].append(steps)
                    wrong[build] = max(wrong[build], bad)
            times = {build: best_of(runs[build]) for build in runs}
            wrong_ours += wrong["ours"]
            rows.append((name, len(sample), times, wrong))
    load_after = os.getloadavg()
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True, check=False).stdout.strip()
    pct = bench_hints.percentile
    out = [
        "# Hint latency, two builds side by side",
        "",
        f"Command: `scripts/bench-hints-ab.py --baseline {args.baseline} --every {args.every} "
        f"--runs {args.runs}" + (f" --sets {args.sets}" if args.sets else "") + "`  ",
        f"Ours: {commit} ({args.ours}); baseline: {args.baseline}  ",
        f"Machine: {platform.node()}, {os.cpu_count()} cores, {platform.machine()}; load "
        f"{load_before[0]:.2f} before, {load_after[0]:.2f} after  ",
        f"Each step's time is the best of {args.runs} runs; the builds alternate run by run.",
        "",
        "| set | puzzles | steps base/ours | wrong base/ours | p50 ms base/ours "
        "| p95 ms base/ours | p95 ratio | max ms base/ours |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, count, times, wrong in rows:
        base, ours = times["baseline"], times["ours"]
        ms = lambda values, q: pct(values, q) / 1000  # noqa: E731
        ratio = ms(ours, 0.95) / ms(base, 0.95) if ms(base, 0.95) > 0 else float("nan")
        out.append(
            f"| {name} | {count} | {len(base)}/{len(ours)} | {wrong['baseline']}/{wrong['ours']} "
            f"| {ms(base, 0.5):.1f}/{ms(ours, 0.5):.1f} | {ms(base, 0.95):.1f}/{ms(ours, 0.95):.1f} "
            f"| {ratio:.2f} | {max(base, default=0) / 1000:.1f}/{max(ours, default=0) / 1000:.1f} |")
    text = "\n".join(out) + "\n"
    Path(args.out).mkdir(parents=True, exist_ok=True)
    (Path(args.out) / "summary.md").write_text(text)
    print(text)
    return 1 if wrong_ours else 0


if __name__ == "__main__":
    sys.exit(main())
