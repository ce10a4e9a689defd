#!/usr/bin/env python3
"""Solver comparison for `make compare`: plan the runs, run them (here or on SLURM),
collect the results.

  compare.py plan    --set SET --solvers "a b" --timeout S --out OUT [--satsolve-flags ARGS]
                     [--bin DIR]
      SET is a directory of .cnf/.cnf.gz/.cnf.xz/.cnf.bz2 files (with an optional
      expected.tsv: name, category, SAT/UNSAT) or a puzzle file, which `sudoku2cnf --split`
      turns into one CNF per puzzle. Writes OUT/instances/ (uncompressed CNFs),
      OUT/runs.mk (one make target per (solver, instance) run, so `make -j N` spreads them
      over cores) and OUT/jobs.txt (the same runs, one command per line, for GNU
      parallel: scripts/compare-parallel). --satsolve-flags (default $SATSOLVE_FLAGS) are
      appended to satsolve's command line in every run; changing them, the solvers or the
      timeout reruns everything.
  compare.py run     --solver NAME --cnf FILE --instance NAME --category C --expected E
                     --timeout S --output FILE.csv [--satsolve-flags ARGS]
      One run: the answer is checked (against E when known; every SAT model against the
      clauses) and written as a one-row CSV (wall and CPU seconds, peak memory),
      atomically (temporary name, then rename).
  compare.py collect --out OUT [--reference NAME] [--plot TITLE]
      Joins the rows into OUT/results.csv and writes OUT/summary.md: per category the
      solved counts, PAR-2 and the geometric mean of time ratios to the reference solver
      (the first one by default); --plot draws the cactus plot OUT/cactus.svg and .png.
      Without an expected answer, a checked SAT model refutes every UNSAT claim on the
      same instance.
  compare.py slurm   --out OUT [--reference NAME] [--plot TITLE] [--slurm-flags ARGS]
                     [--tasks N]
      The planned runs that have no result yet, as one SLURM array job of N tasks (default
      one per run, at most 1,000), each task running a contiguous slice of the runs with
      --cpus-per-task=1 on cores of its own and a --time derived from the timeout, and
      appending each result to a file of its own as the run ends; then a job dependent on
      the whole array (afterany) that runs `collect`, which this command waits for. A
      run whose task SLURM ended (scancel, time or memory limit, node failure) is an
      UNKNOWN row naming the task's state (sacct, else scontrol), and the next `compare.py
      slurm` submits exactly the runs still without a result. --slurm-flags (partition,
      account, qos, ...) go to both sbatch calls.
  compare.py task    --submission DIR --task K
      One array task of a submission (what the SLURM job script runs).

Every row has a status of SAT, UNSAT or UNKNOWN (no answer: the solver gave up, hit the
timeout, failed, or its task was ended by SLURM; `note` says which) and whether the
answer checked. Exit codes: 0 done; 1 a wrong answer; 2 bad usage or input; 3 SLURM
cannot be used (no sbatch on PATH, the controller unreachable); 4 runs without a result
(their SLURM task was ended: the files are written, a rerun fills them in).

Solvers are run, measured and their answers read and checked by scripts/benchlib.py,
shared with every other script; so is the SLURM submission.
"""

import argparse
import csv
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from benchlib import (INCOMPLETE, KILL_AFTER, RELEASE, ROOT, SCHEDULER_UNAVAILABLE,
                      SchedulerError, add_satsolve_flags, array_task_states, geomean, queued,
                      read_cnf, read_csv, run_solver, satsolve_flags, sbatch, slurm_available,
                      slurm_time, solver_table, unpack, verdict, write_csv)

FIELDS = ["instance", "category", "expected", "solver", "status", "correct", "seconds",
          "cpu_seconds", "peak_kib", "note"]
# The files whose contents make a plan: results of another plan are not reused.
CONFIG_FILES = ("solvers.txt", "timeout.txt", "set.txt", "satsolve-flags.txt")
MAX_TASKS = 1000


