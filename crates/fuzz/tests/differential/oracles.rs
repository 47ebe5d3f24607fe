//! The three answers to a model: the enumeration judged by
//! `flatzinc::check`, the csp solver through `flatzinc::solve`, and
//! `fzn-gecode`.

use std::collections::BTreeSet;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use flatzinc::solve::{Options, SolveError, Status};
use flatzinc::{Instance, Value};
use fuzz::fzn::{Dom, Goal, Model};

/// A solution as the set of its printed lines.
pub type Lines = BTreeSet<String>;

/// What an oracle says about a model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Satisfaction: every solution (none: unsatisfiable).
    All(BTreeSet<Lines>),
    /// Optimisation: the optimum, proved (`None`: unsatisfiable).
    Best(Option<i64>),
    /// No answer to compare: a limit, or an oracle that cannot take the
    /// model.
    Unknown(String),
    /// A wrong answer the oracle knew about itself (a solution its own
    /// check refused) or a valid model refused.
    Broken(String),
}

impl Answer {
    /// One line: the count or the optimum.
    pub fn summary(&self) -> String {
        match self {
            Answer::All(set) if set.is_empty() => "UNSATISFIABLE".to_string(),
            Answer::All(set) => format!("{} solutions", set.len()),
            Answer::Best(None) => "UNSATISFIABLE".to_string(),
            Answer::Best(Some(v)) => format!("optimum {v}"),
            Answer::Unknown(why) => format!("no answer ({why})"),
            Answer::Broken(why) => format!("broken: {why}"),
        }
    }
}

/// The model's text read as an instance.
pub fn instance(text: &str) -> Result<Instance, String> {
    let model = flatzinc::parse(text).map_err(|e| e.to_string())?;
    flatzinc::resolve(&model).map_err(|e| e.to_string())
}

fn objective(model: &Model) -> Option<(usize, bool)> {
    match model.goal {
        Goal::Satisfy => None,
        Goal::Minimize(v) => Some((v, false)),
        Goal::Maximize(v) => Some((v, true)),
    }
}

/// Every candidate assignment that `flatzinc::check` accepts, or the
/// optimum among them.
pub fn enumerate(model: &Model, instance: &Instance, limit: usize) -> Answer {
    let Some(candidates) = model.candidates(limit) else {
        return Answer::Unknown("too many assignments".to_string());
    };
    // The instance's variables by the model's index.
    let index: Option<Vec<usize>> = instance
        .vars
        .iter()
        .map(|v| model.vars.iter().position(|m| m.name == v.name))
        .collect();
    let Some(index) = index.filter(|i| i.len() == model.vars.len()) else {
        return Answer::Broken("the instance's variables are not the model's".to_string());
    };
    let mut all = BTreeSet::new();
    let mut best: Option<i64> = None;
    for values in candidates {
        let assignment: Vec<Value> = index
            .iter()
            .map(|&i| match model.vars[i].dom {
                Dom::Bool => Value::Bool(values[i] == 1),
                _ => Value::Int(values[i]),
            })
            .collect();
        if flatzinc::check(instance, &assignment).is_err() {
            continue;
        }
        if let Some((v, max)) = objective(model) {
            let value = values[v];
            best = Some(match best {
                Some(b) if max => b.max(value),
                Some(b) => b.min(value),
                None => value,
            });
        } else {
            let lines = flatzinc::solution_lines(instance, &assignment);
            all.insert(lines.lines().map(str::to_string).collect());
        }
    }
    match objective(model) {
        Some(_) => Answer::Best(best),
        None => Answer::All(all),
    }
}

