//! Conflict analysis: first-UIP learning, recursive minimisation, LBD.
//!
//! First UIP (Marques-Silva & Sakallah, GRASP 1996; Zhang et al., ICCAD 2001): starting
//! from the conflict clause, literals of the conflict level are resolved away in reverse
//! trail order with their reasons until exactly one remains, the first unique
//! implication point. Its negation is the asserting literal at position 0 of the learnt
//! clause; the literal of the highest remaining level goes to position 1, and the solver
//! backjumps to that level, where the clause is unit.
//!
//! Minimisation (Sörensson & Biere, SAT 2009, "recursive" variant): a literal is dropped
//! when its negation is implied by the other literals of the clause, found by a
//! depth-first search through reasons that stops at clause literals and at level 0.
//! Levels are summarised in a 32-bit "abstract level" set so searches that must fail (a
//! reason literal at a level no clause literal has) stop early. The search uses an
//! explicit stack, so deep implication chains cannot overflow the call stack.
//!
//! LBD (Audemard & Simon, IJCAI 2009): the number of distinct decision levels among a
//! clause's literals, computed with a per-level stamp so no clearing is needed.
//!
//! Reason-side bumping (Liang et al., "Learning rate based branching heuristic", SAT
//! 2016, and Kissat's "bump reasons"): after minimisation, the variables of the reasons
//! of the learnt clause's literals are bumped too, once each, unless their analysis
//! mark is set (clause literals, and variables minimisation visited). Conflict-level
//! variables resolved away during the walk have a clear mark again, so they can get a
//! second bump. The idea: variables that nearly made it into the clause are likely to
//! matter at the next conflicts as well.
//!
//! It is kept everywhere: it pays on structured and industrial instances (3bitadd_31, where
//! it shortens learnt clauses by about a third, the 36x36 Sudoku, industrial_38bits_10)
//! and costs on random 3-SAT, php_10_9 and hanoi. Kissat's guards against its cost (none
//! at 10 or more decisions per conflict) would switch it off on 3bitadd_31, where it pays
//! most.
//!
//! Not kept: Glucose's minimisation with binary clauses (a binary clause (UIP ∨ x) with ¬x
//! in the learnt clause removes ¬x). Slower on the shuffled structured copies, and random
//! 3-SAT has no binary clauses for it to use.
//!
//! Cube dependence: while a cube is solved (root level 1, see `cube`), a learnt clause
//! leaves out the cube's literals and their consequences, so it may only hold under that
//! cube. It holds for the formula alone when its derivation (the resolution steps of
//! the UIP walk and those behind each literal minimisation removed) used no literal of
//! levels 1 to the root and no clause that is itself cube-dependent; level-0 literals
//! are facts of the formula and do not count. [`Learnt::cube_dependent`] reports it, and
//! minimisation keeps the distinction per variable (`Removable` against
//! `RemovableUnderCube`) so a reused answer brings its dependence along. The solver keeps
//! the clauses that do not depend on the cube from one cube to the next.
//!
//! The measurements: `docs/experiments.md`, "Conflict analysis".
//!
//! Preconditions of [`Analyzer::analyze`]: the conflict clause is false under the trail,
//! the decision level is above the root level (0, or 1 while a cube is solved), and the
//! conflict clause has a literal at that level.
//! Postcondition: `learnt()[0]` is the only literal at the conflict level, and every
//! literal of the learnt clause is false.

mod shrink;

use super::clause_db::{ClauseDb, ClauseRef};
use super::decide::Decide;
use super::trail::Trail;
use super::xor::Reasons;
use crate::lit::{Lit, Var};

/// The literals of a reason or conflict clause: in the arena, or among the XOR engine's
/// clauses for an external handle (see `xor`).
#[inline]
pub(super) fn clause_lits<'a>(
    db: &'a ClauseDb,
    external: &'a Reasons,
    cref: ClauseRef,
) -> &'a [Lit] {
    if cref.is_external() {
        external.lits(cref)
    } else {
        db.lits(cref)
    }
}

/// Whether a reason clause depends on the current cube; the XOR engine's never do (they
/// follow from the formula).
#[inline]
fn is_cube_dependent(db: &ClauseDb, cref: ClauseRef) -> bool {
    !cref.is_external() && db.is_cube_dependent(cref)
}

