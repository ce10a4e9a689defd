//! Runs on a SLURM cluster, tested on a real one: this module starts a one-node cluster
//! (munged, slurmctld and slurmd, by `scripts/slurm-cluster`, with a configuration made
//! for this host), submits a solver comparison and a puzzle batch to it, and stops the
//! daemons by their process ids at the end. Without slurm-wlm and munge (or without
//! root, which slurmd needs to start jobs) the cluster parts are skipped with a note;
//! under `CI=true` a cluster that cannot start fails the test.
//!
//! - A comparison of 3 solvers on 6 instances, one of which times out, through
//!   `compare.py slurm` (what `make compare SCHEDULER=slurm` runs): one task is killed
//!   with `scancel` while it runs, which the merge must report and count as UNKNOWN; a
//!   rerun must submit exactly the lost runs, after which the answers equal a local
//!   `make compare` run's, the timeout UNKNOWN in both.
//! - 10,000 puzzles in 4 chunks through `solve-batch.py` (`make solve-batch`), here and
//!   on the cluster: both byte-identical to the plain pipeline, and `gridcheck --puzzle`
//!   checks them.
//! - Bad input: without `sbatch` on PATH, or with a controller that does not answer, both
//!   scripts print one line and exit 3.
//!
//! The scripts are called as the Makefile calls them, not through `make`, whose `build`
//! step would run cargo inside this test.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use sudosat::testkit::external::{find_on_path, in_ci, unless_ci};
use sudosat::testkit::families::{pigeonhole, random_ksat, Formula};
use sudosat::testkit::peers::Peer;

use crate::util::{binary, root, run, scratch, shared_path, testdata, Run, SplitMix64};

/// The folder of this build's binaries, for the scripts' `--bin`.
fn bin_dir() -> &'static str {
    static DIR: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let satsolve = binary("satsolve");
        satsolve.parent().unwrap().to_str().unwrap().to_string()
    })
}

/// A script of `scripts/` run by python3 with `args`, `env` added to the environment.
fn python(script: &str, args: &[&str], env: &[(&str, &Path)]) -> Command {
    let mut command = Command::new("python3");
    command.arg(root().join("scripts").join(script)).args(args);
    for (name, value) in env {
        command.env(name, value);
    }
    command
}

/// Runs `command` to its end.
fn finish(mut command: Command) -> Run {
    let text = format!("{command:?}");
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("cannot run {text}: {e}"));
    Run::from_output(text, output)
}

/// Whether this process runs as root (slurmd starts jobs as their submitter).
fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|output| output.stdout.trim_ascii() == b"0")
}

/// A one-node cluster, stopped (its daemons killed by pid) when dropped.
struct Cluster {
    dir: PathBuf,
    conf: PathBuf,
}

impl Cluster {
    /// Starts the cluster; None with a note when SLURM is not installed or this is not
    /// root, a panic under `CI=true`.
    fn start() -> Option<Cluster> {
        let programs = [
            "munged",
            "slurmctld",
            "slurmd",
            "sbatch",
            "scontrol",
            "squeue",
        ];
        let missing: Vec<&str> = programs
            .into_iter()
            .filter(|program| {
                find_on_path(program).is_none() && !Path::new("/usr/sbin").join(program).is_file()
            })
            .collect();
        let usable = (missing.is_empty() && is_root()).then_some(());
        let what = format!(
            "a one-node SLURM (slurm-wlm and munge installed, run as root; missing: {})",
            if missing.is_empty() {
                "root".to_string()
            } else {
                missing.join(", ")
            }
        );
        unless_ci(usable, in_ci(), &what)?;
        // A short path: munged's socket lives under it (a socket path has 107 bytes).
        let dir = std::env::temp_dir().join(format!("sudosat-slurm-{}", std::process::id()));
        let started = Command::new(root().join("scripts/slurm-cluster"))
            .arg("start")
            .arg(&dir)
            .env("PATH", path_with_sbin())
            .output()
            .expect("run scripts/slurm-cluster");
        if !started.status.success() {
            let logs = log_tails(&dir);
            let message = format!(
                "scripts/slurm-cluster start failed: {}\n{logs}",
                String::from_utf8_lossy(&started.stderr)
            );
            let _ = Command::new(root().join("scripts/slurm-cluster"))
                .arg("stop")
                .arg(&dir)
                .status();
            unless_ci(None::<()>, in_ci(), &message)?;
        }
        Some(Cluster {
            conf: dir.join("slurm.conf"),
            dir,
        })
    }

