//! The solver-answer reader on arbitrary bytes. A SAT answer that parses must survive
//! being written in the competition form and read again.
//!
//! The reader stores models sparsely, so `v 1 11198656` costs two entries; the dense
//! round trip below would cost millions, so it is limited to small models (the first
//! fuzzing run timed out on exactly that input, in this target, not in the reader).

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudosat::model::{read_answer, write_sat, Answer};

fuzz_target!(|data: &[u8]| {
    let Ok(answer) = read_answer(data) else {
        return;
    };
    if let Answer::Sat(model) = answer {
        if model.max_var() > 100_000 {
            return;
        }
        let values = model.to_assignment(model.max_var());
        let mut written = Vec::new();
        write_sat(&mut written, &values, true).expect("writing to memory");
        match read_answer(&written[..]).expect("our own answer reads back") {
            Answer::Sat(again) => assert_eq!(again.to_assignment(values.len()), values),
            other => panic!("SAT written, {other:?} read"),
        }
    }
});
