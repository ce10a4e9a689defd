//! Keeping the clause database small: learnt-clause reduction, level-0 simplification
//! and garbage collection.
//!
//! Reduction keeps learnt clauses in three tiers (Oh, "Between SAT and UNSAT", SAT
//! 2015; CaDiCaL's reduce): LBD ≤ 2 ("glue", Audemard & Simon, IJCAI 2009) are kept
//! forever; LBD ≤ 6 are kept as long as conflict analysis used them since the previous
//! reduction; the others are ranked, used ones first, then by LBD and length, and the
//! worse half is deleted. A clause that is the reason of a current assignment is
//! "locked" and never deleted, since analysis may still resolve with it.
//!
//! A reduction is due every `2000 + 300·k` conflicts (Glucose), or earlier once the
//! learnt clauses outnumber a limit tied to the formula, MiniSat's: a third of the
//! input clauses (at least 1000), growing 10% at geometrically spaced conflict counts.
//! Glucose's schedule alone kept far more clauses than small formulas can use (with the
//! limit and the tiers, php_10_9's time and peak memory fell by about 40%). MiniSat's
//! limit has no floor; a smaller one than ours makes propagation cheaper on the small
//! pigeonhole formulas but costs conflicts on random ones, so it stays at 1000.
//!
//! While the last rephasing walk (see `walk`) ended one clause short of a model, the
//! limit is at least `reduce_near_miss_limit` (10,000). A floor of 10,000 for every
//! formula halved the PAR-2 of the small unsatisfiable families of the broad suite
//! (clique colouring, the Beijing adders) and lost the small satisfiable ones 5-9x (flat
//! graph colourings, van der Waerden): satisfiable formulas want a lean database (Oh,
//! "Between SAT and UNSAT", SAT 2015). The walks tell them apart: on the unsatisfiable
//! ones they end one clause short of a model, on the satisfiable ones 3-20 clauses
//! short until the search finds the model (docs/experiments.md, "The learnt-clause
//! limit on small formulas"). The option `reduce_near_miss_literals` adds a floor in
//! literals over the mean learnt clause's length: a larger floor halves the
//! clique-colouring formulas' conflicts but slows the Beijing adders, whose learnt
//! clauses are twice as long, at the same conflicts. It gained on the broad suite's
//! copies, but on a held-out draw lost a Beijing adder and a satisfiable van der
//! Waerden copy, and the small pigeonhole formulas lost too, so it is off
//! (docs/experiments.md, "The near-miss floor in literals").
//!
//! Not kept: vivification of learnt clauses (Luo et al., IJCAI 2017; as in CaDiCaL and
//! Kissat), built in full (rounds at level 0 after reductions, within 10% of the search's
//! propagations, proofs logged and verified). Its gain on the original structured files
//! vanished on shuffled copies, and the 36x36 Sudoku and industrial_38bits_10 swung by up
//! to 5x: the structured instances that lose to MiniSat finish within one or two
//! reductions, so vivification mostly reorders their search. Nor MiniSat's clause activity
//! in place of the tiers, nor wider tiers (glue ≤ 3, tier 2 ≤ 8): both cost conflicts on
//! the large instances for little on the small ones.
//!
//! Level-0 simplification (MiniSat's `simplify`): once new facts are fixed at level 0, the
//! clauses they satisfy are deleted. Level-0 reasons are dropped first: analysis never
//! looks at level-0 variables, so the reasons are dead weight that would lock clauses.
//!
//! With a proof, every deletion here is logged (see `proof`), except that of a clause
//! that is the reason of a level-0 literal: the checker keeps it, so the literal stays
//! derivable there by unit propagation.
//!
//! Deleted clauses stay in the arena until they fill a fifth of it (MiniSat's
//! `garbage_frac`); until then only the watch lists of their watched literals are
//! filtered. Garbage collection then compacts the arena (see `clause_db`), rebuilds the
//! watch lists from positions 0 and 1 of each clause and translates every reason on the
//! trail.
//!
//! The measurements: `docs/experiments.md`, "Learnt-clause reduction". The constants
//! named here are options (`reduce_*`: see `options`).

use super::clause_db::{ClauseDb, ClauseRef};
use super::options::Options;
use super::proof::Proof;
use super::trail::Trail;
use super::walk::LastWalk;
use super::watch::Watches;

