//! The differential check of `satsolve` on incremental CNF streams (`p inccnf`, one `a`
//! line per cube; docs/streams.md), used by the trust campaign of `examples/fuzz_diff.rs`.
//!
//! A [`Batch`] is one base formula, then cubes (random partial assignments) with now and
//! then a clause between them, which holds for every later cube. The batch goes as ONE
//! stream through every engine (cdcl, dpll, splr) under both schemes (the default root
//! level, and `--assumptions`), on one and on two threads (a chunk is 32 cubes, so a
//! batch of more than 32 cubes really splits; see [`Config::all`]), and through the
//! cdcl engine with `--models 2`. Each cube is then a formula of its own: the base, the clauses before
//! the cube and the cube's literals as unit clauses, which MiniSat and CaDiCaL answer
//! from a plain DIMACS file, as [`Tools::peers`] does for any formula. Nothing is
//! trusted: every model of every run is checked against that formula, every cube's
//! answers must agree across runs and peers, the k-th block must answer the k-th cube,
//! the exit code must be the one the blocks imply, two models of a cube must differ, and
//! a cube claimed to have exactly one model gets that model blocked and the peers must
//! find the rest UNSAT. Streams refuse `--proof` (an UNSAT under assumptions refutes
//! nothing), so the proofs are checked on plain formulas only ([`super::diffcheck`]).

use super::diffcheck::{agree, check_model, model_literals, run, Count, Tools, Verdict};
use crate::rng::SplitMix64;
use crate::testkit::families::{push_dimacs_line, random_clause, Formula};

/// A line of a stream after its base clauses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A clause, holding for every later cube.
    Clause(Vec<i64>),
    /// A cube: literals assumed for its own answer only (may repeat or contradict).
    Cube(Vec<i64>),
}

/// An incremental CNF: a base formula, then clauses and cubes in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    /// The clauses before the first cube, and the variable count.
    pub base: Formula,
    /// The lines after the base.
    pub items: Vec<Item>,
}

impl Batch {
    /// `base` with `cubes` random cubes over its variables. Cube lengths are 1-3 mostly
    /// and 1-6 one time in 4, so that near-threshold bases give both answers (longer
    /// cubes make nearly every cube UNSAT); one cube in 16 is empty (the base alone), one in 32 repeats an earlier cube (an engine that keeps what it learnt
    /// must still answer it alike), one in 64 holds a literal and its negation; one cube
    /// in 8 is preceded by a random clause of 2-4 literals.
    pub fn random(rng: &mut SplitMix64, base: Formula, cubes: usize) -> Batch {
        let vars = base.vars.max(1);
        let mut items = Vec::new();
        let mut previous: Vec<Vec<i64>> = Vec::new();
        for _ in 0..cubes {
            if rng.below(8) == 0 {
                let len = 2 + rng.index(3);
                items.push(Item::Clause(random_clause(rng, vars, len)));
            }
            let cube = match rng.below(64) {
                0..=3 => Vec::new(),
                4 | 5 if !previous.is_empty() => previous[rng.index(previous.len())].clone(),
                6 => {
                    let lit = rng.index(vars) as i64 + 1;
                    vec![lit, 1 + rng.index(vars) as i64, -lit]
                }
                _ => {
                    let longest = if rng.below(4) == 0 { 6 } else { 3 };
                    let len = 1 + rng.index(longest);
                    random_clause(rng, vars, len)
                }
            };
            previous.push(cube.clone());
            items.push(Item::Cube(cube));
        }
        Batch { base, items }
    }

    /// The stream as iCNF text: `p inccnf`, the base, then the items.
    pub fn to_icnf(&self) -> String {
        let mut text = String::from("p inccnf\n");
        for clause in &self.base.clauses {
            push_dimacs_line(&mut text, "", clause);
        }
        for item in &self.items {
            match item {
                Item::Clause(clause) => push_dimacs_line(&mut text, "", clause),
                Item::Cube(cube) => push_dimacs_line(&mut text, "a ", cube),
            }
        }
        text
    }

