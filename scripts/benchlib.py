"""The benchmark driver library: what every script under scripts/ needs to run solvers
and pipelines and to trust what they print, written once.

- Finding things: the repository (ROOT, RELEASE), the shared folder beside the checkout
  (`shared_path`, as the Rust tests find it), and the instances of a suite (`unpack`).
- Running: `measure` runs one command (or a shell pipeline, `measure_shell`) with an
  optional timeout and returns its exit code, wall and CPU seconds and peak memory.
  CPU time and peak resident memory come from GNU time (/usr/bin/time, Debian package
  `time`) wrapped around GNU `timeout`, so they are the command's own (its process and
  every child it waited for), not the Python process's, and a run stopped at the timeout
  still reports them. (Without GNU time a run still works, its peak memory unknown.)
- Solvers: `solver_table` says how to call each solver (satsolve, an earlier satsolve
  build, MiniSat, CaDiCaL, splr, CryptoMiniSat, PicoSAT; `any_solver` for another one
  printing a competition answer) and where its answer is (MiniSat and splr write a
  result file); `run_solver` runs one on a CNF and reads its answer.
  Extra satsolve options (`--satsolve-flags`, `make ... SATSOLVE_FLAGS=...`) are an
  opaque list appended to satsolve's command line, so an experiment with the solver's
  options (`--set NAME=VALUE`) is a command line.
- Checking: `read_cnf` reads the clauses itself and `model_ok` checks a model clause by
  clause, sharing no code with any solver; `verdict` judges an answer against the
  expected one; `check_square` checks a square Sudoku grid and `gridcheck` runs our
  checker on a file of grids.
- Writing: `write_csv` (atomically), `run_header` (command, commit, machine, load),
  `geomean`, `median`.
"""

import bz2
import csv
import gzip
import lzma
import math
import os
import platform
import re
import resource
import shlex
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RELEASE = ROOT / "target" / "release"
GNU_TIME = "/usr/bin/time"
# How long a solver may take to end after SIGTERM at its timeout before SIGKILL.
KILL_AFTER = 5


def shared_path(relative=""):
    """`<shared>/<relative>` for this checkout: $SUDOSAT_SHARED when set, else the first
    folder named `shared` above the repository that holds `relative` (../shared from a
    checkout, ../../shared from a worktree). Falls back to ../shared/<relative> (which
    may not exist) so that messages name the usual place."""
    override = os.environ.get("SUDOSAT_SHARED")
    if override:
        return Path(override) / relative
    for folder in (ROOT, *ROOT.parents):
        candidate = folder / "shared" / relative
        if candidate.exists():
            return candidate
    return ROOT.parent / "shared" / relative


def find_shared():
    """The shared folder (the one holding puzzles/), as a string."""
    return str(shared_path("puzzles").parent)


SUITE = shared_path("bench/cnf")


# --- Running ---------------------------------------------------------------------------


@dataclass
class Measured:
    """What one run did: exit code (None when stopped at the timeout or killed),
    wall-clock and CPU (user + system) seconds, peak resident memory in KiB, and its
    stdout when captured."""
    code: object
    wall: float
    cpu: float
    peak_kib: int
    stdout: bytes = b""
    timed_out: bool = False