/// The csp solver's answer, every solution with "all solutions", within
/// `time`.
pub fn csp(model: &Model, instance: &Instance, time: Duration) -> Answer {
    let translation = match flatzinc::translate(instance) {
        Ok(t) => t,
        Err(e) => return Answer::Broken(format!("refused: {e}")),
    };
    let options = Options {
        all: true,
        deadline: Some(Instant::now() + time),
        ..Options::default()
    };
    let mut all = BTreeSet::new();
    let started = Instant::now();
    let result = flatzinc::solve::solve(instance, &translation, &options, |lines| {
        all.insert(lines.lines().map(str::to_string).collect::<Lines>());
        Ok(())
    });
    let report = match result {
        Ok(report) => report,
        Err(SolveError::Wrong(v)) => return Answer::Broken(format!("printed a non-solution: {v}")),
        Err(e) => return Answer::Broken(e.to_string()),
    };
    // The deadline is not looked at everywhere yet (compile() takes none):
    // an overrun is counted in the summary, not failed.
    if started.elapsed() > 2 * time + Duration::from_secs(1) {
        return Answer::Unknown(format!("overran its {} ms limit", time.as_millis()));
    }
    if report.status != Status::Complete {
        return Answer::Unknown(format!("stopped at {} ms", time.as_millis()));
    }
    let answer = match objective(model) {
        Some(_) if all.is_empty() => Answer::Best(None),
        Some(_) if report.objective.is_none() => Answer::Broken("no objective value".to_string()),
        Some(_) => Answer::Best(report.objective),
        None => Answer::All(all),
    };
    match first(instance, &translation, time, Search::Plain) {
        Some(Err(why)) => return Answer::Broken(why),
        Some(Ok(first)) if !agrees(&answer, &first) => {
            return Answer::Broken(format!(
                "without \"all solutions\" it gives {}, with it {}",
                first.summary(),
                answer.summary()
            ));
        }
        _ => {}
    }
    // The search that learns, alone and in turns with the search without
    // it (fzn-csp's default): the same verdict, and the same optimum.
    for (search, name) in [(Search::Learn, "--learn"), (Search::Turns, "--learn=auto")] {
        match first(instance, &translation, time, search) {
            Some(Err(why)) => return Answer::Broken(format!("{name}: {why}")),
            Some(Ok(learned)) if !agrees(&answer, &learned) => {
                return Answer::Broken(format!(
                    "learning ({name}) it gives {}, the whole search {}",
                    learned.summary(),
                    answer.summary()
                ));
            }
            _ => {}
        }
    }
    answer
}

/// Which search [`first`] runs.
#[derive(Clone, Copy)]
enum Search {
    /// Without learning (`--learn=off`).
    Plain,
    /// Learning alone (`--learn`).
    Learn,
    /// Learning in turns with the search without it (`--learn=auto`),
    /// each on its own translation.
    Turns,
}

/// The search as `fzn-csp` runs it without `-a`, as `search` says: one
/// solution (or the optimum alone), as an answer of its own; `None` when
/// it stopped.
fn first(
    instance: &Instance,
    translation: &flatzinc::Translation,
    time: Duration,
    search: Search,
) -> Option<Result<Answer, String>> {
    let options = Options {
        deadline: Some(Instant::now() + time),
        learn: !matches!(search, Search::Plain),
        turns: matches!(search, Search::Turns),
        // The third search in turns (annotated optimisation) from the
        // start, not after the seconds these instances never take.
        following_after: Some(Duration::ZERO),
        ..Options::default()
    };
    // In turns, the search that learns reads a translation of its own
    // with every variable of more than two values an interval, as
    // fzn-csp's default pairs one of few bitsets with the plain one.
    let learning = match search {
        Search::Turns => {
            let reading = flatzinc::Reading {
                intervals_above: 2,
                ..flatzinc::Reading::default()
            };
            let limits = backtrack::Limits::default();
            match flatzinc::translate_within(instance, &reading, &limits) {
                Ok(learning) => Some(learning),
                Err(e) => return Some(Err(format!("translated with intervals: {e}"))),
            }
        }
        _ => None,
    };
    let (translation, plain) = match &learning {
        Some(learning) => (learning, Some(translation)),
        None => (translation, None),
    };
    let mut found = BTreeSet::new();
    let result = flatzinc::solve::solve_paired(instance, translation, plain, &options, |lines| {
        found.insert(lines.lines().map(str::to_string).collect::<Lines>());
        Ok(())
    });
    let report = match result {
        Ok(report) => report,
        Err(e) => return Some(Err(format!("without \"all solutions\": {e}"))),
    };
    match report.status {
        Status::Stopped => None,
        _ if translation.optimize => Some(Ok(Answer::Best(
            report.objective.filter(|_| !found.is_empty()),
        ))),
        _ => Some(Ok(Answer::All(found))),
    }
}

