#!/bin/bash
# Multiplier miters (examples/miter.rs) through satsolve, a second satsolve build
# (BASELINE, e.g. main's before gate extraction), MiniSat and CaDiCaL, in turns, each
# with a CPU limit (ulimit -t LIMIT); prints one TSV row per run: instance, solver,
# answer, CPU seconds (GNU time's user+system), conflicts where the solver says them.
# usage: scripts/bench-miter.sh BASELINE LIMIT "BITS..." "KINDS..." > results.tsv
set -u
baseline=$1; limit=$2; sizes=$3; kinds=$4
out=scratch/miter-bench; mkdir -p $out
cargo build --release --example miter >&2
printf 'instance\tsolver\tanswer\tcpu_s\tconflicts\n'
for bits in $sizes; do
  for kind in $kinds; do
    cnf=$out/miter-$bits-$kind.cnf
    target/release/examples/miter "$bits" "$kind" 1 > "$cnf"
    for solver in satsolve baseline minisat cadical; do
      case $solver in
        satsolve) cmd=(target/release/satsolve --stats "$cnf") ;;
        baseline) cmd=("$baseline" --stats "$cnf") ;;
        minisat) cmd=(minisat "$cnf") ;;
        cadical) cmd=(cadical "$cnf") ;;
      esac
      log=$out/log.txt
      ( ulimit -t "$limit"; /usr/bin/time -o $out/time.txt -f 'cpu %U %S' "${cmd[@]}" > $log 2>&1 )
      code=$?
      answer=$(grep -m1 -E '^s |^(UN)?SATISFIABLE|^INDETERMINATE' $log | sed 's/^s //')
      [ -z "$answer" ] && answer=timeout
      cpu=$(awk '/^cpu/ {printf "%.2f", $2 + $3}' $out/time.txt)
      [ -z "$cpu" ] && cpu=$limit
      conflicts=$(grep -m1 -iE '^c conflicts|^conflicts' $log | grep -oE '[0-9]+' | head -1)
      printf '%s\t%s\t%s\t%s\t%s\n' "miter-$bits-$kind" "$solver" "$answer" "$cpu" "${conflicts:-}"
    done
  done
done
