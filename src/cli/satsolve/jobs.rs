//! `satsolve --jobs N` on a stream: N worker threads, each with its own engine built from
//! the base clauses, solve chunks of cubes; the main thread reads the input, hands out the
//! chunks and writes the answers in input order.
//!
//! Three parts: [`Pool::spawn`] starts the workers; [`Feed`] reads the next chunk of
//! cubes; [`Drain`] puts the answered chunks back in input order and writes them.
//! [`Pool::solve`] alternates feeding and draining.
//!
//! Memory stays bounded: at most `WINDOW_PER_JOB`·N chunks are between being read and
//! being written, whatever their solving order, so the reorder buffer never holds more.
//! Clauses between cubes go to a shared log; each cube carries how many log entries hold
//! for it, and a worker adds the missing ones before solving it.

use std::collections::BTreeMap;
use std::io::BufRead;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, RwLock};
use std::thread::JoinHandle;

use super::cube::{Answerer, ModelsPlan, Tally};
use super::sink::BlockSink;
use crate::cli::answer::Listing;
use crate::cli::progress::Progress;
use crate::cli::{Failure, Source, FLUSH_AT};
use crate::cnf::Cnf;
use crate::dimacs::CubeReader;
use crate::lit::Lit;
use crate::solver::cube_solver::EngineSetup;

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
    /// The cube's 1-based position in the stream.
    number: usize,
    /// Entries of the clause log that hold for this cube.
    clauses_before: usize,
    lits: Vec<Lit>,
}

/// A chunk of cubes with its sequence number.
type Chunk = (u64, Vec<Job>);

/// A chunk of answered cubes: its sequence number, the answer text, the tally.
type Answered = (u64, Vec<u8>, Tally);

/// The clauses read between cubes, in input order; only the main thread appends.
type ClauseLog = RwLock<Vec<Vec<Lit>>>;

/// The worker threads and the channels to them.
pub(super) struct Pool {
    work: Sender<Chunk>,
    done: Receiver<Answered>,
    log: Arc<ClauseLog>,
    /// Each worker returns its engine's counters as `c` lines.
    workers: Vec<JoinHandle<Vec<u8>>>,
}

impl Pool {
    /// Starts `jobs` workers, each building its own engine over `base` as `setup` says
    /// (the set-up's interrupt is the run's stop flag), answering with `listing` and,
    /// for `--models`, `models`. The pool sees only these, not the stream's options.
    pub(super) fn spawn(
        jobs: usize,
        setup: &EngineSetup,
        listing: &Listing,
        models: Option<&ModelsPlan>,
        base: &Cnf,
    ) -> Pool {
        let base = Arc::new(base.clone());
        let log: Arc<ClauseLog> = Arc::default();
        let (work, work_rx) = mpsc::channel::<Chunk>();
        let work_rx = Arc::new(Mutex::new(work_rx));
        let (done_tx, done) = mpsc::channel::<Answered>();
        let workers = (0..jobs)
            .map(|_| {
                let (work_rx, done_tx) = (Arc::clone(&work_rx), done_tx.clone());
                let (base, log) = (Arc::clone(&base), Arc::clone(&log));
                let (setup, listing) = (setup.clone(), listing.clone());
                let models = models.cloned();
                std::thread::spawn(move || {
                    let build = || Answerer::new(&base, &setup, listing.clone(), models.as_ref());
                    worker(build, &work_rx, &done_tx, &log)
                })
            })
            .collect();
        Pool {
            work,
            done,
            log,
            workers,
        }
    }

    /// Solves the stream `cubes` (read from `source`) on the workers, writing the answers
    /// to `sink` in input order; returns the tally and the workers' counters (as `c`
    /// lines, one `c worker K` heading each).
    pub(super) fn solve<R: BufRead>(
        self,
        cubes: Box<CubeReader<R>>,
        source: &Source,
        sink: &mut BlockSink,
        progress: &mut Progress,
    ) -> Result<(Tally, Vec<u8>), Failure> {
        let Pool {
            work,
            done,
            log,
            workers,
        } = self;
        let window = (WINDOW_PER_JOB * workers.len()) as u64;
        let mut feed = Feed::new(cubes, log);
        let mut drain = Drain::default();
        let mut sent = 0u64;
        loop {
            while !feed.done && sent - drain.written < window {
                let chunk = feed.next_chunk(source);
                if chunk.is_empty() || work.send((sent, chunk)).is_err() {
                    break;
                }
                sent += 1;
            }
            if drain.written == sent {
                break;
            }
            let Ok(answered) = done.recv() else {
                return Err(thread_failed());
            };
            drain.take(answered, sink, progress)?;
            // The memory bound of the module doc: only chunks in the window wait.
            debug_assert!(drain.reorder.held() as u64 <= window);
        }
        drop(work);
        sink.write(&drain.buf)?;
        for warning in feed.cubes.take_warnings() {
            eprintln!("satsolve: warning: {source}: {warning}");
        }
        let mut stats = Vec::new();
        for (index, worker) in workers.into_iter().enumerate() {
            let counters = worker.join().map_err(|_| thread_failed())?;
            stats.extend_from_slice(format!("c worker {}\n", index + 1).as_bytes());
            stats.extend_from_slice(&counters);
        }
        match feed.failure {
            Some(failure) => {
                sink.flush()?;
                Err(failure)
            }
            None => Ok((drain.tally, stats)),
        }
    }
}

