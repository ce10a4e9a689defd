# sudosat: build, demo, test, benchmarks. `make help` lists the targets.
#
# What each target needs beyond a Rust toolchain and make:
# - build, demo, test, lint, docs, install, clean: nothing more (test runs minisat,
#   cadical, tmux and a one-node SLURM where they are installed, and skips those checks
#   otherwise, except under CI=true, where a missing one fails; .ci/run installs them);
# - bench-broad: python3, cnfgen 0.9.6 (`pip install cnfgen==0.9.6`), cadical and
#   cryptominisat5 (for --make-reference), and ../shared/bench/pool;
# - bench, bench-medium, bench-hard, compare, proofs, timing: python3, minisat, cadical
#   and splr (`cargo install splr --version 0.17.2`), and ../shared/bench beside the
#   checkout; bench-hard and scripts/hard/pick.py also cryptominisat5;
# - bench-batch, bench-gen: python3, qqwing and GNU time, and ../shared/puzzles;
# - bench-hanidoku: python3, minisat, cadical and ../shared/puzzles/hanidoku;
# - bench-hints: python3, qqwing and ../shared/puzzles;
# - bench-xor: python3, GNU time, prlimit (util-linux), cryptominisat5 and ../shared/bench;
# - bench-miter: GNU time, minisat and cadical;
# - solve-batch: python3 (and the SOLVER named, if not satsolve);
# - SCHEDULER=slurm (compare, solve-batch): SLURM's client commands and a controller,
#   and this checkout on a file system the nodes share (scripts/slurm-cluster starts a
#   one-node cluster here; test runs it where slurm-wlm and munge are installed);
# - fuzz, fuzz-seeds: a nightly toolchain and cargo-fuzz;
# - web: the wasm32-unknown-unknown target and wasm-bindgen-cli of the version Cargo.lock
#   holds (`cargo install --locked wasm-bindgen-cli --version V`); serve-web: node;
#   the browser tests of `test` and bench-web: also node, npm and Debian's chromium (test
#   skips them with a note where one is missing, except under CI=true); bench-web also
#   ../shared/puzzles.

SHELL   := /bin/bash
CARGO   ?= cargo
RELEASE := target/release
PREFIX  ?= $(HOME)/.local
PUZZLE  ?= testdata/puzzles/9x9_ai_escargot.txt
# Extra satsolve arguments for every benchmark target that runs satsolve (bench,
# bench-medium, bench-batch, bench-hanidoku, compare, proofs, timing), appended to its
# command line as they are: an experiment with the solver's options is a command line,
# e.g. `make bench-medium SATSOLVE_FLAGS="--set NAME=VALUE --set OTHER=VALUE"`
# (`satsolve --list-options` lists them). Recorded in each run's summary.
SATSOLVE_FLAGS ?=
SATSOLVE_FLAGS_ARG = --satsolve-flags '$(SATSOLVE_FLAGS)'

.PHONY: help all build demo compare-builds test test-web web serve-web bench-web lint bench bench-broad bench-xor bench-miter bench-medium bench-hard bench-batch bench-gen bench-hanidoku bench-hints timing proofs fuzz fuzz-seeds compare solve-batch docs install clean

# Builds the release binaries (the default target).
all: build

# Lists the targets, each with the first line of the comment above it.
help:
	@awk '/^# / { if (!text) text = substr($$0, 3); next } \
	     /^[a-z][a-z-]*:/ { name = $$1; sub(/:.*/, "", name); \
	         printf "  %-16s %s\n", name, (text ? text : "-"); text = ""; next } \
	     /^$$/ { text = "" }' $(firstword $(MAKEFILE_LIST))

# Builds the release binaries under target/release.
build:
	$(CARGO) build --release --bins

# Solves a shipped puzzle through the pipeline and checks the grid against its givens.
demo: build
	@echo "puzzle: $$(grep -v '^#' $(PUZZLE))"
	$(RELEASE)/sudoku2cnf $(PUZZLE) | $(RELEASE)/satsolve | $(RELEASE)/model2grid --format pretty
	$(RELEASE)/sudoku2cnf $(PUZZLE) | $(RELEASE)/satsolve | $(RELEASE)/model2grid \
	    | $(RELEASE)/gridcheck --puzzle $(PUZZLE)

