//! `fzn-csp`: the FlatZinc executable MiniZinc drives. Reads a `.fzn`
//! file, solves it with the `csp` solver and prints each solution as the
//! FlatZinc specification says, after checking it against the file's
//! constraints by their meaning.

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use clap::Parser;

mod merge;

/// The largest FlatZinc file read: far beyond MiniZinc's output for the
/// benchmarks, and a bound on the memory taken before parsing.
const FILE_MAX: u64 = 1 << 30;

/// How long after `-t` or a signal the work may take to stop by itself:
/// past that, fzn-csp ends with what it has printed (or
/// `=====UNKNOWN=====`), wherever the work is.
const GRACE: Duration = Duration::from_millis(500);

#[derive(Parser, Debug, Clone)]
#[command(
    name = "fzn-csp",
    version,
    about = "Solve a FlatZinc model with the csp solver (the executable MiniZinc runs as '--solver csp').",
    after_help = "Output: each solution's output variables ('x = 3;', 'a = array1d(1..3, [1, 2, 3]);') then '----------'; \
'==========' once the search is complete (all solutions given with -a, or the optimum proved); \
'=====UNSATISFIABLE=====' when there is none; '=====UNKNOWN=====' when a limit stopped the search first. \
Every solution is checked against the model's constraints before it is printed. \
SIGINT or SIGTERM stops the search: the best solution found so far is printed (or '=====UNKNOWN====='), and a second one ends at once.

In pieces (a cluster job): --shard I/M --out DIR solves the tasks i with i mod M = I of the model's subproblems (cut at --depth D, or about 1024 of them) and writes their result to a checksummed file in DIR; 'fzn-csp merge DIR' checks that every shard is there once, all of one model and options, and prints the answer (the first or best solution, '==========' when every task was searched to the end, the count of solutions as '%%%mzn-stat: solutions=N'); 'fzn-csp merge DIR --status' says which shards are done. --checkpoint FILE (with or without --shard) records each task as it finishes, so a run killed even with kill -9 resumes exactly. -a counts every solution, -p N solves tasks on N threads, -t stops a run (a shard stopped so writes no file; its checkpoint keeps the tasks done). A file named 'merge' is './merge'."
)]
struct Args {
    /// The FlatZinc file.
    file: std::path::PathBuf,
    /// All solutions (for an optimisation problem: every improving one).
    #[arg(short = 'a', long = "all-solutions")]
    all: bool,
    /// At most K solutions (for an optimisation problem: stop after K
    /// improving ones, each printed).
    #[arg(short = 'n', long = "num-solutions", value_name = "K")]
    solutions: Option<u64>,
    /// Free search: ignore the search annotations, and search as for a
    /// model without any: dom/wdeg over the variables no constraint
    /// defines, each choice x = min | x != min.
    #[arg(short = 'f', long = "free-search")]
    free: bool,
    /// Print statistics as '%%%mzn-stat:' lines.
    #[arg(short = 's', long = "statistics")]
    statistics: bool,
    /// Stop after MS milliseconds, parsing and setup included.
    #[arg(short = 't', long = "time-limit", value_name = "MS")]
    time: Option<u64>,
    /// Search on N threads (0 or 1: on one; at most 256). The tree is
    /// cut into subproblems the threads share: the solutions of a
    /// satisfaction problem are printed in the order one thread finds
    /// them, and each improvement of an optimisation prunes every thread
    /// at once.
    #[arg(short = 'p', long = "parallel", value_name = "N")]
    threads: Option<u32>,
    /// Random seed (default 24301) of every randomised choice: the values
    /// of indomain_random, --lns's neighbourhoods, --estimate's probes.
    /// The same seed gives the same search on one thread.
    #[arg(short = 'r', long = "random-seed", value_name = "SEED")]
    seed: Option<u64>,
    /// Large-neighbourhood search for an optimisation problem: from the
    /// best solution so far, most decision variables fixed and the rest
    /// searched for a better one, round after round, until -t, -n or a
    /// signal; '==========' only if its first search, of the whole
    /// model, proved the optimum. With -p N, one thread of it beside N-1
    /// of branch and bound on the same best solution, whose proof ends
    /// both. Ignored, without an error, for a satisfaction problem.
    #[arg(long = "lns")]
    lns: bool,
    /// Learn from failures (lazy clause generation): each failure is
    /// analysed into a nogood that prunes the rest of the search, which
    /// jumps back, follows the variables of recent failures (the model's
    /// choices, its booleans that are not an integer's literal, before the
    /// integers) and restarts.
    /// For an optimisation problem, and every solution (-a, -n) of a
    /// satisfaction problem (each excluded by a clause once found), on one
    /// thread;
    /// with -p N (N of 2 or more, 3 with --lns), an optimisation problem
    /// gets one thread that learns beside branch and bound on the others,
    /// all sharing the best solution, and its proof ends the search.
    /// Variables of more than 64 values keep only their bounds (interval
    /// domains), whichever search runs: a bound is cheaper to explain.
    /// Off by default: measured, it proves schedules nothing else here
    /// proves, and loses where it explains globals weakly (docs/minizinc.md).
    #[arg(long = "learn")]
    learn: bool,
    /// With --learn and a search annotation (not dropped by -f): what the
    /// search that learns decides on. activity: the annotation to the
    /// first solution of an optimisation problem, then the variables of
    /// recent failures (the default, measured best here: docs/minizinc.md);
    /// annotation: the annotation's
    /// variables as it asks, one branch each (the other is learned), then
    /// the most active of the rest (as Chuffed does by default);
    /// alternate: the annotation and activity in turn, switching at every
    /// second restart (as Chuffed's -f). Without an annotation, activity
    #[arg(long = "learn-search", value_name = "MODE", value_enum, default_value_t = LearnSearchArg::Activity)]
    learn_search: LearnSearchArg,
    /// Do not solve: print Knuth's estimate of the search tree's size, the
    /// nodes per second of a 1 s sample of the search, and the time that
    /// makes on one thread and on --shards shards.
    #[arg(long = "estimate")]
    estimate: bool,
    /// The shards of --estimate's plan.
    #[arg(long = "shards", value_name = "M", default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..))]
    shards: u64,
    /// --estimate's report as one line of JSON.
    #[arg(long = "json")]
    json: bool,
    /// Intermediate solutions of an optimisation problem (the same as -a
    /// there); a satisfaction problem still gives one.
    #[arg(short = 'i', long = "intermediate")]
    intermediate: bool,
    /// Check overload in every cumulative constraint, beside time-tabling
    /// (off by default: it paid off on few public scheduling instances).
    #[arg(long = "cumulative-overload")]
    cumulative_overload: bool,
    /// Solve shard I of M of the model's subproblems (the tasks i with
    /// i mod M = I) and write its result into --out DIR; I/M, slurm or
    /// slurm/M (from the Slurm array's variables).
    #[arg(long, value_name = "I/M", requires = "out")]
    shard: Option<String>,
    /// The directory of the shard files (with --shard).
    #[arg(long, value_name = "DIR", requires = "shard")]
    out: Option<std::path::PathBuf>,
    /// Record each finished task in FILE and resume from it: the search
    /// is split into subproblems, the answer printed as 'merge' prints it.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<std::path::PathBuf>,
    /// Cut the search into the subproblems at depth D (with --shard or
    /// --checkpoint; default: the engine's pick, about 1024 of them).
    #[arg(long, value_name = "D")]
    depth: Option<usize>,
}

