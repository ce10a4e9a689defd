#!/usr/bin/env python3
"""Run every course Hanidoku puzzle through the pipeline and time the solvers.

    scripts/hanidoku-run.py [--solvers satsolve,minisat,cadical] [--puzzles DIR]
                            [--bin target/release] [--work DIR] [--limit N]
                            [--satsolve-flags ARGS]

For each puzzle file in DIR (default ../shared/puzzles/hanidoku): `sudoku2cnf --layout
hanidoku --split` writes one CNF per puzzle; then, puzzle by puzzle, each solver in turn
(interleaved, so every solver sees the same machine state) answers the CNF,
`model2grid --layout hanidoku` decodes the answer, and at the end of each file
`gridcheck --layout hanidoku --puzzle FILE` checks every grid of every solver against its
puzzle. `satsolve` is ours; `minisat` (-verb=0, result file) and `cadical` (-q) are
external solvers put in the middle of the same pipeline.

Reported per file and solver: puzzles, grids gridcheck found valid, total wall time of the
solver step, and of solver + model2grid (the part of the pipeline that differs between
solvers; the encoding is shared). The ratio line compares each solver with satsolve.
--satsolve-flags appends arguments to satsolve's command line. Solvers are called and
timed by scripts/benchlib.py. Exit 0 when every grid of every solver is valid, 1
otherwise.
"""
import argparse
import pathlib
import shutil
import subprocess
import sys
import time

from benchlib import (RELEASE, ROOT, add_satsolve_flags, run_solver, satsolve_flags,
                      shared_path, solver_table)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--solvers", default="satsolve,minisat,cadical")
    parser.add_argument("--puzzles", default=str(shared_path("puzzles/hanidoku")))
    parser.add_argument("--bin", default=str(RELEASE))
    parser.add_argument("--work", default=str(ROOT / "target/hanidoku-run"))
    parser.add_argument("--limit", type=int, default=0, help="puzzles per file (0: all)")
    add_satsolve_flags(parser)
    args = parser.parse_args()
    BIN = args.bin
    solvers = args.solvers.split(",")
    work = pathlib.Path(args.work)
    table = solver_table(work, f"{BIN}/satsolve", satsolve_flags(args.satsolve_flags))
    for name in solvers:
        if name not in table:
            sys.exit(f"hanidoku-run: unknown solver {name}")
        if not table[name].installed():
            sys.exit(f"hanidoku-run: {name} is not on PATH")
    puzzle_dir = pathlib.Path(args.puzzles)
    if not puzzle_dir.is_dir():
        sys.exit(f"hanidoku-run: {puzzle_dir} is not a directory")
    files = sorted(puzzle_dir.glob("*.txt"))
    if not files:
        sys.exit(f"hanidoku-run: no puzzle files in {puzzle_dir}")
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    all_valid = True
    print(f"{'file':<26} {'solver':<9} {'puzzles':>7} {'valid':>6} {'solver s':>9} {'+decode s':>10}")
    for file in files:
        source = file
        if args.limit:
            lines = file.read_bytes().split(b"\n")[: args.limit]
            source = work / file.name
            source.write_bytes(b"\n".join(lines) + b"\n")
        split = work / (file.stem + "-cnf")
        subprocess.run([f"{BIN}/sudoku2cnf", "--layout", "hanidoku", "--split", str(split), str(source)],
                       check=True)
        cnfs = sorted(split.glob("*.cnf"))
        grids = {name: [] for name in solvers}
        solve_time = {name: 0.0 for name in solvers}
        total_time = {name: 0.0 for name in solvers}
        for cnf in cnfs:
            for name in solvers:
                answer = run_solver(table[name], cnf)
                start = time.perf_counter()
                grid = subprocess.run([f"{BIN}/model2grid", "--layout", "hanidoku", "--format", "line"],
                                      input=answer.text.encode(), capture_output=True)
                decode = time.perf_counter() - start
                solve_time[name] += answer.seconds
                total_time[name] += answer.seconds + decode
                if answer.code != 10 or grid.returncode != 0:
                    print(f"{cnf}: {name} exited {answer.code}, model2grid {grid.returncode}: "
                          f"{grid.stderr.decode().strip()}", file=sys.stderr)
                    grids[name].append(b"." * 61 + b"\n")
                else:
                    grids[name].append(grid.stdout)
        for name in solvers:
            grid_file = work / f"{file.stem}-{name}.grids"
            grid_file.write_bytes(b"".join(grids[name]))
            check = subprocess.run([f"{BIN}/gridcheck", "--layout", "hanidoku", "--puzzle", str(source),
                                    str(grid_file)], capture_output=True, text=True)
            bad_grids = {line.split(":")[1] for line in check.stderr.splitlines() if ": grid " in line}
            valid = len(cnfs) - len(bad_grids) if check.returncode in (0, 1) else 0
            if check.returncode != 0:
                all_valid = False
                print(check.stderr, file=sys.stderr, end="")
            print(f"{file.name:<26} {name:<9} {len(cnfs):>7} {valid:>6} {solve_time[name]:>9.2f} "
                  f"{total_time[name]:>10.2f}")
        for name in solvers:
            if name != "satsolve" and "satsolve" in solvers and solve_time[name] > 0:
                print(f"{file.name:<26} satsolve / {name}: solver step {solve_time['satsolve'] / solve_time[name]:.2f}x, "
                      f"with decode {total_time['satsolve'] / total_time[name]:.2f}x")
    print("all grids valid" if all_valid else "SOME GRIDS INVALID")
    return 0 if all_valid else 1


if __name__ == "__main__":
    sys.exit(main())