/// Per-variable marks during analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    None,
    /// In the learnt clause (or, during the UIP walk, on the conflict level's frontier).
    Clause,
    /// Implied by clause literals: may be removed.
    Removable,
    /// Implied by clause literals, through a cube's literals or a clause that depends on
    /// them (see "Cube dependence" in the module docs).
    RemovableUnderCube,
    /// Shown not to be implied by clause literals.
    Failed,
}

/// The result of one analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Learnt {
    /// The level to backjump to (0 for a unit clause).
    pub backjump: usize,
    /// LBD of the learnt clause.
    pub lbd: u32,
    /// Literals removed by minimisation.
    pub minimised: usize,
    /// Literals removed by shrinking (see `shrink`).
    pub shrunk: usize,
    /// The derivation used a literal of the root level (a cube's) or a cube-dependent
    /// clause, so the clause may not follow from the formula alone.
    pub cube_dependent: bool,
}

/// A frame of minimisation's depth-first search: a variable, the next index in its
/// reason, and whether its implication so far went through the cube.
#[derive(Clone, Copy, Debug)]
struct Frame {
    var: Var,
    next: usize,
    cube: bool,
}

/// Reusable buffers for conflict analysis; sized once, so analysis does not allocate
/// in the steady state.
#[derive(Debug, Default)]
pub struct Analyzer {
    marks: Vec<Mark>,
    learnt: Vec<Lit>,
    /// Depth-first search frames of minimisation.
    stack: Vec<Frame>,
    to_clear: Vec<Var>,
    level_stamps: Vec<u32>,
    stamp: u32,
    /// Variables bumped at the current conflict, for reason-side bumping.
    bumped: Vec<u32>,
    conflict_stamp: u32,
    /// Whether learnt clauses are shrunk (option `shrink`, see `shrink`).
    shrink: bool,
    /// Per variable, the stamp of the block shrinking last saw it in.
    shrinking: Vec<u32>,
    shrink_stamp: u32,
    /// Literals at this level or below are facts for the analysis: left out of learnt
    /// clauses like level-0 ones. 0, or 1 while a cube is solved (see
    /// [`super::Solver::solve_cube`]); the only copy: the solver's backjumps read it here.
    pub root_level: usize,
}

impl Analyzer {
    /// An analyzer with no variables yet; `shrink` turns shrinking on (see `shrink`).
    pub fn new(shrink: bool) -> Analyzer {
        Analyzer {
            shrink,
            ..Analyzer::default()
        }
    }

    /// Makes room for variables `0..num_vars` (levels range over `0..=num_vars`).
    pub fn grow(&mut self, num_vars: usize) {
        if num_vars > self.marks.len() {
            self.marks.resize(num_vars, Mark::None);
            self.level_stamps.resize(num_vars + 1, 0);
            self.bumped.resize(num_vars, 0);
            self.shrinking.resize(num_vars, 0);
        }
    }

    /// The clause learnt by the last [`Analyzer::analyze`].
    pub fn learnt(&self) -> &[Lit] {
        &self.learnt
    }

