#!/usr/bin/env bash
# The sudokugen targets of issue 6, each against its peer in the same hyperfine run:
#   1. `sudokugen -c 1000000 > FILE` against `cat` copying a file of the same size to FILE
#      (target: at most 2x);
#   2. minimal unique 9x9 puzzles against `qqwing --generate N --one-line` (target: at
#      least 2x qqwing's rate), and unique Hanidoku puzzles (target: at least 20/s).
# Also checks what it measured: the million grids distinct and valid, the puzzles unique.
# Needs release binaries (make build), hyperfine, qqwing and python3.
#
# Usage: scripts/bench-gen.sh [OUTDIR]   (default: scratch/bench-gen; writes OUTDIR/bench-gen.md)
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

# The reference file for cat: same size as the grids, other bytes.
$bin/sudokugen -c $grids > "$out/grids.txt"
head -c "$(stat -c %s "$out/grids.txt")" /dev/zero | tr '\0' 'x' > "$out/ref.txt"
uniq_count=$(paste -d '' - - - - - - - - - - < "$out/grids.txt" | sort -u | wc -l)
$bin/sudokugen -c 20000 | $bin/gridcheck -q

hyperfine --warmup 2 --runs ${RUNS:-10} --shell bash \
    --export-json "$out/grids.json" \
    -n "cat (copy $(du -h "$out/ref.txt" | cut -f1))" "cat $out/ref.txt > $out/copy.txt" \
    -n "sudokugen -c $grids" "$bin/sudokugen -c $grids > $out/grids2.txt"

hyperfine --warmup 1 --runs ${RUNS_PUZZLES:-5} \
    --export-json "$out/puzzles.json" \
    -n "qqwing --generate $nine" "qqwing --generate $nine --one-line" \
    -n "sudokugen puzzles $nine (minimal 9x9)" "$bin/sudokugen puzzles $nine --minimal --seed 1" \
    -n "sudokugen puzzles $hani --layout hanidoku" "$bin/sudokugen puzzles $hani --layout hanidoku --seed 1"

# Uniqueness of a sample of what was timed, by satsolve --models 2 (not the generator).
check_unique() {
    local file=$1; shift
    local n=0 bad=0
    while IFS= read -r line; do
        n=$((n + 1))
        # satsolve exits 10 on SAT: its status is not the verdict, its stderr line is.
        if ! { echo "$line" | $bin/sudoku2cnf "$@" | $bin/satsolve --models 2 -q 2>&1 >/dev/null || true; } \
            | grep -q "models 1 (no other model exists)"; then
            bad=$((bad + 1))
        fi
    done < "$file"
    echo "$((n - bad))/$n"
}
$bin/sudokugen puzzles 50 --minimal --seed 1 > "$out/p9.txt"
$bin/sudokugen puzzles 20 --layout hanidoku --seed 1 > "$out/ph.txt"
u9=$(check_unique "$out/p9.txt")
uh=$(check_unique "$out/ph.txt" --layout hanidoku)

python3 - "$out" "$grids" "$nine" "$hani" "$uniq_count" "$u9" "$uh" <<'EOF'
import json, sys
out, grids, nine, hani, uniq, u9, uh = sys.argv[1:]
g = json.load(open(f"{out}/grids.json"))["results"]
p = json.load(open(f"{out}/puzzles.json"))["results"]
cat, gen = g[0]["mean"], g[1]["mean"]
qq, s9, sh = p[0]["mean"], p[1]["mean"], p[2]["mean"]
lines = [
    "# sudokugen targets (scripts/bench-gen.sh)",
    "",
    "Every ratio is between two commands of one hyperfine run (2 shared, noisy cores).",
    "",
    "| measure | value | target | met |",
    "|---|---|---|---|",
    f"| `sudokugen -c {grids}` / `cat` of the same size | {gen:.3f} s / {cat:.3f} s = {gen / cat:.2f}x | at most 2x | {'yes' if gen <= 2 * cat else 'no'} |",
    f"| minimal 9x9 puzzles/s: sudokugen / qqwing | {int(nine) / s9:.0f} / {int(nine) / qq:.0f} = {qq / s9:.2f}x | at least 2x | {'yes' if qq / s9 >= 2 else 'no'} |",
    f"| unique Hanidoku puzzles/s | {int(hani) / sh:.1f} | at least 20 | {'yes' if int(hani) / sh >= 20 else 'no'} |",
    "",
    f"Checks: {uniq} distinct grids of {grids} (sort -u), 20,000 valid by gridcheck; "
    f"unique by `sudoku2cnf | satsolve --models 2`: 9x9 {u9}, Hanidoku {uh}.",
    "",
    "| command | mean s | stddev | user s |",
    "|---|---|---|---|",
]
for r in g + p:
    lines.append(f"| {r['command']} | {r['mean']:.3f} | {r['stddev']:.3f} | {r['user']:.3f} |")
open(f"{out}/bench-gen.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
EOF
rm -f "$out/grids.txt" "$out/grids2.txt" "$out/ref.txt" "$out/copy.txt"
