#!/usr/bin/env python3
"""Batch throughput: whole puzzle files streamed through our pipeline, against qqwing
measured in the same run, every solution checked here.

    python3 scripts/bench-batch.py [--jobs 1,2] [--million] [--stages ...]
                                   [--satsolve-flags ARGS] OUT_DIR

Per set: `sudoku2cnf SET | satsolve --true-only [--jobs N] [| model2grid]`, wall clock and
CPU (all processes), then `qqwing --solve` on the same puzzles (input filtered as
../shared/puzzles/SOURCES.md says). Every answer is checked independently: for 9x9 here
in Python (one digit per cell, rows, columns, boxes, givens), for Hanidoku by
`gridcheck --layout hanidoku --puzzle`. The model2grid stage is used only when model2grid
reads a stream of answer blocks (probed on a two-block stream); the stage list is a
parameter (--stages). --million streams the 17-clue set repeated to 1,000,000 puzzles,
with peak RSS per process (GNU time) and the rate per 100,000 puzzles (output lines
timestamped as they arrive). --satsolve-flags (`make bench-batch SATSOLVE_FLAGS=...`)
appends arguments to every satsolve command line. Runs, CPU time and the 9x9 check are
scripts/benchlib.py's.

The reference figures of the original throughput request (MiniSat linked in-process,
standard encoding, puzzles per CPU-second on one core) are quoted for comparison: 5,903
(17-clue) and 528 (forum_hardest_1905_11+).
"""

import argparse
import shlex
import subprocess
import sys
import time
from pathlib import Path

from benchlib import (RELEASE, add_satsolve_flags, check_square, measure_shell, run_header,
                      satsolve_flags, shared_path)

SHARED = shared_path("puzzles")
SETS = [
    ("17-clue", "puzzles2_17_clue", "sudoku"),
    ("magictour top1465", "puzzles3_magictour_top1465", "sudoku"),
    ("forum_hardest_1905_11+", "puzzles5_forum_hardest_1905_11+", "sudoku"),
    ("forum_hardest_1106", "puzzles6_forum_hardest_1106", "sudoku"),
    ("hanidoku 1050 hard", "hanidoku/1050_hard_hanidoku.txt", "hanidoku"),
]
MINISAT_REFERENCE = {"17-clue": 5903, "forum_hardest_1905_11+": 528}


def puzzles_of(path, layout):
    """The puzzles of a set, one per line, filtered as SOURCES.md says."""
    out = []
    for raw in path.read_bytes().decode("latin-1").splitlines():
        line = raw.replace("\r", "").strip()
        if layout == "hanidoku":
            if line.startswith("HQV1G"):
                out.append(line)
        elif not line.startswith("#") and len(line) >= 81:
            out.append(line[:81])
    return out


def timed_shell(command, stdout_path):
    """Runs a shell pipeline; returns (wall s, CPU s of all its processes, exit code)."""
    run = measure_shell(command, stdout=stdout_path, stderr=None)
    return run.wall, run.cpu, run.code


def answer_blocks(path):
    """(status, true variables) per block of a satsolve --true-only stream."""
    blocks = []
    with open(path, "rb") as f:
        for line in f:
            if line.startswith(b"s "):
                blocks.append([line[2:].strip().decode(), []])
            elif line.startswith(b"v"):
                blocks[-1][1].extend(int(t) for t in line[1:].split() if int(t) > 0)
    return blocks


def grid_of(true_vars, cells):
    grid = [0] * cells
    for var in true_vars:
        cell, digit = divmod(var - 1, 9)
        if cell < cells:
            grid[cell] = digit + 1 if grid[cell] == 0 else -1
    return grid


def check_answers(name, layout, puzzles, answers_path, scratch, from_model2grid):
    """Number of valid solutions; raises on any wrong or missing one."""
    if from_model2grid:
        records = [l.strip() for l in open(answers_path) if l.strip()]
        grids = [[int(c) if c.isdigit() else 0 for c in r[-81:]] for r in records]
    else:
        blocks = answer_blocks(answers_path)
        if len(blocks) != len(puzzles):
            raise SystemExit(f"{name}: {len(blocks)} blocks for {len(puzzles)} puzzles")
        bad = [k + 1 for k, b in enumerate(blocks) if b[0] != "SATISFIABLE"]
        if bad:
            raise SystemExit(f"{name}: blocks {bad[:5]} are not SATISFIABLE")
        cells = 61 if layout == "hanidoku" else 81
        grids = [grid_of(b[1], cells) for b in blocks]
    if layout == "hanidoku":
        grid_file, puzzle_file = scratch / "grids.txt", scratch / "puzzles.txt"
        grid_file.write_text("".join("".join(map(str, g)) + "\n" for g in grids))
        puzzle_file.write_text("".join(p + "\n" for p in puzzles))
        check = subprocess.run([str(RELEASE / "gridcheck"), "--layout", "hanidoku", "-q",
                                "--puzzle", str(puzzle_file), str(grid_file)])
        if check.returncode != 0:
            raise SystemExit(f"{name}: gridcheck rejects some grid")
        return len(grids)
    for k, (puzzle, grid) in enumerate(zip(puzzles, grids)):
        why = check_square(puzzle, grid)
        if why:
            raise SystemExit(f"{name}: puzzle {k + 1}: {why}")
    return len(grids)


