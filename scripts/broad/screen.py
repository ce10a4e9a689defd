#!/usr/bin/env python3
"""A quick screen of one satsolve setting on chosen formulas, before a full `make
bench-broad`: `screen.py SATSOLVE 'FLAGS' OUT.csv FILE...` runs `SATSOLVE --stats FLAGS
FILE` on each file ($J jobs at a time, default 2; a CPU limit of $T seconds, default 60)
and writes one line per file to OUT.csv: name, status (SAT, UNSAT or TO), CPU seconds
(twice the limit for a timeout, as PAR-2 counts it) and conflicts. Prints the total.

Used for the screens of docs/experiments.md ("Focused stints by EVSIDS"); a screen is one
run a formula, so only the full suite's shuffled copies decide a default."""

import concurrent.futures
import os
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchlib import measure  # noqa: E402


def run(binary, flags, limit, path):
    """One run under benchlib's CPU limit: (name, status, CPU seconds, conflicts)."""
    with tempfile.NamedTemporaryFile(prefix="screen-", suffix=".err") as err:
        done = measure([binary, "--stats", *flags, path], cpu_limit=limit,
                       stderr=err.name)
        conflicts = re.search(r"c conflicts\s+(\d+)", Path(err.name).read_text())
    status = {10: "SAT", 20: "UNSAT"}.get(done.code, "TO")
    seconds = 2 * limit if status == "TO" else done.cpu
    return (os.path.basename(path), status, round(seconds, 2),
            int(conflicts.group(1)) if conflicts else -1)


def main():
    if len(sys.argv) < 5:
        sys.exit("usage: screen.py SATSOLVE 'FLAGS' OUT.csv FILE...")
    binary, flags, out, files = sys.argv[1], sys.argv[2].split(), sys.argv[3], sys.argv[4:]
    limit = float(os.environ.get("T", "60"))
    with concurrent.futures.ThreadPoolExecutor(int(os.environ.get("J", "2"))) as pool:
        rows = list(pool.map(lambda path: run(binary, flags, limit, path), files))
    with open(out, "w") as handle:
        for row in rows:
            handle.write(",".join(map(str, row)) + "\n")
    print(f"{out}: total {sum(row[2] for row in rows):.1f}")


if __name__ == "__main__":
    main()
