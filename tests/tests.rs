//! One harness for every integration test: each module runs the real binaries, built by
//! cargo for this test run, on files under `testdata/`. Oracles, proof checkers and the
//! lookup of peer solvers and `../shared` come from `sudosat::testkit`; `util` runs the
//! binaries.

mod batch_read;
mod batch_solve;
mod broad_suite;
mod cactusplot;
mod compressed;
mod differential;
mod encodings;
mod gates;
mod gridcheck;
mod honeycomb;
mod hostile;
mod layouts;
mod line_encodings;
mod model2grid;
mod model2grid_svg;
mod packaging;
mod parity;
mod pipeline;
mod proof;
mod readme;
mod satsolve;
mod satsolve_limits;
mod satsolve_options;
mod slurm;
mod sudoku2cnf;
mod sudokugen;
mod sudoplay;
mod uniqueness;
mod util;
