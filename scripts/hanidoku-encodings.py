#!/usr/bin/env python3
"""Benchmark of the Hanidoku line encodings (`sudoku2cnf --lines NAME`): which default?

For every line encoding this measures two things on the hard Hanidoku set:

1. The stream: `sudoku2cnf --layout hanidoku --lines NAME SAMPLE | satsolve --jobs 1
   --true-only --stats`, the whole sample as one incremental CNF on one core. Reported:
   conflicts per puzzle (satsolve's `c conflicts`), satsolve's own solve time per puzzle
   (`c solve time`, wall clock inside the solver) and the CPU time (user + system) of
   the whole pipeline per puzzle, each the best of REPEAT runs. The runs are interleaved
   (round r runs every encoding, in an order rotated from round to round) so that every
   encoding sees the same machine. The first round's grids go through `model2grid
   --layout hanidoku | gridcheck --layout hanidoku --puzzle SAMPLE`: every grid must be a
   valid solution of its puzzle, else the script fails.
2. MiniSat, one CNF per puzzle (`sudoku2cnf --split`, givens propagated by the default
   `compact`), on a smaller sample: conflicts and CPU seconds as MiniSat reports them,
   summed; the answer must be SAT.

The sample is every k-th puzzle of the file (k = total / COUNT), so it spreads over the
whole set; COUNT 0 takes all 1,050. The load average before and after is printed, since
this machine is shared.

Usage:
    cargo build --release --bins
    python3 scripts/hanidoku-encodings.py [--count 300] [--minisat-count 60] [--repeat 3]
        [--lines runs,runs-span,...] [--puzzles FILE] [--bin DIR] [--satsolve-flags ARGS]
        > summary.md

CPU times and MiniSat's runs come from scripts/benchlib.py; --satsolve-flags appends
arguments to satsolve's command line.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

from benchlib import add_satsolve_flags, children_cpu, find_shared, measure, satsolve_flags

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RELEASE = os.path.join(ROOT, "target", "release")  # --bin replaces it
DEFAULT_LINES = "runs,runs-span,presence,order,starts"


def sample(path, count):
    """Every k-th puzzle line of the file (k = lines / count), at most `count` of them."""
    with open(path, encoding="utf-8") as handle:
        lines = [line.strip() for line in handle if line.strip() and not line.startswith("#")]
    if count <= 0 or count >= len(lines):
        return lines
    step = len(lines) / count
    return [lines[int(i * step)] for i in range(count)]


def stat(text, name):
    """The number of a `c NAME  value` line of satsolve --stats."""
    match = re.search(rf"^c {name}\s+([0-9.]+)", text, re.MULTILINE)
    if match is None:
        sys.exit(f"hanidoku-encodings: no `{name}` in satsolve's statistics:\n{text}")
    return float(match.group(1))


def run_stream(lines, puzzles_file, check, flags=()):
    """(conflicts, solve seconds, pipeline CPU seconds) of one stream run; with `check`,
    the grids are decoded and checked against the puzzles."""
    encode = subprocess.Popen(
        [f"{RELEASE}/sudoku2cnf", "--layout", "hanidoku", "--lines", lines, puzzles_file],
        stdout=subprocess.PIPE,
    )
    before = children_cpu()
    solve = subprocess.run(
        [f"{RELEASE}/satsolve", "--jobs", "1", "--true-only", "--stats", *flags],
        stdin=encode.stdout,
        capture_output=True,
    )
    encode.stdout.close()
    encode.wait()
    cpu = children_cpu() - before
    if encode.returncode != 0 or solve.returncode not in (0, 10):
        sys.exit(f"hanidoku-encodings: {lines}: sudoku2cnf exit {encode.returncode}, "
                 f"satsolve exit {solve.returncode}\n{solve.stderr.decode()}")
    stats = solve.stderr.decode()
    if check:
        grids = subprocess.run(
            [f"{RELEASE}/model2grid", "--layout", "hanidoku"],
            input=solve.stdout, capture_output=True, check=True,
        ).stdout
        verdict = subprocess.run(
            [f"{RELEASE}/gridcheck", "--layout", "hanidoku", "--puzzle", puzzles_file],
            input=grids, capture_output=True,
        )
        if verdict.returncode != 0:
            sys.exit(f"hanidoku-encodings: {lines}: gridcheck failed:\n"
                     f"{verdict.stderr.decode()[-2000:]}")
    return stat(stats, "conflicts"), stat(stats, "solve time"), cpu


def run_minisat(lines, puzzles_file, minisat, scratch):
    """(conflicts, CPU seconds) summed over one MiniSat run per puzzle."""
    folder = os.path.join(scratch, f"split-{lines}")
    subprocess.run(
        [f"{RELEASE}/sudoku2cnf", "--layout", "hanidoku", "--lines", lines,
         "--split", folder, puzzles_file],
        check=True,
    )
    conflicts, seconds = 0, 0.0
    for name in sorted(os.listdir(folder)):
        result = measure([minisat, os.path.join(folder, name), os.path.join(scratch, "m.out")])
        if result.code != 10:
            sys.exit(f"hanidoku-encodings: minisat on {lines}/{name}: exit {result.code}")
        # MiniSat's own statistics: its conflicts, and its CPU time without process start.
        stdout = result.stdout.decode(errors="replace")
        conflicts += int(re.search(r"^conflicts\s+:\s+(\d+)", stdout, re.M).group(1))
        seconds += float(re.search(r"^CPU time\s+:\s+([0-9.]+)", stdout, re.M).group(1))
    return conflicts, seconds


def load():
    """The 1-minute load average."""
    return os.getloadavg()[0]


def main():
    global RELEASE
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300, help="stream sample (0: all)")
    parser.add_argument("--minisat-count", type=int, default=60, help="MiniSat sample (0: none)")
    parser.add_argument("--repeat", type=int, default=3, help="stream rounds; best is kept")
    parser.add_argument("--lines", default=DEFAULT_LINES, help="comma-separated encodings")
    parser.add_argument(
        "--puzzles",
        default=os.path.join(find_shared(), "puzzles", "hanidoku", "1050_hard_hanidoku.txt"),
    )
    parser.add_argument("--bin", default=RELEASE, help="folder of the release binaries")
    add_satsolve_flags(parser)
    args = parser.parse_args()
    flags = satsolve_flags(args.satsolve_flags)
    RELEASE = args.bin
    encodings = args.lines.split(",")
    minisat = shutil.which("minisat")
    if args.minisat_count and minisat is None:
        sys.exit("hanidoku-encodings: minisat is not on PATH")
    commit = subprocess.run(
        ["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    with tempfile.TemporaryDirectory() as scratch:
        stream_file = os.path.join(scratch, "stream.txt")
        stream_sample = sample(args.puzzles, args.count)
        with open(stream_file, "w", encoding="utf-8") as out:
            out.write("\n".join(stream_sample) + "\n")
        n = len(stream_sample)
        start_load = load()
        best = {name: None for name in encodings}
        for round_number in range(args.repeat):
            shift = round_number % len(encodings)
            for name in encodings[shift:] + encodings[:shift]:
                figures = run_stream(name, stream_file, check=round_number == 0, flags=flags)
                old = best[name]
                best[name] = figures if old is None else tuple(
                    min(a, b) for a, b in zip(old, figures)
                )
                print(f"round {round_number + 1} {name}: {figures[0] / n:,.0f} conflicts, "
                      f"{1000 * figures[1] / n:.1f} ms solve, {1000 * figures[2] / n:.1f} ms CPU"
                      f" per puzzle (load {load():.1f})", file=sys.stderr, flush=True)
        minisat_rows = {}
        if args.minisat_count:
            minisat_file = os.path.join(scratch, "minisat.txt")
            minisat_sample = sample(args.puzzles, args.minisat_count)
            with open(minisat_file, "w", encoding="utf-8") as out:
                out.write("\n".join(minisat_sample) + "\n")
            for name in encodings:
                minisat_rows[name] = run_minisat(name, minisat_file, minisat, scratch)
                print(f"minisat {name}: {minisat_rows[name]}", file=sys.stderr, flush=True)
        end_load = load()
    print(f"`python3 scripts/hanidoku-encodings.py --count {args.count} --minisat-count "
          f"{args.minisat_count} --repeat {args.repeat} --lines {args.lines}` at commit "
          f"{commit}, {os.cpu_count()} cores, load average {start_load:.1f} at the start and "
          f"{end_load:.1f} at the end. Stream: {n} puzzles of "
          f"`{os.path.basename(args.puzzles)}`, best of {args.repeat} interleaved rounds; "
          f"per puzzle.\n")
    header = "| lines | conflicts | solve ms | pipeline CPU ms |"
    rule = "|---|---|---|---|"
    if minisat_rows:
        m = args.minisat_count
        header += f" MiniSat conflicts ({m}) | MiniSat CPU ms ({m}) |"
        rule += "---|---|"
    print(header)
    print(rule)
    for name in encodings:
        conflicts, solve, cpu = best[name]
        row = f"| `{name}` | {conflicts / n:,.0f} | {1000 * solve / n:.1f} | {1000 * cpu / n:.1f} |"
        if minisat_rows:
            mc, ms = minisat_rows[name]
            m = args.minisat_count
            row += f" {mc / m:,.0f} | {1000 * ms / m:.1f} |"
        print(row)


if __name__ == "__main__":
    main()