def load_plan(out):
    """(instances, solvers, timeout) of the plan in OUT."""
    if not (out / "instances.tsv").exists():
        fail(f"{out}: no plan here (run `compare.py plan` or `make compare` first)")
    with open(out / "instances.tsv") as handle:
        rows = [line.rstrip("\n").split("\t") for line in handle][1:]
    solvers = (out / "solvers.txt").read_text().split()
    timeout = float((out / "timeout.txt").read_text())
    return [dict(name=r[0], cnf=r[1], category=r[2], expected=r[3]) for r in rows if r], solvers, timeout


def plan_config(out):
    """The plan's defining files, as one dict (compared to tell a submission's plan)."""
    return {name: (out / name).read_text() if (out / name).exists() else ""
            for name in CONFIG_FILES}


def fail(message, code=2):
    print(f"compare: {message}", file=sys.stderr)
    sys.exit(code)


def plan(args):
    args.satsolve = args.satsolve or str(Path(args.bin) / "satsolve")
    args.sudoku2cnf = args.sudoku2cnf or str(Path(args.bin) / "sudoku2cnf")
    source = Path(args.set)
    out = Path(args.out)
    instances_dir = out / "instances"
    if instances_dir.exists():
        shutil.rmtree(instances_dir)
    instances_dir.mkdir(parents=True)
    rows = []
    if source.is_dir():
        expected = {}
        if (source / "expected.tsv").exists():
            with open(source / "expected.tsv") as handle:
                for line in list(handle)[1:]:
                    fields = line.rstrip("\n").split("\t")
                    if len(fields) >= 3:
                        expected[fields[0].removesuffix(".gz")] = (fields[1], fields[2])
        files = sorted(p for p in source.iterdir()
                       if p.is_file() and p.name.endswith((".cnf", ".cnf.gz", ".cnf.xz", ".cnf.bz2")))
        for path in files:
            name = path.name.removesuffix(".gz").removesuffix(".xz").removesuffix(".bz2")
            category, answer = expected.get(name, (name.split("_")[0] if "_" in name else "all", ""))
            unpack(path, instances_dir / name)
            rows.append((name, str(instances_dir / name), category, answer))
    elif source.is_file():
        sudoku2cnf = args.sudoku2cnf
        result = subprocess.run([sudoku2cnf, "--split", str(instances_dir), str(source)],
                                stderr=subprocess.PIPE, text=True)
        if result.returncode != 0:
            fail(f"sudoku2cnf --split {source}: {result.stderr.strip()}")
        for path in sorted(instances_dir.glob("*.cnf")):
            rows.append((path.name, str(path), source.stem, ""))
    else:
        fail(f"{source}: no such file or directory")
    if not rows:
        fail(f"{source}: no .cnf, .cnf.gz, .cnf.xz, .cnf.bz2 or puzzles found")

    solvers = args.solvers.split()
    known = solver_table(Path("/nonexistent"), args.satsolve)
    for solver in solvers:
        if solver not in known:
            fail(f"unknown solver {solver} (known: {', '.join(known)})")
        if not known[solver].installed():
            fail(f"solver {solver} is not installed")
    flags = satsolve_flags(args.satsolve_flags)

    with open(out / "instances.tsv", "w") as handle:
        handle.write("name\tcnf\tcategory\texpected\n")
        for row in rows:
            handle.write("\t".join(row) + "\n")
    # Rewritten only when they change, so a repeated `make compare` reruns nothing that
    # is still valid, and a changed timeout or solver list reruns everything.
    config = {"solvers.txt": " ".join(solvers) + "\n", "timeout.txt": f"{args.timeout:g}\n",
              "set.txt": str(source) + "\n", "satsolve-flags.txt": shlex.join(flags) + "\n"}
    changed = False
    for name, text in config.items():
        path = out / name
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
            changed = True
    if changed or not (out / "plan.stamp").exists():
        (out / "plan.stamp").write_text("")
    (out / "satsolve.txt").write_text(str(Path(args.satsolve).resolve()) + "\n")
    (out / "bin.txt").write_text(str(Path(args.bin).resolve()) + "\n")

    script = Path(__file__).resolve()
    jobs, targets, rules = [], [], []
    for name, cnf, category, answer in rows:  # instance-major: drifts hit every solver alike
        for solver in solvers:
            target = out / "runs" / solver / (name + ".csv")
            command = (f"python3 {sh(script)} run --solver {solver} --cnf {sh(cnf)} "
                       f"--instance {sh(name)} --category {sh(category)} --expected '{answer}' "
                       f"--timeout {args.timeout:g} --satsolve {sh(args.satsolve)} --output {sh(target)}")
            if flags and solver == "satsolve":
                command += f" --satsolve-flags {sh(shlex.join(flags))}"
            jobs.append(command)
            targets.append(mk(target))
            rules.append(f"{mk(target)}: {mk(out / 'plan.stamp')}\n\t@{command.replace('$', '$$')}\n")
    (out / "jobs.txt").write_text("\n".join(jobs) + "\n")
    (out / "runs.mk").write_text(
        "# Generated by scripts/compare.py plan: one target per (solver, instance) run.\n"
        f"RUNS := {' '.join(targets)}\n\n.PHONY: all\nall: $(RUNS)\n\n" + "\n".join(rules))
    print(f"compare: {len(rows)} instances x {len(solvers)} solvers = {len(jobs)} runs, "
          f"timeout {args.timeout:g} s", file=sys.stderr)


