//! `--engine splr`: the splr crate (Narazaki, 0.17.2), an independent modern CDCL solver,
//! behind our [`Engine`] interface so users can compare it with ours on equal terms.
//!
//! What the adapter guarantees, and how:
//!
//! * **Our reader only.** splr gets clauses as `Vec<i32>` built from our [`Cnf`], never a
//!   file: its own reader answers UNSAT on a SATLIB `%` trailer and panics on a literal above
//!   the header. Clauses are normalised first (sorted, duplicates merged, tautologies
//!   dropped); an empty clause or a clause-free formula is answered here without splr,
//!   since splr rejects the former and has nothing to do on the latter.
//! * **Incremental by rebuilding.** splr 0.17.2 is incremental only with a compile-time
//!   feature that also switches off its preprocessing, so [`Engine::add_clause`] just
//!   appends to our clause list and every [`Engine::solve`] builds a fresh splr solver from
//!   all clauses. Simple and correct; each solve pays a load of the whole formula.
//! * **UNSAT is UNSAT wherever it shows.** splr reports unsatisfiability found while
//!   loading or at the root level as `Err(SolverError::EmptyClause | Inconsistent |
//!   RootLevelConflict)` (or `Err(Ok(Certificate::UNSAT))` from `try_from`); all of these
//!   map to [`Outcome::Unsat`]. Any other error (time-out, out of memory, internal) maps to
//!   [`Outcome::Unknown`].
//! * **Never a wrong model.** A model from splr is checked against every clause; one that
//!   fails (a splr bug) becomes [`Outcome::Unknown`] and is counted as `rejected models`.
//! * **Limits.** splr runs on a worker thread while the caller waits, reading the interrupt
//!   flag every 10 ms: once it is set, `solve` returns `Unknown` at once and the worker is
//!   abandoned (it keeps a core busy until it finishes or reaches its own time-out; the
//!   process normally exits right after). [`Limits::timeout`] becomes splr's `c_timeout`,
//!   rounded up to whole seconds because splr truncates it, and checked by splr only at the
//!   end of its search stages. There is no conflict limit in splr's API:
//!   [`Limits::conflicts`] is ignored. A panic inside splr ends the worker, not us, and
//!   gives `Unknown` (the panic message goes to stderr).
//! * **Silent.** `quiet_mode` is set and splr's interactive interface is off, so splr
//!   writes nothing to stdout.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use ::splr::{Certificate, Config, PropertyDereference, SolveIF, Solver, SolverError};

use super::engine::{Engine, EngineKind, Limits, Outcome};
use super::stats::write_counters;
use crate::cnf::Cnf;
use crate::lit::Lit;

/// How often the waiting caller reads the interrupt flag.
const INTERRUPT_POLL: Duration = Duration::from_millis(10);

/// splr's time-out when the caller sets none: about 31 years, i.e. never.
const NO_TIMEOUT_SECONDS: f64 = 1.0e9;

/// Counters of the splr engine, cumulative over solve calls (splr's own counters are
/// summed over the solvers built, one per solve).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SplrStats {
    /// splr solvers built (one per solve call that reached splr).
    pub builds: u64,
    /// Conflicts, as counted by splr.
    pub conflicts: u64,
    /// Decisions, as counted by splr.
    pub decisions: u64,
    /// Propagated literals, as counted by splr.
    pub propagations: u64,
    /// Restarts, as counted by splr.
    pub restarts: u64,
    /// Learnt clauses, as counted by splr.
    pub learnt_clauses: u64,
    /// Solve calls that ended `Unknown` (interrupt, time-out or splr error).
    pub unfinished: u64,
    /// Models from splr that failed our check (should stay 0).
    pub rejected_models: u64,
}

/// The splr engine: our clause list plus the limits to hand to each splr run.
#[derive(Debug)]
pub struct SplrEngine {
    num_vars: usize,
    /// Normalised clauses in DIMACS numbering. Shared with the worker thread of a solve
    /// call; `Arc::make_mut` copies it only if an abandoned worker still holds it.
    clauses: Arc<Vec<Vec<i32>>>,
    has_empty_clause: bool,
    interrupt: Option<Arc<AtomicBool>>,
    timeout: Option<Duration>,
    stats: SplrStats,
}

/// What one splr run produced: its answer and its counters.
struct Run {
    answer: Answer,
    counters: [u64; 5],
}

/// splr's answer before model checking.
enum Answer {
    Sat(Vec<i32>),
    Unsat,
    Unknown,
}

