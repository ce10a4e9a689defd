//! `miter BITS KIND SEED`: writes a multiplier miter (`sudosat::testkit::families::
//! multiplier_miter`) as DIMACS to stdout, for benchmarks of gate extraction and
//! congruence closure. KIND is `identical`, `shuffled`, `decomposed` (the second copy in
//! c6288's NOR-and-inverter style, shuffled) or `flipped` (decomposed and shuffled, one
//! partial product of the second copy an OR: satisfiable). Exit 2 on bad arguments.
//!
//! ```text
//! cargo run --release --example miter -- 16 decomposed 1 > miter16.cnf
//! ```

use std::process::ExitCode;

use sudosat::rng::SplitMix64;
use sudosat::testkit::families::{multiplier_miter, MiterShape, SecondCopy};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed = match &args[..] {
        [bits, kind, seed] => bits
            .parse::<usize>()
            .ok()
            .filter(|&bits| bits >= 1)
            .zip(seed.parse::<u64>().ok())
            .and_then(|(bits, seed)| {
                let (second, shuffle, flip_gate) = match kind.as_str() {
                    "identical" => (SecondCopy::Identical, false, false),
                    "shuffled" => (SecondCopy::Identical, true, false),
                    "decomposed" => (SecondCopy::Decomposed, true, false),
                    "flipped" => (SecondCopy::Decomposed, true, true),
                    _ => return None,
                };
                Some((
                    MiterShape {
                        bits,
                        second,
                        shuffle,
                        flip_gate,
                    },
                    seed,
                ))
            }),
        _ => None,
    };
    let Some((shape, seed)) = parsed else {
        eprintln!("usage: miter BITS identical|shuffled|decomposed|flipped SEED");
        return ExitCode::from(2);
    };
    let formula = multiplier_miter(&mut SplitMix64(seed), shape);
    print!("{}", formula.to_dimacs());
    ExitCode::SUCCESS
}