/// When the next reduction is due: every `2000 + 300·k` conflicts (Glucose), or sooner
/// when the learnt clauses outnumber a limit that depends on the formula (MiniSat:
/// a third of the input clauses, at least 1000, growing by 10% at conflicts
/// 100, 250, 475, … with gaps growing by 1.5). Those are the defaults of the
/// `reduce_*` options.
#[derive(Clone, Debug)]
pub struct ReduceSchedule {
    next: u64,
    interval: u64,
    /// The size limit; 0 until the first call to `due` sets it from the formula.
    limit: f64,
    adjust_at: u64,
    adjust_interval: f64,
    /// Learnt clauses left by the previous reduction (glue and used tier-2 ones can
    /// outnumber the limit; the next reduction then waits for `limit / 2` new ones).
    kept: usize,
    /// The constants of the schedule, from [`Options`].
    increment: u64,
    limit_divisor: f64,
    min_limit: f64,
    /// The limit's floor while the last rephasing walk ended at most one clause short
    /// of a model (see [`Self::due`]).
    near_miss_limit: f64,
    /// The same floor in literals, over the mean learnt clause's length (0: none).
    near_miss_literals: f64,
    limit_growth: f64,
    adjust_growth: f64,
    cube_limit: f64,
}

impl ReduceSchedule {
    /// The schedule of a fresh solver.
    pub fn new(options: &Options) -> ReduceSchedule {
        ReduceSchedule {
            next: options.reduce_first,
            interval: options.reduce_first,
            limit: 0.0,
            adjust_at: options.reduce_first_adjust,
            adjust_interval: options.reduce_first_adjust as f64,
            kept: 0,
            increment: options.reduce_increment,
            limit_divisor: options.reduce_limit_divisor,
            min_limit: options.reduce_min_limit as f64,
            near_miss_limit: options.reduce_near_miss_limit as f64,
            near_miss_literals: options.reduce_near_miss_literals as f64,
            limit_growth: options.reduce_limit_growth,
            adjust_growth: options.reduce_adjust_growth,
            cube_limit: options.reduce_cube_limit as f64,
        }
    }

    /// The schedule of one cube of a stream, counted from `conflicts` on (see
    /// [`super::Solver::solve_cube`]): a fresh solver's, with a size limit of
    /// `reduce_cube_limit` (400) learnt clauses in place of the formula's. A cube's search is
    /// short, and a hard puzzle's learnt clauses are long (22 literals on the hard
    /// Hanidoku set), so propagation pays for every one kept: on that set's first 300
    /// puzzles without restarts, the size limit at 200 / 300 / 400 / 600 / the formula's
    /// (2,489) gave 584,508 / 517,457 / 523,603 / 482,051 / 463,481 conflicts and
    /// 16.5 / 16.9 / 17.2 / 18.5 / 22.8-29.4 µs per conflict (one core shared with other
    /// jobs: ±20% between runs).
    pub fn for_cube(conflicts: u64, options: &Options) -> ReduceSchedule {
        let fresh = ReduceSchedule::new(options);
        ReduceSchedule {
            next: conflicts + fresh.next,
            adjust_at: conflicts + fresh.adjust_at,
            limit: fresh.cube_limit,
            // A cube's search keeps its small database whatever its walks find.
            near_miss_limit: fresh.cube_limit,
            near_miss_literals: 0.0,
            ..fresh
        }
    }

    /// True once the conflict count reached the next reduction point, or the learnt
    /// clauses outgrew the size limit: at least `reduce_near_miss_limit` clauses, and
    /// `reduce_near_miss_literals` literals' worth of clauses of the mean learnt length
    /// (`learnt`), while the last rephasing walk ended one clause short of a model (see
    /// the module docs: the small unsatisfiable formulas want their learnt clauses kept,
    /// the satisfiable ones a lean database).
    #[inline]
    pub fn due(
        &mut self,
        conflicts: u64,
        num_learnt: usize,
        num_original: usize,
        last_walk: LastWalk,
        learnt: LearntSoFar,
    ) -> bool {
        if conflicts >= self.next {
            return true;
        }
        if self.limit == 0.0 {
            self.limit = (num_original as f64 / self.limit_divisor).max(self.min_limit);
        }
        while conflicts >= self.adjust_at {
            self.adjust_interval *= self.adjust_growth;
            self.adjust_at += self.adjust_interval as u64;
            self.limit *= self.limit_growth;
        }
        let floor = if last_walk == LastWalk::NearMiss {
            self.near_miss_limit
                .max(self.near_miss_literals / learnt.mean_len())
        } else {
            0.0
        };
        let limit = self.limit.max(floor);
        num_learnt as f64 >= limit.max(self.kept as f64 + limit / 2.0)
    }

