#!/usr/bin/env python3
"""Two builds of the binaries, the same command lines, every byte compared.

A refactoring must not change what a user sees. This runs a fixed set of cases through
the binaries of two build folders (an earlier build, e.g. one kept from a former commit,
and target/release) and compares each case's stdout, stderr and exit code byte for byte.
The cases cover every binary on the shipped fixtures: encodings of every puzzle file,
the whole pipeline with each output format, checks, answers read in every form,
generation with fixed seeds, `--help` and the usage and input errors of testdata/; and
the solver's search on the shared small suite: `satsolve --stats` under a conflict
bound, where every counter must be equal (the lines of times, rates and memory are left
out of the comparison).

Usage: compare-builds.py --baseline DIR [--candidate DIR] [--only REGEX] [OUT.md]

A case may differ on purpose (a new flag shows in `--help`): the summary lists every
difference with the first differing line, for the reader to judge; the exit code is 1
when any case differs, 0 when all are identical.
"""

import argparse
import re
import subprocess
import sys
from pathlib import Path

import benchlib

TESTDATA = benchlib.ROOT / "testdata"
# The lines of `satsolve --stats` that depend on the machine, not on the search.
TIMING_LINE = re.compile(rb"^c (parse time|solve time|total time|peak memory|propagations/s)")
BINARIES = ["sudoku2cnf", "satsolve", "model2grid", "gridcheck", "sudokugen", "sudoplay",
            "cactusplot"]


def puzzle_files():
    """The shipped puzzle files with a solution beside them, and their layout flag."""
    for path in sorted((TESTDATA / "puzzles").glob("*.txt")):
        if path.name.endswith((".solution.txt", ".solutions.txt")):
            continue
        yield path, ""
    for path in sorted((TESTDATA / "layouts").glob("*.txt")):
        if path.name.endswith(".solution.txt"):
            continue
        layout = TESTDATA / "layouts" / (path.stem + ".layout")
        yield path, f"--layout {layout}" if layout.exists() else "--layout x-sudoku"


def cases():
    """(name, shell command) pairs; `{b}/` is the build folder of the binaries."""
    for binary in BINARIES:
        yield f"{binary} --help", f"{{b}}/{binary} --help"
        yield f"{binary} bad flag", f"{{b}}/{binary} --no-such-flag"
    for path, layout in puzzle_files():
        rel = path.relative_to(benchlib.ROOT)
        big = any(size in path.name for size in ("25x25", "36x36"))
        encodings = ["extended"] if big or layout else ["minimal", "extended", "compact"]
        for encoding in encodings:
            yield (f"sudoku2cnf --encoding {encoding} {rel}",
                   f"{{b}}/sudoku2cnf {layout} --encoding {encoding} {rel}")
        if big:
            continue
        formats = ["auto", "line", "block", "pretty", "svg"]
        for fmt in formats:
            yield (f"pipeline {rel} --format {fmt}",
                   f"{{b}}/sudoku2cnf {layout} {rel} | {{b}}/satsolve | "
                   f"{{b}}/model2grid --format {fmt}")
        yield (f"gridcheck --puzzle {rel}",
               f"{{b}}/sudoku2cnf {layout} {rel} | {{b}}/satsolve | {{b}}/model2grid | "
               f"{{b}}/gridcheck {layout} --puzzle {rel}")
        yield (f"satsolve --models 3 {rel}",
               f"{{b}}/sudoku2cnf {layout} {rel} | {{b}}/satsolve --models 3 | "
               f"{{b}}/model2grid | {{b}}/gridcheck {layout} --unique --puzzle {rel}")
    for path in sorted((TESTDATA / "cnf").rglob("*.cnf*")):
        rel = path.relative_to(benchlib.ROOT)
        yield f"satsolve {rel}", f"{{b}}/satsolve {rel}"
        yield f"satsolve --strict {rel}", f"{{b}}/satsolve --strict {rel}"
    for path in sorted((TESTDATA / "compressed").glob("*")):
        if path.suffix in (".xz", ".lzma", ".bz2"):
            rel = path.relative_to(benchlib.ROOT)
            tool = "satsolve" if ".cnf" in path.name else "sudoku2cnf"
            yield f"{tool} {rel}", f"{{b}}/{tool} {rel}"
    for path in sorted((TESTDATA / "puzzles" / "invalid").glob("*")):
        rel = path.relative_to(benchlib.ROOT)
        yield f"sudoku2cnf {rel}", f"{{b}}/sudoku2cnf {rel}"
        yield f"gridcheck {rel}", f"{{b}}/gridcheck {rel}"
    for batch in ("batch", "batch_mixed"):
        folder = TESTDATA / "puzzles" / batch
        for path in sorted(folder.glob("*.txt")) if folder.is_dir() else []:
            rel = path.relative_to(benchlib.ROOT)
            yield (f"stream {rel}",
                   f"{{b}}/sudoku2cnf {rel} | {{b}}/satsolve --jobs 1 | {{b}}/model2grid")
    yield "satsolve missing file", "{b}/satsolve /nonexistent.cnf"
    yield "sudoku2cnf missing file", "{b}/sudoku2cnf /nonexistent.txt"
    yield "sudokugen grids", "{b}/sudokugen grids 50 --format line"
    yield "sudokugen grids 16x16", "{b}/sudokugen grids 5 --size 16 --format line"
    yield "sudokugen random hanidoku", "{b}/sudokugen grids 3 --random --seed 7 --layout hanidoku"
    yield "sudokugen puzzles minimal", "{b}/sudokugen puzzles 20 --minimal --seed 1"
    yield "sudokugen puzzles clues", "{b}/sudokugen puzzles 5 --clues 25 --seed 2"
    suite = benchlib.shared_path("bench/cnf")
    for path in sorted(suite.glob("*.cnf*")) if suite.is_dir() else []:
        yield (f"satsolve --stats {path.name}",
               f"{{b}}/satsolve --stats -q --conflicts 30000 {path}")
    yield "model2grid minisat result", (
        "{b}/sudoku2cnf testdata/puzzles/9x9_ai_escargot.txt > $T/p.cnf && "
        "minisat $T/p.cnf $T/p.res > /dev/null; {b}/model2grid --cnf $T/p.cnf $T/p.res")