/// The modes of `--learn-search`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum LearnSearchArg {
    Annotation,
    Alternate,
    Activity,
}

fn main() -> ExitCode {
    let start = Instant::now();
    // Raised by SIGINT and SIGTERM: the search stops and prints what it
    // has. A second signal, once the flag is up, ends the program at once.
    let signalled = Arc::new(AtomicBool::new(false));
    for (signal, status) in [
        (signal_hook::consts::SIGINT, 130),
        (signal_hook::consts::SIGTERM, 143),
    ] {
        let registered = signal_hook::flag::register_conditional_shutdown(
            signal,
            status,
            Arc::clone(&signalled),
        )
        .and_then(|_| signal_hook::flag::register(signal, Arc::clone(&signalled)));
        if let Err(e) = registered {
            say(&format!("cannot handle signal {signal}: {e}"));
            return ExitCode::from(1);
        }
    }
    if std::env::args_os().nth(1).is_some_and(|a| a == "merge") {
        return merge::merge();
    }
    if let Some(unknown) = std::env::args().skip(1).find(|a| glued_unknown(a)) {
        say(&format!(
            "unknown option '{unknown:.80}' (see fzn-csp --help)"
        ));
        return ExitCode::from(2);
    }
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            say(&usage_line(&e));
            return ExitCode::from(2);
        }
    };
    let printer = Printer::default();
    let (done, result) = mpsc::channel();
    let deadline = args
        .time
        .and_then(|ms| start.checked_add(Duration::from_millis(ms)));
    let shard = args.shard.clone();
    {
        let (signalled, printer) = (Arc::clone(&signalled), printer.clone());
        std::thread::spawn(move || {
            let _ = done.send(run(&args, start, &signalled, &printer));
        });
    }
    // The work looks at the clock and the signals itself; this watches
    // that it does so in time.
    let mut signal_seen = None;
    let result = loop {
        match result.recv_timeout(Duration::from_millis(20)) {
            Ok(result) => break result,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                break Err(Failure::Message(
                    "the solver stopped on an internal error".into(),
                ));
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        let now = Instant::now();
        if signal_seen.is_none() && signalled.load(Ordering::Relaxed) {
            signal_seen = Some(now);
        }
        let late = |since: Option<Instant>| {
            since
                .and_then(|t| t.checked_add(GRACE))
                .is_some_and(|t| now >= t)
        };
        if late(deadline) || late(signal_seen) {
            if let Some(spec) = &shard {
                // A shard prints no answer: it ends as unfinished.
                say(&stopped(spec));
                std::process::exit(1);
            }
            printer.give_up();
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Pipe) => ExitCode::SUCCESS,
        Err(Failure::Message(message)) => {
            message.lines().for_each(say);
            ExitCode::from(1)
        }
        Err(Failure::Usage(message)) => {
            say(&message);
            ExitCode::from(2)
        }
    }
}

