//! The solver's tuning constants in one table, as CaDiCaL keeps its options in
//! `options.hpp`: each row gives an option's name, type, default, range and a one-line
//! description, and that one table makes the [`Options`] struct, its `Default`, the
//! parser behind `satsolve --set name=value` ([`Options::set`]) and the listing of
//! `satsolve --list-options` ([`OPTIONS`], [`write_list`]). Names are plain lowercase
//! with underscores, what they tune first (`restart_`, `mode_`, `reduce_`, `simplify_`,
//! `vsids_`, `decide_`, `walk_`, `elim_`), and a name is also the field it sets.
//!
//! The defaults are the values the solver was tuned with; the module of each option says
//! why (`restart`, `reduce`, `decide`, `columns`, `walk`, `elim`), and
//! `docs/experiments.md` has the measurements. Ranges keep the solver sound and making
//! progress (a Luby unit or a minimum run of 0 would restart without a conflict in
//! between, a growth below 1 would stall a schedule), not necessarily fast.
//!
//! Left as constants in their modules, since they tune no search:
//! `INTERRUPT_CHECK_INTERVAL` (`search.rs`; how soon an interrupt is seen, not what the
//! search does), `RESCALE_LIMIT` (`decide`; keeps activities inside the `f64` range and
//! changes no order), the clause header layout (`clause_db`: flag bits and length shift
//! fixed by the arena's word format), the proof's buffer size (`proof`), ProbSAT's table
//! of break bases (`walk`: published data, not a knob), sentinels (`heap`, `walk`), and
//! the growth rule of the watch lists' spare room (`watch`; memory only). The restart
//! policy and whether to eliminate at all are choices, not constants, with flags of their
//! own (`--restarts`, `--no-elim`); the constants of model enumeration and of the stream
//! strategies live outside this solver (`solver::enumerate`, `solver::cube_solver`).

use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;

/// The value types of options: whole numbers and reals.
trait OptionValue: Copy + PartialOrd + FromStr + fmt::Display {
    /// What a value must look like, for error messages: "an integer", "a number".
    const KIND: &'static str;
}

impl OptionValue for u64 {
    const KIND: &'static str = "an integer";
}

impl OptionValue for f64 {
    const KIND: &'static str = "a number";
}

/// One row of the options table, for listings and documentation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OptionInfo {
    /// The name `--set` takes, which is also the field of [`Options`].
    pub name: &'static str,
    /// What the option controls, in one line.
    pub description: &'static str,
    /// The default and the allowed range.
    pub range: OptionRange,
}

/// An option's default and inclusive bounds, by value type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OptionRange {
    /// A whole number.
    Integer {
        /// The default.
        default: u64,
        /// The smallest value allowed.
        min: u64,
        /// The largest value allowed.
        max: u64,
    },
    /// A real number.
    Real {
        /// The default.
        default: f64,
        /// The smallest value allowed.
        min: f64,
        /// The largest value allowed.
        max: f64,
    },
}

impl OptionRange {
    /// The default, as `--list-options` prints it.
    pub fn default_text(&self) -> String {
        match self {
            OptionRange::Integer { default, .. } => default.to_string(),
            OptionRange::Real { default, .. } => default.to_string(),
        }
    }

    /// The bounds, as `--list-options` prints them: `[min, max]`.
    pub fn bounds_text(&self) -> String {
        match self {
            OptionRange::Integer { min, max, .. } => format!("[{min}, {max}]"),
            OptionRange::Real { min, max, .. } => format!("[{min}, {max}]"),
        }
    }
}

/// A `name=value` setting that cannot be applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// The text has no `=`.
    #[error("expected NAME=VALUE, found \"{0}\"")]
    Syntax(String),
    /// No option has this name.
    #[error("unknown option \"{0}\"")]
    Unknown(String),
    /// The value is not a number of the option's type.
    #[error("option {name} expects {expected}, found \"{found}\"")]
    NotANumber {
        /// The option.
        name: &'static str,
        /// "an integer" or "a number".
        expected: &'static str,
        /// The text given.
        found: String,
    },
    /// The value is outside the option's range.
    #[error("option {name} expects {expected} in {bounds}, found {found}")]
    OutOfRange {
        /// The option.
        name: &'static str,
        /// "an integer" or "a number".
        expected: &'static str,
        /// The range, `[min, max]`.
        bounds: String,
        /// The text given.
        found: String,
    },
}