    /// For each cube in order, the formula it asks about: the base, every clause before
    /// the cube, and the cube's literals as unit clauses.
    pub fn cube_formulas(&self) -> Vec<Formula> {
        let mut clauses = self.base.clauses.clone();
        let mut formulas = Vec::new();
        for item in &self.items {
            match item {
                Item::Clause(clause) => clauses.push(clause.clone()),
                Item::Cube(cube) => {
                    let mut with_units = clauses.clone();
                    with_units.extend(cube.iter().map(|&lit| vec![lit]));
                    formulas.push(Formula {
                        vars: self.base.vars,
                        clauses: with_units,
                    });
                }
            }
        }
        formulas
    }
}

/// One way to run `satsolve` on a stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// `--engine`.
    pub engine: &'static str,
    /// `--assumptions` rather than the default root-level scheme.
    pub assumptions: bool,
    /// `--jobs`.
    pub jobs: usize,
    /// `--models` (1: the plain answer, without `c cube` lines).
    pub models: usize,
}

impl Config {
    /// The runs of batch number `batch`: cdcl under both schemes on one and on two
    /// threads; dpll and splr under both schemes and cdcl with `--models 2` under both
    /// schemes on one thread for even batches, two for odd ones. (dpll and splr search
    /// every cube that propagation leaves open on a fresh engine, 5-12 ms per cube on a
    /// 7-SAT base, so running them at both thread counts on every batch would halve the
    /// campaign's rate for little: the chunking they share with cdcl is the same code.)
    pub fn all(batch: usize) -> Vec<Config> {
        let alternate = 1 + batch % 2;
        let mut configs = Vec::new();
        for assumptions in [false, true] {
            for jobs in [1, 2] {
                configs.push(Config {
                    engine: "cdcl",
                    assumptions,
                    jobs,
                    models: 1,
                });
            }
            for (engine, models) in [("dpll", 1), ("splr", 1), ("cdcl", 2)] {
                configs.push(Config {
                    engine,
                    assumptions,
                    jobs: alternate,
                    models,
                });
            }
        }
        configs
    }

    /// The options, as a name for messages.
    pub fn name(&self) -> String {
        let scheme = if self.assumptions {
            " --assumptions"
        } else {
            ""
        };
        let models = if self.models > 1 {
            format!(" --models {}", self.models)
        } else {
            String::new()
        };
        format!(
            "satsolve --engine {}{scheme} --jobs {}{models}",
            self.engine, self.jobs
        )
    }
}

/// One cube's answer in a stream: its verdict and its models (one for a plain SAT
/// answer, up to N under `--models N`), and under `--models` whether the search proved
/// that no other model exists (`exact`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CubeAnswer {
    /// The verdict the block states (not yet checked).
    pub verdict: Verdict,
    /// The literals of each model printed.
    pub models: Vec<Vec<i64>>,
    /// `--models` only: the `c cube` line said `exact`.
    pub exact: bool,
}

