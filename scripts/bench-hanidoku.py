#!/usr/bin/env python3
"""The hard Hanidoku set through the stream pipeline, a baseline build against this one.

    scripts/bench-hanidoku.py [--bin DIR] [--baseline-bin DIR] [--puzzles FILE]
                              [--jobs 1,2] [--runs 3] [--sample 100] [--gen 20]
                              [--satsolve-flags ARGS] [--dlx EXE] [OUT]

The whole file is measured as one stream: `sudoku2cnf --layout hanidoku FILE | satsolve --jobs J --true-only --stats |
model2grid --layout hanidoku`, every grid checked by `gridcheck --layout hanidoku
--puzzle FILE`. Each build (this one, `--bin`, and the baseline, `--baseline-bin`, if
given) runs the pipeline for each job count, the builds interleaved run by run
(baseline, new, baseline, new, ...) so that both see the same machine load; the best of
`--runs` wall times counts, and apart from it the least CPU time (user + system of the
pipeline), which a shared machine disturbs less. Reported per build and job count: wall
and CPU ms per puzzle, conflicts per puzzle (satsolve's `c conflicts`, summed over the
workers), CPU µs per conflict, and the grids gridcheck found valid; then the rate of
this build against the baseline, by wall time and by CPU time. The solver's own CPU time
(`satsolve` alone, from `wait4`) over its propagations and conflicts gives ns per
propagation and µs per conflict, the cost of one step of the search apart from how
many steps it takes.
 Each stage's own CPU time
(user + system of `sudoku2cnf`, `satsolve` and `model2grid`, each from `wait4` in the same
pipeline; their sum is the pipeline's) is reported per puzzle too, least of the runs.

The dancing-links solver (`--dlx`, `make bench-hanidoku DLX=EXE`): the Hanidoku solver of
github:weiz0823/dlx, built outside this repository (its code is not ours to ship), runs on
the same puzzles in the same turns, one thread, one process for the file: `EXE solve -c N
-m 1` (stop at the first solution, as `satsolve --true-only` stops at the first model)
reading the puzzles as 61 digits a line (the `HQV1G` prefix cut beforehand, not timed).
Its grids are checked by the same `gridcheck`; its least CPU time of the runs stands
beside each build's, and the rate of each build's pipeline at `--jobs 1` against it.

Generation: each build makes `--gen` strictly minimal Hanidoku puzzles (`sudokugen puzzles
N --layout hanidoku --check-conflicts 0 --seed 1`), in the same interleaved turns; least
CPU time counts. The puzzles of this build are checked by the pipeline, not by the
generator: every one unique (`satsolve --models 2`), and every given needed (each puzzle
with one given blanked, in turn, has two solutions).

For reference, MiniSat and CaDiCaL (when on PATH) solve the first `--sample` puzzles one
CNF each (`sudoku2cnf --encoding extended --split`: one process per puzzle, as they take
single formulas), with satsolve on the same files; their grids are checked the same way,
and their conflict counts (MiniSat's `conflicts`, CaDiCaL's `c conflicts:`, satsolve's
`c conflicts`) say how much search a general solver needs on the same formulas.

--satsolve-flags (`make bench-hanidoku SATSOLVE_FLAGS=...`) appends arguments to this
build's satsolve command lines (not the baseline's, which may predate them): with
`--baseline-bin` naming this same build, an option's effect is measured in one run.
CPU times of the children, grid checks, commit and machine are scripts/benchlib.py's.

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
                      satsolve_flags, shared_path)

DEFAULT_PUZZLES = shared_path("puzzles/hanidoku/1050_hard_hanidoku.txt")
TOOLS = ("sudoku2cnf", "satsolve", "model2grid", "gridcheck")


def fail(message):
    print(f"bench-hanidoku: {message}", file=sys.stderr)
    sys.exit(2)


def wait_cpu(process):
    """Waits for `process`; its exit code and CPU seconds (user + system) from wait4."""
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, usage.ru_utime + usage.ru_stime


def stat(text, name):
    """Sum of satsolve's `c NAME N` lines (one per worker)."""
    return sum(int(m) for m in re.findall(rf"^c {name}\s+(\d+)", text, re.M))


def check_grids(bin_dir, puzzles, grids):
    """Number of grids gridcheck rejects (0 when all are valid) and its message."""
    return gridcheck(puzzles, grids, "hanidoku", bin_dir)


