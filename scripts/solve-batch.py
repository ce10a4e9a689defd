#!/usr/bin/env python3
"""Solves a file of puzzles in chunks, on this machine or as a SLURM array job, and joins
the grids in input order: `make solve-batch`.

    solve-batch.py PUZZLES --out FILE [--chunks K] [--solver "NAME [ARG...]"]
                   [--layout L] [--format F] [--scheduler slurm] [--slurm-flags ARGS]
                   [--jobs N] [--work DIR]

PUZZLES is split into K chunks of whole puzzles, in order. Each chunk goes through the
ordinary pipeline: `sudoku2cnf CHUNK | satsolve --true-only --jobs 1` (the default
solver, ARGs appended), or for any other solver (`cadical -q`, `minisat`, `kissat`, ...)
`sudoku2cnf --split` and the solver once per puzzle, as scripts/sudoku-solve does (how
each solver is called and where its answer is: scripts/benchlib.py). The answers of the
chunks, concatenated in order, are decoded once by `model2grid --batch` (with --layout and
--format as given) into FILE: the bytes `sudoku2cnf PUZZLES | satsolve --true-only |
model2grid --batch` writes when every puzzle has one solution (with several, a chunk's
search may find another than the whole file's; a rerun of the same chunking gives the
same bytes), and the file `gridcheck --puzzle PUZZLES FILE` pairs with the puzzles.

Locally the chunks run N at a time (--jobs, default the number of cores). With
--scheduler slurm they are one array job (one task per chunk, --cpus-per-task=1) and the
join is a job dependent on it (afterany), which this command waits for; --slurm-flags
(partition, account, qos, --time: the default limit is an hour) go to both sbatch calls.
A chunk whose task SLURM ended is written as `unknown` records (one per puzzle), so the
grids still pair with the puzzles, and is reported; the next run solves only the chunks
without an answer. The work files are under DIR (default FILE.parts/).

Chunks are cut between lines of a one-line-per-puzzle file (every data line 81
characters or more, or a Hanidoku `HQV1G` line), else at blank lines (block format, or
anything else: a file without blank lines is then one chunk).

Exit codes: 0 every puzzle solved; 1 some puzzle without a solution (model2grid's);
2 bad usage or input (one line on stderr); 3 SLURM cannot be used (no sbatch on PATH,
the controller unreachable); 4 chunks without an answer (their SLURM task ended: FILE is
written with `unknown` records, a rerun fills them in).
"""

import argparse
import concurrent.futures
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from benchlib import (INCOMPLETE, RELEASE, SCHEDULER_UNAVAILABLE, SchedulerError, any_solver,
                      array_task_states, queued, run_solver, sbatch, slurm_available,
                      solver_table)


def fail(message, code=2):
    print(f"solve-batch: {message}", file=sys.stderr)
    sys.exit(code)


def records(text):
    """The puzzles of a puzzle file as chunkable records, in order, and what goes between
    two of them in a chunk: lines when every data line is a whole puzzle, else
    paragraphs (blank-line separated: a block-format puzzle ends where a blank line
    starts) with a blank line between them."""
    lines = text.splitlines(keepends=True)
    data = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    if data and all(len(line) >= 81 or line.startswith("HQV1G") for line in data):
        return [line for line in lines if line.strip() and not line.startswith("#")], ""
    paragraphs, current = [], []
    for line in lines:
        if line.strip():
            current.append(line)
        elif current:
            paragraphs.append("".join(current))
            current = []
    if current:
        paragraphs.append("".join(current))
    # A paragraph of comments alone holds no puzzle.
    return [p for p in paragraphs if any(l.strip() and not l.startswith("#")
                                         for l in p.splitlines())], "\n"


class Work:
    """The work folder: config.json, chunk-K.txt (the puzzles), chunk-K.ans (the answers
    of a finished chunk), logs/."""

    def __init__(self, folder):
        self.folder = Path(folder)
        self.config = json.loads((self.folder / "config.json").read_text())

    def chunk(self, k, suffix):
        return self.folder / f"chunk-{k:04d}.{suffix}"

    def bin(self, name):
        return f"{self.config['bin']}/{name}"

    def layout(self):
        return ["--layout", self.config["layout"]] if self.config["layout"] else []

    def solver(self):
        words = shlex.split(self.config["solver"])
        return words[0], words[1:]