impl SplrEngine {
    /// An engine over the clauses and variables of `cnf`; `limits.interrupt` and
    /// `limits.timeout` apply, `limits.conflicts` and `limits.restarts` do not.
    pub fn new(cnf: &Cnf, limits: &Limits) -> SplrEngine {
        let mut engine = SplrEngine {
            num_vars: cnf.num_vars(),
            clauses: Arc::new(Vec::with_capacity(cnf.num_clauses())),
            has_empty_clause: false,
            interrupt: limits.interrupt.clone(),
            timeout: limits.timeout,
            stats: SplrStats::default(),
        };
        for clause in cnf.clauses() {
            engine.add_clause(clause);
        }
        engine
    }

    /// Counters accumulated over all solve calls.
    pub fn stats(&self) -> &SplrStats {
        &self.stats
    }

    /// Adds a clause for the next solve; duplicates are merged, tautologies dropped.
    pub fn add_clause(&mut self, lits: &[Lit]) {
        if let Some(max) = lits.iter().map(|l| l.var().index() + 1).max() {
            self.num_vars = self.num_vars.max(max);
        }
        let mut clause = lits.to_vec();
        clause.sort_unstable();
        clause.dedup();
        // After sorting, x and ¬x are adjacent (codes 2i and 2i+1).
        if clause.windows(2).any(|pair| pair[0] == !pair[1]) {
            return;
        }
        if clause.is_empty() {
            self.has_empty_clause = true;
            return;
        }
        // Variables stop at Var::MAX_DIMACS = 2^30 - 1, so every literal fits in i32.
        let numbers = clause.iter().map(|lit| lit.to_dimacs() as i32).collect();
        Arc::make_mut(&mut self.clauses).push(numbers);
    }

    /// Runs splr on all clauses added so far (see the module docs for limits).
    pub fn solve(&mut self) -> Outcome {
        self.solve_with_assumptions(&[])
    }

    /// Runs splr on all clauses added so far plus one unit clause per assumption (splr
    /// 0.17 has no assumption interface, and each call builds a fresh splr solver anyway).
    pub fn solve_with_assumptions(&mut self, assumptions: &[Lit]) -> Outcome {
        if self.has_empty_clause {
            return Outcome::Unsat;
        }
        if let Some(max) = assumptions.iter().map(|l| l.var().index() + 1).max() {
            self.num_vars = self.num_vars.max(max);
        }
        if self.clauses.is_empty() && assumptions.is_empty() {
            return Outcome::Sat(vec![false; self.num_vars]);
        }
        let clauses = if assumptions.is_empty() {
            Arc::clone(&self.clauses)
        } else {
            let mut clauses = Vec::clone(&self.clauses);
            clauses.extend(assumptions.iter().map(|lit| vec![lit.to_dimacs() as i32]));
            Arc::new(clauses)
        };
        self.stats.builds += 1;
        let config = self.config();
        let run = self.run_on_worker(config, &clauses);
        let Some(run) = run else {
            self.stats.unfinished += 1;
            return Outcome::Unknown;
        };
        let [conflicts, decisions, propagations, restarts, learnt] = run.counters;
        self.stats.conflicts += conflicts;
        self.stats.decisions += decisions;
        self.stats.propagations += propagations;
        self.stats.restarts += restarts;
        self.stats.learnt_clauses += learnt;
        match run.answer {
            Answer::Unsat => Outcome::Unsat,
            Answer::Unknown => {
                self.stats.unfinished += 1;
                Outcome::Unknown
            }
            Answer::Sat(numbers) => match self.checked_model(&numbers, &clauses) {
                Some(model) => Outcome::Sat(model),
                None => {
                    self.stats.rejected_models += 1;
                    self.stats.unfinished += 1;
                    Outcome::Unknown
                }
            },
        }
    }

    fn config(&self) -> Config {
        let seconds = match self.timeout {
            // splr truncates c_timeout to whole seconds (and 0 would stop it at once).
            Some(timeout) => timeout.as_secs_f64().ceil().max(1.0),
            None => NO_TIMEOUT_SECONDS,
        };
        Config {
            c_timeout: seconds,
            quiet_mode: true,
            splr_interface: false,
            ..Config::default()
        }
    }

