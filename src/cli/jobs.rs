//! `satsolve --jobs N` on a stream: N worker threads, each with its own engine built from
//! the base clauses, solve chunks of cubes; the main thread reads the input, hands out the
//! chunks and writes the answers in input order.
//!
//! Memory stays bounded: at most `WINDOW_PER_JOB`·N chunks are between being read and
//! being written, whatever their solving order, so the reorder buffer never holds more.
//! Clauses between cubes go to a shared log; each cube carries how many log entries hold
//! for it, and a worker adds the missing ones before solving it.

use std::collections::BTreeMap;
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, RwLock};

use super::answer::{push_block, Listing};
use super::progress::Progress;
use super::satsolve::SolveOptions;
use super::stream::{BlockSink, Tally, FLUSH_AT};
use super::Failure;
use crate::cnf::Cnf;
use crate::dimacs::{CubeReader, Dimacs};
use crate::lit::Lit;
use crate::solver::cube_solver::{CubeSolver, EngineSetup};
use crate::solver::Outcome;

/// Cubes per chunk: enough to amortise the hand-over, few enough to balance the threads.
const CHUNK_CUBES: usize = 32;

/// Chunks in flight per worker.
const WINDOW_PER_JOB: usize = 4;

/// Items that arrive in any order, released in sequence order: the reorder buffer.
#[derive(Debug)]
pub struct Reorder<T> {
    next: u64,
    pending: BTreeMap<u64, T>,
}

impl<T> Default for Reorder<T> {
    fn default() -> Self {
        Reorder {
            next: 0,
            pending: BTreeMap::new(),
        }
    }
}

impl<T> Reorder<T> {
    /// Accepts item number `seq` (each number once, counting from 0).
    pub fn insert(&mut self, seq: u64, item: T) {
        debug_assert!(seq >= self.next && !self.pending.contains_key(&seq));
        self.pending.insert(seq, item);
    }

    /// The next item in sequence, once it has arrived.
    pub fn pop_ready(&mut self) -> Option<T> {
        let item = self.pending.remove(&self.next)?;
        self.next += 1;
        Some(item)
    }

    /// Items held back, waiting for an earlier one.
    pub fn held(&self) -> usize {
        self.pending.len()
    }
}

/// A cube as a worker gets it.
struct Job {
    /// Entries of the clause log that hold for this cube.
    clauses_before: usize,
    lits: Vec<Lit>,
}

/// A chunk of answered cubes: its sequence number, the answer text, the tally.
type Answered = (u64, Vec<u8>, Tally);

