#!/usr/bin/env bash
# The sudokugen targets, each against its peer in the same hyperfine run:
#   1. `sudokugen -c 1000000 > FILE` against `cat` copying a file of the same size to
#      another file (target: at most 1.2x; first asked: 2x), and the same run to /dev/null;
#      each run creates its file anew after a sync (see below);
#   2. minimal unique 9x9 puzzles against `qqwing --generate N --one-line` (target: at
#      least 10x qqwing's rate; first asked: 2x), `--clues K` and `--difficulty` puzzles
#      (with BASE=an older sudokugen binary, beside it: target no slower), and unique
#      Hanidoku puzzles (target: at least 20/s).
# Ratios are of the best (minimum) times of each command, as the targets are stated; the
# means are in the table. Also checks what it measured: the million grids distinct
# (sort -u) and valid (gridcheck), sampled puzzles unique and minimal by
# `sudoku2cnf | satsolve --models 2` (not the generator's code).
# Needs release binaries (make build), hyperfine, qqwing and python3; the summary's
# commit and machine lines come from scripts/benchlib.py.
#
# Usage: scripts/bench-gen.sh [OUTDIR]   (default: scratch/bench-gen; writes OUTDIR/bench-gen.md)
# Environment: RUNS (grids, default 10), RUNS_PUZZLES (default 5), NINE (default 500),
# HANI (default 200), BASE (path of an older sudokugen), BASE_LABEL (its name in the table).
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-scratch/bench-gen}
mkdir -p "$out"
bin=target/release
for tool in hyperfine qqwing python3; do
    command -v "$tool" >/dev/null || { echo "bench-gen: $tool not found" >&2; exit 2; }
done
[ -x "$bin/sudokugen" ] || { echo "bench-gen: run 'make build' first" >&2; exit 2; }

grids=1000000
nine=${NINE:-500}
hani=${HANI:-200}
base=${BASE:-}
base_label=${BASE_LABEL:-base}
load_start=$(cut -d' ' -f1-3 /proc/loadavg)

# The reference file for cat: same size as the grids, other bytes.
$bin/sudokugen -c $grids > "$out/grids.txt"
head -c "$(stat -c %s "$out/grids.txt")" /dev/zero | tr '\0' 'x' > "$out/ref.txt"
uniq_count=$(paste -d '' - - - - - - - - - - < "$out/grids.txt" | sort -u | wc -l)
$bin/gridcheck -q < "$out/grids.txt"
valid_count=$grids

# Each timed run writes a new file once the earlier ones are on disk (the prepare step):
# truncating the last run's 163 MB instead waits for its writeback, which took 60-130 ms
# of a 200-300 ms run, for cat and sudokugen alike, and made the ratio a lottery.
hyperfine --warmup 2 --runs "${RUNS:-10}" --shell bash \
    --prepare "rm -f $out/copy.txt $out/grids2.txt; sync" \
    --export-json "$out/grids.json" \
    -n "cat (copy $(du -h "$out/ref.txt" | cut -f1))" "cat $out/ref.txt > $out/copy.txt" \
    -n "sudokugen -c $grids > FILE" "$bin/sudokugen -c $grids > $out/grids2.txt" \
    -n "sudokugen -c $grids > /dev/null" "$bin/sudokugen -c $grids > /dev/null"

commands=(
    -n "qqwing --generate $nine" "qqwing --generate $nine --one-line"
    -n "sudokugen puzzles $nine (minimal 9x9)" "$bin/sudokugen puzzles $nine --minimal --seed 1"
    -n "sudokugen puzzles $nine --clues 28" "$bin/sudokugen puzzles $nine --clues 28 --seed 1"
    -n "sudokugen puzzles 100 --sat-level probing" "$bin/sudokugen puzzles 100 --sat-level probing --seed 1"
    -n "sudokugen puzzles $hani --layout hanidoku" "$bin/sudokugen puzzles $hani --layout hanidoku --seed 1"
)
if [ -n "$base" ]; then
    commands+=(
        -n "$base_label puzzles $nine (minimal 9x9)" "$base puzzles $nine --minimal --seed 1"
        -n "$base_label puzzles $nine --clues 28" "$base puzzles $nine --clues 28 --seed 1"
        -n "$base_label puzzles 100 --sat-level probing" "$base puzzles 100 $(
            "$base" puzzles 1 --sat-level probing --seed 1 >/dev/null 2>&1 && echo --sat-level || echo --difficulty
        ) probing --seed 1"
    )
fi
hyperfine --warmup 1 --runs "${RUNS_PUZZLES:-5}" --export-json "$out/puzzles.json" "${commands[@]}"
load_end=$(cut -d' ' -f1-3 /proc/loadavg)

$bin/sudokugen puzzles 50 --minimal --seed 1 > "$out/p9.txt"
$bin/sudokugen puzzles 20 --layout hanidoku --seed 1 > "$out/ph.txt"
same_as_base=-
if [ -n "$base" ]; then
    same_as_base=yes
    for args in "puzzles $nine --minimal --seed 1" "puzzles $nine --clues 28 --seed 1"; do
        # shellcheck disable=SC2086
        cmp -s <($bin/sudokugen $args) <($base $args) || same_as_base=no
    done
    # The SAT level was --difficulty before the rating took that word (issue 45).
    old_flag=--sat-level
    $base puzzles 1 --sat-level probing --seed 1 >/dev/null 2>&1 || old_flag=--difficulty
    cmp -s <($bin/sudokugen puzzles 100 --sat-level probing --seed 1) \
        <($base puzzles 100 $old_flag probing --seed 1) || same_as_base=no
fi

