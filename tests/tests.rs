//! One harness for every integration test: each module runs the real binaries, built by
//! cargo for this test run, on files under `testdata/`.

mod util;