/// Solves the stream on `options.jobs` threads; returns the tally and the workers'
/// counters (as `c` lines).
pub(super) fn solve_parallel<R: BufRead>(
    options: &SolveOptions,
    base: &Dimacs,
    mut cubes: Box<CubeReader<R>>,
    setup: &EngineSetup,
    listing: &Listing,
    sink: &mut BlockSink,
    progress: &mut Progress,
) -> Result<(Tally, Vec<u8>), Failure> {
    let jobs = options.jobs;
    let stop: Arc<AtomicBool> = setup.limits.interrupt.clone().unwrap_or_default();
    let base_cnf = Arc::new(base.cnf.clone());
    let log: Arc<RwLock<Vec<Vec<Lit>>>> = Arc::default();
    let (work_tx, work_rx) = mpsc::channel::<(u64, Vec<Job>)>();
    let work_rx = Arc::new(Mutex::new(work_rx));
    let (done_tx, done_rx) = mpsc::channel::<Answered>();
    let mut workers = Vec::with_capacity(jobs);
    for _ in 0..jobs {
        let (work_rx, done_tx) = (Arc::clone(&work_rx), done_tx.clone());
        let (base_cnf, log, stop) = (Arc::clone(&base_cnf), Arc::clone(&log), Arc::clone(&stop));
        let (setup, listing) = (setup.clone(), listing.clone());
        workers.push(std::thread::spawn(move || {
            let mut engine = CubeSolver::new(&base_cnf, &setup);
            let mut added = 0;
            loop {
                // A poisoned lock means another worker panicked: stop quietly, the main
                // thread reports it.
                let Ok(next) = work_rx.lock().map(|rx| rx.recv()) else {
                    break;
                };
                let Ok((seq, chunk)) = next else { break };
                let mut text = Vec::with_capacity(chunk.len() * 256);
                let mut tally = Tally::default();
                for job in chunk {
                    if added < job.clauses_before {
                        let Ok(log) = log.read() else { break };
                        for clause in &log[added..job.clauses_before] {
                            engine.add_clause(clause);
                        }
                        added = job.clauses_before;
                    }
                    let outcome = if stop.load(Ordering::Relaxed) {
                        Outcome::Unknown
                    } else {
                        engine.solve(&job.lits)
                    };
                    tally.count(&outcome);
                    push_block(&mut text, &outcome, &listing);
                }
                if done_tx.send((seq, text, tally)).is_err() {
                    break;
                }
            }
            let mut stats = Vec::new();
            let _ = engine.write_stats(&mut stats);
            stats
        }));
    }
    drop(done_tx);

    let window = (WINDOW_PER_JOB * jobs) as u64;
    let (mut sent, mut written) = (0u64, 0u64);
    let mut reorder = Reorder::default();
    let mut tally = Tally::default();
    let mut buf = Vec::with_capacity(FLUSH_AT + 64 * 1024);
    let mut input_done = false;
    let mut any = false;
    // The log's length: only this thread appends to it.
    let mut logged = 0;
    let mut failure = None;
    loop {
        while !input_done && sent - written < window {
            let mut chunk = Vec::with_capacity(CHUNK_CUBES);
            while chunk.len() < CHUNK_CUBES {
                match cubes.next() {
                    Some(Ok(cube)) => {
                        if cube.clauses.num_clauses() > 0 {
                            append_log(&log, &cube.clauses);
                            logged += cube.clauses.num_clauses();
                        }
                        chunk.push(Job {
                            clauses_before: logged,
                            lits: cube.lits,
                        });
                    }
                    Some(Err(error)) => {
                        failure = Some(Failure::error_in(&options.input, error));
                        input_done = true;
                        break;
                    }
                    None => {
                        input_done = true;
                        // No cube at all: the base formula is the one question.
                        if !any && chunk.is_empty() {
                            chunk.push(Job {
                                clauses_before: 0,
                                lits: Vec::new(),
                            });
                        }
                        break;
                    }
                }
            }
            if chunk.is_empty() {
                break;
            }
            any = true;
            if work_tx.send((sent, chunk)).is_err() {
                break;
            }
            sent += 1;
        }
        if written == sent {
            break;
        }
        let Ok((seq, text, chunk_tally)) = done_rx.recv() else {
            return Err(Failure::error("a solver thread failed"));
        };
        reorder.insert(seq, (text, chunk_tally));
        while let Some((text, chunk_tally)) = reorder.pop_ready() {
            written += 1;
            tally.add(chunk_tally);
            buf.extend_from_slice(&text);
            sink.offer(&mut buf)?;
            progress.advance(chunk_tally.blocks());
        }
    }
    drop(work_tx);
    sink.write(&buf)?;
    for warning in cubes.take_warnings() {
        eprintln!("satsolve: warning: {}: {warning}", options.input);
    }
    let mut stats = Vec::new();
    for (index, worker) in workers.into_iter().enumerate() {
        let counters = worker
            .join()
            .map_err(|_| Failure::error("a solver thread failed"))?;
        stats.extend_from_slice(format!("c worker {}\n", index + 1).as_bytes());
        stats.extend_from_slice(&counters);
    }
    match failure {
        Some(failure) => {
            sink.flush()?;
            Err(failure)
        }
        None => Ok((tally, stats)),
    }
}

/// Appends `clauses` to the shared clause log.
fn append_log(log: &RwLock<Vec<Vec<Lit>>>, clauses: &Cnf) {
    if let Ok(mut log) = log.write() {
        log.extend(clauses.clauses().map(<[Lit]>::to_vec));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reorder_releases_in_sequence_whatever_the_arrival_order() {
        let mut reorder = Reorder::default();
        let mut out = Vec::new();
        for seq in [2u64, 0, 3, 5, 1, 4, 6] {
            reorder.insert(seq, seq * 10);
            while let Some(item) = reorder.pop_ready() {
                out.push(item);
            }
        }
        assert_eq!(out, [0, 10, 20, 30, 40, 50, 60]);
        assert_eq!(reorder.held(), 0);
    }

    #[test]
    fn reorder_holds_items_until_the_gap_fills() {
        let mut reorder = Reorder::default();
        reorder.insert(1, 'b');
        reorder.insert(2, 'c');
        assert_eq!(reorder.pop_ready(), None);
        assert_eq!(reorder.held(), 2);
        reorder.insert(0, 'a');
        let drained: Vec<char> = std::iter::from_fn(|| reorder.pop_ready()).collect();
        assert_eq!(drained, ['a', 'b', 'c']);
    }
}
