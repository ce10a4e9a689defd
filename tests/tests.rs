//! One harness for every integration test: each module runs the real binaries, built by
//! cargo for this test run, on files under `testdata/`.

mod batch_read;
mod batch_solve;
mod cactusplot;
mod compressed;
mod diffcheck;
mod differential;
mod drat;
mod encodings;
mod gridcheck;
mod hostile;
mod layouts;
mod model2grid;
mod model2grid_svg;
mod packaging;
mod pipeline;
mod proof;
mod satsolve;
mod satsolve_limits;
mod sudoku2cnf;
mod sudokugen;
mod util;