# Every test: unit, integration (real binaries), differential and doc tests.
# Release mode, because the pipeline tests solve 25x25 and 36x36 puzzles.
test:
	$(CARGO) test --release --all-targets
	$(CARGO) test --release --doc
	# The library once more in a debug build, where the solver's invariants are checked
	# by debug_assert!.
	$(CARGO) test --lib
	# The browser game: its crate's unit tests (native), then the page in Chromium.
	$(CARGO) test -p sudosat-web
	scripts/test-web.sh

# The browser tests alone: builds the page and plays it in headless Chromium.
# web/tests/page.test.mjs through playwright-core (web/package-lock.json); screenshots
# under target/test-scratch/web/<test>/. Skips with a note where node, npm, chromium,
# the wasm32 target or wasm-bindgen is missing, except under CI=true.
test-web:
	scripts/test-web.sh

# Builds the browser game into target/web (index.html, the JS glue, the .wasm).
# web/ (the library behind wasm-bindgen) for wasm32-unknown-unknown with the `wasm`
# profile, wasm-bindgen's glue, and the static page of web/www (docs/web.md).
web:
	scripts/build-web.sh target/web

# Serves target/web on http://127.0.0.1:8000/ (after make web; Ctrl-C stops).
serve-web:
	node web/serve.mjs target/web 8000

# The small suite: satsolve against MiniSat, CaDiCaL and splr on ../shared/bench/cnf.
# Answers and models checked; writes scratch/bench/results.csv and summary.md.
# BENCH_FLAGS="--timeout 30 --runs 3 --only REGEX"; SATSOLVE_FLAGS="--set NAME=VALUE"
# with BENCH_FLAGS="--baseline target/release/satsolve" runs the option against the
# default in the same turns.
bench: build
	python3 scripts/bench.py $(SATSOLVE_FLAGS_ARG) $(BENCH_FLAGS) scratch/bench

# The broad suite, the gate of every solver change: many families, shuffled copies.
# Planted flat-graph colourings, ordering principles, pigeonhole and clique-colouring,
# planted random k-SAT, Tseitin, subset cardinality, van der Waerden, VMPC and factoring,
# large Sudoku, miters, and SATLIB's BMC, planning, quasigroup and structured families:
# scripts/broad/suite.tsv, picked by scripts/broad/pick.py (CaDiCaL 1-60 s here), rebuilt
# from their generators (cnfgen 0.9.6 from PyPI, ours in scripts/broad/families.py) and
# shuffled into BROAD_COPIES copies each. satsolve runs under a CPU limit of BROAD_TIMEOUT
# s; CaDiCaL and CryptoMiniSat are reference rows (scripts/broad/reference.csv, made a
# copy at a time with --make-reference; ratios are taken on the copies they ran). Per
# family: solved, PAR-2 and the ratios to the peers; BROAD_FLAGS="--baseline PATH" (an
# earlier build) or "--baseline-flags ARGS" adds the no-regression verdict of
# docs/satsolve.md. Writes scratch/bench-broad/summary.md. Hours of CPU: BROAD_FLAGS="--jobs 2".
BROAD_TIMEOUT ?= 120
BROAD_COPIES ?= 3
BROAD_FLAGS ?=
bench-broad: build
	$(CARGO) build --release --example miter
	python3 scripts/broad/run.py --timeout $(BROAD_TIMEOUT) --copies $(BROAD_COPIES) $(SATSOLVE_FLAGS_ARG) \
	    $(BROAD_FLAGS) scratch/bench-broad

# Parity reasoning (XOR matrices) against CryptoMiniSat 5 under a CPU limit.
# Pool parity instances, generated Tseitin formulas and parity chains, SATLIB circuits
# and the small suite, satsolve with --set xor=0 beside it; models checked. Writes
# scratch/bench-xor/results.csv and summary.md. BENCH_XOR_FLAGS="--sets pool --runs 3
# --baseline PATH".
bench-xor: build
	python3 scripts/bench-xor.py $(BENCH_XOR_FLAGS) scratch/bench-xor