/// Splits `satsolve`'s stream output into one answer per cube: a block per `s` line, or
/// with `with_models` the blocks under each `c cube K models M END` line, whose count
/// and numbering are checked.
pub fn parse_stream(out: &str, with_models: bool) -> Result<Vec<CubeAnswer>, String> {
    // (status, v-line text) per `s` block, and for --models the heading of each cube.
    let mut blocks: Vec<(Verdict, String)> = Vec::new();
    let mut headings: Vec<(usize, usize, String, usize)> = Vec::new();
    for line in out.lines() {
        if let Some(rest) = line.strip_prefix("c cube ") {
            let words: Vec<&str> = rest.split_whitespace().collect();
            let number = |i: usize| words.get(i).and_then(|w| w.parse::<usize>().ok());
            match (number(0), words.get(1), number(2), words.get(3)) {
                (Some(k), Some(&"models"), Some(m), Some(end)) => {
                    headings.push((k, m, end.to_string(), blocks.len()))
                }
                _ => return Err(format!("bad cube line {line:?}")),
            }
        } else if let Some(status) = line.strip_prefix("s ") {
            let verdict = match status.trim() {
                "SATISFIABLE" => Verdict::Sat,
                "UNSATISFIABLE" => Verdict::Unsat,
                "UNKNOWN" => Verdict::Unknown,
                other => return Err(format!("bad status line {other:?}")),
            };
            blocks.push((verdict, String::new()));
        } else if line.starts_with("v ") {
            let (_, text) = blocks.last_mut().ok_or("a v line before any s line")?;
            text.push_str(line);
            text.push('\n');
        }
    }
    // Each SAT block's `v` lines read by the library's answer reader.
    let blocks: Vec<(Verdict, Option<Vec<i64>>)> = blocks
        .into_iter()
        .enumerate()
        .map(|(index, (verdict, text))| match verdict {
            Verdict::Sat => model_literals(&text)
                .map(|model| (verdict, Some(model)))
                .map_err(|e| format!("block {}: {e}", index + 1)),
            _ => Ok((verdict, None)),
        })
        .collect::<Result<_, String>>()?;
    let model_of = |(_, model): &(Verdict, Option<Vec<i64>>)| model.clone();
    if !with_models {
        return Ok(blocks
            .iter()
            .map(|block| CubeAnswer {
                verdict: block.0,
                models: model_of(block).into_iter().collect(),
                exact: false,
            })
            .collect());
    }
    let mut answers = Vec::new();
    for (index, (k, m, end, first)) in headings.iter().enumerate() {
        if *k != index + 1 {
            return Err(format!("cube line {k} where cube {} was due", index + 1));
        }
        let last = headings.get(index + 1).map_or(blocks.len(), |h| h.3);
        let own = &blocks[*first..last];
        let verdicts: Vec<Verdict> = own.iter().map(|b| b.0).collect();
        let verdict = match (*m, end.as_str(), verdicts.as_slice()) {
            (0, "exact", [Verdict::Unsat]) => Verdict::Unsat,
            (0, "unknown", [Verdict::Unknown]) => Verdict::Unknown,
            (m, "exact" | "limit" | "unknown", v)
                if m > 0 && v.len() == m && v.iter().all(|&x| x == Verdict::Sat) =>
            {
                Verdict::Sat
            }
            _ => {
                return Err(format!(
                    "cube {k}: models {m} {end} over blocks {verdicts:?}"
                ))
            }
        };
        answers.push(CubeAnswer {
            verdict,
            models: own.iter().filter_map(model_of).collect(),
            exact: end == "exact",
        });
    }
    if headings.first().map_or(!blocks.is_empty(), |h| h.3 != 0) {
        return Err("s lines before the first cube line".into());
    }
    Ok(answers)
}

/// The exit code `satsolve` owes a stream whose cubes got `verdicts`: 20 if any is
/// UNSAT, else 10 if all are SAT, else 0.
pub fn stream_exit_code(verdicts: impl IntoIterator<Item = Verdict>) -> i32 {
    let (mut unsat, mut all_sat) = (false, true);
    for verdict in verdicts {
        unsat |= verdict == Verdict::Unsat;
        all_sat &= verdict == Verdict::Sat;
    }
    match (unsat, all_sat) {
        (true, _) => 20,
        (false, true) => 10,
        (false, false) => 0,
    }
}

/// A model as a sorted list of literals, to compare two models of one cube.
fn canonical(model: &[i64]) -> Vec<i64> {
    let mut sorted = model.to_vec();
    sorted.sort_unstable_by_key(|lit| (lit.unsigned_abs(), *lit));
    sorted.dedup();
    sorted
}