    /// Schedules the following reduction, a little later each time so the database can
    /// grow slowly (roughly with the square root of the conflicts).
    pub fn done(&mut self, conflicts: u64, num_learnt: usize) {
        self.interval += self.increment;
        self.next = conflicts + self.interval;
        self.kept = num_learnt;
    }
}

/// The learnt clauses made so far, as the statistics count them (after minimisation):
/// their mean length turns the near-miss floor's literals into clauses (see
/// [`ReduceSchedule::due`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LearntSoFar {
    /// Learnt clauses.
    pub clauses: u64,
    /// Their literals.
    pub literals: u64,
}

impl LearntSoFar {
    /// The mean learnt clause's length, at least 1.
    fn mean_len(self) -> f64 {
        (self.literals as f64 / self.clauses.max(1) as f64).max(1.0)
    }
}

/// True if the clause is the reason of one of its (assigned) watched literals. Only the
/// two watched positions can hold the implied literal (see `watch`).
pub fn is_locked(db: &ClauseDb, trail: &Trail, cref: ClauseRef) -> bool {
    db.lits(cref)[..2]
        .iter()
        .any(|&lit| trail.is_true(lit) && trail.reason(lit.var()) == cref)
}

/// Deletes about half of the unlocked learnt clauses outside the core and the used
/// tier 2 (of LBD at most `reduce_glue` and `reduce_tier2`), worst first, and clears
/// every "used" flag, logging each deletion to `proof`.
/// Returns the number deleted and leaves the deleted clauses in `candidates`; the
/// caller must pass them to [`drop_deleted`] before propagating again: they are still
/// watched.
pub fn reduce(
    db: &mut ClauseDb,
    trail: &Trail,
    candidates: &mut Vec<ClauseRef>,
    options: &Options,
    mut proof: Option<&mut Proof>,
) -> usize {
    let (glue, tier2) = (options.reduce_glue, options.reduce_tier2);
    candidates.clear();
    candidates.extend(db.iter().filter(|&cref| {
        db.is_learnt(cref)
            && u64::from(db.lbd(cref)) > glue
            && !(db.is_used(cref) && u64::from(db.lbd(cref)) <= tier2)
            && !is_locked(db, trail, cref)
    }));
    candidates.sort_by_key(|&cref| (!db.is_used(cref), db.lbd(cref), db.len(cref)));
    let keep = candidates.len() / 2;
    for &cref in &candidates[keep..] {
        if let Some(proof) = proof.as_deref_mut() {
            proof.delete(db.lits(cref));
        }
        db.delete(cref);
    }
    let learnt: Vec<ClauseRef> = db.iter().filter(|&c| db.is_learnt(c)).collect();
    for cref in learnt {
        db.set_used(cref, false);
    }
    candidates.drain(..keep);
    candidates.len()
}

/// Deletes every clause satisfied at level 0, logging the deletion of each one that is
/// not a reason to `proof`. Precondition: decision level 0 and propagation complete.
/// Leaves the deleted clauses in `satisfied` and returns their number; [`drop_deleted`]
/// must follow.
pub fn simplify(
    db: &mut ClauseDb,
    trail: &mut Trail,
    satisfied: &mut Vec<ClauseRef>,
    mut proof: Option<&mut Proof>,
) -> usize {
    debug_assert_eq!(trail.decision_level(), 0);
    satisfied.clear();
    satisfied.extend(
        db.iter()
            .filter(|&cref| db.lits(cref).iter().any(|&lit| trail.is_true(lit))),
    );
    for &cref in satisfied.iter() {
        // Reasons are still set here, so `is_locked` tells which clauses to keep in the
        // checker's copy.
        if let Some(proof) = proof.as_deref_mut() {
            if !is_locked(db, trail, cref) {
                proof.delete(db.lits(cref));
            }
        }
        db.delete(cref);
    }
    trail.clear_reasons();
    satisfied.len()
}