    /// The environment that points SLURM's clients at this cluster.
    fn env(&self) -> [(&'static str, &Path); 1] {
        [("SLURM_CONF", self.conf.as_path())]
    }

    /// A SLURM client command (squeue, scancel) for this cluster.
    fn client(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        command.env("SLURM_CONF", &self.conf);
        command
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // The daemons are stopped by the process ids slurm-cluster recorded.
        let _ = Command::new(root().join("scripts/slurm-cluster"))
            .arg("stop")
            .arg(&self.dir)
            .status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// PATH with /usr/sbin, where Debian puts the daemons.
fn path_with_sbin() -> String {
    let path = std::env::var("PATH").unwrap_or_default();
    format!("{path}:/usr/sbin:/sbin")
}

/// The last lines of the cluster's logs, for a failure message.
fn log_tails(dir: &Path) -> String {
    let mut text = String::new();
    for entry in std::fs::read_dir(dir.join("log"))
        .into_iter()
        .flatten()
        .flatten()
    {
        let content = std::fs::read_to_string(entry.path()).unwrap_or_default();
        let lines: Vec<&str> = content.lines().collect();
        let tail = lines[lines.len().saturating_sub(8)..].join("\n");
        text.push_str(&format!("--- {} ---\n{tail}\n", entry.path().display()));
    }
    text
}

/// The six instances: five that every solver answers at once, and PHP(13, 12), which
/// takes any resolution-based solver far longer than the timeout.
fn write_set(dir: &Path) -> PathBuf {
    let set = dir.join("set");
    std::fs::create_dir_all(&set).unwrap();
    let mut rng = SplitMix64(0x51_0c4);
    let formulas: [(&str, Formula); 5] = [
        ("easy_php_5_4.cnf", pigeonhole(5, 4)),
        ("easy_3sat_under.cnf", random_ksat(&mut rng, 40, 3, 3.0)),
        ("easy_3sat_over.cnf", random_ksat(&mut rng, 40, 3, 6.0)),
        ("easy_3sat_near.cnf", random_ksat(&mut rng, 60, 3, 4.0)),
        ("hard_php_13_12.cnf", pigeonhole(13, 12)),
    ];
    for (name, formula) in formulas {
        std::fs::write(set.join(name), formula.to_dimacs()).unwrap();
    }
    let escargot = testdata("puzzles/9x9_ai_escargot.txt");
    let cnf = run("sudoku2cnf", &[escargot.to_str().unwrap()], b"");
    std::fs::write(set.join("easy_sudoku.cnf"), &cnf.expect_code(0).stdout).unwrap();
    set
}

const SOLVERS: &str = "satsolve minisat cadical";
const TIMEOUT: &str = "2";
const PLOT: &str = "Cactus plot: set, timeout 2 s";

/// `compare.py plan` into `out`, as `make compare` runs it.
fn plan(set: &Path, out: &Path) {
    let args = [
        "plan",
        "--set",
        set.to_str().unwrap(),
        "--solvers",
        SOLVERS,
        "--timeout",
        TIMEOUT,
        "--out",
        out.to_str().unwrap(),
        "--bin",
        bin_dir(),
        "--satsolve-flags",
        "",
    ];
    finish(python("compare.py", &args, &[])).expect_code(0);
}

/// A run: (instance, solver).
type Pair = (String, String);

/// What a run answered: (status, correct, note).
type Answer = (String, String, String);

/// The rows of a results.csv, in their order.
fn answers(results: &Path) -> Vec<(Pair, Answer)> {
    let text = std::fs::read_to_string(results).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let column = |name: &str| header.iter().position(|&c| c == name).unwrap();
    let (instance, solver, status, correct, note) = (
        column("instance"),
        column("solver"),
        column("status"),
        column("correct"),
        column("note"),
    );
    lines
        .map(|line| {
            // The note is the last column and may be quoted with commas inside.
            let fields: Vec<&str> = line.splitn(header.len(), ',').collect();
            (
                (fields[instance].to_string(), fields[solver].to_string()),
                (
                    fields[status].to_string(),
                    fields[correct].to_string(),
                    fields[note].trim_matches('"').to_string(),
                ),
            )
        })
        .collect()
}

/// Waits up to `seconds` for `ready`, polling.
fn wait_for(seconds: u64, what: &str, mut ready: impl FnMut() -> bool) {
    let start = Instant::now();
    while !ready() {
        assert!(
            start.elapsed() < Duration::from_secs(seconds),
            "waited {seconds} s for {what}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The array job id a submission recorded, once it has one.
fn array_job(submission: &Path) -> Option<String> {
    let text = std::fs::read_to_string(submission.join("config.json")).ok()?;
    let start = text.find("\"array_job\": \"")? + "\"array_job\": \"".len();
    Some(text[start..].split('"').next()?.to_string())
}

/// The output of a child, once it ended.
fn wait_output(child: Child, what: &str) -> Run {
    let output: Output = child.wait_with_output().expect("wait for the child");
    Run::from_output(what.to_string(), output)
}

#[test]
fn slurm_comparisons_and_batches_match_local_runs_and_recover_from_scancel() {
    if Peer::MiniSat.find().is_none() || Peer::CaDiCaL.find().is_none() {
        return;
    }
    let Some(cluster) = Cluster::start() else {
        return;
    };
    let dir = scratch("slurm");
    let set = write_set(&dir);

    // The local run, as `make compare` makes it.
    let local = dir.join("local");
    plan(&set, &local);
    let mut runs = Command::new("make");
    runs.args(["-s", "-j2", "-f"])
        .arg(local.join("runs.mk"))
        .arg("all");
    finish(runs).expect_code(0);
    let args = ["collect", "--out", local.to_str().unwrap(), "--plot", PLOT];
    finish(python("compare.py", &args, &[])).expect_code(0);

    // On the cluster, one task killed by scancel while it runs the timing-out instance.
    let out = dir.join("cluster");
    plan(&set, &out);
    let slurm_args = [
        "slurm",
        "--out",
        out.to_str().unwrap(),
        "--tasks",
        "6",
        "--plot",
        PLOT,
    ];
    let first = python("compare.py", &slurm_args, &cluster.env())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let submission = out.join("slurm/sub-001");
    wait_for(120, "the array job", || array_job(&submission).is_some());
    let job = array_job(&submission).unwrap();
    let pairs = std::fs::read_to_string(submission.join("pairs.tsv")).unwrap();
    let task = pairs
        .lines()
        .find(|line| line.contains("hard_php"))
        .and_then(|line| line.split('\t').next())
        .unwrap()
        .to_string();
    let element = format!("{job}_{task}");
    wait_for(120, "the hard task to run", || {
        let state = cluster
            .client("squeue")
            .args(["-h", "-j", &element, "-o", "%T"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&state.stdout).trim() == "RUNNING"
    });
    let cancelled = cluster.client("scancel").arg(&element).status().unwrap();
    assert!(cancelled.success());
    let killed = wait_output(first, "compare.py slurm (first)");
    killed
        .expect_code(4)
        .expect_stderr_contains(&format!("slurm job {job} task {task}: CANCELLED"));
    let lost: Vec<_> = answers(&out.join("results.csv"))
        .into_iter()
        .filter(|(_, (_, _, note))| note.contains("CANCELLED"))
        .collect();
    assert!(!lost.is_empty(), "{}", killed.stderr);
    for ((instance, _), (status, correct, _)) in &lost {
        assert_eq!(
            (instance.as_str(), status.as_str()),
            ("hard_php_13_12.cnf", "UNKNOWN")
        );
        assert_eq!(correct, "");
    }
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(summary.contains("RUNS WITHOUT A RESULT"), "{summary}");

    // The rerun submits exactly the lost runs, and then the answers are the local ones.
    let rerun = finish(python("compare.py", &slurm_args, &cluster.env()));
    rerun.expect_code(0);
    let resubmitted = std::fs::read_to_string(out.join("slurm/sub-002/pairs.tsv")).unwrap();
    let mut again: Vec<Pair> = resubmitted
        .lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            (fields[1].to_string(), fields[2].to_string())
        })
        .collect();
    let mut lost_pairs: Vec<Pair> = lost.into_iter().map(|(pair, _)| pair).collect();
    again.sort();
    lost_pairs.sort();
    assert_eq!(again, lost_pairs);
    let ours = answers(&out.join("results.csv"));
    assert_eq!(ours, answers(&local.join("results.csv")));
    assert_eq!(ours.len(), 18);
    for ((instance, solver), (status, _, note)) in &ours {
        if instance.starts_with("hard") {
            assert_eq!(
                (status.as_str(), note.as_str()),
                ("UNKNOWN", "timeout"),
                "{solver}"
            );
        } else {
            assert!(
                status == "SAT" || status == "UNSAT",
                "{instance} {solver}: {status}"
            );
        }
    }
    for file in ["summary.md", "cactus.svg", "cactus.png"] {
        assert!(
            out.join(file).is_file() && local.join(file).is_file(),
            "{file}"
        );
    }

    // 10,000 puzzles in 4 chunks, here and on the cluster, against the plain pipeline.
    let Some(source) = shared_path("puzzles/puzzles2_17_clue") else {
        return;
    };
    let text = std::fs::read_to_string(source).unwrap();
    let puzzles: Vec<&str> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .take(10_000)
        .collect();
    assert_eq!(puzzles.len(), 10_000);
    let file = dir.join("puzzles.txt");
    std::fs::write(&file, puzzles.join("\n") + "\n").unwrap();
    let cnf = run("sudoku2cnf", &[file.to_str().unwrap()], b"");
    let solved = run("satsolve", &["--true-only"], &cnf.expect_code(0).stdout);
    let pipeline = run("model2grid", &["--batch"], &solved.stdout);
    pipeline.expect_code(0);
    for scheduler in ["local", "slurm"] {
        let grids = dir.join(format!("grids-{scheduler}.txt"));
        let args = [
            file.to_str().unwrap(),
            "--chunks",
            "4",
            "--out",
            grids.to_str().unwrap(),
            "--scheduler",
            scheduler,
            "--bin",
            bin_dir(),
        ];
        finish(python("solve-batch.py", &args, &cluster.env())).expect_code(0);
        let bytes = std::fs::read(&grids).unwrap();
        assert!(
            bytes == pipeline.stdout,
            "{scheduler}: the grids differ from the pipeline's"
        );
        run("gridcheck", &["--puzzle", file.to_str().unwrap()], &bytes)
            .expect_code(0)
            .expect_stderr_contains("10000 grids valid");
    }
}

/// A folder holding python3 alone, for a PATH without SLURM's commands: a link to the
/// interpreter itself (python3 on PATH may be a wrapper, such as pyenv's, that needs
/// more of PATH).
fn python_only_path(dir: &Path) -> PathBuf {
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let found = Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .expect("python3 on PATH");
    let python = String::from_utf8(found.stdout).unwrap();
    let _ = std::os::unix::fs::symlink(python.trim(), bin.join("python3"));
    bin
}

#[test]
fn without_sbatch_or_a_controller_both_scripts_say_so_in_one_line_and_exit_3() {
    let dir = scratch("slurm-bad");
    let set = dir.join("set");
    std::fs::create_dir_all(&set).unwrap();
    std::fs::write(set.join("a.cnf"), pigeonhole(3, 2).to_dimacs()).unwrap();
    let out = dir.join("out");
    let args = [
        "plan",
        "--set",
        set.to_str().unwrap(),
        "--solvers",
        "satsolve",
        "--timeout",
        "5",
        "--out",
        out.to_str().unwrap(),
        "--bin",
        bin_dir(),
    ];
    finish(python("compare.py", &args, &[])).expect_code(0);
    let puzzles = testdata("puzzles/9x9_17clue_first5.txt");
    let grids = dir.join("grids.txt");
    let compare = ["slurm", "--out", out.to_str().unwrap()];
    let batch = [
        puzzles.to_str().unwrap(),
        "--out",
        grids.to_str().unwrap(),
        "--scheduler",
        "slurm",
        "--bin",
        bin_dir(),
    ];
    let one_line = |run: &Run, fragment: &str| {
        run.expect_code(3).expect_stderr_contains(fragment);
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    };

    // No SLURM commands at all: python3 alone on PATH.
    let bare = python_only_path(&dir);
    for (script, args) in [("compare.py", &compare[..]), ("solve-batch.py", &batch[..])] {
        let mut command = python(script, args, &[]);
        command.env("PATH", &bare).env_remove("SLURM_CONF");
        one_line(&finish(command), "sbatch is not on PATH");
    }

    // The commands, but a controller that does not answer: a port nobody listens on.
    if unless_ci(find_on_path("scontrol"), in_ci(), "SLURM's scontrol").is_none() {
        return;
    }
    let conf = dir.join("slurm.conf");
    std::fs::write(
        &conf,
        "ClusterName=nowhere\nSlurmctldHost=localhost(127.0.0.1)\nSlurmctldPort=9\n\
         NodeName=localhost CPUs=1 State=UNKNOWN\nPartitionName=p Nodes=localhost Default=YES\n",
    )
    .unwrap();
    for (script, args) in [("compare.py", &compare[..]), ("solve-batch.py", &batch[..])] {
        let run = finish(python(script, args, &[("SLURM_CONF", conf.as_path())]));
        one_line(&run, "controller is unreachable");
    }
    assert!(
        !grids.exists(),
        "nothing is written when SLURM cannot be used"
    );
}
