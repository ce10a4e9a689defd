#!/usr/bin/env bash
# Times the pipeline end to end on a 9x9 and a 25x25 puzzle, and satsolve against MiniSat
# on the 25x25 CNF, all in one hyperfine run per comparison so that the ratios come from
# the same machine state. Needs release binaries (make build), hyperfine and minisat.
#
# Usage: [SATSOLVE_FLAGS=ARGS] scripts/pipeline-timing.sh [OUTDIR]   (default: scratch/timing)
# SATSOLVE_FLAGS (`make timing SATSOLVE_FLAGS=...`) are appended to satsolve's command
# line, as in every benchmark script.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-scratch/timing}
flags=${SATSOLVE_FLAGS:-}
mkdir -p "$out"
bin=target/release
for tool in hyperfine minisat; do
    command -v "$tool" >/dev/null || { echo "pipeline-timing: $tool not found" >&2; exit 2; }
done
[ -x "$bin/satsolve" ] || { echo "pipeline-timing: run 'make build' first" >&2; exit 2; }

p9=testdata/puzzles/9x9_ai_escargot.txt
p25=testdata/puzzles/25x25_b58_s1.txt
pipeline() {
    echo "$bin/sudoku2cnf $1 | $bin/satsolve $flags | $bin/model2grid --format block | $bin/gridcheck -q --puzzle $1"
}
pipeline_minisat() {
    echo "$bin/sudoku2cnf $1 > $out/p.cnf && { minisat -verb=0 $out/p.cnf $out/p.res >/dev/null || true; } && $bin/model2grid --format block $out/p.res | $bin/gridcheck -q --puzzle $1"
}

hyperfine --warmup 3 --runs 30 --shell bash \
    --export-markdown "$out/pipeline-9x9.md" \
    -n "pipeline 9x9 (satsolve)" "$(pipeline $p9)" \
    -n "pipeline 9x9 (minisat)" "$(pipeline_minisat $p9)"

hyperfine --warmup 1 --runs 10 --shell bash \
    --export-markdown "$out/pipeline-25x25.md" \
    -n "pipeline 25x25 (satsolve)" "$(pipeline $p25)" \
    -n "pipeline 25x25 (minisat)" "$(pipeline_minisat $p25)"

# The solver comparison uses the full (extended) encoding, not the compact
# default, so that it measures search rather than how much the encoder already solved.
$bin/sudoku2cnf --encoding extended $p25 > "$out/25x25.cnf"
hyperfine --warmup 1 --runs 10 -i \
    --export-markdown "$out/solver-25x25.md" \
    -n "satsolve 25x25" "$bin/satsolve -q $out/25x25.cnf $flags" \
    -n "minisat 25x25" "minisat -verb=0 $out/25x25.cnf"

cat "$out"/pipeline-9x9.md "$out"/pipeline-25x25.md "$out"/solver-25x25.md