def sh(text):
    """Quotes for the shell (make recipes and GNU parallel both run lines through sh)."""
    text = str(text)
    return text if re.fullmatch(r"[\w./+-]+", text) else "'" + text.replace("'", "'\\''") + "'"


def mk(path):
    """A path as a make target; spaces and colons would need escapes make does not have."""
    text = str(path)
    if re.search(r"[\s:#$%]", text):
        fail(f"{text}: make targets cannot hold spaces, ':', '#', '$' or '%'")
    return text


def result_row(instance, solver, result):
    """The results.csv row of one run (`instance` a plan row, `result` a SolverRun)."""
    clauses = read_cnf(instance["cnf"]) if result.status == "SAT" else []
    correct = verdict(result.status, result.lits, instance["expected"], clauses)
    status, note = result.status, ""
    if status == "TIMEOUT":
        status, note = "UNKNOWN", "timeout"
    elif status == "UNKNOWN":
        note = "gave up" if result.code in (0, 10, 20) else f"exit {result.code}"
    return dict(instance=instance["name"], category=instance["category"],
                expected=instance["expected"], solver=solver, status=status,
                correct="" if correct is None else int(correct),
                seconds=f"{result.seconds:.4f}", cpu_seconds=f"{result.cpu:.2f}",
                peak_kib=result.peak_kib, note=note)


def run(args):
    scratch = Path(tempfile.mkdtemp(prefix="sudosat-compare-"))
    try:
        solvers = solver_table(scratch, args.satsolve, satsolve_flags(args.satsolve_flags))
        result = run_solver(solvers[args.solver], Path(args.cnf), args.timeout)
        instance = dict(name=args.instance, cnf=args.cnf, category=args.category,
                        expected=args.expected)
        row = result_row(instance, args.solver, result)
        write_csv(args.output, [row], FIELDS)
        print(f"{args.instance:45} {args.solver:9} {row['status']:8} {result.seconds:8.3f}s",
              file=sys.stderr)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def submissions(out):
    """The SLURM submissions of OUT made under its current plan, oldest first."""
    config = plan_config(out)
    found = []
    for folder in sorted((out / "slurm").glob("sub-*")):
        try:
            info = json.loads((folder / "config.json").read_text())
        except (OSError, ValueError):
            continue
        if info.get("plan") == config:
            found.append((folder, info))
    return found


def pair_key(row):
    return (row["instance"], row["solver"])


