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
import resource
import subprocess
import sys


def run(binary, flags, limit, path):
    def cpu_limit():
        resource.setrlimit(resource.RLIMIT_CPU, (int(limit), int(limit) + 1))

    done = subprocess.run(["/usr/bin/time", "-f", "TIME %U %S", binary, "--stats", *flags, path],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          preexec_fn=cpu_limit)
    conflicts = re.search(r"c conflicts\s+(\d+)", done.stderr)
    times = re.search(r"TIME ([\d.]+) ([\d.]+)", done.stderr)
    status = {"status 10": "SAT", "status 20": "UNSAT"}
    status = next((name for key, name in status.items() if key in done.stderr), "TO")
    seconds = float(times.group(1)) + float(times.group(2)) if times else limit
    if status == "TO":
        seconds = 2 * limit
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
