# sudosat: build, demo, test. Every target works on a fresh checkout.

CARGO   ?= cargo
RELEASE := target/release
PREFIX  ?= $(HOME)/.local
PUZZLE  ?= testdata/puzzles/9x9_ai_escargot.txt

.PHONY: all build demo test lint bench bench-batch bench-gen timing proofs docs install clean

all: build

build:
	$(CARGO) build --release --bins

# Solve a shipped puzzle through the whole pipeline and check the grid against its givens.
demo: build
	@echo "puzzle: $$(grep -v '^#' $(PUZZLE))"
	$(RELEASE)/sudoku2cnf $(PUZZLE) | $(RELEASE)/satsolve | $(RELEASE)/model2grid --format pretty
	$(RELEASE)/sudoku2cnf $(PUZZLE) | $(RELEASE)/satsolve | $(RELEASE)/model2grid \
	    | $(RELEASE)/gridcheck --puzzle $(PUZZLE)

# The whole test suite: unit, integration (real binaries), differential and doc tests.
# Release mode, because the pipeline tests solve 25x25 and 36x36 puzzles.
test:
	$(CARGO) test --release --all-targets
	$(CARGO) test --release --doc

# satsolve against MiniSat, CaDiCaL and splr on ../shared/bench/cnf (answers and models
# checked); writes scratch/bench/results.csv and summary.md. BENCH_FLAGS="--timeout 30 --runs 3".
bench: build
	python3 scripts/bench.py $(BENCH_FLAGS) scratch/bench

# Whole puzzle files streamed through sudoku2cnf | satsolve --true-only (| model2grid once
# it reads streams) against qqwing --solve in the same run, every solution checked, plus
# 1,000,000 puzzles with peak memory and the rate per 100,000. Needs qqwing and GNU time;
# writes scratch/bench-batch/summary.md. BENCH_BATCH_FLAGS="--jobs 1 --sets 17-clue".
bench-batch: build
	python3 scripts/bench-batch.py --million $(BENCH_BATCH_FLAGS) scratch/bench-batch

# DRAT proofs of every UNSAT instance of the suite solved within 10 s, each checked by an
# independent checker (examples/drat_check.rs over the dratify crate).
proofs: build
	$(CARGO) build --release --example drat_check
	python3 scripts/verify-proofs.py scratch/proofs.md

# Pipeline and solver timings as ratios against MiniSat measured in the same run.
timing: build
	scripts/pipeline-timing.sh scratch/timing

# Man pages and shell completions from the clap definitions, under target/share.
docs: build
	scripts/install-docs.sh $(RELEASE) target/share

# Installs the binaries into PREFIX/bin (default ~/.local) with their man pages and
# bash, zsh and fish completions under PREFIX/share.
install:
	$(CARGO) install --locked --path . --root $(PREFIX)
	scripts/install-docs.sh $(PREFIX)/bin $(PREFIX)/share
# sudokugen's targets (issue 6): a million grids against cat, minimal 9x9 puzzles against
# qqwing, Hanidoku puzzles per second; writes scratch/bench-gen/bench-gen.md.
bench-gen: build
	scripts/bench-gen.sh scratch/bench-gen

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --all-targets -- -D warnings

clean:
	$(CARGO) clean