    /// Runs splr on a worker thread and waits for it, or for the interrupt flag. `None`
    /// when interrupted or when the worker died (a panic in splr).
    fn run_on_worker(&self, config: Config, clauses: &Arc<Vec<Vec<i32>>>) -> Option<Run> {
        let shared = Arc::clone(clauses);
        let (sender, receiver) = mpsc::channel();
        let spawned = thread::Builder::new()
            .name("splr".to_string())
            .spawn(move || {
                // The receiver is gone only if the caller stopped waiting.
                let _ = sender.send(run_splr(config, &shared));
            });
        if spawned.is_err() {
            // No thread to be had: run here, without interrupt support.
            return Some(run_splr(self.config(), clauses));
        }
        let Some(flag) = &self.interrupt else {
            return receiver.recv().ok();
        };
        loop {
            if flag.load(Ordering::Relaxed) {
                return None;
            }
            match receiver.recv_timeout(INTERRUPT_POLL) {
                Ok(run) => return Some(run),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return None,
            }
        }
    }

    /// splr's signed model as one value per variable, if it satisfies every clause of
    /// `clauses` (the formula it was given, assumptions included).
    fn checked_model(&self, numbers: &[i32], clauses: &[Vec<i32>]) -> Option<Vec<bool>> {
        // Variables splr never saw (declared but unused) stay false.
        let mut model = vec![false; self.num_vars];
        for &number in numbers {
            let index = (number.unsigned_abs() as usize).checked_sub(1)?;
            if let Some(value) = model.get_mut(index) {
                *value = number > 0;
            }
        }
        let satisfied = clauses.iter().all(|clause| {
            clause.iter().any(|&number| {
                let index = number.unsigned_abs() as usize - 1;
                model.get(index).copied() == Some(number > 0)
            })
        });
        satisfied.then_some(model)
    }
}

/// Builds a splr solver from `clauses` and runs it. Clauses are non-empty and their
/// literals non-zero, which is all splr's loader asks.
fn run_splr(config: Config, clauses: &[Vec<i32>]) -> Run {
    let mut solver = match Solver::try_from((config, clauses)) {
        Ok(solver) => solver,
        Err(Ok(Certificate::UNSAT)) => return run_without_counters(Answer::Unsat),
        Err(Ok(Certificate::SAT(model))) => return run_without_counters(Answer::Sat(model)),
        Err(Err(error)) => return run_without_counters(answer_for_error(&error)),
    };
    let answer = match solver.solve() {
        Ok(Certificate::SAT(model)) => Answer::Sat(model),
        Ok(Certificate::UNSAT) => Answer::Unsat,
        Err(error) => answer_for_error(&error),
    };
    use ::splr::assign::property::Tusize as Assign;
    use ::splr::cdb::property::Tusize as Db;
    let count = |value: usize| value as u64;
    Run {
        answer,
        counters: [
            count(solver.asg.derefer(Assign::NumConflict)),
            count(solver.asg.derefer(Assign::NumDecision)),
            count(solver.asg.derefer(Assign::NumPropagation)),
            count(solver.asg.derefer(Assign::NumRestart)),
            count(solver.cdb.derefer(Db::NumLearnt)),
        ],
    }
}

fn run_without_counters(answer: Answer) -> Run {
    Run {
        answer,
        counters: [0; 5],
    }
}

/// splr signals unsatisfiability found while loading or at the root level as errors.
fn answer_for_error(error: &SolverError) -> Answer {
    match error {
        SolverError::EmptyClause
        | SolverError::Inconsistent
        | SolverError::RootLevelConflict(_) => Answer::Unsat,
        _ => Answer::Unknown,
    }
}

impl Engine for SplrEngine {
    fn add_clause(&mut self, lits: &[Lit]) {
        SplrEngine::add_clause(self, lits);
    }

    fn solve_with_assumptions(&mut self, assumptions: &[Lit]) -> Outcome {
        SplrEngine::solve_with_assumptions(self, assumptions)
    }

    fn write_stats(&self, out: &mut dyn Write) -> io::Result<()> {
        write_counters(
            out,
            &[
                ("splr builds", self.stats.builds),
                ("conflicts", self.stats.conflicts),
                ("decisions", self.stats.decisions),
                ("propagations", self.stats.propagations),
                ("restarts", self.stats.restarts),
                ("learnt clauses", self.stats.learnt_clauses),
                ("unfinished solves", self.stats.unfinished),
                ("rejected models", self.stats.rejected_models),
            ],
        )
    }

    fn name(&self) -> &'static str {
        EngineKind::Splr.name()
    }
}