/// The failure when a worker panicked.
fn thread_failed() -> Failure {
    Failure::error("a solver thread failed")
}

/// A worker's loop: takes chunks until the channel closes, answers each cube (after the
/// log's clauses that hold for it) and sends the chunk's answers back; returns the
/// engine's counters. The engine is built at the first chunk: on a stream shorter than
/// a chunk per worker (`--jobs` defaults to every core) the idle workers build none.
fn worker(
    build: impl Fn() -> Answerer,
    chunks: &Mutex<Receiver<Chunk>>,
    done: &Sender<Answered>,
    log: &ClauseLog,
) -> Vec<u8> {
    let mut answerer = None;
    let mut added = 0;
    loop {
        // A poisoned lock means another worker panicked: stop quietly, the main thread
        // reports it.
        let Ok(next) = chunks.lock().map(|rx| rx.recv()) else {
            break;
        };
        let Ok((seq, chunk)) = next else { break };
        let answerer = answerer.get_or_insert_with(&build);
        let mut text = Vec::with_capacity(chunk.len() * 256);
        let mut tally = Tally::default();
        for job in chunk {
            if added < job.clauses_before {
                let Ok(log) = log.read() else { break };
                for clause in &log[added..job.clauses_before] {
                    answerer.add_clause(clause);
                }
                added = job.clauses_before;
            }
            answerer.answer(job.number, &job.lits, &mut text, &mut tally);
        }
        if done.send((seq, text, tally)).is_err() {
            break;
        }
    }
    let mut stats = Vec::new();
    if let Some(answerer) = answerer {
        let _ = answerer.write_stats(&mut stats);
    }
    stats
}

/// The reading side: cubes from the input into chunks, clauses between cubes into the
/// shared log.
struct Feed<R> {
    cubes: Box<CubeReader<R>>,
    log: Arc<ClauseLog>,
    /// The log's length: only this thread appends to it.
    logged: usize,
    /// Cubes read so far.
    read: usize,
    /// Some chunk has been handed out.
    any: bool,
    /// The input is used up (or failed).
    done: bool,
    /// The input's error, reported once the blocks before it are written.
    failure: Option<Failure>,
}

impl<R: BufRead> Feed<R> {
    fn new(cubes: Box<CubeReader<R>>, log: Arc<ClauseLog>) -> Feed<R> {
        Feed {
            cubes,
            log,
            logged: 0,
            read: 0,
            any: false,
            done: false,
            failure: None,
        }
    }

    /// Up to [`CHUNK_CUBES`] cubes; empty once the input is used up.
    fn next_chunk(&mut self, source: &Source) -> Vec<Job> {
        let mut chunk = Vec::with_capacity(CHUNK_CUBES);
        while chunk.len() < CHUNK_CUBES {
            match self.cubes.next() {
                Some(Ok(cube)) => {
                    if cube.clauses.num_clauses() > 0 {
                        append_log(&self.log, &cube.clauses);
                        self.logged += cube.clauses.num_clauses();
                    }
                    self.read += 1;
                    chunk.push(Job {
                        number: self.read,
                        clauses_before: self.logged,
                        lits: cube.lits,
                    });
                }
                Some(Err(error)) => {
                    self.failure = Some(Failure::error_in(source, error));
                    self.done = true;
                    break;
                }
                None => {
                    self.done = true;
                    // No cube at all: the base formula is the one question.
                    if !self.any && chunk.is_empty() {
                        chunk.push(Job {
                            number: 1,
                            clauses_before: 0,
                            lits: Vec::new(),
                        });
                    }
                    break;
                }
            }
        }
        self.any |= !chunk.is_empty();
        chunk
    }
}

/// Appends `clauses` to the shared clause log.
fn append_log(log: &ClauseLog, clauses: &Cnf) {
    if let Ok(mut log) = log.write() {
        log.extend(clauses.clauses().map(<[Lit]>::to_vec));
    }
}

/// The writing side: answered chunks back in input order, out to the sink.
struct Drain {
    reorder: Reorder<(Vec<u8>, Tally)>,
    /// Chunks written so far.
    written: u64,
    tally: Tally,
    buf: Vec<u8>,
}

impl Default for Drain {
    fn default() -> Drain {
        Drain {
            reorder: Reorder::default(),
            written: 0,
            tally: Tally::default(),
            buf: Vec::with_capacity(FLUSH_AT + 64 * 1024),
        }
    }
}

impl Drain {
    /// Takes one answered chunk and writes every chunk now in sequence.
    fn take(
        &mut self,
        (seq, text, tally): Answered,
        sink: &mut BlockSink,
        progress: &mut Progress,
    ) -> Result<(), Failure> {
        self.reorder.insert(seq, (text, tally));
        while let Some((text, chunk_tally)) = self.reorder.pop_ready() {
            self.written += 1;
            self.tally.add(chunk_tally);
            self.buf.extend_from_slice(&text);
            sink.offer(&mut self.buf)?;
            progress.advance(chunk_tally.blocks());
        }
        Ok(())
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
