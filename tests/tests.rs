//! One harness for every integration test: each module runs the real binaries, built by
//! cargo for this test run, on files under `testdata/`.

mod cactusplot;
mod diffcheck;
mod differential;
mod drat;
mod encodings;
mod gridcheck;
mod layouts;
mod model2grid;
mod model2grid_svg;
mod pipeline;
mod proof;
mod satsolve;
mod satsolve_limits;
mod sudoku2cnf;
mod util;