/// Whether one search's answer (`first`: one solution, or the optimum)
/// fits the whole search's.
fn agrees(all: &Answer, first: &Answer) -> bool {
    match (all, first) {
        (Answer::All(all), Answer::All(one)) => {
            one.len() == usize::from(!all.is_empty()) && one.is_subset(all)
        }
        (Answer::Best(a), Answer::Best(b)) => a == b,
        _ => true,
    }
}

/// Whether `fzn-gecode` runs here.
pub fn gecode_installed() -> bool {
    Command::new("fzn-gecode")
        .arg("-help")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// Gecode's answer to `text` (the model in Gecode's names), within `time`.
pub fn gecode(model: &Model, text: &str, time: Duration) -> Answer {
    let mut file = tempfile::Builder::new().suffix(".fzn").tempfile().unwrap();
    std::io::Write::write_all(&mut file, text.as_bytes()).unwrap();
    let ms = time.as_millis().to_string();
    let mut command = Command::new("fzn-gecode");
    command.args(["-a", "-time", &ms]).arg(file.path());
    run(model, command, "fzn-gecode", time)
}

/// What a FlatZinc solver's `command` prints, as an answer to `model`
/// (whose variables it prints as `x = v;`).
pub fn run(model: &Model, mut command: Command, what: &str, time: Duration) -> Answer {
    let ms = time.as_millis();
    let child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(e) => return Answer::Unknown(format!("{what}: {e}")),
    };
    // Read on threads, so that the solver can be killed at the deadline:
    // its own limit bounds the search, not the propagation at the root
    // (Gecode 6.2 takes minutes to find |w| < w unsatisfiable for
    // `var int: w`, narrowing one value at a time).
    let reader = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    };
    let out = reader(Box::new(child.stdout.take().unwrap()));
    let err = reader(Box::new(child.stderr.take().unwrap()));
    let deadline = Instant::now() + 2 * time + Duration::from_secs(1);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let (out, err) = (out.join().unwrap(), err.join().unwrap());
    let Some(status) = status else {
        return Answer::Unknown(format!("{what} killed at {} ms", 2 * ms + 1000));
    };
    if !status.success() || err.contains("rror") {
        let first = err.lines().chain(out.lines()).next().unwrap_or_default();
        return Answer::Unknown(format!("{what} failed: {first}"));
    }
    if out.contains("=====UNSATISFIABLE=====") {
        return match objective(model) {
            Some(_) => Answer::Best(None),
            None => Answer::All(BTreeSet::new()),
        };
    }
    if !out.contains("==========") {
        return Answer::Unknown(format!("{what} stopped at {ms} ms"));
    }
    // Each solution ends with its separator; one with no output variable
    // (MiniZinc may fix them all) is an empty block, still a solution.
    let blocks: Vec<Lines> = out
        .split_inclusive("----------\n")
        .filter_map(|b| b.strip_suffix("----------\n"))
        .map(|b| b.lines().map(str::to_string).collect())
        .collect();
    match objective(model) {
        Some((v, _)) => {
            let prefix = format!("{} = ", model.vars[v].name);
            let value = blocks.last().and_then(|b| {
                b.iter()
                    .find_map(|l| l.strip_prefix(&prefix)?.strip_suffix(';')?.parse().ok())
            });
            match value {
                Some(value) => Answer::Best(Some(value)),
                None => Answer::Unknown(format!("{what} printed no objective")),
            }
        }
        None => Answer::All(blocks.into_iter().collect()),
    }
}