    /// Number of distinct decision levels among `lits` (all assigned).
    pub fn lbd(&mut self, lits: &[Lit], trail: &Trail) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.level_stamps.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        let mut count = 0;
        for &lit in lits {
            let level = trail.level(lit.var());
            if self.level_stamps[level] != self.stamp {
                self.level_stamps[level] = self.stamp;
                count += 1;
            }
        }
        count
    }

    /// Derives the first-UIP clause from `conflict`, minimises it, and bumps the
    /// activity of every variable involved. Learnt clauses used on the way are marked
    /// used and get their LBD refreshed when it improved. `external` holds the clauses of
    /// external handles (the XOR engine's reasons).
    pub fn analyze(
        &mut self,
        conflict: ClauseRef,
        db: &mut ClauseDb,
        external: &Reasons,
        trail: &Trail,
        decide: &mut Decide,
    ) -> Learnt {
        let level = trail.decision_level();
        debug_assert!(level > self.root_level);
        self.learnt.clear();
        self.learnt.push(Lit::from_code(0)); // slot for the asserting literal
        let mut open = 0usize; // conflict-level literals not yet resolved
        let mut index = trail.len();
        let mut cref = conflict;
        let mut resolved: Option<Var> = None;
        let mut cube_dependent = false;
        loop {
            debug_assert!(!cref.is_none());
            if !cref.is_external() && db.is_learnt(cref) {
                cube_dependent |= db.is_cube_dependent(cref);
                db.set_used(cref, true);
                let old = db.lbd(cref);
                // Under a cube, the cube's literals all count as one level: an older
                // clause would look better than it is outside this cube.
                if old > 2 && self.root_level == 0 {
                    let new = self.lbd(db.lits(cref), trail);
                    if new < old {
                        db.set_lbd(cref, new);
                    }
                }
            }
            for &lit in clause_lits(db, external, cref) {
                let var = lit.var();
                if Some(var) == resolved || self.marks[var.index()] != Mark::None {
                    continue;
                }
                let var_level = trail.level(var);
                if var_level <= self.root_level {
                    // Level 0 holds facts of the formula; the levels above it up to the
                    // root hold a cube and its consequences.
                    cube_dependent |= var_level > 0;
                    continue;
                }
                self.marks[var.index()] = Mark::Clause;
                decide.bump(var);
                if trail.level(var) == level {
                    open += 1;
                } else {
                    self.learnt.push(lit);
                }
            }
            // The next literal to resolve is the latest marked one of the conflict level
            // on the trail (literals of lower levels may follow it there once
            // chronological backtracking keeps them out of order; see `trail`).
            let uip = loop {
                index -= 1;
                let lit = trail.lits()[index];
                if self.marks[lit.var().index()] == Mark::Clause && trail.level(lit.var()) == level
                {
                    break lit;
                }
            };
            self.marks[uip.var().index()] = Mark::None;
            open -= 1;
            if open == 0 {
                self.learnt[0] = !uip;
                break;
            }
            resolved = Some(uip.var());
            cref = trail.reason(uip.var());
        }

        let before = self.learnt.len();
        cube_dependent |= self.minimise(db, external, trail);
        let minimised = before - self.learnt.len();
        let shrunk = if self.shrink {
            let abstract_levels = self.abstract_levels(trail);
            self.shrink(abstract_levels, db, external, trail)
        } else {
            0
        };
        self.bump_reasons(db, external, trail, decide);

        // Put the highest remaining level at position 1: the clause's second watch, and
        // the backjump target.
        let mut backjump = 0;
        if self.learnt.len() > 1 {
            let mut best = 1;
            for i in 2..self.learnt.len() {
                if trail.level(self.learnt[i].var()) > trail.level(self.learnt[best].var()) {
                    best = i;
                }
            }
            self.learnt.swap(1, best);
            backjump = trail.level(self.learnt[1].var());
        }
        let learnt = std::mem::take(&mut self.learnt);
        let lbd = self.lbd(&learnt, trail);
        self.learnt = learnt;

        for &lit in &self.learnt[1..] {
            self.marks[lit.var().index()] = Mark::None;
        }
        for &var in &self.to_clear {
            self.marks[var.index()] = Mark::None;
        }
        self.to_clear.clear();
        debug_assert!(self.marks.iter().all(|&m| m == Mark::None));
        debug_assert!(self.learnt.iter().all(|&l| trail.is_false(l)));
        debug_assert!(self.learnt[1..]
            .iter()
            .all(|&l| trail.level(l.var()) < level));
        Learnt {
            backjump,
            lbd,
            minimised,
            shrunk,
            cube_dependent,
        }
    }

    /// The abstract set of the levels of `learnt[1..]` (see [`abstract_level`]).
    fn abstract_levels(&self, trail: &Trail) -> u32 {
        self.learnt[1..]
            .iter()
            .fold(0u32, |acc, l| acc | abstract_level(trail.level(l.var())))
    }

    /// Reason-side bumping (see the module docs): bumps, once each, the unmarked
    /// variables of the reasons of `learnt[1..]`. Uses the marks, so it runs before
    /// they are cleared.
    fn bump_reasons(
        &mut self,
        db: &ClauseDb,
        external: &Reasons,
        trail: &Trail,
        decide: &mut Decide,
    ) {
        self.conflict_stamp = self.conflict_stamp.wrapping_add(1);
        if self.conflict_stamp == 0 {
            self.bumped.iter_mut().for_each(|s| *s = 0);
            self.conflict_stamp = 1;
        }
        let stamp = self.conflict_stamp;
        for i in 1..self.learnt.len() {
            let var = self.learnt[i].var();
            let reason = trail.reason(var);
            if reason.is_none() {
                continue;
            }
            for &lit in clause_lits(db, external, reason) {
                let other = lit.var();
                if other == var
                    || self.marks[other.index()] != Mark::None
                    || self.bumped[other.index()] == stamp
                    || trail.level(other) <= self.root_level
                {
                    continue;
                }
                self.bumped[other.index()] = stamp;
                decide.bump(other);
            }
        }
    }

    /// Removes redundant literals from `learnt[1..]`. Marks of removed literals stay
    /// `Clause`-free only via `to_clear`; the kept ones stay `Clause` for the caller.
    /// True if a removal went through the cube (see [`Analyzer::redundant`]).
    fn minimise(&mut self, db: &ClauseDb, external: &Reasons, trail: &Trail) -> bool {
        let abstract_levels = self.abstract_levels(trail);
        let mut kept = 1;
        let mut cube_dependent = false;
        for i in 1..self.learnt.len() {
            let lit = self.learnt[i];
            let redundant = if trail.reason(lit.var()).is_none() {
                None
            } else {
                self.redundant(lit.var(), abstract_levels, db, external, trail)
            };
            match redundant {
                None => {
                    self.learnt[kept] = lit;
                    kept += 1;
                }
                Some(through_cube) => {
                    cube_dependent |= through_cube;
                    // Still marked `Clause`; clear it with the others afterwards.
                    self.to_clear.push(lit.var());
                }
            }
        }
        self.learnt.truncate(kept);
        cube_dependent
    }

    /// `Some` if `root` (a clause literal's variable with a reason) is implied by clause
    /// literals and root-level literals, `None` if not. Marks visited variables
    /// `Removable`, `RemovableUnderCube` or `Failed` so later searches reuse the answers.
    /// The flag says whether the implication went through the cube: a literal of a
    /// level from 1 to the root level, a cube-dependent reason, or a variable whose own
    /// implication did.
    fn redundant(
        &mut self,
        root: Var,
        abstract_levels: u32,
        db: &ClauseDb,
        external: &Reasons,
        trail: &Trail,
    ) -> Option<bool> {
        self.stack.clear();
        self.stack.push(Frame {
            var: root,
            next: 0,
            cube: self.root_level > 0 && is_cube_dependent(db, trail.reason(root)),
        });
        while let Some(&Frame { var, next, cube }) = self.stack.last() {
            let lits = clause_lits(db, external, trail.reason(var));
            let mut next = next;
            let mut cube = cube;
            let mut descend = None;
            while next < lits.len() {
                let other = lits[next].var();
                next += 1;
                if other == var {
                    continue;
                }
                let other_level = trail.level(other);
                if other_level <= self.root_level {
                    cube |= other_level > 0;
                    continue;
                }
                match self.marks[other.index()] {
                    Mark::Clause | Mark::Removable => continue,
                    Mark::RemovableUnderCube => {
                        cube = true;
                        continue;
                    }
                    Mark::Failed => return self.fail(),
                    Mark::None => {}
                }
                let reason = trail.reason(other);
                if reason.is_none() || abstract_level(other_level) & abstract_levels == 0 {
                    self.marks[other.index()] = Mark::Failed;
                    self.to_clear.push(other);
                    return self.fail();
                }
                descend = Some(other);
                break;
            }
            let top = self.stack.len() - 1;
            self.stack[top].next = next;
            self.stack[top].cube = cube;
            match descend {
                Some(other) => self.stack.push(Frame {
                    var: other,
                    next: 0,
                    cube: self.root_level > 0 && is_cube_dependent(db, trail.reason(other)),
                }),
                None => {
                    self.stack.pop();
                    if var == root {
                        return Some(cube);
                    }
                    self.marks[var.index()] = if cube {
                        Mark::RemovableUnderCube
                    } else {
                        Mark::Removable
                    };
                    self.to_clear.push(var);
                    if cube {
                        let parent = self.stack.len() - 1;
                        self.stack[parent].cube = true;
                    }
                }
            }
        }
        unreachable!("the root frame returns when it is popped")
    }

    /// Marks every variable on the search stack (except the root) as failed.
    fn fail(&mut self) -> Option<bool> {
        for frame in &self.stack[1..] {
            self.marks[frame.var.index()] = Mark::Failed;
            self.to_clear.push(frame.var);
        }
        self.stack.clear();
        None
    }
}