/// A command-line error in one line: clap's first, with the argument it
/// names on the next when the first ends in a colon.
fn usage_line(e: &clap::Error) -> String {
    let text = e.to_string();
    let mut lines = text.lines().map(str::trim);
    let first = lines.next().unwrap_or("bad arguments");
    let first = first.trim_start_matches("error: ");
    let line = match (first.strip_suffix(':'), lines.next()) {
        (Some(head), Some(what)) if !what.is_empty() => format!("{head}: {what}"),
        _ => first.to_owned(),
    };
    // A value out of a list: the list too.
    match text
        .lines()
        .map(str::trim)
        .find_map(|l| l.strip_prefix("[possible values: "))
        .and_then(|l| l.strip_suffix(']'))
    {
        Some(values) => format!("{line} (one of: {values})"),
        None => line,
    }
}

/// One line on standard error, or nothing if it cannot be written
/// (`2>/dev/full`): the exit status still tells.
fn say(message: &str) {
    let _ = writeln!(std::io::stderr(), "fzn-csp: {message}");
}

/// Standard output, shared by the work and the watch on its time.
#[derive(Clone, Default)]
struct Printer(Arc<Mutex<Printed>>);

#[derive(Default)]
struct Printed {
    /// Whether anything was printed.
    any: bool,
}

impl Printer {
    /// Prints `text` at once.
    fn print(&self, text: &str) -> std::io::Result<()> {
        let mut printed = self.0.lock().unwrap_or_else(|e| e.into_inner());
        printed.any = true;
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes())?;
        out.flush()
    }

    /// Ends the program with what was printed, or `=====UNKNOWN=====` if
    /// nothing was: no answer of the work can follow, since it waits on
    /// the lock this holds to the end.
    fn give_up(&self) -> ! {
        let printed = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let mut out = std::io::stdout().lock();
        if !printed.any {
            let _ = out.write_all(b"=====UNKNOWN=====\n");
        }
        let _ = out.flush();
        std::process::exit(0)
    }
}

enum Failure {
    /// The reader of the output went away.
    Pipe,
    Message(String),
    /// A mistake in the command line: status 2.
    Usage(String),
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Self {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            Failure::Pipe
        } else {
            Failure::Message(format!("cannot write the output: {e}"))
        }
    }
}

fn read(path: &std::path::Path) -> Result<String, Failure> {
    use std::io::Read;
    let shown = runner::echo(&path.display().to_string());
    let file = std::fs::File::open(path)
        .map_err(|e| Failure::Message(format!("cannot read {shown}: {e}")))?;
    let mut text = String::new();
    file.take(FILE_MAX + 1)
        .read_to_string(&mut text)
        .map_err(|e| Failure::Message(format!("cannot read {shown}: {e}")))?;
    if text.len() as u64 > FILE_MAX {
        return Err(Failure::Message(format!(
            "{shown} is larger than {FILE_MAX} bytes"
        )));
    }
    Ok(text)
}

