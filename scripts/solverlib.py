"""Running SAT solvers and checking their answers: shared by scripts/bench.py (timing
runs against MiniSat) and scripts/compare.py (`make compare`, one run per make target).

The answer checker shares no code with any solver: it reads the formula's clauses itself
and checks every model clause by clause.
"""

import bz2
import gzip
import lzma
import math
import os
import re
import resource
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT.parent / "shared" / "bench" / "cnf"


def find_shared():
    """The nearest `shared` folder with puzzles/ above the repository (../shared from a
    checkout, ../../shared from a worktree), as a string; ../shared when none has."""
    for folder in (ROOT, *ROOT.parents):
        if (folder / "shared" / "puzzles").is_dir():
            return str(folder / "shared")
    return os.path.join(ROOT, "..", "shared")


def solver_commands(scratch, satsolve):
    """How to run each solver: a function (cnf path) -> (argv, result file or None)."""
    splr = shutil.which("splr") or str(ROOT.parent / "scratch-tools" / "bin" / "splr")
    return {
        "satsolve": (satsolve, lambda cnf: ([satsolve, str(cnf)], None)),
        "minisat": (
            shutil.which("minisat"),
            lambda cnf: (["minisat", "-verb=0", str(cnf), str(scratch / "minisat.res")],
                         scratch / "minisat.res"),
        ),
        "cadical": (shutil.which("cadical"), lambda cnf: (["cadical", "-q", str(cnf)], None)),
        "cryptominisat": (shutil.which("cryptominisat5"),
                          lambda cnf: (["cryptominisat5", "--verb", "0", str(cnf)], None)),
        "splr": (
            splr if os.path.exists(splr) else None,
            lambda cnf: ([splr, "-q", "-o", str(scratch), "-r", "splr.res", str(cnf)],
                         scratch / "splr.res"),
        ),
    }


def read_cnf(path):
    """Clauses of a DIMACS file (lenient: comments anywhere, '%' ends the formula)."""
    clauses, current = [], []
    with open(path, "rb") as handle:
        for raw in handle:
            line = raw.strip()
            if not line or line[:1] in (b"c", b"p"):
                continue
            if line.startswith(b"%"):
                break
            for token in line.split():
                lit = int(token)
                if lit == 0:
                    clauses.append(current)
                    current = []
                else:
                    current.append(lit)
    if current:
        clauses.append(current)
    return clauses


def parse_answer(text):
    """(status, set of true literals) from competition or MiniSat/splr result text."""
    status, lits = None, set()
    for line in text.splitlines():
        line = line.strip()
        words = line.split()
        if not words:
            continue
        head = words[0]
        if head == "s" and len(words) > 1:
            word = words[1].rstrip(":")
            status = {"SATISFIABLE": "SAT", "UNSATISFIABLE": "UNSAT"}.get(word, "UNKNOWN")
        elif head in ("SAT", "UNSAT", "INDET"):
            status = {"INDET": "UNKNOWN"}.get(head, head)
        elif head == "v" or re.fullmatch(r"-?\d+", head):
            for token in words[1:] if head == "v" else words:
                if re.fullmatch(r"-?\d+", token) and token != "0":
                    lits.add(int(token))
    return status, lits


def model_ok(clauses, lits):
    """Whether the set of true literals `lits` satisfies every clause."""
    return all(any(lit in lits for lit in clause) for clause in clauses)


def run_one(argv, timeout, scratch):
    """Runs argv; returns (stdout, exit code or None on timeout, seconds, peak KiB).

    Peak memory comes from GNU time: the rusage of a child forked from Python would count
    the Python image it was forked from."""
    memory_file = scratch / "peak.txt"
    start = time.perf_counter()
    process = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", str(memory_file)] + argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    timed_out = threading.Event()

    def kill():
        timed_out.set()
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    timer = threading.Timer(timeout, kill)
    timer.start()
    chunks = []
    reader = threading.Thread(target=lambda: chunks.append(process.stdout.read()))
    reader.start()
    _, status = os.waitpid(process.pid, 0)
    elapsed = time.perf_counter() - start
    timer.cancel()
    reader.join()
    code = None if timed_out.is_set() else 0
    try:
        peak = int(memory_file.read_text().split()[-1])
    except (OSError, ValueError, IndexError):
        peak = 0
    if code is not None and os.WIFEXITED(status):
        code = os.WEXITSTATUS(status)
    return b"".join(chunks).decode(errors="replace"), code, elapsed, peak