def existing_results(out, instances, solvers):
    """The rows that exist for the plan: local runs (made after the plan) and the rows of
    every SLURM task of a submission under the same plan; by (instance, solver)."""
    rows = {}
    stamp = (out / "plan.stamp").stat().st_mtime if (out / "plan.stamp").exists() else 0
    for instance in instances:
        for solver in solvers:
            path = out / "runs" / solver / (instance["name"] + ".csv")
            if path.exists() and path.stat().st_mtime >= stamp:
                for row in read_csv(path):
                    rows[pair_key(row)] = row
    planned = {(i["name"], s) for i in instances for s in solvers}
    for folder, _ in submissions(out):
        for path in sorted((folder / "results").glob("task-*.csv")):
            for row in read_task_rows(path):
                if pair_key(row) in planned:
                    rows[pair_key(row)] = row
    return rows


def read_task_rows(path):
    """The complete rows of a task's result file (a task ended mid-write leaves at most
    a cut last line, which is dropped)."""
    text = path.read_text(errors="replace")
    if not text.endswith("\n"):
        text = text[:text.rfind("\n") + 1]
    lines = text.splitlines()
    if not lines or lines[0].split(",") != FIELDS:
        return []
    return [row for row in csv.DictReader(lines) if None not in row.values()
            and len(row) == len(FIELDS)]


def lost_runs(out, missing, timeout):
    """UNKNOWN rows for the runs without a result whose SLURM task ended, each naming
    the task and its state; and the runs no submission covered."""
    rows, uncovered, states = [], [], {}
    covered = {}
    for folder, info in submissions(out):
        for line in (folder / "pairs.tsv").read_text().splitlines()[1:]:
            task, instance, solver = line.split("\t")
            covered[(instance, solver)] = (folder, info, int(task))
    for instance, solver in missing:
        if (instance["name"], solver) not in covered:
            uncovered.append((instance, solver))
            continue
        folder, info, task = covered[(instance["name"], solver)]
        job = info.get("array_job")
        if job not in states:
            try:
                states[job] = array_task_states(job)[0] if job else {}
            except (OSError, subprocess.SubprocessError):
                states[job] = {}
        state = states[job].get(task, "no record (cancelled before it started, or expired)")
        if (folder / "results" / f"task-{task}.done").exists():
            state = f"{state}, the run wrote no result"
        rows.append(dict(instance=instance["name"], category=instance["category"],
                         expected=instance["expected"], solver=solver, status="UNKNOWN",
                         correct="", seconds=f"{timeout:.4f}", cpu_seconds="", peak_kib="",
                         note=f"slurm job {job} task {task}: {state}"))
    return rows, uncovered


def collect(args):
    out = Path(args.out)
    instances, solvers, timeout = load_plan(out)
    reference = args.reference or solvers[0]
    if reference not in solvers:
        fail(f"reference solver {reference} is not among {' '.join(solvers)}")
    have = existing_results(out, instances, solvers)
    missing = [(i, s) for i in instances for s in solvers if (i["name"], s) not in have]
    lost, uncovered = lost_runs(out, missing, timeout)
    if uncovered:
        fail(f"{len(uncovered)} runs have no result; run `make compare` (or the jobs) first",
             INCOMPLETE)
    lost_by_pair = {pair_key(row): row for row in lost}
    # Rows in plan order: instance by instance, the solvers in their order.
    results = [dict(have.get((i["name"], s)) or lost_by_pair[(i["name"], s)])
               for i in instances for s in solvers]
    for row in results:
        row.setdefault("note", "")  # rows written before the note column
        if row["status"] == "TIMEOUT":
            row["status"], row["note"] = "UNKNOWN", "timeout"

    # Without expected answers, the solvers check each other: a verified model refutes UNSAT.
    wrong = []
    by_instance = {}
    for row in results:
        by_instance.setdefault(row["instance"], []).append(row)
    for name, rows in by_instance.items():
        has_model = any(r["status"] == "SAT" and r["correct"] == "1" for r in rows)
        for row in rows:
            if row["status"] == "UNSAT" and has_model:
                row["correct"] = "0"
            if row["correct"] == "0":
                wrong.append(f"{row['solver']} on {name}: {row['status']}")

    write_csv(out / "results.csv", results, FIELDS)
    flags_file = out / "satsolve-flags.txt"
    flags = flags_file.read_text().strip() if flags_file.exists() else ""
    text = summary(results, solvers, reference, timeout, (out / "set.txt").read_text().strip(),
                   flags)
    if wrong:
        text += "\nWRONG ANSWERS:\n\n" + "".join(f"- {w}\n" for w in wrong)
    if lost:
        text += (f"\nRUNS WITHOUT A RESULT ({len(lost)}, counted as UNKNOWN; the next "
                 "`make compare SCHEDULER=slurm` reruns them):\n\n"
                 + "".join(f"- {r['solver']} on {r['instance']}: {r['note']}\n" for r in lost))
    (out / "summary.md").write_text(text)
    print(text)
    if args.plot:
        bin_dir = (out / "bin.txt").read_text().strip() if (out / "bin.txt").exists() \
            else str(RELEASE)
        plot = subprocess.run([f"{bin_dir}/cactusplot", str(out / "results.csv"),
                               "--svg", str(out / "cactus.svg"), "--png", str(out / "cactus.png"),
                               "--title", args.plot])
        if plot.returncode != 0:
            fail(f"cactusplot exited {plot.returncode}", plot.returncode)
    for line in wrong:
        print(f"compare: WRONG: {line}", file=sys.stderr)
    if lost:
        print(f"compare: {len(lost)} runs have no result, their SLURM tasks ended: "
              + "; ".join(sorted({r["note"] for r in lost})), file=sys.stderr)
    return 1 if wrong else INCOMPLETE if lost else 0


