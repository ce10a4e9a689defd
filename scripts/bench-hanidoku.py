#!/usr/bin/env python3
"""The hard Hanidoku set through the stream pipeline, a baseline build against this one.

    scripts/bench-hanidoku.py [--bin DIR] [--baseline-bin DIR] [--puzzles FILE]
                              [--jobs 1,2] [--runs 3] [--sample 100]
                              [--satsolve-flags ARGS] [OUT]

The whole file is measured as one stream: `sudoku2cnf --layout hanidoku FILE | satsolve --jobs J --true-only --stats |
model2grid --layout hanidoku`, every grid checked by `gridcheck --layout hanidoku
--puzzle FILE`. Each build (this one, `--bin`, and the baseline, `--baseline-bin`, if
given) runs the pipeline for each job count, the builds interleaved run by run
(baseline, new, baseline, new, ...) so that both see the same machine load; the best of
`--runs` wall times counts, and apart from it the least CPU time (user + system of the
pipeline), which a shared machine disturbs less. Reported per build and job count: wall
and CPU ms per puzzle, conflicts per puzzle (satsolve's `c conflicts`, summed over the
workers), CPU µs per conflict, and the grids gridcheck found valid; then the rate of
this build against the baseline, by wall time and by CPU time.

For reference, MiniSat and CaDiCaL (when on PATH) solve the first `--sample` puzzles one
CNF each (`sudoku2cnf --encoding extended --split`: one process per puzzle, as they take
single formulas), with satsolve on the same files; their grids are checked the same way.

--satsolve-flags (`make bench-hanidoku SATSOLVE_FLAGS=...`) appends arguments to this
build's satsolve command lines (not the baseline's, which may predate them): with
`--baseline-bin` naming this same build, an option's effect is measured in one run.
Runs, CPU times, solver calls and grid checks are scripts/benchlib.py's.

The load average before and after goes into the summary, since the machine may be shared.
Writes OUT/summary.md (default scratch/bench-hanidoku) and prints it. Exit 0 when every
grid of every run is valid, 1 otherwise, 2 on bad arguments or a missing tool.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from benchlib import (ROOT, add_satsolve_flags, children_cpu, commit, gridcheck, machine,
                      run_solver, satsolve_flags, shared_path, solver_table)

DEFAULT_PUZZLES = shared_path("puzzles/hanidoku/1050_hard_hanidoku.txt")
TOOLS = ("sudoku2cnf", "satsolve", "model2grid", "gridcheck")


def fail(message):
    print(f"bench-hanidoku: {message}", file=sys.stderr)
    sys.exit(2)


def check_grids(bin_dir, puzzles, grids):
    """Number of grids gridcheck rejects (0 when all are valid) and its message."""
    return gridcheck(puzzles, grids, "hanidoku", bin_dir)


def count_puzzles(puzzles):
    return sum(1 for line in puzzles.read_text().splitlines()
               if line.strip() and not line.startswith("#"))


def run_stream(bin_dir, puzzles, jobs, grids, flags=()):
    """One run of the pipeline: wall s, CPU s of the children, conflicts."""
    cpu = children_cpu()
    start = time.perf_counter()
    with open(grids, "wb") as out:
        encode = subprocess.Popen([f"{bin_dir}/sudoku2cnf", "--layout", "hanidoku", str(puzzles)],
                                  stdout=subprocess.PIPE)
        solve = subprocess.Popen([f"{bin_dir}/satsolve", "--jobs", str(jobs), "--true-only", "--stats",
                                  *flags],
                                 stdin=encode.stdout, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        encode.stdout.close()
        decode = subprocess.Popen([f"{bin_dir}/model2grid", "--layout", "hanidoku", "--format", "line"],
                                  stdin=solve.stdout, stdout=out)
        solve.stdout.close()
        stats = solve.stderr.read().decode()
        codes = (encode.wait(), solve.wait(), decode.wait())
    wall = time.perf_counter() - start
    cpu = children_cpu() - cpu
    if codes[0] != 0 or codes[2] != 0 or codes[1] not in (0, 10, 20):
        print(f"bench-hanidoku: {bin_dir}: pipeline exit codes {codes}\n{stats}", file=sys.stderr)
    conflicts = sum(int(m) for m in re.findall(r"^c conflicts\s+(\d+)", stats, re.M))
    return wall, cpu, conflicts


def sample_run(builds, puzzles, sample, work, flags=()):
    """MiniSat, CaDiCaL and satsolve over one CNF per puzzle: rows of the summary."""
    source = work / "sample.txt"
    lines = [line for line in puzzles.read_text().splitlines() if line.strip() and not line.startswith("#")]
    source.write_text("\n".join(lines[:sample]) + "\n")
    split = work / "sample-cnf"
    shutil.rmtree(split, ignore_errors=True)
    bin_dir = builds[-1][1]
    subprocess.run([f"{bin_dir}/sudoku2cnf", "--layout", "hanidoku", "--encoding", "extended",
                    "--split", str(split), str(source)], check=True)
    cnfs = sorted(split.glob("*.cnf"))
    table = solver_table(work, f"{bin_dir}/satsolve", flags)
    solvers = {"satsolve (one process per puzzle)": table["satsolve"],
               "minisat": table["minisat"], "cadical": table["cadical"]}
    rows = []
    valid_all = True
    for name, solver in solvers.items():
        if not solver.installed():
            rows.append(f"| {name} | not on PATH | | |")
            continue
        grids = []
        elapsed = 0.0
        for cnf in cnfs:
            answer = run_solver(solver, cnf)
            elapsed += answer.seconds
            grid = subprocess.run([f"{bin_dir}/model2grid", "--layout", "hanidoku", "--format", "line"],
                                  input=answer.text.encode(), capture_output=True)
            grids.append(grid.stdout if answer.code == 10 and grid.returncode == 0
                         else b"unknown\n")
        grid_file = work / f"sample-{name.split()[0]}.grids"
        grid_file.write_bytes(b"".join(grids))
        bad, message = check_grids(bin_dir, source, grid_file)
        if bad:
            valid_all = False
            print(message, file=sys.stderr)
        rows.append(f"| {name} | {len(cnfs)} | {1000 * elapsed / len(cnfs):.1f} | {len(cnfs) - bad}/{len(cnfs)} |")
    return rows, valid_all


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "scratch" / "bench-hanidoku"))
    parser.add_argument("--bin", default=str(ROOT / "target" / "release"))
    parser.add_argument("--baseline-bin", help="release binaries of the build to compare with")
    parser.add_argument("--puzzles", default=str(DEFAULT_PUZZLES))
    parser.add_argument("--jobs", default="1,2", help="job counts, comma-separated")
    parser.add_argument("--runs", type=int, default=3, help="runs per build and job count (best counts)")
    parser.add_argument("--sample", type=int, default=100, help="puzzles for the per-puzzle reference (0: none)")
    add_satsolve_flags(parser)
    args = parser.parse_args()
    flags = satsolve_flags(args.satsolve_flags)
    puzzles = Path(args.puzzles)
    if not puzzles.is_file():
        fail(f"{puzzles}: no such puzzle file")
    builds = ([("baseline", args.baseline_bin)] if args.baseline_bin else []) + [("new", args.bin)]
    for _, bin_dir in builds:
        for tool in TOOLS:
            if not os.access(f"{bin_dir}/{tool}", os.X_OK):
                fail(f"{bin_dir}/{tool}: not an executable")
    try:
        job_counts = [int(j) for j in args.jobs.split(",")]
    except ValueError:
        fail(f"--jobs {args.jobs}: expected comma-separated numbers")
    if args.runs < 1:
        fail("--runs must be at least 1")
    work = Path(args.out)
    work.mkdir(parents=True, exist_ok=True)
    total = count_puzzles(puzzles)
    load_before = os.getloadavg()
    best = {}
    valid_all = True
    for run in range(args.runs):
        for jobs in job_counts:
            for name, bin_dir in builds:
                grids = work / f"{name}-j{jobs}.grids"
                wall, cpu, conflicts = run_stream(bin_dir, puzzles, jobs, grids,
                                                  flags if name == "new" else ())
                bad, message = check_grids(bin_dir, puzzles, grids)
                if bad:
                    valid_all = False
                    print(message, file=sys.stderr)
                print(f"run {run + 1}: {name} --jobs {jobs}: {wall:.2f} s, {conflicts} conflicts, "
                      f"{total - bad}/{total} grids valid", file=sys.stderr)
                key = (name, jobs)
                if key not in best or wall < best[key][0]:
                    best[key] = (wall, best.get(key, (0, cpu))[1], conflicts, total - bad)
                best[key] = (best[key][0], min(best[key][1], cpu), conflicts, min(best[key][3], total - bad))
    sample_rows, sample_valid = (sample_run(builds, puzzles, args.sample, work, flags)
                                 if args.sample else ([], True))
    valid_all &= sample_valid
    load_after = os.getloadavg()

    lines = [
        "# Hanidoku stream benchmark",
        "",
        f"Command: `scripts/bench-hanidoku.py --jobs {args.jobs} --runs {args.runs} --sample {args.sample}"
        + (" --baseline-bin DIR" if args.baseline_bin else "")
        + (f" --satsolve-flags '{args.satsolve_flags}'" if flags else "") + "`",
        f"Commit: {commit()}; puzzles: `{puzzles.name}` ({total})",
        f"Machine: {machine()}; load average before {load_before[0]:.2f}, after {load_after[0]:.2f}",
        "",
        f"Pipeline `sudoku2cnf --layout hanidoku | satsolve --jobs J --true-only | model2grid`, "
        f"best wall time and least CPU time (user + system) of {args.runs} interleaved runs.",
        "",
        "| build | jobs | wall s | wall ms/puzzle | CPU ms/puzzle | conflicts/puzzle | CPU µs/conflict "
        "| valid grids |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for jobs in job_counts:
        for name, _ in builds:
            wall, cpu, conflicts, valid = best[(name, jobs)]
            per_conflict = 1e6 * cpu / conflicts if conflicts else float("nan")
            lines.append(f"| {name} | {jobs} | {wall:.2f} | {1000 * wall / total:.1f} | "
                         f"{1000 * cpu / total:.1f} | {conflicts / total:.0f} | {per_conflict:.1f} | "
                         f"{valid}/{total} |")
    if args.baseline_bin:
        lines.append("")
        for jobs in job_counts:
            wall = best[("baseline", jobs)][0] / best[("new", jobs)][0]
            cpu = best[("baseline", jobs)][1] / best[("new", jobs)][1]
            lines.append(f"Rate, new against baseline, --jobs {jobs}: {wall:.2f}x by wall time, "
                         f"{cpu:.2f}x by CPU time")
    if sample_rows:
        lines += [
            "",
            f"First {args.sample} puzzles, one CNF each (`--encoding extended`), one process per puzzle:",
            "",
            "| solver | puzzles | ms/puzzle | valid grids |",
            "|---|---|---|---|",
        ] + sample_rows
    lines += ["", "All grids valid." if valid_all else "SOME GRIDS INVALID."]
    summary = "\n".join(lines) + "\n"
    (work / "summary.md").write_text(summary)
    print(summary)
    return 0 if valid_all else 1


if __name__ == "__main__":
    sys.exit(main())