def count_puzzles(puzzles):
    return sum(1 for line in puzzles.read_text().splitlines()
               if line.strip() and not line.startswith("#"))


def run_stream(bin_dir, puzzles, jobs, grids, flags=()):
    """One run of the pipeline: wall s, CPU s of the children, CPU s of each stage
    (encode, solve, decode), conflicts, propagations."""
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
        waited = (wait_cpu(encode), wait_cpu(solve), wait_cpu(decode))
    wall = time.perf_counter() - start
    cpu = children_cpu() - cpu
    codes = tuple(code for code, _ in waited)
    if codes[0] != 0 or codes[2] != 0 or codes[1] not in (0, 10, 20):
        print(f"bench-hanidoku: {bin_dir}: pipeline exit codes {codes}\n{stats}", file=sys.stderr)
    stages = tuple(stage_cpu for _, stage_cpu in waited)
    return wall, cpu, stages, stat(stats, "conflicts"), stat(stats, "propagations")


def dlx_input(puzzles, work):
    """The puzzles as the dancing-links solver reads them: 61 digits a line."""
    lines = [line.strip() for line in puzzles.read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    cells = [line[-61:] for line in lines]
    if any(len(c) != 61 or not c.isdigit() for c in cells):
        fail(f"{puzzles}: --dlx needs Hanidoku lines ending in 61 digits")
    source = work / "dlx-puzzles.txt"
    source.write_text("\n".join(cells) + "\n")
    return source, len(cells)


def run_dlx(exe, source, count, grids):
    """One run of the dancing-links solver over the file: wall s, CPU s."""
    start = time.perf_counter()
    with open(source, "rb") as stdin, open(grids, "wb") as out:
        dlx = subprocess.Popen([exe, "solve", "-c", str(count), "-m", "1"], stdin=stdin, stdout=out,
                               stderr=subprocess.DEVNULL)
        code, cpu = wait_cpu(dlx)
    if code != 0:
        fail(f"{exe} exited with {code}")
    return time.perf_counter() - start, cpu


def run_gen(bin_dir, count, out):
    """One run of the generator: wall s, CPU s, the puzzles' text."""
    start = time.perf_counter()
    with open(out, "wb") as sink:
        gen = subprocess.Popen([f"{bin_dir}/sudokugen", "puzzles", str(count), "--layout", "hanidoku",
                                "--check-conflicts", "0", "--seed", "1"], stdout=sink)
        code, cpu = wait_cpu(gen)
    wall = time.perf_counter() - start
    if code != 0:
        fail(f"{bin_dir}/sudokugen exited with {code}")
    return wall, cpu, Path(out).read_text()


def models_verdicts(bin_dir, puzzles_text, work, name):
    """`gridcheck --unique` verdicts (unique/several/...) of each puzzle of the text."""
    source = work / f"{name}.txt"
    source.write_text(puzzles_text)
    encode = subprocess.Popen([f"{bin_dir}/sudoku2cnf", "--layout", "hanidoku", "--stream", str(source)],
                              stdout=subprocess.PIPE)
    solve = subprocess.Popen([f"{bin_dir}/satsolve", "--models", "2"], stdin=encode.stdout,
                             stdout=subprocess.PIPE)
    encode.stdout.close()
    decode = subprocess.Popen([f"{bin_dir}/model2grid", "--layout", "hanidoku", "--format", "line"],
                              stdin=solve.stdout, stdout=subprocess.PIPE)
    solve.stdout.close()
    check = subprocess.run([f"{bin_dir}/gridcheck", "--layout", "hanidoku", "--unique", "--puzzle",
                            str(source)], stdin=decode.stdout, capture_output=True, text=True)
    decode.stdout.close()
    encode.wait(), solve.wait(), decode.wait()
    return [line.split(": ", 1)[1] for line in check.stdout.splitlines() if ": " in line]


def check_minimal(bin_dir, puzzles_text, work):
    """(unique, minimal, total) over the puzzles: unique by `satsolve --models 2`, minimal
    when each puzzle with any one given blanked has two solutions."""
    puzzles = [line for line in puzzles_text.splitlines() if line.strip()]
    unique = models_verdicts(bin_dir, "\n".join(puzzles) + "\n", work, "gen-unique").count("unique")
    fewer, owner = [], []
    for index, puzzle in enumerate(puzzles):
        for cell, symbol in enumerate(puzzle):
            if symbol not in ".0":
                fewer.append(puzzle[:cell] + "." + puzzle[cell + 1:])
                owner.append(index)
    verdicts = models_verdicts(bin_dir, "\n".join(fewer) + "\n", work, "gen-fewer")
    not_minimal = {owner[i] for i, verdict in enumerate(verdicts) if verdict != "several"}
    if len(verdicts) != len(fewer):
        not_minimal = set(range(len(puzzles)))
    return unique, len(puzzles) - len(not_minimal), len(puzzles)


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
    result = work / "minisat.res"
    solvers = {
        "satsolve (one process per puzzle)": lambda cnf: ([f"{bin_dir}/satsolve", "--stats", *flags, str(cnf)], None),
        "minisat": lambda cnf: (["minisat", "-verb=1", str(cnf), str(result)], result),
        "cadical": lambda cnf: (["cadical", str(cnf)], None),
    }
    conflict_patterns = {
        "satsolve (one process per puzzle)": r"^c conflicts\s+(\d+)",
        "minisat": r"^conflicts\s*:\s*(\d+)",
        "cadical": r"^c conflicts:\s+(\d+)",
    }
    rows = []
    valid_all = True
    for name, command_for in solvers.items():
        if name in ("minisat", "cadical") and shutil.which(name) is None:
            rows.append(f"| {name} | not on PATH | | | |")
            continue
        grids = []
        elapsed = 0.0
        conflicts = 0
        for cnf in cnfs:
            command, result_file = command_for(cnf)
            start = time.perf_counter()
            answer = subprocess.run(command, capture_output=True)
            elapsed += time.perf_counter() - start
            report = (answer.stdout + answer.stderr).decode(errors="replace")
            conflicts += sum(int(m) for m in re.findall(conflict_patterns[name], report, re.M))
            text = result_file.read_bytes() if result_file else b"\n".join(
                line for line in answer.stdout.splitlines() if line[:2] in (b"s ", b"v "))
            grid = subprocess.run([f"{bin_dir}/model2grid", "--layout", "hanidoku", "--format", "line"],
                                  input=text, capture_output=True)
            grids.append(grid.stdout if answer.returncode == 10 and grid.returncode == 0
                         else b"unknown\n")
        grid_file = work / f"sample-{name.split()[0]}.grids"
        grid_file.write_bytes(b"".join(grids))
        bad, message = check_grids(bin_dir, source, grid_file)
        if bad:
            valid_all = False
            print(message, file=sys.stderr)
        rows.append(f"| {name} | {len(cnfs)} | {1000 * elapsed / len(cnfs):.1f} | "
                    f"{conflicts / len(cnfs):.0f} | {len(cnfs) - bad}/{len(cnfs)} |")
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
    parser.add_argument("--gen", type=int, default=20, help="minimal puzzles each build makes per run (0: none)")
    parser.add_argument("--dlx", help="the dancing-links Hanidoku solver (github:weiz0823/dlx) to run beside")
    add_satsolve_flags(parser)
    args = parser.parse_args()
    flags = satsolve_flags(args.satsolve_flags)
    puzzles = Path(args.puzzles)
    if not puzzles.is_file():
        fail(f"{puzzles}: no such puzzle file")
    builds = ([("baseline", args.baseline_bin)] if args.baseline_bin else []) + [("new", args.bin)]
    for _, bin_dir in builds:
        for tool in TOOLS + (("sudokugen",) if args.gen else ()):
            if not os.access(f"{bin_dir}/{tool}", os.X_OK):
                fail(f"{bin_dir}/{tool}: not an executable")
    if args.dlx and not os.access(args.dlx, os.X_OK):
        fail(f"{args.dlx}: not an executable")
    try:
        job_counts = [int(j) for j in args.jobs.split(",")]
    except ValueError:
        fail(f"--jobs {args.jobs}: expected comma-separated numbers")
    if args.runs < 1 or args.gen < 0:
        fail("--runs must be at least 1 and --gen not negative")
    work = Path(args.out)
    work.mkdir(parents=True, exist_ok=True)
    total = count_puzzles(puzzles)
    load_before = os.getloadavg()
    best = {}
    gen_best = {}
    gen_text = {}
    valid_all = True
    dlx_source = dlx_input(puzzles, work) if args.dlx else None
    dlx_best = None
    for run in range(args.runs):
        if args.dlx:
            grids = work / "dlx.grids"
            wall, cpu = run_dlx(args.dlx, dlx_source[0], dlx_source[1], grids)
            bad, message = check_grids(builds[-1][1], puzzles, grids)
            if bad:
                valid_all = False
                print(message, file=sys.stderr)
            print(f"run {run + 1}: dancing links: {wall:.2f} s, {cpu:.2f} CPU s, "
                  f"{total - bad}/{total} grids valid", file=sys.stderr)
            dlx_best = {
                "wall": min(wall, dlx_best["wall"]) if dlx_best else wall,
                "cpu": min(cpu, dlx_best["cpu"]) if dlx_best else cpu,
                "valid": min(total - bad, dlx_best["valid"]) if dlx_best else total - bad,
            }
        for jobs in job_counts:
            for name, bin_dir in builds:
                grids = work / f"{name}-j{jobs}.grids"
                wall, cpu, stages, conflicts, props = run_stream(bin_dir, puzzles, jobs, grids,
                                                                    flags if name == "new" else ())
                bad, message = check_grids(bin_dir, puzzles, grids)
                if bad:
                    valid_all = False
                    print(message, file=sys.stderr)
                print(f"run {run + 1}: {name} --jobs {jobs}: {wall:.2f} s, {cpu:.2f} CPU s, "
                      f"{conflicts} conflicts, {total - bad}/{total} grids valid", file=sys.stderr)
                key = (name, jobs)
                old = best.get(key)
                best[key] = {
                    "wall": min(wall, old["wall"]) if old else wall,
                    "cpu": min(cpu, old["cpu"]) if old else cpu,
                    "stages": tuple(min(a, b) for a, b in zip(stages, old["stages"])) if old else stages,
                    "conflicts": conflicts,
                    "props": props,
                    "valid": min(total - bad, old["valid"]) if old else total - bad,
                }
        for name, bin_dir in builds if args.gen else ():
            wall, cpu, text = run_gen(bin_dir, args.gen, work / f"gen-{name}.txt")
            print(f"run {run + 1}: {name} sudokugen: {wall:.2f} s, {cpu:.2f} CPU s", file=sys.stderr)
            old = gen_best.get(name, (wall, cpu))
            gen_best[name] = (min(old[0], wall), min(old[1], cpu))
            gen_text[name] = text
    sample_rows, sample_valid = sample_run(builds, puzzles, args.sample, work, flags) if args.sample else ([], True)
    valid_all &= sample_valid
    gen_checks = check_minimal(builds[-1][1], gen_text["new"], work) if args.gen else None
    if gen_checks and not gen_checks[0] == gen_checks[1] == gen_checks[2]:
        valid_all = False
    load_after = os.getloadavg()

    lines = [
        "# Hanidoku stream benchmark",
        "",
        f"Command: `scripts/bench-hanidoku.py --jobs {args.jobs} --runs {args.runs} --sample {args.sample}"
        + f" --gen {args.gen}"
        + (" --baseline-bin DIR" if args.baseline_bin else "")
        + (f" --satsolve-flags '{args.satsolve_flags}'" if flags else "")
        + (" --dlx EXE" if args.dlx else "") + "`",
        f"Commit: {commit()}; puzzles: `{puzzles.name}` ({total})",
        f"Machine: {machine()}; "
        f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f}",
        "",
        f"Pipeline `sudoku2cnf --layout hanidoku | satsolve --jobs J --true-only | model2grid`, "
        f"best wall time and least CPU time (user + system) of {args.runs} interleaved runs.",
        "",
        "CPU is user + system time: of the whole pipeline per puzzle, and of `satsolve` alone "
        "per propagation and per conflict.",
        "",
        "| build | jobs | wall s | wall ms/puzzle | CPU ms/puzzle | conflicts/puzzle | "
        "propagations/conflict | ns/propagation | µs/conflict | valid grids |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for jobs in job_counts:
        for name, _ in builds:
            row = best[(name, jobs)]
            conflicts, props = row["conflicts"], row["props"]
            per_conflict = 1e6 * row["stages"][1] / conflicts if conflicts else float("nan")
            per_prop = 1e9 * row["stages"][1] / props if props else float("nan")
            lines.append(f"| {name} | {jobs} | {row['wall']:.2f} | {1000 * row['wall'] / total:.1f} | "
                         f"{1000 * row['cpu'] / total:.1f} | {conflicts / total:.0f} | "
                         f"{props / conflicts if conflicts else float('nan'):.0f} | {per_prop:.0f} | "
                         f"{per_conflict:.1f} | {row['valid']}/{total} |")
    lines += [
        "",
        "Per stage, CPU ms a puzzle (user + system of each process of the pipeline, least of the "
        "runs; the total is the pipeline's, as above):",
        "",
        "| build | jobs | encode (`sudoku2cnf`) | solve (`satsolve`) | decode (`model2grid`) | total |"
        + (" rate against dancing links |" if args.dlx else ""),
        "|---|---|---|---|---|---|" + ("---|" if args.dlx else ""),
    ]
    for jobs in job_counts:
        for name, _ in builds:
            row = best[(name, jobs)]
            stages = " | ".join(f"{1000 * cpu / total:.3f}" for cpu in row["stages"])
            rate = (f" {dlx_best['cpu'] / row['cpu']:.2f}x |" if args.dlx and jobs == 1 else
                    " |" if args.dlx else "")
            lines.append(f"| {name} | {jobs} | {stages} | {1000 * row['cpu'] / total:.3f} |{rate}")
    if args.dlx:
        lines.append(f"| dancing links (`{Path(args.dlx).name} solve -m 1`) | 1 | | | | "
                     f"{1000 * dlx_best['cpu'] / total:.3f} | 1.00x |")
        lines += ["", f"Dancing links: best wall {dlx_best['wall']:.2f} s, least CPU "
                  f"{dlx_best['cpu']:.2f} s, {dlx_best['valid']}/{total} grids valid."]
    if args.baseline_bin:
        lines.append("")
        for jobs in job_counts:
            wall = best[("baseline", jobs)]["wall"] / best[("new", jobs)]["wall"]
            cpu = best[("baseline", jobs)]["cpu"] / best[("new", jobs)]["cpu"]
            lines.append(f"Rate, new against baseline, --jobs {jobs}: {wall:.2f}x by wall time, "
                         f"{cpu:.2f}x by CPU time")
    if args.gen:
        lines += [
            "",
            f"Minimal puzzles: `sudokugen puzzles {args.gen} --layout hanidoku --check-conflicts 0 "
            f"--seed 1`, best wall and least CPU time of {args.runs} interleaved runs.",
            "",
            "| build | wall s | CPU s | puzzles/s (CPU) | CPU ms/puzzle | clues per puzzle |",
            "|---|---|---|---|---|---|",
        ]
        for name, _ in builds:
            wall, cpu = gen_best[name]
            made = [line for line in gen_text[name].splitlines() if line.strip()]
            clues = sum(sum(ch not in ".0" for ch in line) for line in made) / len(made)
            lines.append(f"| {name} | {wall:.2f} | {cpu:.2f} | {len(made) / cpu:.1f} | "
                         f"{1000 * cpu / len(made):.0f} | {clues:.2f} |")
        if args.baseline_bin:
            lines += ["", f"Rate, new against baseline: {gen_best['baseline'][1] / gen_best['new'][1]:.2f}x "
                      f"by CPU time, {gen_best['baseline'][0] / gen_best['new'][0]:.2f}x by wall time"]
        unique, minimal, count = gen_checks
        lines += ["", f"This build's puzzles, checked by `satsolve --models 2`: {unique}/{count} unique, "
                  f"{minimal}/{count} minimal (every given blanked in turn gives two solutions)."]
    if sample_rows:
        lines += [
            "",
            f"First {args.sample} puzzles, one CNF each (`--encoding extended`), one process per puzzle:",
            "",
            "| solver | puzzles | ms/puzzle | conflicts/puzzle | valid grids |",
            "|---|---|---|---|---|",
        ] + sample_rows
    lines += ["", "All grids valid." if valid_all else "SOME GRIDS INVALID."]
    summary = "\n".join(lines) + "\n"
    (work / "summary.md").write_text(summary)
    print(summary)
    return 0 if valid_all else 1


if __name__ == "__main__":
    sys.exit(main())