impl Tools {
    /// Runs `batch` through every [`Config`] and each cube's formula through the peers,
    /// adding to `count` (one instance per batch, one formula per cube). Err names the
    /// cube, the run and what is wrong.
    pub fn check_batch(
        &self,
        batch: &Batch,
        configs: &[Config],
        count: &mut Count,
    ) -> Result<(), String> {
        count.instances += 1;
        let stream = self.scratch.join("stream.icnf");
        std::fs::write(&stream, batch.to_icnf()).map_err(|e| e.to_string())?;
        let stream_arg = stream.to_str().ok_or("scratch path is not UTF-8")?;
        let formulas = batch.cube_formulas();
        let timeout = self.timeout.to_string();
        // answers[k]: every (run, verdict) on cube k.
        let mut answers: Vec<Vec<(String, Verdict)>> = vec![Vec::new(); formulas.len()];
        let mut unique: Vec<(usize, Vec<i64>)> = Vec::new();
        for config in configs {
            let name = config.name();
            let jobs = config.jobs.to_string();
            let models = config.models.to_string();
            let mut args = vec!["--engine", config.engine, "--jobs", &jobs];
            args.extend(["--timeout", &timeout]);
            if config.assumptions {
                args.push("--assumptions");
            }
            if config.models > 1 {
                args.extend(["--models", &models]);
            }
            args.push(stream_arg);
            let (code, out) = run(&self.satsolve, &args, None)?;
            let cubes =
                parse_stream(&out, config.models > 1).map_err(|e| format!("{name}: {e}"))?;
            if cubes.len() != formulas.len() {
                return Err(format!(
                    "{name}: {} answers for {} cubes",
                    cubes.len(),
                    formulas.len()
                ));
            }
            let owed = stream_exit_code(cubes.iter().map(|c| c.verdict));
            if code != owed {
                return Err(format!("{name}: exit code {code}, the blocks imply {owed}"));
            }
            count.solver_runs += 1;
            for (k, (cube, formula)) in cubes.iter().zip(&formulas).enumerate() {
                count.answers += 1;
                count.gave_up += usize::from(cube.verdict == Verdict::Unknown);
                for model in &cube.models {
                    check_model(formula, model)
                        .map_err(|e| format!("{name}: cube {}: {e}", k + 1))?;
                    count.models += 1;
                }
                if cube.models.len() > config.models {
                    return Err(format!("{name}: cube {}: too many models", k + 1));
                }
                if let [first, second] = cube.models.as_slice() {
                    if canonical(first) == canonical(second) {
                        return Err(format!("{name}: cube {}: the same model twice", k + 1));
                    }
                }
                if config.models > 1 && cube.exact && cube.models.len() == 1 {
                    let model = canonical(&cube.models[0]);
                    if !unique.contains(&(k, model.clone())) {
                        unique.push((k, model));
                    }
                }
                answers[k].push((name.clone(), cube.verdict));
            }
        }
        let cnf = self.scratch.join("cube.cnf");
        for (k, formula) in formulas.iter().enumerate() {
            count.formulas += 1;
            std::fs::write(&cnf, formula.to_dimacs()).map_err(|e| e.to_string())?;
            for (peer, verdict) in self.peers(formula, &cnf, count)? {
                answers[k].push((peer.to_string(), verdict));
            }
            let named: Vec<(&str, Verdict)> =
                answers[k].iter().map(|(n, v)| (n.as_str(), *v)).collect();
            match agree(&named).map_err(|e| format!("cube {}: {e}", k + 1))? {
                Verdict::Sat => count.sat += 1,
                Verdict::Unsat => count.unsat += 1,
                Verdict::Unknown => count.unknown += 1,
            }
        }
        for (k, model) in unique {
            self.check_unique(&formulas[k], &model, count)
                .map_err(|e| format!("cube {}: {e}", k + 1))?;
        }
        Ok(())
    }

    /// Confirms a claim that `model` is the only model of `formula`: with the model
    /// blocked, no peer may find another.
    fn check_unique(
        &self,
        formula: &Formula,
        model: &[i64],
        count: &mut Count,
    ) -> Result<(), String> {
        let mut blocked = formula.clone();
        blocked
            .clauses
            .push(model.iter().map(|&lit| -lit).collect());
        let cnf = self.scratch.join("unique.cnf");
        std::fs::write(&cnf, blocked.to_dimacs()).map_err(|e| e.to_string())?;
        for (peer, verdict) in self.peers(&blocked, &cnf, count)? {
            if verdict == Verdict::Sat {
                return Err(format!(
                    "--models 2 said exactly one model, {peer} finds another"
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