def slurm(args):
    """Submits the runs still without a result and waits for the merge."""
    out = Path(args.out).resolve()
    instances, solvers, timeout = load_plan(out)
    try:
        slurm_available()
    except SchedulerError as error:
        fail(str(error), SCHEDULER_UNAVAILABLE)
    for folder, info in submissions(out):
        if info.get("array_job") and queued(info["array_job"]):
            fail(f"{folder.name} (job {info['array_job']}) is still queued or running; wait "
                 f"for it or `scancel {info['array_job']}`")
    have = existing_results(out, instances, solvers)
    pending = [(i, s) for i in instances for s in solvers if (i["name"], s) not in have]
    collect_args = argparse.Namespace(out=str(out), reference=args.reference, plot=args.plot)
    if not pending:
        print("compare: every run has a result; collecting", file=sys.stderr)
        return collect(collect_args)

    tasks = max(1, min(args.tasks or len(pending), len(pending), MAX_TASKS))
    number = len(list((out / "slurm").glob("sub-*"))) + 1
    folder = out / "slurm" / f"sub-{number:03d}"
    (folder / "results").mkdir(parents=True)
    (folder / "logs").mkdir()
    # Contiguous slices in plan order: a task runs the solvers in turns on its instances.
    slices = [pending[len(pending) * k // tasks:len(pending) * (k + 1) // tasks]
              for k in range(tasks)]
    lines = ["task\tinstance\tsolver"]
    for task, runs in enumerate(slices):
        lines += [f"{task}\t{instance['name']}\t{solver}" for instance, solver in runs]
    (folder / "pairs.tsv").write_text("\n".join(lines) + "\n")
    satsolve = (out / "satsolve.txt").read_text().strip() if (out / "satsolve.txt").exists() \
        else str(RELEASE / "satsolve")
    info = dict(plan=plan_config(out), out=str(out), satsolve=satsolve, timeout=timeout,
                tasks=tasks)
    (folder / "config.json").write_text(json.dumps(info, indent=1) + "\n")
    script = Path(__file__).resolve()
    task_script = folder / "task.sh"
    task_script.write_text("#!/bin/bash\n# One array task of a compare.py submission.\n"
                           f"exec python3 {sh(script)} task --submission {sh(folder)} "
                           "--task \"$SLURM_ARRAY_TASK_ID\"\n")
    merge = [f"python3 {sh(script)} collect --out {sh(out)}"]
    if args.reference:
        merge.append(f"--reference {sh(args.reference)}")
    if args.plot:
        merge.append(f"--plot {sh(args.plot)}")
    merge_script = folder / "merge.sh"
    merge_script.write_text("#!/bin/bash\n# Merges the results of every task (scripts/compare.py).\n"
                            "exec " + " ".join(merge) + "\n")
    flags = shlex.split(args.slurm_flags or "")
    longest = max(len(runs) for runs in slices)
    per_run = timeout + KILL_AFTER + 30  # the run, its kill, python and the answer check
    common = [f"--chdir={os.getcwd()}", *flags]
    try:
        array = sbatch(task_script, [
            f"--array=0-{tasks - 1}", "--job-name=sudosat-compare", "--ntasks=1",
            "--cpus-per-task=1", "--hint=nomultithread", f"--time={slurm_time(longest * per_run)}",
            f"--output={folder / 'logs' / '%A_%a.out'}", *common])
        info["array_job"] = array
        (folder / "config.json").write_text(json.dumps(info, indent=1) + "\n")
        print(f"compare: {len(pending)} run{'s' * (len(pending) != 1)} as SLURM array job "
              f"{array} ({tasks} task{'s' * (tasks != 1)}, {folder.relative_to(out)}); waiting "
              "for the merge", file=sys.stderr)
        merge_job, code = sbatch(merge_script, [
            f"--dependency=afterany:{array}", "--kill-on-invalid-dep=no",
            "--job-name=sudosat-compare-merge", "--ntasks=1", "--cpus-per-task=1",
            f"--time={slurm_time(600 + 10 * len(instances) * len(solvers) / 1000)}",
            f"--output={folder / 'logs' / 'merge-%j.out'}",
            f"--error={folder / 'logs' / 'merge-%j.err'}", *common], wait=True)
    except SchedulerError as error:
        fail(str(error), SCHEDULER_UNAVAILABLE)
    info["merge_job"] = merge_job
    (folder / "config.json").write_text(json.dumps(info, indent=1) + "\n")
    # What the merge printed: the summary on stdout, its findings on stderr.
    for suffix, stream in (("out", sys.stdout), ("err", sys.stderr)):
        log = folder / "logs" / f"merge-{merge_job}.{suffix}"
        if log.exists():
            stream.write(log.read_text(errors="replace"))
    return code


def task(args):
    """Runs the slice of one array task, appending each row to the task's own file."""
    folder = Path(args.submission)
    info = json.loads((folder / "config.json").read_text())
    out = Path(info["out"])
    instances = {i["name"]: i for i in load_plan(out)[0]}
    runs = [line.split("\t") for line in (folder / "pairs.tsv").read_text().splitlines()[1:]]
    mine = [(instances[name], solver) for task, name, solver in runs if int(task) == args.task]
    result_file = folder / "results" / f"task-{args.task}.csv"
    done = {pair_key(row) for row in read_task_rows(result_file)} if result_file.exists() else set()
    flags = shlex.split(info["plan"]["satsolve-flags.txt"])
    scratch = Path(tempfile.mkdtemp(prefix="sudosat-compare-"))
    try:
        table = solver_table(scratch, info["satsolve"], flags)
        with open(result_file, "a", newline="") as handle:
            if handle.tell() == 0:
                handle.write(",".join(FIELDS) + "\n")
            for instance, solver in mine:
                if (instance["name"], solver) in done:
                    continue  # a requeued task keeps what it had
                result = run_solver(table[solver], Path(instance["cnf"]), info["timeout"])
                row = result_row(instance, solver, result)
                csv.DictWriter(handle, fieldnames=FIELDS).writerow(row)
                handle.flush()
                os.fsync(handle.fileno())
                print(f"{instance['name']:45} {solver:9} {row['status']:8} "
                      f"{result.seconds:8.3f}s", file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    (folder / "results" / f"task-{args.task}.done").write_text("")
    return 0


def summary(results, solvers, reference, timeout, source, flags=""):
    """Markdown: per category and solver, solved counts, PAR-2 and time ratios."""
    time = {}
    for row in results:
        solved = row["correct"] == "1"
        time[(row["instance"], row["solver"])] = (float(row["seconds"]), solved)
    category_of = {row["instance"]: row["category"] for row in results}
    categories = sorted(set(category_of.values()))
    lines = [f"Set `{source}`, timeout {timeout:g} s. Solved: the answer is checked (against "
             "expected.tsv where known, every model clause by clause). PAR-2: mean time with "
             "an unsolved run counted as twice the timeout. Ratio: geometric mean over the "
             f"instances both solved of time / {reference}'s time (below 1 is faster)."
             + (f" satsolve ran with `{flags}`." if flags else ""), "",
             f"| category | solver | solved | PAR-2 (s) | time ratio to {reference} |",
             "|---|---|---|---|---|"]
    for category in categories + ["all"]:
        names = [n for n, c in category_of.items() if category in ("all", c)]
        for solver in solvers:
            solved, par2, ratios = 0, [], []
            for name in names:
                seconds, ok = time.get((name, solver), (timeout, False))
                solved += ok
                par2.append(seconds if ok else 2 * timeout)
                base, base_ok = time.get((name, reference), (timeout, False))
                if ok and base_ok:
                    ratios.append(max(seconds, 1e-3) / max(base, 1e-3))
            lines.append(f"| {category} | {solver} | {solved}/{len(names)} | "
                         f"{sum(par2) / len(par2):.2f} | {geomean(ratios):.2f} |")
    lines += ["", "| instance | " + " | ".join(solvers) + " |", "|---|" + "---|" * len(solvers)]
    for name in sorted(category_of, key=lambda n: (category_of[n], n)):
        cells = []
        for solver in solvers:
            seconds, ok = time.get((name, solver), (timeout, False))
            cells.append(f"{seconds:.3f}" if ok else "-")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("plan")
    p.add_argument("--set", required=True)
    p.add_argument("--solvers", default="satsolve minisat cadical splr")
    p.add_argument("--timeout", type=float, default=60.0)
    p.add_argument("--out", default=str(ROOT / "scratch" / "compare"))
    p.add_argument("--bin", default=str(RELEASE),
                   help="folder of our binaries (satsolve, sudoku2cnf, cactusplot)")
    p.add_argument("--satsolve", default="", help="satsolve binary (default BIN/satsolve)")
    p.add_argument("--sudoku2cnf", default="", help="sudoku2cnf binary (default BIN/sudoku2cnf)")
    add_satsolve_flags(p)
    r = commands.add_parser("run")
    for name in ("--solver", "--cnf", "--instance", "--category", "--output"):
        r.add_argument(name, required=True)
    r.add_argument("--expected", default="")
    r.add_argument("--timeout", type=float, default=60.0)
    r.add_argument("--satsolve", default=str(ROOT / "target" / "release" / "satsolve"))
    r.add_argument("--satsolve-flags", default="")
    c = commands.add_parser("collect")
    c.add_argument("--out", default=str(ROOT / "scratch" / "compare"))
    c.add_argument("--reference", default="")
    c.add_argument("--plot", default="", help="draw the cactus plot with this title")
    m = commands.add_parser("slurm")
    m.add_argument("--out", default=str(ROOT / "scratch" / "compare"))
    m.add_argument("--reference", default="")
    m.add_argument("--plot", default="", help="draw the cactus plot with this title")
    m.add_argument("--slurm-flags", default="", help="more sbatch options, e.g. '--partition=p'")
    m.add_argument("--tasks", type=int, default=0, help="array tasks (default: one per run)")
    t = commands.add_parser("task")
    t.add_argument("--submission", required=True)
    t.add_argument("--task", type=int, required=True)
    args = parser.parse_args()
    commands = {"plan": plan, "run": run, "collect": collect, "slurm": slurm, "task": task}
    return commands[args.command](args) or 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        # Submitted jobs go on; the next `compare.py slurm` collects what they leave.
        fail("interrupted (SLURM jobs already submitted go on: squeue; run again to collect)",
             130)