def qqwing_answers(path, puzzles, name):
    """Checks qqwing's one-line solutions; returns how many."""
    solutions = [l.strip() for l in open(path) if len(l.strip()) == 81 and l.strip().isdigit()]
    if len(solutions) != len(puzzles):
        raise SystemExit(f"{name}: qqwing wrote {len(solutions)} solutions for {len(puzzles)}")
    for k, (puzzle, solution) in enumerate(zip(puzzles, solutions)):
        why = check_square(puzzle, [int(c) for c in solution])
        if why:
            raise SystemExit(f"{name}: qqwing puzzle {k + 1}: {why}")
    return len(solutions)


def model2grid_streams():
    """Whether model2grid turns a stream of two answer blocks into two records."""
    stream = b"s UNSATISFIABLE\ns UNSATISFIABLE\n"
    try:
        run = subprocess.run([str(RELEASE / "model2grid"), "--size", "9"], input=stream,
                             capture_output=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return run.stdout.decode(errors="replace").count("unsolvable") == 2


def million(scratch, lines, solve_stage, decode_stage):
    """The 17-clue set repeated to 1,000,000 puzzles through the pipeline: sudoku2cnf,
    satsolve and (unless `decode_stage` is None) model2grid, each under GNU time, the
    output read as it arrives to time every 100,000 answers."""
    path = scratch / "million.txt"
    with open(path, "w") as f:
        written = 0
        while written < 1_000_000:
            chunk = lines[: 1_000_000 - written]
            f.write("".join(p + "\n" for p in chunk))
            written += len(chunk)
    t1, t2 = scratch / "time-sudoku2cnf.txt", scratch / "time-satsolve.txt"
    t3 = scratch / "time-model2grid.txt"
    command = (f"/usr/bin/time -v {RELEASE / 'sudoku2cnf'} {path} 2>{t1} | "
               f"/usr/bin/time -v {solve_stage} --no-progress 2>{t2}")
    if decode_stage:
        command += f" | /usr/bin/time -v {decode_stage} 2>{t3}"
    start = time.perf_counter()
    proc = subprocess.Popen(["bash", "-o", "pipefail", "-c", command], stdout=subprocess.PIPE)
    marks, blocks, sat = [], 0, 0
    for line in proc.stdout:
        # One answer is an `s` line from satsolve, or a one-line record from model2grid
        # (a grid, or the marker `unsolvable`/`unknown`).
        if decode_stage:
            answered, solved = True, not line.startswith((b"unsolvable", b"unknown"))
        else:
            answered, solved = line.startswith(b"s "), line.startswith(b"s SAT")
        if answered:
            blocks += 1
            sat += solved
            if blocks % 100_000 == 0:
                marks.append(time.perf_counter() - start)
    code = proc.wait()
    wall = time.perf_counter() - start

    def rss(path):
        for l in open(path):
            if "Maximum resident set size" in l:
                return int(l.split()[-1]) / 1024
        return float("nan")

    peaks = {"sudoku2cnf": rss(t1), "satsolve": rss(t2)}
    if decode_stage:
        peaks["model2grid"] = rss(t3)
    return {"blocks": blocks, "sat": sat, "code": code, "wall": wall, "marks": marks,
            "rss": peaks}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--jobs", default="1,2", help="satsolve --jobs values to time")
    parser.add_argument("--stages", default="auto",
                        help="what follows satsolve: 'auto' (model2grid when it reads "
                             "streams), 'none', or a command such as 'model2grid'")
    parser.add_argument("--million", action="store_true")
    parser.add_argument("--sets", default="all", help="comma-separated set names")
    add_satsolve_flags(parser)
    args = parser.parse_args()
    flags = " ".join(shlex.quote(flag) for flag in satsolve_flags(args.satsolve_flags))
    args.out.mkdir(parents=True, exist_ok=True)
    tail = args.stages
    if tail == "auto":
        tail = "model2grid" if model2grid_streams() else "none"
    jobs_list = [int(j) for j in args.jobs.split(",")]
    rows, notes = [], []
    for name, file, layout in SETS:
        if args.sets != "all" and name not in args.sets.split(","):
            continue
        puzzles = puzzles_of(SHARED / file, layout)
        scratch = args.out / file.replace("/", "_")
        scratch.mkdir(parents=True, exist_ok=True)
        clean = scratch / "input.txt"
        clean.write_text("".join(p + "\n" for p in puzzles))
        row = {"set": name, "puzzles": len(puzzles)}
        encode = f"{RELEASE / 'sudoku2cnf'}" + (" --layout hanidoku" if layout == "hanidoku" else "")
        for jobs in jobs_list:
            stage = f"{RELEASE / 'satsolve'} --true-only --no-progress --jobs {jobs} {flags}"
            use_tail = tail != "none" and layout != "hanidoku"
            command = f"{encode} {clean} | {stage}"
            if use_tail:
                command += f" | {RELEASE / tail} --size 9 --format line"
            answers = scratch / f"answers-j{jobs}.txt"
            wall, cpu, code = timed_shell(command, answers)
            if code not in (0, 10):
                raise SystemExit(f"{name}: pipeline exited {code}")
            check_answers(name, layout, puzzles, answers, scratch, use_tail)
            row[f"ours_j{jobs}"] = (wall, cpu)
        if layout == "sudoku":
            answers = scratch / "qqwing.txt"
            wall, cpu, code = timed_shell(
                f"qqwing --solve --one-line --nopuzzle --solution < {clean}", answers)
            qqwing_answers(answers, puzzles, name)
            row["qqwing"] = (wall, cpu)
        rows.append(row)
        print(row, file=sys.stderr)

    lines = ["# bench-batch", "", *run_header(sys.argv, satsolve_flags(args.satsolve_flags)), "",
             f"Stages after satsolve: {tail}. Every solution checked (9x9 in Python, Hanidoku "
             "by gridcheck). Rates are puzzles per second of wall clock (all processes of "
             "the pipeline together); CPU is the sum over the pipeline's processes.", ""]
    header = "| set | puzzles |"
    rule = "|---|---:|"
    for jobs in jobs_list:
        header += f" ours --jobs {jobs}: /s wall | /CPU-s |"
        rule += "---:|---:|"
    header += " qqwing /s wall | /CPU-s | ours best / qqwing (wall) | ours /CPU-s vs MiniSat ref |"
    rule += "---:|---:|---:|---:|"
    lines += [header, rule]
    for row in rows:
        n = row["puzzles"]
        cells = f"| {row['set']} | {n:,} |"
        best = 0.0
        for jobs in jobs_list:
            wall, cpu = row[f"ours_j{jobs}"]
            best = max(best, n / wall)
            cells += f" {n / wall:,.0f} | {n / cpu:,.0f} |"
        if "qqwing" in row:
            wall, cpu = row["qqwing"]
            cells += f" {n / wall:,.0f} | {n / cpu:,.0f} | {best / (n / wall):.2f} |"
        else:
            cells += " - | - | - |"
        ref = MINISAT_REFERENCE.get(row["set"])
        if ref:
            wall1, cpu1 = row[f"ours_j{jobs_list[0]}"]
            cells += f" {n / cpu1 / ref:.2f}x of {ref:,} (target 3x) |"
        else:
            cells += " - |"
        lines.append(cells)
    if args.million:
        seventeen = puzzles_of(SHARED / "puzzles2_17_clue", "sudoku")
        stage = f"{RELEASE / 'satsolve'} --true-only --jobs {max(jobs_list)} {flags}"
        decode = f"{RELEASE / 'model2grid'} --format line" if tail != "none" else None
        result = million(args.out, seventeen, stage, decode)
        shown = f"satsolve --true-only --jobs {max(jobs_list)}" + (" | model2grid" if decode else "")
        lines += ["", "## 1,000,000 puzzles (17-clue set repeated)", "",
                  f"`sudoku2cnf | {shown}`: "
                  f"{result['blocks']:,} answers ({result['sat']:,} solved), exit {result['code']}, "
                  f"{result['wall']:.1f} s wall, {result['blocks'] / result['wall']:,.0f} puzzles/s.",
                  "", "Peak RSS: " + ", ".join(f"{k} {v:.1f} MB" for k, v in result["rss"].items()),
                  "", "| puzzles | time s | rate over the last 100,000 /s |", "|---:|---:|---:|"]
        previous = 0.0
        for k, mark in enumerate(result["marks"]):
            lines.append(f"| {(k + 1) * 100_000:,} | {mark:.1f} | {100_000 / (mark - previous):,.0f} |")
            previous = mark
    summary = "\n".join(lines) + "\n"
    (args.out / "summary.md").write_text(summary)
    print(summary)


if __name__ == "__main__":
    main()