/// Parses `text` as a value of option `name` within `[min, max]`.
fn parse_in_range<T: OptionValue>(
    name: &'static str,
    text: &str,
    min: T,
    max: T,
) -> Result<T, OptionError> {
    let value: T = text.trim().parse().map_err(|_| OptionError::NotANumber {
        name,
        expected: T::KIND,
        found: text.to_string(),
    })?;
    // Written so that NaN, which compares false with everything, is out of range too.
    if min <= value && value <= max {
        Ok(value)
    } else {
        Err(OptionError::OutOfRange {
            name,
            expected: T::KIND,
            bounds: format!("[{min}, {max}]"),
            found: text.to_string(),
        })
    }
}

/// The [`OptionRange`] of a row, by its type.
macro_rules! option_range {
    (u64, $default:expr, $min:expr, $max:expr) => {
        OptionRange::Integer {
            default: $default,
            min: $min,
            max: $max,
        }
    };
    (f64, $default:expr, $min:expr, $max:expr) => {
        OptionRange::Real {
            default: $default,
            min: $min,
            max: $max,
        }
    };
}

/// Makes [`Options`], its `Default`, [`OPTIONS`] and [`Options::set`] from one table.
macro_rules! options_table {
    ($($name:ident: $ty:ident = $default:expr, [$min:expr, $max:expr], $description:literal;)*) => {
        /// The CDCL solver's tuning constants (see the module docs; `satsolve
        /// --list-options` prints them). `Default` gives the values the solver was tuned
        /// with; a solver takes them when it is built
        /// ([`Solver::with_options`](super::Solver::with_options)).
        #[derive(Clone, Debug, PartialEq)]
        pub struct Options {
            $(
                #[doc = $description]
                pub $name: $ty,
            )*
        }

        impl Default for Options {
            fn default() -> Options {
                Options {
                    $($name: $default,)*
                }
            }
        }

        /// Every option, in the order `--list-options` prints them.
        pub const OPTIONS: &[OptionInfo] = &[
            $(
                OptionInfo {
                    name: stringify!($name),
                    description: $description,
                    range: option_range!($ty, $default, $min, $max),
                },
            )*
        ];

        impl Options {
            /// Sets option `name` from the text of a value, which must parse as the
            /// option's type and lie in its range; on an error nothing changes.
            pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
                match name {
                    $(
                        stringify!($name) => {
                            self.$name =
                                parse_in_range::<$ty>(stringify!($name), value, $min, $max)?;
                        }
                    )*
                    _ => return Err(OptionError::Unknown(name.to_string())),
                }
                Ok(())
            }
        }
    };
}

/// Large enough for any count of conflicts or propagations a run reaches.
const HUGE: u64 = 1_000_000_000_000_000;