# Gate extraction and congruence closure on generated multiplier miters.
# examples/miter.rs writes them (identical, shuffled, decomposed, flipped); satsolve,
# MITER_BASELINE (a satsolve build to compare with), MiniSat and CaDiCaL run in turns
# with a CPU limit of MITER_LIMIT s. Writes scratch/miter-bench/results.tsv.
MITER_BASELINE ?= $(RELEASE)/satsolve
MITER_LIMIT ?= 60
MITER_BITS ?= 10 12 16
bench-miter: build
	mkdir -p scratch/miter-bench && scripts/bench-miter.sh $(MITER_BASELINE) $(MITER_LIMIT) "$(MITER_BITS)" \
	    "identical shuffled decomposed flipped" > scratch/miter-bench/results.tsv

# The medium suite (scripts/medium/suite.tsv), like `make bench`.
# Instances of ../shared/bench/pool that MiniSat solves in 1-60 s of CPU
# (at most 15 per family) plus the large Sudoku CNFs, each answer agreed by MiniSat, CaDiCaL
# and satsolve (UNSAT with a checked DRAT proof); picked by scripts/medium/pick.py into
# scripts/medium/suite.tsv. Run like `make bench` (solvers take turns, models checked, peak
# memory), summary per family with PAR-2, and the cactus plot. Hours on 2 cores: use a quiet
# machine. MEDIUM_TIMEOUT per run; BENCH_FLAGS="--only REGEX" for a few instances.
MEDIUM_TIMEOUT ?= 120
bench-medium: build
	python3 scripts/bench.py --list scripts/medium/suite.tsv --timeout $(MEDIUM_TIMEOUT) $(SATSOLVE_FLAGS_ARG) \
	    $(BENCH_FLAGS) scratch/bench-medium
	$(RELEASE)/cactusplot scratch/bench-medium/results.csv --svg scratch/bench-medium/cactus.svg \
	    --png scratch/bench-medium/cactus.png --title 'Cactus plot: medium suite, timeout $(MEDIUM_TIMEOUT) s'

# The hard suite (scripts/hard/suite.tsv): satsolve against the peers' reference rows.
# Instances of ../shared/bench/pool that MiniSat does not solve in 60 s of CPU (par32,
# g125/g250, hole10, SAT 2009 random 3/5/7-SAT), each answer agreed and checked (a model
# clause by clause; UNSAT: a DRAT proof accepted by dratify and by our own checker);
# picked by scripts/hard/pick.py, which ran MiniSat (60 s), CaDiCaL, CryptoMiniSat and
# splr (the first 17 picks) once into scripts/hard/reference.csv (version, date and CPU
# limit per row). Times are CPU seconds and HARD_TIMEOUT a CPU limit: on a loaded machine
# wall time measures the neighbours. CaDiCaL's and CryptoMiniSat's reference rows have a
# 300 s limit (their unsolved pairs of the first 60 s runs were rerun at 300 s), MiniSat's
# and splr's 60 s. BENCH_FLAGS="--baseline PATH" adds an earlier build, "--only REGEX"
# a few instances.
HARD_TIMEOUT ?= 300
bench-hard: build
	python3 scripts/bench.py --list scripts/hard/suite.tsv --cpu --timeout $(HARD_TIMEOUT) \
	    --solvers satsolve --reference scripts/hard/reference.csv --ratio-to cadical \
	    $(SATSOLVE_FLAGS_ARG) $(BENCH_FLAGS) scratch/bench-hard
	$(RELEASE)/cactusplot scratch/bench-hard/results.csv --svg scratch/bench-hard/cactus.svg \
	    --png scratch/bench-hard/cactus.png --title 'Cactus plot: hard suite, CPU limit $(HARD_TIMEOUT) s'