python3 - "$out" "$bin" "$grids" "$nine" "$hani" "$uniq_count" "$valid_count" \
    "$load_start" "$load_end" "$base_label" "$same_as_base" <<'EOF'
import json, subprocess, sys
sys.path.insert(0, "scripts")
from benchlib import commit, machine
(out, bin, grids, nine, hani, uniq, valid, load_start, load_end, base_label,
 same_as_base) = sys.argv[1:]
grids, nine, hani = int(grids), int(nine), int(hani)

def models(line, layout):
    """satsolve's model count (up to 2) of one puzzle line: the second oracle."""
    cnf = subprocess.run([f"{bin}/sudoku2cnf", *layout], input=line + "\n",
                         capture_output=True, text=True, check=True).stdout
    err = subprocess.run([f"{bin}/satsolve", "--models", "2", "-q"], input=cnf,
                         capture_output=True, text=True).stderr
    if "models 1 (no other model exists)" in err:
        return 1
    return 2 if "models 2" in err else 0

def check(path, layout, minimal_sample):
    """(unique, puzzles, minimal, checked for minimality): every puzzle's uniqueness,
    and for the first `minimal_sample` puzzles that no given can go."""
    lines = [l.strip() for l in open(path) if l.strip()]
    unique = sum(models(l, layout) == 1 for l in lines)
    minimal = 0
    for line in lines[:minimal_sample]:
        blanks = [line[:i] + "." + line[i + 1:] for i, ch in enumerate(line) if ch != "."]
        minimal += all(models(b, layout) == 2 for b in blanks)
    return unique, len(lines), minimal, min(minimal_sample, len(lines))

u9, n9, m9, k9 = check(f"{out}/p9.txt", [], 20)
uh, nh, _, _ = check(f"{out}/ph.txt", ["--layout", "hanidoku"], 0)

g = {r["command"]: r for r in json.load(open(f"{out}/grids.json"))["results"]}
p = {r["command"]: r for r in json.load(open(f"{out}/puzzles.json"))["results"]}
cat = next(r for k, r in g.items() if k.startswith("cat"))
to_file, to_null = g[f"sudokugen -c {grids} > FILE"], g[f"sudokugen -c {grids} > /dev/null"]
qq, s9 = p[f"qqwing --generate {nine}"], p[f"sudokugen puzzles {nine} (minimal 9x9)"]
sh = p[f"sudokugen puzzles {hani} --layout hanidoku"]
ratio = lambda a, b: a["min"] / b["min"]
yes = lambda ok: "yes" if ok else "no"
f_ratio, n_ratio, q_ratio = ratio(to_file, cat), ratio(to_null, cat), ratio(qq, s9)
lines = [
    "# sudokugen targets (scripts/bench-gen.sh)",
    "",
    f"Command: `scripts/bench-gen.sh {out}` (`make bench-gen`) at commit {commit()} "
    f"(a + marks uncommitted changes); machine: {machine()}; load average {load_start} at "
    f"the start, {load_end} after the timings.",
    "",
    "Every ratio is between two commands of one hyperfine run, of their best (minimum) "
    "times; the means are below. The grid commands each write a new file after "
    "`rm -f` of the last one and a `sync` (hyperfine --prepare, not timed).",
    "",
    "| measure | value (best times) | target | met |",
    "|---|---|---|---|",
    f"| `sudokugen -c {grids} > FILE` / `cat` copying the same size to a file | "
    f"{to_file['min']:.3f} s / {cat['min']:.3f} s = {f_ratio:.2f}x | at most 1.2x | "
    f"{yes(f_ratio <= 1.2)} |",
    f"| `sudokugen -c {grids} > /dev/null` / the same `cat` | "
    f"{to_null['min']:.3f} s / {cat['min']:.3f} s = {n_ratio:.2f}x | - | - |",
    f"| minimal 9x9 puzzles/s: sudokugen / qqwing | {nine / s9['min']:.0f} / "
    f"{nine / qq['min']:.0f} = {q_ratio:.1f}x | at least 10x | {yes(q_ratio >= 10)} |",
    f"| unique Hanidoku puzzles/s | {hani / sh['min']:.1f} | at least 20 | "
    f"{yes(hani / sh['min'] >= 20)} |",
]
base_rows = [(k, r) for k, r in p.items() if k.startswith(base_label + " ")]
for key, r in base_rows:
    ours = p["sudokugen " + key[len(base_label) + 1:]]
    lines.append(f"| `{key[len(base_label) + 1:]}`: {base_label} / this build | "
                 f"{r['min']:.3f} s / {ours['min']:.3f} s = {r['min'] / ours['min']:.1f}x | "
                 f"no slower (at least 1x) | {yes(r['min'] >= ours['min'])} |")
lines += [
    "",
    f"Checks: {uniq} distinct grids of {grids} (sort -u), {valid} valid by gridcheck; "
    f"by `sudoku2cnf | satsolve --models 2`: 9x9 unique {u9}/{n9}, minimal {m9}/{k9} "
    f"(every given of the first {k9} removed in turn gives 2 models), Hanidoku unique "
    f"{uh}/{nh}."
    + (f" Puzzles identical to {base_label}'s for the same seeds: {same_as_base}."
       if base_rows else ""),
    "",
    "| command | min s | mean s | stddev | user s |",
    "|---|---|---|---|---|",
]
for r in list(g.values()) + list(p.values()):
    lines.append(f"| {r['command']} | {r['min']:.3f} | {r['mean']:.3f} | "
                 f"{r['stddev'] or 0:.3f} | {r['user']:.3f} |")
open(f"{out}/bench-gen.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
EOF
rm -f "$out/grids.txt" "$out/grids2.txt" "$out/ref.txt" "$out/copy.txt"