def run_cpu(argv, cpu_limit, scratch):
    """Runs argv under a CPU-time limit; returns (stdout, exit code or None when it ran out
    of CPU time, CPU seconds, wall seconds, peak KiB).

    For a machine shared with other jobs, where wall time measures the neighbours: the
    time is user + system CPU seconds, and the limit is RLIMIT_CPU (SIGXCPU at the limit,
    SIGKILL 5 s later), so it means the same on a busy and on a quiet machine. GNU time
    reports the peak memory (see `run_one`); the CPU time comes from wait4, which counts
    GNU time and the solver it waited for. A wall-clock guard of 30 times the limit only
    catches a hang."""
    memory_file = scratch / "peak.txt"

    def limit():
        resource.setrlimit(resource.RLIMIT_CPU, (int(math.ceil(cpu_limit)), int(math.ceil(cpu_limit)) + 5))

    start = time.perf_counter()
    out_path = scratch / "stdout.txt"
    with open(out_path, "wb") as out:
        process = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", str(memory_file)] + argv,
                                   stdout=out, stderr=subprocess.DEVNULL, preexec_fn=limit,
                                   start_new_session=True)
        deadline = start + 30 * cpu_limit + 120
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                os.killpg(process.pid, signal.SIGKILL)
            time.sleep(0.02)
    process.returncode = 0  # reaped by wait4, so Popen must not wait again
    wall = time.perf_counter() - start
    cpu = usage.ru_utime + usage.ru_stime
    try:
        words = memory_file.read_text().split()
        peak = int(words[-1])
        # GNU time says "Command terminated by signal N" when the solver was killed.
        killed = "signal" in words
    except (OSError, ValueError, IndexError):
        peak, killed = 0, True
    code = None
    if os.WIFEXITED(status) and not killed:
        code = os.WEXITSTATUS(status)
    elif cpu < 0.9 * cpu_limit:
        code = -1  # killed, but not for CPU time: a crash
    text = out_path.read_text(errors="replace")
    return text, code, cpu, wall, peak


def run_solver(command, cnf, timeout, scratch, cpu=False):
    """Runs one solver (an entry of `solver_commands`) on `cnf`; returns (status, set of
    true literals, seconds, peak KiB). The answer is read from the solver's result file
    when it writes one, else from its stdout; status is SAT, UNSAT, UNKNOWN or TIMEOUT.
    With `cpu`, the seconds are CPU seconds and the timeout a CPU-time limit (see
    `run_cpu`), else both are wall-clock."""
    argv, result_file = command[1](cnf)
    if result_file and result_file.exists():
        result_file.unlink()
    if cpu:
        text, code, seconds, _wall, peak = run_cpu(argv, timeout, scratch)
    else:
        text, code, seconds, peak = run_one(argv, timeout, scratch)
    if code is None:
        return "TIMEOUT", set(), seconds, peak
    if result_file and result_file.exists():
        text = result_file.read_text(errors="replace")
    status, lits = parse_answer(text)
    if cpu and status in (None, "UNKNOWN") and seconds >= 0.9 * timeout:
        # MiniSat and CaDiCaL catch SIGXCPU and exit without an answer.
        return "TIMEOUT", set(), seconds, peak
    return status or "UNKNOWN", lits, seconds, peak


def geomean(values):
    """Geometric mean of the positive values (nan when there are none)."""
    values = [v for v in values if v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


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