# Puzzle files as streams through the pipeline, against qqwing --solve.
# Whole puzzle files streamed through sudoku2cnf | satsolve --true-only (| model2grid once
# it reads streams) against qqwing --solve in the same run, every solution checked, plus
# 1,000,000 puzzles with peak memory and the rate per 100,000. Needs qqwing and GNU time;
# writes scratch/bench-batch/summary.md. BENCH_BATCH_FLAGS="--jobs 1 --sets 17-clue".
bench-batch: build
	python3 scripts/bench-batch.py --million $(SATSOLVE_FLAGS_ARG) $(BENCH_BATCH_FLAGS) scratch/bench-batch

# Two builds' binaries on the same command lines, stdout, stderr and exit codes compared.
# BASE=DIR names the earlier build's folder (binaries kept from another commit); the
# cases are every shipped fixture through every binary, plus satsolve --stats counters on
# ../shared/bench/cnf. Writes scratch/compare-builds.md; exit 1 when any case differs.
BASE ?=
compare-builds: build
	@test -n '$(BASE)' || { echo 'make compare-builds: set BASE=DIR, the earlier build' >&2; exit 2; }
	python3 scripts/compare-builds.py --baseline '$(BASE)' scratch/compare-builds.md

# Hints and SE-style ratings on the shared sets, against qqwing's difficulty output.
# The tutor walks 1,000 17-clue puzzles, top1465, the forum's hardest of 2011 and the 1,050
# hard Hanidoku from givens to solution, every hint timed and every step checked against
# the solution; reports the share of steps per technique, the share needing forcing chains,
# Nishio or search, hint latency p50/p95, the time to rate against `qqwing --solve --stats`,
# and the agreement with published ratings. Hours on 2 cores; writes
# scratch/bench-hints/summary.md. BENCH_HINTS_FLAGS="--limit 50 --sets top1465".
bench-hints: build
	$(CARGO) build --release --example hint_bench
	python3 scripts/bench-hints.py $(BENCH_HINTS_FLAGS) scratch/bench-hints

# The browser game measured: .wasm size, first paint, hints and generation in the worker.
# Size raw and gzipped, first paint to data-ready (9x9, Hanidoku), hint latency in the
# game worker against examples/hint_bench on the same puzzles (norvig_top95, the first
# 100 hard Hanidoku), a hint key to the hint on screen, and generation by SE level in the
# worker against sudokugen. Writes scratch/bench-web/summary.md.
# BENCH_WEB_FLAGS="--runs 7 --gen 5 --hanidoku 100 --page-puzzles 10 --skip-native".
bench-web: web
	$(CARGO) build --release --bins --example hint_bench
	cd web && npm ci --no-audit --no-fund
	node scripts/bench-web.mjs $(BENCH_WEB_FLAGS) scratch/bench-web

# Checks the DRAT proofs of the small suite's UNSAT instances.
# DRAT proofs of every UNSAT instance of the suite solved within 10 s, each checked by an
# independent checker (examples/drat_check.rs over the dratify crate).
proofs: build
	$(CARGO) build --release --example drat_check
	python3 scripts/verify-proofs.py $(SATSOLVE_FLAGS_ARG) scratch/proofs.md

# Pipeline and solver timings as ratios against MiniSat measured in the same run.
timing: build
	SATSOLVE_FLAGS='$(SATSOLVE_FLAGS)' scripts/pipeline-timing.sh scratch/timing

# Man pages and shell completions from the clap definitions, under target/share.
docs: build
	scripts/install-docs.sh $(RELEASE) target/share

# Installs the binaries, man pages and completions under PREFIX (default ~/.local).
# The binaries go into PREFIX/bin, with their man pages and
# bash, zsh and fish completions under PREFIX/share.
install:
	$(CARGO) install --locked --path . --root $(PREFIX)
	scripts/install-docs.sh $(PREFIX)/bin $(PREFIX)/share
# sudokugen's throughput: grids, minimal puzzles, levels, Hanidoku.
# A million grids against cat copying the same bytes (and to
# /dev/null), minimal 9x9 puzzles against qqwing, --clues and --difficulty beside a
# baseline (BASE=path), Hanidoku puzzles per second; writes scratch/bench-gen/bench-gen.md.
bench-gen: build
	scripts/bench-gen.sh scratch/bench-gen