options_table! {
    restart_luby_unit: u64 = 50, [1, HUGE],
        "Conflicts per Luby unit under --restarts luby.";
    restart_stable_luby_unit: u64 = 1000, [1, HUGE],
        "Conflicts per Luby unit in the stable stints of --restarts modes.";
    restart_min_run: u64 = 50, [1, HUGE],
        "--restarts glucose: conflicts since the last restart before the next may come.";
    restart_margin: f64 = 1.25, [0.0, 1000.0],
        "--restarts glucose: restart when the fast LBD average exceeds the slow one times this.";
    restart_fast_alpha: f64 = 1.0 / 32.0, [1e-9, 1.0],
        "Smoothing factor of the fast (recent) LBD moving average.";
    restart_slow_alpha: f64 = 1.0 / 4096.0, [1e-9, 1.0],
        "--restarts glucose: smoothing factor of the slow (long-run) LBD moving average.";
    restart_trail_alpha: f64 = 1.0 / 5000.0, [1e-9, 1.0],
        "Smoothing factor of the moving average of the trail length at conflicts.";
    restart_block_factor: f64 = 1.4, [0.0, 1000.0],
        "Glucose restarts: a trail this many times its average at a conflict blocks a restart.";
    restart_block_after: u64 = 10_000, [0, HUGE],
        "--restarts glucose: conflicts before restarts may be blocked at all.";
    focused_restart_min_run: u64 = 2, [1, HUGE],
        "Focused stints of --restarts modes: conflicts since the last restart before the next may come.";
    focused_restart_margin: f64 = 1.1, [0.0, 1000.0],
        "Focused stints: restart when the fast LBD average exceeds the slow one times this.";
    focused_restart_slow_alpha: f64 = 1e-5, [1e-9, 1.0],
        "Focused stints: smoothing factor of the slow (long-run) LBD moving average.";
    focused_restart_block_after: u64 = HUGE, [0, HUGE],
        "Focused stints: conflicts before restarts may be blocked by a long trail.";
    mode_first_conflicts: u64 = 1000, [1, HUGE],
        "Conflicts of the first focused stint; its propagations are the unit of later stints.";
    mode_stable_share: u64 = 2, [0, 1_000_000],
        "A stable stint's budget as a multiple of the focused stint before it.";
    mode_near_miss_stable_share: u64 = 2, [0, 1_000_000],
        "A stable stint's budget as a multiple of the focused stint before it, while the last rephasing walk ended at most one clause short of a model.";
    reduce_first: u64 = 2000, [1, HUGE],
        "Conflicts before the first learnt-clause reduction.";
    reduce_increment: u64 = 300, [0, HUGE],
        "Growth of the interval between reductions, in conflicts, after each one.";
    reduce_glue: u64 = 2, [0, 1_000_000],
        "Learnt clauses of LBD at most this are kept forever.";
    reduce_tier2: u64 = 6, [0, 1_000_000],
        "Learnt clauses of LBD at most this are kept while conflict analysis uses them.";
    reduce_limit_divisor: f64 = 3.0, [0.001, 1e9],
        "The learnt-clause limit starts at the input clauses divided by this.";
    reduce_min_limit: u64 = 1000, [1, HUGE],
        "The learnt-clause limit is at least this many clauses.";
    reduce_near_miss_limit: u64 = 10_000, [1, HUGE],
        "The learnt-clause limit is at least this while the last rephasing walk ended one clause short of a model.";
    reduce_near_miss_literals: u64 = 0, [0, HUGE],
        "While the last rephasing walk ended one clause short of a model, the learnt-clause limit is also at least this many literals over the mean learnt clause's length (0: no such floor).";
    reduce_cube_limit: u64 = 400, [1, HUGE],
        "The learnt-clause limit while a cube of a stream is solved.";
    reduce_limit_growth: f64 = 1.1, [1.0, 100.0],
        "Factor by which the learnt-clause limit grows at each adjustment.";
    reduce_first_adjust: u64 = 100, [1, HUGE],
        "Conflicts before the first growth of the learnt-clause limit.";
    reduce_adjust_growth: f64 = 1.5, [1.0, 100.0],
        "Factor by which the interval between growths of the limit grows.";
    reduce_eager_subsume: u64 = 0, [0, 1_000_000],
        "Each learnt clause is compared with this many learnt just before it, and those it subsumes are deleted at the next reduction (0: never).";
    reduce_garbage_fraction: f64 = 0.2, [0.0, 0.9],
        "Share of the clause arena deleted clauses may fill before it is compacted.";
    simplify_effort: f64 = 1.0, [0.0, 1e6],
        "Propagations between level-0 simplifications, per live word of the clause arena.";
    vsids_decay: f64 = 0.95, [0.5, 1.0],
        "EVSIDS decay: the activity increment is divided by this after each conflict.";
    focused_vmtf: u64 = 1, [0, 2],
        "Decisions of the focused stints of --restarts modes follow the move-to-front queue (1), EVSIDS (0), or the queue and EVSIDS in turns, the queue first (2).";
    focused_vsids_decay: f64 = 0.95, [0.5, 1.0],
        "EVSIDS decay in the focused stints of --restarts modes that decide by EVSIDS (focused_vmtf 0 or 2).";
    focused_own_scores: u64 = 0, [0, 1],
        "Focused stints that decide by EVSIDS keep activities of their own, apart from the stable stints' (1), or share them (0).";
    target_phases: u64 = 1, [0, 2],
        "Decisions take the target phases never (0: saved phases), in stable stints only (1), or always (2).";
    target_restart_reset: u64 = 2, [0, 2],
        "The target assignment starts afresh at each restart (1), only at a rephase or walk as in CaDiCaL 1.5 (0), or at each restart unless the last rephasing walk ended one clause short of a model (2).";
    rephase: u64 = 0, [0, 1],
        "Rephasing on CaDiCaL's schedule every rephase_interval more conflicts (1), or only by the walk opening each stable stint (0).";
    rephase_interval: u64 = 1000, [1, HUGE],
        "Conflicts between rephases grow by this much after each one.";
    decide_columns: u64 = 100, [0, HUGE],
        "Decide in a cube's open positive clauses once a stream's cubes average this many conflicts (0: always).";
    walk_effort: f64 = 1.0, [0.0, 1e6],
        "Occurrence-list scans of a rephasing walk per propagation of the search since the last walk.";
    walk_max_break: u64 = 32, [1, 1000],
        "A walk weighs flips that break more clauses than this as if they broke this many.";
    walk_weighted_first: u64 = 100_000, [0, HUGE],
        "Conflicts before the first clause-weighting walk (CCAnr) looks for a model (0: never); then at each doubling.";
    walk_weighted_effort: u64 = 200_000_000, [0, HUGE],
        "Occurrence, clause and neighbour entries a clause-weighting walk visits.";
    walk_weighted_per_lit: u64 = 2000, [0, HUGE],
        "A clause-weighting walk visits at most this many entries per literal of the formula.";
    walk_weighted_stall: u64 = 20_000_000, [0, HUGE],
        "A clause-weighting walk gives up once its best has not improved for this many visits and walk_weighted_stall_factor times the visits that best took (0: never).";
    walk_weighted_stall_factor: u64 = 4, [0, 1_000_000],
        "A clause-weighting walk's patience as a multiple of the visits its best took (see walk_weighted_stall).";
    walk_seed: u64 = 0x5eed, [0, u64::MAX],
        "Seed of the walks' random choices.";
    walk_random_first: u64 = 20_000_000, [0, HUGE],
        "Clause visits of the walk before the search of a formula that looks uniformly random.";
    walk_random_first_per_lit: u64 = 1000, [0, HUGE],
        "That first walk's visits are at most this many per literal of the formula.";
    walk_random_share: f64 = 0.5, [0.0, 1e6],
        "Random formulas: visits of a stable stint's walk per propagation and average watch.";
    elim_resolvent_limit: u64 = 20, [0, 1_000_000],
        "Elimination keeps a variable with a resolvent longer than this.";
    elim_occurrence_limit: u64 = 64, [0, 1_000_000_000],
        "Elimination skips a variable with more occurrences than this in both signs.";
    elim_budget_per_literal: u64 = 20, [0, 1_000_000],
        "Elimination's budget of literal visits per literal of the formula.";
    elim_min_budget: u64 = 20_000_000, [0, HUGE],
        "Elimination's budget of literal visits is at least this.";
    elim_sparse_occurrences: u64 = 16, [0, 4_294_967_295],
        "A variable in at most this many clauses counts as sparse.";
    elim_sparse_percent: u64 = 10, [0, 100],
        "Elimination runs when at least this percentage of the occurring variables is sparse.";
    congruence: u64 = 1, [0, 1],
        "Gates found in the clauses, congruent ones merged and their literals substituted before elimination (1), or not (0).";
    congruence_and_arity: u64 = 16, [2, 1_000_000],
        "Congruence closure skips AND gates of more inputs (exactly-one groups give k gates of k-1 inputs each).";
    congruence_min_permille: u64 = 20, [0, 1000],
        "Congruence closure substitutes only when at least this many variables per thousand merge into others (or one into a constant).";
    shrink: u64 = 0, [0, 1],
        "Learnt clauses keep one literal of each lower level whose literals follow from one (1: CaDiCaL's shrinking), or all of them (0).";
    chrono: u64 = 0, [0, 2],
        "Chronological backtracking: after a conflict whose backjump would undo more than chrono_levels levels the search undoes one (1), and also keeps the levels up to the best-ranked variable the backjump would undo, CaDiCaL's trail reuse (2), or always backjumps (0). Not with XOR matrices, shrinking, cubes or assumptions.";
    chrono_levels: u64 = 100, [0, HUGE],
        "Chronological backtracking (option chrono) replaces backjumps over more than this many levels.";
    vivify: u64 = 0, [0, 2],
        "Vivification of tier-2 and core learnt clauses at the first restart after each reduction (1), only while the last rephasing walk ended one clause short of a model (2), or not (0).";
    vivify_effort: f64 = 0.1, [0.0, 1e6],
        "Propagations of a vivification round per propagation of the search since the last round.";
    vivify_min_budget: u64 = 10_000, [0, HUGE],
        "A vivification round may make at least this many propagations.";
    xor: u64 = 1, [0, 1],
        "XOR constraints found in the clauses and Gauss-Jordan elimination on them (1), or not (0).";
    xor_max_size: u64 = 8, [3, 8],
        "The longest XOR looked for in the clauses (it takes 2^(size-1) clauses).";
    xor_merge_max_size: u64 = 64, [0, 1_000_000],
        "Two XORs sharing a variable no other XOR has are summed if the sum has at most this many variables (0: never).";
    xor_max_columns: u64 = 4096, [2, 1_000_000],
        "A group of XORs over more variables than this gets no matrix.";
    xor_min_rows: u64 = 3, [1, 1_000_000],
        "A matrix with fewer rows than this is not visited in the search (its units and contradictions still count).";
    xor_max_matrices: u64 = 8, [0, 1_000_000],
        "At most this many matrices, the ones with the most rows, are visited in the search.";
    xor_trial_conflicts: u64 = 2000, [0, HUGE],
        "Conflicts after which the XOR matrices are kept only if they made enough of the propagations.";
    xor_min_share: f64 = 0.01, [0.0, 1.0],
        "The share of propagations the XOR matrices must make in their trial to be kept.";
}

impl Options {
    /// Applies one `name=value` setting (see [`Options::set`]).
    pub fn apply(&mut self, setting: &str) -> Result<(), OptionError> {
        let (name, value) = setting
            .split_once('=')
            .ok_or_else(|| OptionError::Syntax(setting.to_string()))?;
        self.set(name.trim(), value)
    }
}

/// Writes every option, one a line: `name=default`, the range `[min, max]` and the
/// description, in columns.
pub fn write_list(out: &mut dyn Write) -> io::Result<()> {
    let assignments: Vec<String> = OPTIONS
        .iter()
        .map(|info| format!("{}={}", info.name, info.range.default_text()))
        .collect();
    let bounds: Vec<String> = OPTIONS
        .iter()
        .map(|info| info.range.bounds_text())
        .collect();
    let width = assignments.iter().map(String::len).max().unwrap_or(0);
    let bounds_width = bounds.iter().map(String::len).max().unwrap_or(0);
    for ((info, assignment), bounds) in OPTIONS.iter().zip(&assignments).zip(&bounds) {
        writeln!(
            out,
            "{assignment:<width$}  {bounds:<bounds_width$}  {}",
            info.description
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