def measure(argv, timeout=None, stdin=None, stdout=None, stderr=subprocess.DEVNULL,
            cwd=None, env=None, cpu_limit=None):
    """Runs `argv` under GNU time (and GNU timeout when `timeout` seconds are given).

    `stdin` is a path, bytes or None (no input); `stdout` is a path to write to or None
    to capture it (returned in Measured.stdout); `stderr` a path, a file object or
    subprocess.DEVNULL. At the timeout (wall clock) the command's process group gets
    SIGTERM, then SIGKILL after KILL_AFTER seconds; the run counts as timed out (code
    None). `cpu_limit` seconds set RLIMIT_CPU (prlimit): the kernel stops the command
    with SIGXCPU there, which is also a timeout, and means the same on a busy machine
    as on a quiet one."""
    with tempfile.NamedTemporaryFile(prefix="benchlib-time-", delete=False) as handle:
        time_file = Path(handle.name)
    # Without GNU time (a user tool such as sudoku-solve on a minimal system), the CPU
    # seconds come from this process's children's usage and the peak is unknown (0).
    gnu_time = os.access(GNU_TIME, os.X_OK)
    wrapped = [GNU_TIME, "-f", "%U %S %M", "-o", str(time_file)] if gnu_time else []
    cpu_before = children_cpu()
    if timeout is not None:
        wrapped += ["timeout", "-k", str(KILL_AFTER), f"{timeout:g}"]
    if cpu_limit is not None:
        wrapped += ["prlimit", f"--cpu={int(cpu_limit)}:{int(cpu_limit) + KILL_AFTER}"]
    wrapped += [str(a) for a in argv]
    opened = []

    def open_for(target, mode):
        if isinstance(target, (str, Path)):
            opened.append(open(target, mode))
            return opened[-1]
        return target

    input_bytes = stdin if isinstance(stdin, (bytes, bytearray)) else None
    try:
        stdin_handle = (subprocess.PIPE if input_bytes is not None
                        else open_for(stdin, "rb") if stdin is not None else subprocess.DEVNULL)
        stdout_handle = open_for(stdout, "wb") if stdout is not None else subprocess.PIPE
        stderr_handle = open_for(stderr, "wb")
        start = time.perf_counter()
        process = subprocess.Popen(wrapped, stdin=stdin_handle, stdout=stdout_handle,
                                   stderr=stderr_handle, cwd=cwd, env=env,
                                   start_new_session=True)
        # A last resort if even SIGKILL from `timeout` did not end the run.
        guard = None
        if timeout is not None:
            def kill_group():
                try:
                    os.killpg(process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            guard = threading.Timer(timeout + KILL_AFTER + 30, kill_group)
            guard.start()
        captured, _ = process.communicate(input_bytes)
        wall = time.perf_counter() - start
        if guard:
            guard.cancel()
    finally:
        for handle in opened:
            handle.close()
    code = process.returncode
    user = system = 0.0
    peak = 0
    if not gnu_time:
        user = children_cpu() - cpu_before
    try:
        # GNU time writes "Command exited with non-zero status N" first when N != 0.
        fields = time_file.read_text().split("\n")
        numbers = [line for line in fields if re.fullmatch(r"[\d.]+ [\d.]+ \d+", line.strip())]
        user, system, peak = numbers[-1].split()
        user, system, peak = float(user), float(system), int(peak)
    except (OSError, IndexError, ValueError):
        pass
    finally:
        time_file.unlink(missing_ok=True)
    # 124: `timeout` stopped the command; 137 (or a negative code): killed by SIGKILL;
    # 152: SIGXCPU at the CPU limit.
    timed_out = ((timeout is not None and code in (124, 137, -9))
                 or (cpu_limit is not None and code in (152, 137, -9)))
    return Measured(code=None if timed_out else code, wall=wall, cpu=user + system,
                    peak_kib=peak, stdout=captured or b"", timed_out=timed_out)


def measure_shell(command, stdout=None, timeout=None, stderr=subprocess.DEVNULL):
    """`measure` of a bash command line with pipefail: the CPU seconds are those of
    every process of the pipeline together, the peak that of the largest one."""
    return measure(["bash", "-o", "pipefail", "-c", command], timeout=timeout,
                   stdout=stdout, stderr=stderr)


def children_cpu():
    """User + system CPU seconds of every finished child of this process so far; for a
    pipeline started by hand, whose processes `measure` cannot wrap."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


# --- Solvers ---------------------------------------------------------------------------


@dataclass
class Solver:
    """How to call one solver: `argv(cnf, extra)` gives the command line, with `extra`
    arguments before the file, and the result file it writes its answer to (None: the
    answer is on stdout)."""
    name: str
    program: object  # path or name on PATH; None when not installed
    argv_of: object = field(repr=False)

    def installed(self):
        """Whether the program exists (a path, or a name on PATH)."""
        return self.program is not None and (
            os.access(str(self.program), os.X_OK) or shutil.which(str(self.program)) is not None)

    def argv(self, cnf, extra=()):
        return self.argv_of(Path(cnf), list(extra))


def any_solver(program):
    """A solver the table does not know, called as `program [extra] CNF`, its answer a
    competition answer on stdout."""
    return Solver(Path(str(program)).name, program,
                  lambda cnf, extra: ([str(program), *extra, str(cnf)], None))


def satsolve_flags(text):
    """The extra satsolve arguments of a `--satsolve-flags` string (shell words)."""
    return shlex.split(text or "")


def add_satsolve_flags(parser):
    """Adds `--satsolve-flags "ARGS"`: extra arguments appended to every satsolve command
    line of the run (e.g. "--set NAME=VALUE"), from `make ... SATSOLVE_FLAGS=...`."""
    parser.add_argument("--satsolve-flags", default=os.environ.get("SATSOLVE_FLAGS", ""),
                        help="extra arguments appended to satsolve's command line, e.g. "
                             "'--set NAME=VALUE' (default: $SATSOLVE_FLAGS)")


def solver_table(scratch, satsolve=None, flags=(), baseline=None):
    """Every solver the scripts know, by name. `scratch` is a folder for result files,
    `satsolve` our binary (default target/release/satsolve), `flags` extra arguments
    appended to its command line, `baseline` an earlier satsolve build (as
    `satsolve-base`, without the flags: it may predate them)."""
    scratch = Path(scratch)
    satsolve = str(satsolve or RELEASE / "satsolve")
    flags = list(flags)
    splr = shutil.which("splr") or str(Path.home() / ".cargo" / "bin" / "splr")
    minisat_res, splr_res = scratch / "minisat.res", scratch / "splr.res"
    table = [
        Solver("satsolve", satsolve,
               lambda cnf, extra: ([satsolve, *extra, str(cnf)] + flags, None)),
        Solver("minisat", shutil.which("minisat"),
               lambda cnf, extra: (["minisat", "-verb=0", *extra, str(cnf), str(minisat_res)],
                                   minisat_res)),
        Solver("cadical", shutil.which("cadical"),
               lambda cnf, extra: (["cadical", "-q", *extra, str(cnf)], None)),
        Solver("splr", splr if os.path.exists(splr) else None,
               lambda cnf, extra: ([splr, "-q", "-o", str(scratch), "-r", "splr.res", *extra,
                                    str(cnf)], splr_res)),
        Solver("cryptominisat5", shutil.which("cryptominisat5"),
               lambda cnf, extra: (["cryptominisat5", "--verb", "0", *extra, str(cnf)], None)),
        Solver("picosat", shutil.which("picosat"),
               lambda cnf, extra: (["picosat", *extra, str(cnf)], None)),
    ]
    if baseline:
        base = os.path.abspath(baseline)
        table.append(Solver("satsolve-base", base,
                            lambda cnf, extra: ([base, *extra, str(cnf)], None)))
    return {solver.name: solver for solver in table}


def parse_answer(text):
    """(status, set of true-or-false literals) of an answer in any common form:
    competition `s`/`v` lines (CaDiCaL's wrapped `v` lines, splr's `s SATISFIABLE: file`),
    MiniSat's result file (SAT/UNSAT/INDET, then literals) or bare literals. Status is
    SAT, UNSAT, UNKNOWN or None when the text names none."""
    status, lits = None, set()
    for line in text.splitlines():
        words = line.strip().split()
        if not words:
            continue
        head = words[0]
        if head == "s" and len(words) > 1:
            word = words[1].rstrip(":")
            status = {"SATISFIABLE": "SAT", "UNSATISFIABLE": "UNSAT"}.get(word, "UNKNOWN")
        elif head in ("SAT", "UNSAT", "INDET", "INDETERMINATE"):
            status = {"INDET": "UNKNOWN", "INDETERMINATE": "UNKNOWN"}.get(head, head)
        elif head == "v" or re.fullmatch(r"-?\d+", head):
            for token in words[1:] if head == "v" else words:
                if re.fullmatch(r"-?\d+", token) and token != "0":
                    lits.add(int(token))
    return status, lits


@dataclass
class SolverRun:
    """One solver run on one CNF: status SAT, UNSAT, UNKNOWN or TIMEOUT, the literals of
    its model, the measurements, and the answer text as the solver wrote it (its result
    file or stdout: what a pipeline hands on to model2grid)."""
    status: str
    lits: set
    seconds: float
    cpu: float
    peak_kib: int
    code: object
    text: str = ""


def run_solver(solver, cnf, timeout=None, extra=(), cpu_limit=None):
    """Runs `solver` (a Solver) on `cnf` with a timeout (None: none), `extra` arguments
    before the file, and reads its answer, from its result file when it writes one, else
    from its stdout. With `cpu_limit` the run is also stopped at that many CPU seconds
    (see `measure`); a solver that catches SIGXCPU and ends without an answer (MiniSat,
    CaDiCaL) counts as timed out then too."""
    argv, result_file = solver.argv(cnf, extra)
    if result_file and result_file.exists():
        result_file.unlink()
    run = measure(argv, timeout=timeout, cpu_limit=cpu_limit)
    if run.timed_out:
        return SolverRun("TIMEOUT", set(), run.wall, run.cpu, run.peak_kib, None, "")
    text = run.stdout.decode(errors="replace")
    if result_file and result_file.exists():
        text = result_file.read_text(errors="replace")
    status, lits = parse_answer(text)
    if cpu_limit is not None and status in (None, "UNKNOWN") and run.cpu >= 0.9 * cpu_limit:
        return SolverRun("TIMEOUT", set(), run.wall, run.cpu, run.peak_kib, None, text)
    return SolverRun(status or "UNKNOWN", lits, run.wall, run.cpu, run.peak_kib, run.code, text)


# --- Checking --------------------------------------------------------------------------


def read_cnf(path):
    """Clauses of a DIMACS file, plain or compressed (lenient: comments anywhere, '%'
    ends the formula, as SATLIB's files need)."""
    return read_dimacs(path)[1]


def read_dimacs(path, strict=False):
    """(variable count, clauses) of a DIMACS file, plain or .gz/.xz/.bz2. With `strict`,
    a malformed header or token raises ValueError naming the file and line."""
    path = Path(path)
    opener = {".gz": gzip.open, ".xz": lzma.open, ".bz2": bz2.open}.get(path.suffix, open)
    num_vars, clauses, current = 0, [], []
    with opener(path, "rb") as handle:
        for number, raw in enumerate(handle, 1):
            line = raw.strip()
            if not line or line[:1] == b"c":
                continue
            if line[:1] == b"p":
                fields = line.split()
                if len(fields) != 4 or fields[1] != b"cnf" or not fields[2].isdigit():
                    if strict:
                        raise ValueError(f"{path}:{number}: expected 'p cnf VARS CLAUSES', "
                                         f"got {line[:60].decode(errors='replace')!r}")
                    continue
                num_vars = max(num_vars, int(fields[2]))
                continue
            if line.startswith(b"%"):
                break
            for token in line.split():
                try:
                    lit = int(token)
                except ValueError:
                    raise ValueError(f"{path}:{number}: expected an integer literal, got "
                                     f"{token[:30].decode(errors='replace')!r}") from None
                if lit == 0:
                    clauses.append(current)
                    current = []
                else:
                    num_vars = max(num_vars, abs(lit))
                    current.append(lit)
    if current:
        clauses.append(current)
    return num_vars, clauses


def model_ok(clauses, lits):
    """Whether the set of literals `lits` satisfies every clause."""
    return all(any(lit in lits for lit in clause) for clause in clauses)


def verdict(status, lits, expected, clauses):
    """Whether an answer is correct: True, False, or None when there is none (TIMEOUT or
    UNKNOWN). SAT needs a model satisfying `clauses` and an expected answer of SAT or
    unknown (empty); UNSAT an expected answer of UNSAT or unknown."""
    if status == "SAT":
        return expected in ("", "SAT") and model_ok(clauses, lits)
    if status == "UNSAT":
        return expected in ("", "UNSAT")
    return None


def check_square(puzzle, grid, n=9):
    """None if `grid` (n*n ints) solves the square Sudoku `puzzle` (n*n characters,
    `.` or `0` blank), else why not."""
    if any(d not in range(1, n + 1) for d in grid):
        return "a cell without exactly one digit"
    k = math.isqrt(n)
    digits = set(range(1, n + 1))
    for i in range(n):
        if set(grid[i * n:(i + 1) * n]) != digits:
            return f"row {i + 1}"
        if {grid[r * n + i] for r in range(n)} != digits:
            return f"column {i + 1}"
        top, left = (i // k) * k, (i % k) * k
        if {grid[(top + j // k) * n + left + j % k] for j in range(n)} != digits:
            return f"box {i + 1}"
    for cell, symbol in enumerate(puzzle):
        if symbol not in ".0" and int(symbol, 36) != grid[cell]:
            return f"given of cell {cell + 1}"
    return None


def gridcheck(puzzles, grids, layout=None, bin_dir=RELEASE):
    """Runs our `gridcheck --puzzle` on a file of grids: (number of grids it rejects,
    its message); (0, "") when all are valid."""
    argv = [f"{bin_dir}/gridcheck", "--quiet", "--puzzle", str(puzzles), str(grids)]
    if layout:
        argv[1:1] = ["--layout", layout]
    check = subprocess.run(argv, capture_output=True, text=True)
    if check.returncode == 0:
        return 0, ""
    bad = {line.split(":")[1] for line in check.stderr.splitlines() if ": grid " in line}
    return max(len(bad), 1), check.stderr.strip()


# --- Instances and results -------------------------------------------------------------


def unpack(source, target):
    """Copies a .cnf, .cnf.gz, .cnf.xz or .cnf.bz2 file to `target`, uncompressed (MiniSat
    reads gzip only, CaDiCaL finds xz and bzip2 through external tools, splr none).

    SATLIB's uniform random files end with a '%' line and a lone '0', which MiniSat
    rejects (exit 3, parse error): the copy ends before the '%' line, where the formula
    ends for every lenient reader (read_cnf here, satsolve), so all solvers get the same
    clauses."""
    opener = {".gz": gzip.open, ".xz": lzma.open, ".bz2": bz2.open}.get(Path(source).suffix, open)
    with opener(source, "rb") as packed, open(target, "wb") as plain:
        for line in packed:
            if line.startswith(b"%"):
                break
            plain.write(line)


def write_csv(path, rows, fields):
    """Writes `rows` (dicts) under the header `fields`, atomically: a reader never sees
    half a file, and a run killed midway leaves the previous file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    os.replace(temporary, path)


def read_csv(path):
    """The rows of a CSV file, as dicts."""
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


class RunLog:
    """A resumable log of solver runs, one tab-separated row each, keyed by (instance,
    step): the suite pickers append every run as it ends and skip a run already logged, so
    the same command resumes after an interruption."""

    def __init__(self, path, fields):
        self.path = Path(path)
        self.fields = list(fields)
        self.rows = {}
        if self.path.exists():
            with open(self.path, newline="") as handle:
                for row in csv.DictReader(handle, delimiter="\t"):
                    self.rows[(row["instance"], row["step"])] = row
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text("\t".join(self.fields) + "\n")

    def __contains__(self, key):
        return key in self.rows

    def __getitem__(self, key):
        return self.rows[key]

    def get(self, key, default=None):
        """The logged row of (instance, step), or `default`."""
        return self.rows.get(key, default)

    def items(self):
        """((instance, step), row) of every logged run (the last row of a key logged twice)."""
        return self.rows.items()

    def pop(self, key):
        """Forgets a run in memory, so that it is run again (the file keeps its row; the
        new run's row, appended after it, wins when the log is read)."""
        return self.rows.pop(key)

    def append(self, row):
        """Logs `row` (a dict with every field) and returns it."""
        self.rows[(row["instance"], row["step"])] = row
        with open(self.path, "a") as handle:
            handle.write("\t".join(row[f] for f in self.fields) + "\n")
        return row


def natural_key(name):
    """Sort key that orders the numbers in a name by value (par8 before par16)."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def geomean(values):
    """Geometric mean of the positive values (nan when there are none)."""
    values = [v for v in values if v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def median(values):
    """The middle value (the upper one of an even count)."""
    values = sorted(values)
    return values[len(values) // 2]


def commit():
    """The short commit of the checkout, with `+` when it has uncommitted changes."""
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    return head + ("+" if dirty else "")


def machine():
    """CPU model, CPU count and system."""
    cpu = platform.processor()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        cpu = next((line.split(":", 1)[1].strip() for line in cpuinfo.read_text().splitlines()
                    if line.startswith("model name")), cpu)
    return f"{cpu}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}"


def run_header(argv, flags=()):
    """Markdown lines naming the command, commit and machine of a run."""
    lines = [f"Command: `{shlex.join(argv)}`", f"Commit: {commit()}",
             f"Machine: {machine()}; load average {os.getloadavg()[0]:.2f} at the start"]
    if flags:
        lines.append(f"satsolve flags: `{shlex.join(flags)}`")
    return lines


# --- SLURM -----------------------------------------------------------------------------
#
# A batch of independent runs goes to SLURM as one array job, each task running a slice
# of the runs and recording its results in files of its own, and a final job, dependent
# on the whole array (afterany), merging them; the caller waits for that job with
# `sbatch --wait`. The checkout (scripts, binaries, the run's folder) must be on a file
# system the compute nodes share. Exit codes of the scripts that submit (documented in
# docs/comparing.md): 3 when SLURM cannot be used, 4 when runs were lost to SLURM.

SCHEDULER_UNAVAILABLE = 3
INCOMPLETE = 4


class SchedulerError(Exception):
    """SLURM cannot be used: no client commands, or no controller answering."""


def slurm_available():
    """Raises SchedulerError (one line: what is missing) unless `sbatch` is on PATH and
    the controller answers `scontrol ping`."""
    for program in ("sbatch", "scontrol", "squeue"):
        if shutil.which(program) is None:
            raise SchedulerError(f"{program} is not on PATH: the SLURM client commands are not "
                                 "installed (Debian: slurm-client)")
    try:
        ping = subprocess.run(["scontrol", "ping"], capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        raise SchedulerError("the SLURM controller did not answer `scontrol ping` in 30 s") from None
    answer = " ".join((ping.stdout + ping.stderr).split())
    if ping.returncode != 0 or " is UP" not in answer:
        first = next((line.strip() for line in (ping.stdout + ping.stderr).splitlines()
                      if line.strip() and "*" not in line), "no answer")
        raise SchedulerError(f"the SLURM controller is unreachable (scontrol ping: {first})")


def slurm_time(seconds):
    """A --time value of at least `seconds`, in whole minutes (the unit SLURM's limit
    checks work in)."""
    minutes = max(1, math.ceil(seconds / 60))
    return f"{minutes // 60}:{minutes % 60:02d}:00"


def sbatch(script, options, wait=False):
    """Submits `script` with `options` (a list); returns the job id. With `wait`, returns
    (job id, exit code of the job) once it ended. Raises SchedulerError when sbatch
    refuses."""
    argv = ["sbatch", "--parsable", *options]
    if wait:
        argv.append("--wait")
    argv.append(str(script))
    if not wait:
        submitted = subprocess.run(argv, capture_output=True, text=True)
        if submitted.returncode != 0:
            raise SchedulerError("sbatch: " + " ".join(submitted.stderr.split()))
        return submitted.stdout.strip().split(";")[0]
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    job = process.stdout.readline().strip().split(";")[0]
    _, errors = process.communicate()
    if not job:
        raise SchedulerError("sbatch: " + " ".join(errors.split()))
    return job, process.returncode


def array_task_states(job):
    """The state of each task of array job `job`, by task index, e.g. {0: "COMPLETED",
    3: "CANCELLED"}, and where they were read: `sacct` when accounting storage is
    configured, else `scontrol show job`, which keeps finished jobs for MinJobAge
    (default 300 s). A task cancelled before it started may have no record at all."""
    states = {}
    try:
        accounted = subprocess.run(["sacct", "-n", "-P", "-X", "-j", str(job), "-o", "JobID,State"],
                                   capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        accounted = None
    if accounted is not None and accounted.returncode == 0 and accounted.stdout.strip():
        for line in accounted.stdout.splitlines():
            job_id, _, state = line.partition("|")
            task = job_id.partition("_")[2]
            if task.isdigit():
                states[int(task)] = state.split()[0] if state else "UNKNOWN"
        return states, "sacct"
    shown = subprocess.run(["scontrol", "show", "job", "-o", str(job)],
                           capture_output=True, text=True, timeout=60)
    for line in shown.stdout.splitlines():
        fields = dict(word.split("=", 1) for word in line.split() if "=" in word)
        task = fields.get("ArrayTaskId", "")
        if task.isdigit():
            states[int(task)] = fields.get("JobState", "UNKNOWN")
    return states, "scontrol"


def queued(job):
    """Whether any task of `job` is still pending or running."""
    listed = subprocess.run(["squeue", "-h", "-j", str(job), "-o", "%i"],
                            capture_output=True, text=True)
    return listed.returncode == 0 and bool(listed.stdout.strip())