# The 1,050 hard Hanidoku puzzles through the pipeline, against MiniSat and CaDiCaL.
# The 1,050 hard Hanidoku puzzles as one stream through sudoku2cnf | satsolve |
# model2grid on one and two jobs, best of 3 interleaved runs: CPU and wall ms per puzzle,
# conflicts, ns per propagation and µs per conflict, every grid checked by gridcheck;
# 20 strictly minimal puzzles by sudokugen (checked unique and minimal); MiniSat and
# CaDiCaL on 100 of them, one CNF each, with their conflicts. CPU ms a puzzle per stage
# (encode, solve, decode). BASELINE_BIN=DIR adds a baseline build's binaries in the same
# turns; DLX=EXE the dancing-links Hanidoku solver of github:weiz0823/dlx (built outside
# the repository), one thread, on the same puzzles in the same turns;
# writes scratch/bench-hanidoku/summary.md.
BASELINE_BIN ?=
DLX ?=
bench-hanidoku: build
	python3 scripts/bench-hanidoku.py $(if $(BASELINE_BIN),--baseline-bin '$(BASELINE_BIN)') \
	    $(if $(DLX),--dlx '$(DLX)') $(SATSOLVE_FLAGS_ARG) \
	    $(BENCH_HANIDOKU_FLAGS) scratch/bench-hanidoku

# Solvers side by side on a CNF directory or a puzzle file (SOLVERS, SET, TIMEOUT, OUT).
# Answers and models checked. Writes OUT/results.csv, OUT/summary.md (solved, PAR-2, time ratios to
# REFERENCE, default the first solver) and the cactus plot OUT/cactus.svg and .png.
# Each (solver, instance) run is its own target of the generated OUT/runs.mk, so
# `make -j N compare` runs N at once (use -j1 for fair timings); scripts/compare-parallel
# runs the same jobs through GNU parallel, on this machine or several (--sshlogin).
# SATSOLVE_FLAGS go to satsolve in every run (a change of them reruns everything).
# SCHEDULER=slurm submits the runs without a result as one SLURM array job (SLURM_TASKS
# tasks, default one per run; SLURM_FLAGS="--partition=P --account=A --qos=Q" and any
# other sbatch option) and waits for the merge job, which writes the same files; a task
# SLURM ends is reported and its runs are UNKNOWN rows until a rerun fills them in
# (docs/comparing.md#on-a-slurm-cluster).
SOLVERS   ?= satsolve minisat cadical splr
SET       ?= ../shared/bench/cnf
TIMEOUT   ?= 60
OUT       ?= scratch/compare
REFERENCE ?=
SCHEDULER ?=
SLURM_FLAGS ?=
SLURM_TASKS ?=
ifneq ($(filter-out slurm local,$(SCHEDULER)),)
$(error SCHEDULER=$(SCHEDULER): use slurm, or nothing to run on this machine)
endif
COMPARE_PLOT = --plot 'Cactus plot: $(notdir $(SET)), timeout $(TIMEOUT) s'
compare: build
	python3 scripts/compare.py plan --set '$(SET)' --solvers '$(SOLVERS)' --timeout $(TIMEOUT) --out '$(OUT)' \
	    $(SATSOLVE_FLAGS_ARG)
ifeq ($(SCHEDULER),slurm)
	python3 scripts/compare.py slurm --out '$(OUT)' $(if $(REFERENCE),--reference $(REFERENCE)) \
	    --slurm-flags '$(SLURM_FLAGS)' $(if $(SLURM_TASKS),--tasks $(SLURM_TASKS)) $(COMPARE_PLOT)
else
	$(MAKE) --no-print-directory -f '$(OUT)/runs.mk' all
	python3 scripts/compare.py collect --out '$(OUT)' $(if $(REFERENCE),--reference $(REFERENCE)) \
	    $(COMPARE_PLOT)
endif

