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

mod args;
mod merge;

use args::{Args, LearnSearchArg, learns};

/// The largest FlatZinc file read: far beyond MiniZinc's output for the
/// benchmarks, and a bound on the memory taken before parsing.
const FILE_MAX: u64 = 1 << 30;

/// How long after `-t` or a signal the work may take to stop by itself:
/// past that, fzn-csp ends with what it has printed (or
/// `=====UNKNOWN=====`), wherever the work is.
const GRACE: Duration = Duration::from_millis(500);

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

/// The model was not read: a mistake in it, or a limit before the search
/// (then nothing is known; a shard says it did not finish).
fn not_read(e: flatzinc::ReadError, args: &Args, out: &Printer) -> Result<(), Failure> {
    match e {
        flatzinc::ReadError::Stopped(_) => {
            if let Some(spec) = &args.shard {
                return Err(Failure::Message(stopped(spec)));
            }
            out.print("=====UNKNOWN=====\n")?;
            Ok(())
        }
        e => Err(Failure::Message(e.to_string())),
    }
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
    let instance = match flatzinc::read_instance(&text, &limits) {
        Ok(instance) => instance,
        Err(e) => return not_read(e, args, out),
    };
    drop(text);
    let learn = learns(args, &instance.objective);
    // Learning by default, beside a search without it (in turns, or on
    // threads): that one reads a translation of its own, with the bitsets
    // it is fastest on, where the two differ.
    let paired = learn && args.learn == args::LearnWhen::Auto;
    let reading = |intervals_above| flatzinc::Reading {
        annotations: !args.free,
        intervals_above,
    };
    let translate = |intervals_above| {
        let mut translation =
            flatzinc::translate_within(&instance, &reading(intervals_above), &limits)?;
        if args.cumulative_overload {
            translation.model.cumulative_overload_check(true);
        }
        if let Some(seed) = args.seed {
            translation.model.reseed(seed);
        }
        Ok(translation)
    };
    let (translation, plain) = if paired {
        let plain = match translate(csp::MAX_DOMAIN) {
            Ok(translation) => translation,
            Err(e) => return not_read(e, args, out),
        };
        if plain.model.widest_bitset() > flatzinc::LEARNING_INTERVALS_ABOVE {
            match translate(flatzinc::LEARNING_INTERVALS_ABOVE) {
                Ok(translation) => (translation, Some(plain)),
                Err(e) => return not_read(e, args, out),
            }
        } else {
            (plain, None)
        }
    } else {
        let above = if learn {
            flatzinc::LEARNING_INTERVALS_ABOVE
        } else {
            csp::MAX_DOMAIN
        };
        match translate(above) {
            Ok(translation) => (translation, None),
            Err(e) => return not_read(e, args, out),
        }
    };
    if args.split() {
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
        learn,
        turns: args.learn == args::LearnWhen::Auto,
        following_after: None,
        learn_search: match args.learn_search {
            LearnSearchArg::Annotation => csp::LearnSearch::Groups,
            LearnSearchArg::Alternate => csp::LearnSearch::Alternate,
            LearnSearchArg::Activity => csp::LearnSearch::Activity,
        },
    };
    let report =
        flatzinc::solve::solve_paired(&instance, &translation, plain.as_ref(), &options, |lines| {
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