fn run(
    args: &Args,
    start: Instant,
    signalled: &Arc<AtomicBool>,
    out: &Printer,
) -> Result<(), Failure> {
    let deadline = args
        .time
        .and_then(|ms| start.checked_add(Duration::from_millis(ms)));
    let mut limits = backtrack::Limits::default().cancel_flag(Arc::clone(signalled));
    if let Some(deadline) = deadline {
        limits = limits.deadline(deadline);
    }
    let text = read(&args.file)?;
    let reading = flatzinc::Reading {
        annotations: !args.free,
        intervals_above: if args.learn {
            flatzinc::LEARNING_INTERVALS_ABOVE
        } else {
            csp::MAX_DOMAIN
        },
    };
    let (instance, mut translation) = match flatzinc::read_with(&text, &reading, &limits) {
        Ok(read) => read,
        Err(flatzinc::ReadError::Stopped(_)) => {
            if let Some(spec) = &args.shard {
                return Err(Failure::Message(stopped(spec)));
            }
            // The limit came before the search: nothing is known.
            out.print("=====UNKNOWN=====\n")?;
            return Ok(());
        }
        Err(e) => return Err(Failure::Message(e.to_string())),
    };
    drop(text);
    if args.cumulative_overload {
        translation.model.cumulative_overload_check(true);
    }
    if let Some(seed) = args.seed {
        translation.model.reseed(seed);
    }
    if args.shard.is_some() || args.checkpoint.is_some() || args.depth.is_some() {
        return job(args, instance, translation, &limits, out);
    }
    let init_time = start.elapsed();
    if args.estimate {
        let settings = flatzinc::estimate::Settings {
            seed: args.seed.unwrap_or(flatzinc::solve::DEFAULT_SEED),
            ..Default::default()
        };
        return match flatzinc::estimate::estimate(&translation, &settings, &limits) {
            Ok(f) if args.json => out.print(&f.json(args.shards)).map_err(Failure::from),
            Ok(f) => out.print(&f.lines(args.shards)).map_err(Failure::from),
            Err(stop) => Err(Failure::Message(format!("no estimate: {stop}"))),
        };
    }
    let options = flatzinc::solve::Options {
        all: args.all,
        intermediate: args.intermediate,
        solutions: args.solutions,
        deadline,
        cancel: Some(Arc::clone(signalled)),
        threads: args.threads.map_or(1, |n| n as usize),
        lns: args.lns,
        seed: args.seed,
        learn: args.learn,
        learn_search: match args.learn_search {
            LearnSearchArg::Annotation => csp::LearnSearch::Groups,
            LearnSearchArg::Alternate => csp::LearnSearch::Alternate,
            LearnSearchArg::Activity => csp::LearnSearch::Activity,
        },
    };
    let report = flatzinc::solve::solve(&instance, &translation, &options, |lines| {
        out.print(&format!("{lines}----------\n"))
    })
    .map_err(|e| match e {
        flatzinc::solve::SolveError::Output(e) => Failure::from(e),
        other => Failure::Message(other.to_string()),
    })?;
    let end = report.ending(init_time, args.statistics);
    if !end.is_empty() {
        out.print(&end)?;
    }
    Ok(())
}

/// The model as a job of subproblems (`--shard`, `--checkpoint`,
/// `--depth`): a shard file written, or the answer printed.
fn job(
    args: &Args,
    instance: flatzinc::Instance,
    translation: flatzinc::Translation,
    limits: &backtrack::Limits,
    out: &Printer,
) -> Result<(), Failure> {
    let name = args.file.file_name().unwrap_or(args.file.as_os_str());
    let request = flatzinc::job::Request {
        name: name.to_string_lossy().into_owned(),
        options: flatzinc::job::Options {
            all: args.all,
            free: args.free,
            depth: args.depth,
        },
        solutions: args.solutions.is_some(),
        threads: args.threads.map_or(1, |n| n as usize),
        checkpoint: args.checkpoint.clone(),
        shard: args.shard.clone().zip(args.out.clone()),
        limits: limits.clone(),
        program: format!("fzn-csp {}", env!("CARGO_PKG_VERSION")),
    };
    match flatzinc::job::run(instance, translation, &request) {
        Ok(Some(answer)) => Ok(out.print(&answer)?),
        Ok(None) => Ok(()),
        Err(flatzinc::job::JobError::Usage(message)) => Err(Failure::Usage(message)),
        Err(e) => Err(Failure::Message(e.to_string())),
    }
}

/// Why a shard ended unfinished before its search could say.
fn stopped(spec: &str) -> String {
    format!("shard {spec} stopped by the time limit or a signal: no shard file written")
}

/// Whether `arg` is another solver's option that would otherwise read as
/// one of ours with a value glued on: Gecode's `-node 1` is not `-n ode`.
/// The options taking a number (`-n`, `-t`, `-p`, `-r`) take it glued on
/// only as digits (`-n5`).
fn glued_unknown(arg: &str) -> bool {
    let Some(rest) = arg.strip_prefix('-') else {
        return false;
    };
    let mut chars = rest.chars();
    match chars.next() {
        Some('n' | 't' | 'p' | 'r') => {
            let value = chars.as_str();
            !value.is_empty() && !value.bytes().all(|b| b.is_ascii_digit())
        }
        _ => false,
    }
}