#[inline]
fn abstract_level(level: usize) -> u32 {
    1 << (level & 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::cdcl::watch::{propagate_checked, Watches};

    use crate::lit::testing::lit;

    /// Decisions 1@1, 2@2, 3@3; clauses make 3 imply 4 and 5 (4 also needs 1), and
    /// (¬4 ∨ ¬5 ∨ ¬2) conflicts. Both 4 and 5 are at level 3, so the UIP is 3, and the
    /// learnt clause is (¬3 ∨ ¬2 ∨ ¬1) with backjump to level 2 and LBD 3. Adding
    /// (¬2 ∨ 1), which makes ¬1 redundant given ¬2, shows minimisation.
    fn run(with_redundancy: bool) -> (Vec<Lit>, Learnt) {
        let mut clauses = vec![vec![-3, -1, 4], vec![-3, 5], vec![-4, -5, -2]];
        if with_redundancy {
            clauses.push(vec![-2, 1]);
        }
        let decisions: &[i64] = if with_redundancy { &[2, 3] } else { &[1, 2, 3] };
        analyze_after(5, &clauses, decisions, false)
    }

    /// Analyses the conflict that deciding `decisions` (one level each, propagating
    /// after each) reaches in `clauses` over `n` variables; the learnt clause with its
    /// tail sorted, and the analysis. `shrink` turns shrinking on.
    pub(super) fn analyze_after(
        n: usize,
        clauses: &[Vec<i64>],
        decisions: &[i64],
        shrink: bool,
    ) -> (Vec<Lit>, Learnt) {
        let mut db = ClauseDb::new();
        let mut watches = Watches::default();
        let mut trail = Trail::default();
        let mut decide = Decide::default();
        let mut analyzer = Analyzer::new(shrink);
        watches.grow(n);
        trail.grow(n);
        decide.grow(n);
        analyzer.grow(n);
        for c in clauses {
            let lits: Vec<Lit> = c.iter().map(|&x| lit(x)).collect();
            let cref = db.alloc(&lits, false, 0);
            watches.attach(&db, cref);
        }
        let mut props = 0;
        let mut conflict = None;
        for &d in decisions {
            trail.new_level();
            trail.assign(lit(d), ClauseRef::NONE);
            conflict = propagate_checked(&mut watches, &mut db, &mut trail, &mut props);
        }
        let learnt = analyzer.analyze(
            conflict.expect("the decisions reach a conflict"),
            &mut db,
            &Reasons::default(),
            &trail,
            &mut decide,
        );
        let mut lits = analyzer.learnt().to_vec();
        lits[1..].sort();
        (lits, learnt)
    }

    #[test]
    fn first_uip_clause_and_backjump_level() {
        let (lits, learnt) = run(false);
        assert_eq!(lits, vec![lit(-3), lit(-1), lit(-2)]);
        assert_eq!(learnt.backjump, 2);
        assert_eq!(learnt.lbd, 3);
        assert_eq!(learnt.minimised, 0);
    }

    #[test]
    fn implied_literal_is_minimised_away() {
        // Decisions 2@1 (which implies 1@1), 3@2: the UIP clause (¬3 ∨ ¬1 ∨ ¬2) loses ¬1
        // because 1 is implied by 2.
        let (lits, learnt) = run(true);
        assert_eq!(lits, vec![lit(-3), lit(-2)]);
        assert_eq!(learnt.backjump, 1);
        assert_eq!(learnt.lbd, 2);
        assert_eq!(learnt.minimised, 1);
    }
}