def prepare(args):
    """Writes the work folder for this batch (reusing finished chunks of the same one)."""
    puzzles = Path(args.puzzles).resolve()
    if not puzzles.is_file():
        fail(f"{args.puzzles}: no such puzzle file")
    if args.chunks < 1:
        fail(f"--chunks {args.chunks}: need at least one chunk")
    solver_words = shlex.split(args.solver)
    if not solver_words:
        fail("--solver is empty")
    out = Path(args.out).resolve()
    folder = Path(args.work).resolve() if args.work else out.with_name(out.name + ".parts")
    stat = puzzles.stat()
    config = dict(puzzles=str(puzzles), size=stat.st_size, mtime=stat.st_mtime_ns,
                  chunks=args.chunks, solver=args.solver, layout=args.layout,
                  format=args.format, out=str(out), bin=str(Path(args.bin).resolve()))
    old = folder / "config.json"
    if old.exists():
        recorded = json.loads(old.read_text())
        written = recorded.pop("written", None)
        if recorded != config or written is None:
            shutil.rmtree(folder)  # another batch (or a cut one): nothing is reusable
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "logs").mkdir(exist_ok=True)
    if not old.exists():
        # Every puzzle is read once here, so that bad input is one line now, not a
        # failed task later.
        check = subprocess.run([config["bin"] + "/sudoku2cnf", *(["--layout", args.layout]
                                if args.layout else []), str(puzzles)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if check.returncode != 0:
            fail(check.stderr.strip().splitlines()[-1] if check.stderr.strip()
                 else f"sudoku2cnf exited {check.returncode}")
        text = puzzles.read_text(errors="replace")
        parts, gap = records(text)
        if not parts:
            fail(f"{args.puzzles} holds no puzzle")
        chunks = min(args.chunks, len(parts))
        for k in range(chunks):
            mine = parts[len(parts) * k // chunks:len(parts) * (k + 1) // chunks]
            folder.joinpath(f"chunk-{k:04d}.txt").write_text(
                gap.join(p if p.endswith("\n") else p + "\n" for p in mine))
        config["written"] = chunks
        old.write_text(json.dumps(config, indent=1) + "\n")
    work = Work(folder)
    name, _ = work.solver()
    if name != "satsolve":
        solver = solver_table(folder).get(name) or any_solver(name)
        if not solver.installed():
            fail(f"no solver {name} on PATH")
    return work


def solve_chunk(work, k, jobs=1):
    """Solves chunk k into chunk-K.ans (written only when complete); the exit code."""
    puzzles = work.chunk(k, "txt")
    answers = work.chunk(k, "ans")
    partial = work.chunk(k, "ans.tmp")
    name, extra = work.solver()
    if name == "satsolve":
        encode = subprocess.Popen([work.bin("sudoku2cnf"), *work.layout(), str(puzzles)],
                                  stdout=subprocess.PIPE)
        with open(partial, "wb") as handle:
            solve = subprocess.run([work.bin("satsolve"), "--true-only", "--jobs", str(jobs),
                                    *extra], stdin=encode.stdout, stdout=handle)
        encode.stdout.close()
        codes = (encode.wait(), solve.returncode)
        if codes[0] != 0 or codes[1] not in (0, 10, 20):
            print(f"solve-batch: chunk {k}: sudoku2cnf exited {codes[0]}, satsolve {codes[1]}",
                  file=sys.stderr)
            return 2
    else:
        with tempfile.TemporaryDirectory(prefix="solve-batch-") as scratch:
            split = Path(scratch) / "cnf"
            done = subprocess.run([work.bin("sudoku2cnf"), *work.layout(), "--split", str(split),
                                   str(puzzles)])
            if done.returncode != 0:
                return 2
            solver = solver_table(scratch).get(name) or any_solver(name)
            with open(partial, "w") as handle:
                for cnf in sorted(split.glob("*.cnf")):
                    answer = run_solver(solver, cnf, extra=extra)
                    if answer.code not in (0, 10, 20):
                        print(f"solve-batch: chunk {k}: {name} exited {answer.code} on "
                              f"puzzle {cnf.stem}", file=sys.stderr)
                        return 2
                    handle.write(answer.text if answer.text.endswith("\n") else answer.text + "\n")
    os.replace(partial, answers)
    return 0


def puzzle_count(work, k):
    """The puzzles of chunk k, as sudoku2cnf counts them (one cube each in its stream)."""
    stream = subprocess.run([work.bin("sudoku2cnf"), *work.layout(), str(work.chunk(k, "txt"))],
                            capture_output=True, text=True)
    cubes = sum(1 for line in stream.stdout.splitlines() if line.startswith("a "))
    return cubes or 1


def merge(work, lost_reason=None):
    """Joins the chunks' answers in order and decodes them into the output file. A chunk
    without answers becomes `unknown` records, named with `lost_reason(k)` on stderr."""
    lost = []
    stream = []
    lost_blocks = set()  # 1-based block numbers of the lost chunks' puzzles
    blocks = 0
    for k in range(work.config["written"]):
        answers = work.chunk(k, "ans")
        if answers.exists():
            stream.append(answers.read_bytes())
            blocks += sum(1 for line in answers.read_bytes().splitlines()
                          if line.startswith(b"s "))
        else:
            lost.append(k)
            count = puzzle_count(work, k)
            stream.append(b"s UNKNOWN\n" * count)
            lost_blocks.update(range(blocks + 1, blocks + count + 1))
            blocks += count
    name, _ = work.solver()
    decode = [work.bin("model2grid"), *work.layout(), "--batch"]
    if work.config["format"]:
        decode += ["--format", work.config["format"]]
    if name != "satsolve" and not work.config["layout"]:
        # Full models of another solver: the layout comes from a CNF header.
        header = work.folder / "header.cnf"
        with open(header, "wb") as handle:
            subprocess.run([work.bin("sudoku2cnf"), "--index", "1", work.config["puzzles"]],
                           stdout=handle, check=True)
        decode += ["--cnf", str(header)]
    out = Path(work.config["out"])
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(out.name + ".tmp")
    with open(partial, "wb") as handle:
        decoded = subprocess.run(decode, input=b"".join(stream), stdout=handle,
                                 stderr=subprocess.PIPE, text=False)
    os.replace(partial, out)
    # model2grid's notes on the lost chunks' blocks are said once below instead.
    for line in decoded.stderr.decode(errors="replace").splitlines():
        words = line.split()
        number = words[2].rstrip(":") if len(words) > 2 and words[1] == "block" else ""
        if not (number.isdigit() and int(number) in lost_blocks):
            print(line, file=sys.stderr)
    for k in lost:
        reason = lost_reason(k) if lost_reason else "no answer"
        print(f"solve-batch: chunk {k} has no answer ({reason}); its puzzles are `unknown`; "
              "a rerun solves it", file=sys.stderr)
    if lost:
        return INCOMPLETE
    return decoded.returncode


def slurm_lost_reason(work):
    """How SLURM ended the task of a chunk, by the submissions recorded in jobs.json."""
    jobs_file = work.folder / "jobs.json"
    jobs = json.loads(jobs_file.read_text()) if jobs_file.exists() else []
    states = {}

    def reason(k):
        for job in reversed(jobs):
            if k in job["chunks"]:
                if job["array"] not in states:
                    states[job["array"]] = array_task_states(job["array"])[0]
                state = states[job["array"]].get(k, "no record (cancelled before it started, "
                                                    "or expired)")
                return f"SLURM job {job['array']} task {k}: {state}"
        return "never submitted"
    return reason


def run_local(work, jobs):
    pending = [k for k in range(work.config["written"]) if not work.chunk(k, "ans").exists()]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        codes = list(pool.map(lambda k: solve_chunk(work, k), pending))
    if any(code != 0 for code in codes):
        fail("a chunk failed (its message is above)")
    return merge(work)


def run_slurm(work, flags):
    try:
        slurm_available()
    except SchedulerError as error:
        fail(str(error), SCHEDULER_UNAVAILABLE)
    jobs_file = work.folder / "jobs.json"
    jobs = json.loads(jobs_file.read_text()) if jobs_file.exists() else []
    for job in jobs:
        if queued(job["array"]):
            fail(f"SLURM job {job['array']} of this batch is still queued or running; wait "
                 f"for it or `scancel {job['array']}`")
    pending = [k for k in range(work.config["written"]) if not work.chunk(k, "ans").exists()]
    script = Path(__file__).resolve()
    if not pending:
        print("solve-batch: every chunk has its answers; joining", file=sys.stderr)
        return merge(work, slurm_lost_reason(work))
    task = work.folder / "task.sh"
    task.write_text("#!/bin/bash\n# One chunk of scripts/solve-batch.py.\n"
                    f"exec python3 {shlex.quote(str(script))} chunk --work "
                    f"{shlex.quote(str(work.folder))} --chunk \"$SLURM_ARRAY_TASK_ID\"\n")
    join = work.folder / "merge.sh"
    join.write_text("#!/bin/bash\n# Joins the chunks of scripts/solve-batch.py.\n"
                    f"exec python3 {shlex.quote(str(script))} merge --work "
                    f"{shlex.quote(str(work.folder))}\n")
    extra = shlex.split(flags or "")
    logs = work.folder / "logs"
    try:
        array = sbatch(task, [f"--array={','.join(map(str, pending))}",
                              "--job-name=sudosat-batch", "--ntasks=1", "--cpus-per-task=1",
                              "--hint=nomultithread", "--time=1:00:00",
                              f"--output={logs / '%A_%a.out'}", *extra])
        jobs.append(dict(array=array, chunks=pending))
        jobs_file.write_text(json.dumps(jobs) + "\n")
        print(f"solve-batch: {len(pending)} chunk{'s' * (len(pending) != 1)} as SLURM array "
              f"job {array}; waiting for the join", file=sys.stderr)
        merge_job, code = sbatch(join, [f"--dependency=afterany:{array}",
                                        "--kill-on-invalid-dep=no", "--job-name=sudosat-batch-join",
                                        "--ntasks=1", "--cpus-per-task=1", "--time=1:00:00",
                                        f"--output={logs / 'merge-%j.out'}",
                                        f"--error={logs / 'merge-%j.err'}", *extra], wait=True)
    except SchedulerError as error:
        fail(str(error), SCHEDULER_UNAVAILABLE)
    for suffix, stream in (("out", sys.stdout), ("err", sys.stderr)):
        log = logs / f"merge-{merge_job}.{suffix}"
        if log.exists():
            stream.write(log.read_text(errors="replace"))
    return code


def main():
    if len(sys.argv) > 1 and sys.argv[1] in ("chunk", "merge"):
        # What the SLURM jobs run.
        parser = argparse.ArgumentParser(prog="solve-batch.py " + sys.argv[1])
        parser.add_argument("--work", required=True)
        parser.add_argument("--chunk", type=int)
        args = parser.parse_args(sys.argv[2:])
        work = Work(args.work)
        if sys.argv[1] == "chunk":
            return solve_chunk(work, args.chunk)
        return merge(work, slurm_lost_reason(work))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("puzzles")
    parser.add_argument("--out", required=True, help="the grids, in input order")
    parser.add_argument("--chunks", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--solver", default="satsolve",
                        help="the solver and its arguments (default satsolve)")
    parser.add_argument("--layout", default="", help="passed to sudoku2cnf and model2grid")
    parser.add_argument("--format", default="", help="model2grid's --format")
    parser.add_argument("--scheduler", default="", choices=["", "local", "slurm"])
    parser.add_argument("--slurm-flags", default="", help="more sbatch options")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="chunks solved at once on this machine")
    parser.add_argument("--work", default="", help="work folder (default OUT.parts)")
    parser.add_argument("--bin", default=str(RELEASE), help="folder of our binaries")
    args = parser.parse_args()
    work = prepare(args)
    if args.scheduler == "slurm":
        return run_slurm(work, args.slurm_flags)
    return run_local(work, args.jobs)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        # Submitted jobs go on; the next run uses what they leave.
        fail("interrupted (SLURM jobs already submitted go on: squeue; run again to join)", 130)