/// Stops watching the just-deleted clauses `deleted`: by compacting the arena (see
/// [`collect_garbage`]) once deleted clauses fill more than `garbage_fraction` of it
/// (option `reduce_garbage_fraction`, MiniSat's `garbage_frac`, 0.2),
/// else by filtering only the watch lists of their watched literals (MiniSat's dirty
/// lists), so the arena and every other list stay as they are. Returns true if it
/// compacted, which changes clause handles.
///
/// Compacting after every reduction and simplification re-attached every clause each
/// time: 6% of bw_large.d's time (131 000 clauses, most of them binary) and 4% of the
/// 36x36 Sudoku's.
pub fn drop_deleted(
    db: &mut ClauseDb,
    watches: &mut Watches,
    trail: &mut Trail,
    deleted: &[ClauseRef],
    garbage_fraction: f64,
    relocate: bool,
) -> bool {
    if deleted.is_empty() {
        return false;
    }
    if db.wasted() as f64 > garbage_fraction * db.size() as f64 {
        collect_garbage(db, watches, trail, relocate);
        return true;
    }
    watches.drop_deleted(db, deleted);
    debug_assert!(watches.is_consistent(db));
    false
}

/// Compacts the arena from its first deleted clause on and brings the watches and
/// reasons of the moved clauses up to date.
///
/// With `relocate`, only the lists that watch a clause from there on are rewritten, and
/// then the long lists are put back in arena order: under a cube of a stream, where
/// nearly every cube compacts away its learnt clauses, re-watching every clause of the
/// formula (most of them binary, none of those moved) was 3% of the instructions on the
/// Hanidoku stream. Without it every list is rebuilt in arena order. Both leave the
/// lists in the same order, which matters: the order of a watch list steers the search
/// (industrial_38bits_10 went from 10 to 42 s with the lists kept in their order; the
/// Hanidoku generator's checks took 18% more instructions).
pub fn collect_garbage(
    db: &mut ClauseDb,
    watches: &mut Watches,
    trail: &mut Trail,
    relocate: bool,
) {
    let dirty = if relocate {
        watches.lists_watching_from(db, db.first_deleted())
    } else {
        Vec::new()
    };
    let relocation = db.compact();
    for i in 0..trail.len() {
        let var = trail.lits()[i].var();
        let reason = trail.reason(var);
        if !reason.is_none() && !reason.is_external() {
            let moved = relocation
                .get(reason)
                .expect("a reason clause is never deleted");
            trail.set_reason(var, moved);
        }
    }
    if relocate {
        watches.relocate(&relocation, &dirty);
        watches.restore_arena_order(db);
    } else {
        watches.rebuild(db);
    }
    debug_assert!(watches.is_consistent(db));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lit::Lit;

    use super::super::watch::empty_for_tests;
    use crate::lit::testing::lits;

    /// `clauses` learnt clauses of `len` literals each.
    fn learnt(clauses: u64, len: u64) -> LearntSoFar {
        LearntSoFar {
            clauses,
            literals: clauses * len,
        }
    }

    #[test]
    fn a_near_miss_walk_raises_the_limit_but_not_a_cubes() {
        // Only the size limit is due here: no reduction by the conflict count.
        let options = Options {
            reduce_near_miss_limit: 10_000,
            reduce_first: 1_000_000,
            ..Options::default()
        };
        let mut schedule = ReduceSchedule::new(&options);
        // 3,000 input clauses: MiniSat's limit is a third, 1,000.
        assert!(schedule.due(10, 1_000, 3_000, LastWalk::Away, learnt(50, 20)));
        assert!(!schedule.due(10, 9_999, 3_000, LastWalk::NearMiss, learnt(50, 20)));
        assert!(schedule.due(10, 10_000, 3_000, LastWalk::NearMiss, learnt(50, 20)));
        assert!(schedule.due(10, 1_000, 3_000, LastWalk::Away, learnt(50, 20)));
        // A cube's search keeps its own small limit whatever its walks find.
        let mut cube = ReduceSchedule::for_cube(0, &options);
        assert!(cube.due(10, 400, 3_000, LastWalk::Away, learnt(50, 20)));
        assert!(cube.due(10, 400, 3_000, LastWalk::NearMiss, learnt(50, 20)));
    }

    #[test]
    fn the_near_miss_floor_divides_its_literals_by_the_mean_length() {
        let options = Options {
            reduce_near_miss_limit: 1,
            reduce_near_miss_literals: 300_000,
            reduce_first: 1_000_000,
            ..Options::default()
        };
        let mut schedule = ReduceSchedule::new(&options);
        // Short clauses: 300,000 literals are 15,000 clauses of 20.
        assert!(!schedule.due(10, 14_999, 3_000, LastWalk::NearMiss, learnt(80, 20)));
        assert!(schedule.due(10, 15_000, 3_000, LastWalk::NearMiss, learnt(80, 20)));
        // Long ones: 5,000 clauses of 60.
        assert!(!schedule.due(10, 4_999, 3_000, LastWalk::NearMiss, learnt(80, 60)));
        assert!(schedule.due(10, 5_000, 3_000, LastWalk::NearMiss, learnt(80, 60)));
        // Before any clause is learnt the mean counts as 1: the floor is the literals.
        assert!(!schedule.due(10, 299_999, 3_000, LastWalk::NearMiss, learnt(0, 0)));
        assert!(schedule.due(10, 300_000, 3_000, LastWalk::NearMiss, learnt(0, 0)));
        // The floor in clauses still holds when it is the larger.
        let options = Options {
            reduce_near_miss_limit: 10_000,
            ..options
        };
        let mut schedule = ReduceSchedule::new(&options);
        assert!(!schedule.due(10, 9_999, 3_000, LastWalk::NearMiss, learnt(80, 60)));
        assert!(schedule.due(10, 10_000, 3_000, LastWalk::NearMiss, learnt(80, 60)));
    }

    #[test]
    fn relocating_garbage_collection_matches_a_rebuild() {
        // Random clauses over 12 variables, a third deleted, a reason on the trail: the
        // lists rewritten in place hold the same watches, in the same order, as lists
        // rebuilt from scratch, and reasons point to the same literals.
        let mut rng = crate::rng::SplitMix64(7);
        for round in 0..50 {
            let mut states: Vec<(ClauseDb, Watches, Trail)> = Vec::new();
            for _ in 0..2 {
                states.push(empty_for_tests(12));
            }
            let mut clauses = Vec::new();
            for _ in 0..30 {
                let len = 2 + rng.index(4);
                let mut clause: Vec<i64> = Vec::new();
                while clause.len() < len {
                    let var = 1 + rng.index(12) as i64;
                    if !clause.iter().any(|&l| l.abs() == var) {
                        clause.push(if rng.index(2) == 0 { var } else { -var });
                    }
                }
                clauses.push((clause, rng.index(3) == 0));
            }
            for (relocate, (db, watches, trail)) in [false, true].into_iter().zip(&mut states) {
                let crefs: Vec<ClauseRef> = clauses
                    .iter()
                    .map(|(clause, _)| db.alloc(&lits(clause), true, 3))
                    .collect();
                for &cref in &crefs {
                    watches.attach(db, cref);
                }
                // The last kept clause is the reason of its first literal.
                let (reason, _) = crefs
                    .iter()
                    .zip(&clauses)
                    .rev()
                    .find(|(_, (_, doomed))| !doomed)
                    .unwrap();
                trail.assign(db.lits(*reason)[0], *reason);
                let deleted: Vec<ClauseRef> = crefs
                    .iter()
                    .zip(&clauses)
                    .filter(|(_, (_, doomed))| *doomed)
                    .map(|(&cref, _)| cref)
                    .collect();
                for &cref in &deleted {
                    db.delete(cref);
                }
                collect_garbage(db, watches, trail, relocate);
                assert!(watches.is_consistent(db), "round {round}");
            }
            let [(db_a, watches_a, trail_a), (db_b, watches_b, trail_b)] = &states[..] else {
                unreachable!()
            };
            let reason = |db: &ClauseDb, trail: &Trail| {
                db.lits(trail.reason(trail.lits()[0].var())).to_vec()
            };
            assert_eq!(reason(db_a, trail_a), reason(db_b, trail_b));
            let live = |db: &ClauseDb| db.iter().map(|c| db.lits(c).to_vec()).collect::<Vec<_>>();
            assert_eq!(live(db_a), live(db_b));
            for code in 0..24 {
                let long = |w: &Watches| -> Vec<(ClauseRef, Lit)> {
                    w.lists[code].iter().map(|w| (w.cref, w.blocker)).collect()
                };
                assert_eq!(
                    long(watches_a),
                    long(watches_b),
                    "round {round}, list {code}"
                );
                let binary = |w: &Watches| -> Vec<(ClauseRef, Lit)> {
                    w.binaries[code]
                        .iter()
                        .map(|w| (w.cref, w.implied))
                        .collect()
                };
                assert_eq!(
                    binary(watches_a),
                    binary(watches_b),
                    "round {round}, binary list {code}"
                );
            }
        }
    }

    #[test]
    fn reduction_keeps_glue_locked_and_used_clauses() {
        let (mut db, mut watches, mut trail) = empty_for_tests(10);
        let original = db.alloc(&lits(&[1, 2, 3]), false, 0);
        let glue = db.alloc(&lits(&[4, 5, 6]), true, 2);
        let locked = db.alloc(&lits(&[7, 8, 9]), true, 9);
        let used = db.alloc(&lits(&[-1, -2, -3]), true, 8);
        let good = db.alloc(&lits(&[-4, -5, -6]), true, 3);
        let bad = db.alloc(&lits(&[-7, -8, -9]), true, 7);
        let worse = db.alloc(&lits(&[-7, -8, -9, 10]), true, 7);
        for cref in db.iter().collect::<Vec<_>>() {
            watches.attach(&db, cref);
        }
        db.set_used(used, true);
        trail.assign(Lit::from_dimacs(-8).unwrap(), ClauseRef::NONE);
        trail.assign(Lit::from_dimacs(-9).unwrap(), ClauseRef::NONE);
        trail.assign(Lit::from_dimacs(7).unwrap(), locked);
        let mut candidates = Vec::new();
        // Candidates: used, good, bad, worse -> keep used and good.
        assert_eq!(
            reduce(&mut db, &trail, &mut candidates, &Options::default(), None),
            2
        );
        let live: Vec<ClauseRef> = db.iter().collect();
        assert_eq!(live, vec![original, glue, locked, used, good]);
        assert!(!db.is_deleted(good) && db.is_deleted(bad) && db.is_deleted(worse));
        assert!(!db.is_used(used));
        assert_eq!(
            candidates,
            vec![bad, worse],
            "the deleted clauses are handed back"
        );
        collect_garbage(&mut db, &mut watches, &mut trail, false);
        let reason = trail.reason(Lit::from_dimacs(7).unwrap().var());
        assert_eq!(db.lits(reason), &lits(&[7, 8, 9])[..]);
        assert_eq!(db.num_learnt(), 4);
    }

    #[test]
    fn a_little_garbage_is_unwatched_in_place_and_more_is_compacted() {
        let (mut db, mut watches, mut trail) = empty_for_tests(20);
        // 19 clauses of 3 literals (5 words each), then two learnt ones.
        for v in 1..=19 {
            db.alloc(&lits(&[v, v % 19 + 1, -(v % 18 + 2)]), false, 0);
        }
        let first = db.alloc(&lits(&[-1, -2, -3]), true, 5);
        let second = db.alloc(&lits(&[-4, 5]), true, 2);
        for cref in db.iter().collect::<Vec<_>>() {
            watches.attach(&db, cref);
        }
        let size = db.size();
        // One clause of 21: 5 words in 103, under a fifth: no compaction, same handles.
        db.delete(first);
        assert!(!drop_deleted(
            &mut db,
            &mut watches,
            &mut trail,
            &[first],
            0.2,
            false,
        ));
        assert_eq!(db.size(), size);
        assert!(watches.is_consistent(&db));
        assert_eq!(db.lits(second), &lits(&[-4, 5])[..]);
        // Over a fifth: compaction.
        let doomed: Vec<ClauseRef> = db.iter().take(4).collect();
        for &cref in &doomed {
            db.delete(cref);
        }
        assert!(drop_deleted(
            &mut db,
            &mut watches,
            &mut trail,
            &doomed,
            0.2,
            false,
        ));
        assert_eq!(db.size(), size - 25);
        assert_eq!(db.wasted(), 0);
        assert!(watches.is_consistent(&db));
        assert_eq!(db.iter().count(), 16);
    }
}