def run(command, build, scratch):
    """stdout, stderr and exit code of `command` run with the binaries of `build`."""
    text = command.replace("{b}", str(build))
    done = subprocess.run(["bash", "-c", "set -o pipefail; " + text], capture_output=True,
                          cwd=benchlib.ROOT, env={**benchlib.os.environ, "T": str(scratch),
                                                   "NO_COLOR": "1"}, timeout=300)
    # The build folder's path is part of some messages (clap's usage line names the
    # program by its path only when run by path); make both builds print the same one.
    scrub = lambda data: data.replace(str(build).encode(), b"BIN")
    stderr = scrub(done.stderr)
    if "--stats" in command:
        stderr = b"".join(line for line in stderr.splitlines(keepends=True)
                          if not TIMING_LINE.search(line))
    return scrub(done.stdout), stderr, done.returncode


def first_difference(a, b):
    """The first line where two outputs differ, quoted."""
    for number, (x, y) in enumerate(zip(a.splitlines(), b.splitlines()), 1):
        if x != y:
            return f"line {number}: `{x[:80]!r}` vs `{y[:80]!r}`"
    return f"lengths {len(a)} vs {len(b)} bytes"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", type=Path, required=True, help="the earlier build folder")
    parser.add_argument("--candidate", type=Path, default=benchlib.RELEASE,
                        help="the build folder compared (default target/release)")
    parser.add_argument("--only", help="only the cases whose name matches this regex")
    parser.add_argument("out", nargs="?", type=Path, help="write the summary here too")
    args = parser.parse_args()
    scratch = Path(benchlib.tempfile.mkdtemp(prefix="sudosat-builds-"))
    identical, different = 0, []
    for name, command in cases():
        if args.only and not re.search(args.only, name):
            continue
        results = [run(command, build.resolve(), scratch) for build in
                   (args.baseline, args.candidate)]
        if results[0] == results[1]:
            identical += 1
            continue
        (out_a, err_a, code_a), (out_b, err_b, code_b) = results
        parts = []
        if code_a != code_b:
            parts.append(f"exit {code_a} vs {code_b}")
        if out_a != out_b:
            parts.append("stdout " + first_difference(out_a, out_b))
        if err_a != err_b:
            parts.append("stderr " + first_difference(err_a, err_b))
        different.append((name, "; ".join(parts)))
    lines = ["# Two builds, the same command lines", ""]
    lines += benchlib.run_header(sys.argv)
    lines += ["", f"Baseline: `{args.baseline}`; candidate: `{args.candidate}`.", "",
              f"**{identical} cases byte-identical** (stdout, stderr, exit code), "
              f"**{len(different)} different**.", ""]
    if different:
        lines += ["| case | difference |", "|---|---|"]
        lines += [f"| `{name}` | {what.replace('|', '/')} |" for name, what in different]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        args.out.write_text(text)
    sys.exit(1 if different else 0)


if __name__ == "__main__":
    main()