# Solves a file of puzzles in CHUNKS pieces and joins the grids in input order.
# PUZZLES (required), CHUNKS (default 4), OUT (a file; default scratch/solve-batch.txt),
# SOLVER (default satsolve, streamed; e.g. SOLVER="cadical -q", one CNF per puzzle),
# LAYOUT. Here, the chunks run side by side; SCHEDULER=slurm makes them one SLURM array
# job and waits for the join (SLURM_FLAGS as for compare). The output is the bytes of
# `sudoku2cnf PUZZLES | satsolve --true-only | model2grid --batch` for puzzles with one
# solution, and `gridcheck --puzzle PUZZLES OUT` pairs it (docs/comparing.md).
PUZZLES ?=
CHUNKS  ?= 4
SOLVER  ?= satsolve
LAYOUT  ?=
BATCH_OUT = $(if $(filter file,$(origin OUT)),scratch/solve-batch.txt,$(OUT))
solve-batch: build
	@test -n '$(PUZZLES)' || { echo "solve-batch: PUZZLES=FILE is required" >&2; exit 2; }
	python3 scripts/solve-batch.py '$(PUZZLES)' --chunks $(CHUNKS) --out '$(BATCH_OUT)' \
	    --solver '$(SOLVER)' $(if $(LAYOUT),--layout '$(LAYOUT)') \
	    $(if $(filter slurm,$(SCHEDULER)),--scheduler slurm --slurm-flags '$(SLURM_FLAGS)')

# Runs every cargo-fuzz target for FUZZ_SECONDS each (nightly and cargo-fuzz).
# Every cargo-fuzz target (fuzz/, nightly, `cargo install cargo-fuzz`) for FUZZ_SECONDS each,
# one after another, starting from the committed corpora; new inputs go to fuzz/work/<target>,
# logs (with the final cov/ft) to scratch/fuzz/<target>.log, crashes to fuzz/artifacts/.
# Debug assertions are on, so an arithmetic overflow on a huge number counts as a crash.
FUZZ_SECONDS ?= 600
FUZZ_TARGETS ?= dimacs icnf puzzle answer layout
FUZZ_FLAGS   ?= -max_len=4096 -rss_limit_mb=2048 -timeout=10
fuzz:
	mkdir -p scratch/fuzz
	cd fuzz && for target in $(FUZZ_TARGETS); do \
	    mkdir -p work/$$target corpus/$$target && \
	    $(CARGO) +nightly fuzz run --debug-assertions $$target work/$$target corpus/$$target -- \
	        -max_total_time=$(FUZZ_SECONDS) $(FUZZ_FLAGS) 2>&1 \
	        | tee ../scratch/fuzz/$$target.log | grep -E '^#[0-9]+ +(DONE|pulse)|ERROR|panicked' ; \
	    test $${PIPESTATUS[0]} -eq 0 || exit 1; \
	done

# Rebuilds the committed seed corpora of the fuzz targets.
# From testdata/ turned into inputs (scripts/fuzz-seeds),
# plus whatever a `make fuzz` run found, minimized per target with `cargo fuzz cmin` to a
# set cover of the edges (hit counts ignored), which keeps each corpus well under 200 files.
fuzz-seeds: build
	scripts/fuzz-seeds fuzz/seeds
	cd fuzz && for target in $(FUZZ_TARGETS); do \
	    mkdir -p corpus/$$target && cp seeds/$$target/* corpus/$$target/ && \
	    if [ -d work/$$target ]; then cp work/$$target/* corpus/$$target/ 2>/dev/null || true; fi && \
	    $(CARGO) +nightly fuzz cmin --debug-assertions $$target corpus/$$target -- $(FUZZ_FLAGS) \
	        -set_cover_merge=1 -use_counters=0 -use_cmp=0 \
	        || exit 1; \
	done

# cargo fmt --check and clippy with warnings as errors, as CI runs them.
lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --all-targets -- -D warnings
	$(CARGO) clippy --lib --no-default-features -- -D warnings
	$(CARGO) clippy -p sudosat-web --all-targets -- -D warnings
	$(CARGO) clippy -p sudosat-web --target wasm32-unknown-unknown -- -D warnings

# Removes target/.
clean:
	$(CARGO) clean
