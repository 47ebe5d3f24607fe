//! `estimate`: what a count will cost, before running it.
//!
//! Up to n = 22 it solves a random sample of the counter's own tasks,
//! stratified by the tasks' symmetry class, and scales the sample up to the
//! whole list; beyond, where even a sample of tasks takes long, it takes
//! Knuth's random probes of the plain search tree.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use backtrack::{Limits, Mean, PerTask, Report, Rng, Runner, Search, WorkList};
use nqueens::{Counts, MAX_N, NQueens, Split, Stabilizer};
use serde::Serialize;

use crate::cli::EstimateArgs;
use crate::error::UsageError;

/// The largest n sampled by tasks; Knuth's probes beyond.
pub const SAMPLE_MAX_N: u32 = 22;

/// The largest n `estimate` takes: Q(n) stays far inside an `f64`.
pub const ESTIMATE_MAX_N: u32 = 64;

/// Knuth's probes of the plain search beyond [`SAMPLE_MAX_N`], per task
/// `--samples` asks for: the default 64 gives 200,000 probes, about a
/// second, and an interval of some ±10% at n = 26.
const PROBES_PER_SAMPLE: u64 = 3125;

/// The most tasks (or thousands of probes) `--samples` takes.
pub const SAMPLES_MAX: u64 = 1_000_000;

/// Nodes of the plain search timed to measure its speed.
const TIMED_NODES: u64 = 4_000_000;

/// An estimate expected to take longer than this says so on standard
/// error first.
const WARN_SECONDS: f64 = 60.0;

/// How long a task sample runs before its own progress tells how long
/// the whole of it takes.
const PROJECT_AFTER: Duration = Duration::from_secs(2);

/// Probes timed before Knuth's estimate to tell how long it takes.
const PILOT_PROBES: u64 = 1000;

/// The sampled tasks, each solved and timed.
struct Timed<'a> {
    split: &'a Split,
    tasks: &'a [usize],
}

impl WorkList for Timed<'_> {
    type Output = PerTask<(Counts, f64)>;

    fn len(&self) -> usize {
        self.tasks.len()
    }

    fn solve(&self, index: usize, limits: &Limits) -> Report<Self::Output> {
        let started = Instant::now();
        let report = WorkList::solve(self.split, self.tasks[index], limits);
        let seconds = started.elapsed().as_secs_f64();
        // A task cut short by --timeout is no sample of its time.
        let value = if report.outcome.is_limited() {
            PerTask::default()
        } else {
            PerTask::one(index, (report.value, seconds))
        };
        Report {
            value,
            outcome: report.outcome,
        }
    }

    fn weight(&self, index: usize) -> f64 {
        self.split.weight(self.tasks[index])
    }

    fn group(&self, index: usize) -> u64 {
        self.split.group(self.tasks[index])
    }
}

#[derive(Serialize)]
struct Interval {
    estimate: f64,
    error: f64,
    low: f64,
    high: f64,
}

impl From<Mean> for Interval {
    fn from(mean: Mean) -> Self {
        let (low, high) = mean.interval_99(0.0);
        Interval {
            estimate: mean.value,
            error: mean.error,
            low,
            high,
        }
    }
}

#[derive(Serialize)]
struct Plan {
    shards: u64,
    threads: usize,
    hours_per_shard: f64,
    per_task_hours: f64,
}

#[derive(Serialize)]
struct EstimateJson {
    n: u32,
    method: &'static str,
    seed: u64,
    samples: u64,
    total: Interval,
    fundamental: Interval,
    cpu_seconds: Interval,
    #[serde(skip_serializing_if = "Option::is_none")]
    plan: Option<Plan>,
    /// Only when --timeout cut Knuth's probes short: `samples` were taken.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    stopped: bool,
}

/// A stratified sample's estimate of a sum over the whole list, with its
/// standard error (finite population corrected).
fn stratified(strata: &[(usize, Vec<f64>)]) -> Mean {
    let (mut value, mut variance) = (0.0, 0.0);
    for (size, xs) in strata {
        let (size, k) = (*size as f64, xs.len() as f64);
        if xs.is_empty() {
            continue;
        }
        let mean = xs.iter().sum::<f64>() / k;
        value += size * mean;
        if xs.len() > 1 {
            let s2 = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (k - 1.0);
            variance += size * size * (1.0 - k / size) * s2 / k;
        }
    }
    Mean {
        value,
        error: variance.max(0.0).sqrt(),
    }
}

/// `estimate`: `Ok(false)` when --timeout cut Knuth's probes short (the
/// figures are those of the probes taken, and standard error says so).
pub fn estimate(out: &mut impl Write, args: &EstimateArgs) -> anyhow::Result<bool> {
    let n = args.n;
    if n > ESTIMATE_MAX_N {
        return Err(UsageError(format!(
            "estimate takes n from 1 to {ESTIMATE_MAX_N}, got {n}"
        ))
        .into());
    }
    if !(1..=SAMPLES_MAX).contains(&args.samples) {
        return Err(UsageError(format!(
            "--samples takes 1 to {SAMPLES_MAX}, got {}",
            args.samples
        ))
        .into());
    }
    let per_task = parse_hours(&args.per_task)?;
    let threads = Runner::new(args.threads).threads();
    let started = Instant::now();
    let limits = match args.timeout {
        Some(seconds) => Limits::default().time(Duration::from_secs_f64(seconds)),
        None => Limits::default(),
    };
    let timeout = Timeout(args.timeout.unwrap_or_default());
    let estimated = if n <= SAMPLE_MAX_N {
        sample_tasks(n, args, threads, &limits, timeout)?
    } else {
        let probes = args.samples.saturating_mul(PROBES_PER_SAMPLE);
        probe_tree(n, probes, args.seed, &limits, timeout)?
    };
    let Estimated {
        method,
        samples,
        total,
        fundamental,
        cpu,
        note,
        stopped,
    } = estimated;
    let plan = (n <= MAX_N)
        .then(|| plan(n, cpu, per_task, threads))
        .transpose()?;
    if let Some(asked) = stopped {
        eprintln!(
            "nqueens estimate: {timeout} stopped Knuth's probes after {samples} of {asked}: the figures are from those"
        );
    }
    if args.json {
        let json = EstimateJson {
            n,
            method,
            seed: args.seed,
            samples,
            total: total.into(),
            fundamental: fundamental.into(),
            cpu_seconds: cpu.into(),
            plan,
            stopped: stopped.is_some(),
        };
        serde_json::to_writer(&mut *out, &json)?;
        writeln!(out)?;
        return Ok(stopped.is_none());
    }
    writeln!(
        out,
        "n = {n}: {note}, in {:.1} s",
        started.elapsed().as_secs_f64()
    )?;
    let line = |name: &str, mean: Mean| {
        let (low, high) = mean.interval_99(0.0);
        format!(
            "{name} ≈ {} (99% interval {} to {})",
            round(mean.value),
            round(low),
            round(high)
        )
    };
    writeln!(out, "{}", line(&format!("Q({n})"), total))?;
    writeln!(out, "{}", line("fundamental", fundamental))?;
    let (low, high) = cpu.interval_99(0.0);
    writeln!(
        out,
        "CPU time on this machine ≈ {} (99% interval {} to {}){}",
        duration(cpu.value),
        duration(low),
        duration(high),
        if n <= SAMPLE_MAX_N {
            ", by the fast counter"
        } else {
            ", by the plain engine search: the fast counter takes several times less"
        }
    )?;
    match plan {
        Some(plan) => writeln!(
            out,
            "plan: with {} shard{} of {} thread{} each, about {} per task (target {}): nqueens count {n} --shard I/{} --threads {} --out DIR",
            plan.shards,
            if plan.shards == 1 { "" } else { "s" },
            plan.threads,
            if plan.threads == 1 { "" } else { "s" },
            duration(plan.hours_per_shard * 3600.0),
            duration(plan.per_task_hours * 3600.0),
            plan.shards,
            plan.threads
        )?,
        None => writeln!(out, "plan: none, count takes n up to {MAX_N}")?,
    }
    Ok(stopped.is_none())
}

/// The shards of `threads` threads each that keep a shard near
/// `per_task` hours: never more than `count` accepts, the tasks of the
/// count of n and [`runner::SHARDS_MAX`], however short each shard is
/// then.
fn plan(n: u32, cpu: Mean, per_task: f64, threads: usize) -> anyhow::Result<Plan> {
    let tasks = Split::new(n)?.len() as u64;
    let most = tasks.clamp(1, runner::SHARDS_MAX);
    let per_shard = per_task * 3600.0 * threads as f64;
    // A NaN (no time measured) is one shard.
    let wanted = (cpu.value / per_shard).ceil();
    let shards = if wanted >= most as f64 {
        most
    } else if wanted >= 1.0 {
        wanted as u64
    } else {
        1
    };
    Ok(Plan {
        shards,
        threads,
        hours_per_shard: cpu.value / shards as f64 / threads as f64 / 3600.0,
        per_task_hours: per_task,
    })
}

/// `--timeout S` in messages.
#[derive(Clone, Copy)]
struct Timeout(f64);

impl std::fmt::Display for Timeout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "--timeout {}", self.0)
    }
}

/// Says once on standard error how long a run will take, when that is
/// more than [`WARN_SECONDS`].
#[derive(Clone)]
struct Warning {
    warned: Arc<AtomicBool>,
    what: Arc<String>,
    /// Whether --timeout was given (else the warning suggests it).
    timeout: bool,
}

impl Warning {
    /// A warning about `what` (a phrase such as "the sample of 10 tasks").
    fn new(what: String, timeout: Timeout) -> Self {
        Warning {
            warned: Arc::new(AtomicBool::new(false)),
            what: Arc::new(what),
            timeout: timeout.0 > 0.0,
        }
    }

    /// Warns if `seconds` expected in all is more than [`WARN_SECONDS`].
    fn expect(&self, seconds: f64) {
        if seconds > WARN_SECONDS && !self.warned.swap(true, Ordering::Relaxed) {
            eprintln!(
                "nqueens estimate: {} will take about {} here{}",
                self.what,
                duration(seconds),
                if self.timeout {
                    ""
                } else {
                    "; --timeout SECONDS stops it"
                }
            );
        }
    }

    /// Warns from the share `done` of the work after `elapsed`, once the
    /// share is worth projecting from.
    fn project(&self, elapsed: Duration, done: f64) {
        if elapsed >= PROJECT_AFTER && done > 0.0 {
            self.expect(elapsed.as_secs_f64() / done.min(1.0));
        }
    }
}

/// What a method estimated.
struct Estimated {
    method: &'static str,
    /// Tasks solved or probes taken.
    samples: u64,
    total: Mean,
    fundamental: Mean,
    cpu: Mean,
    /// The first line: what was done.
    note: String,
    /// The probes asked for, when --timeout stopped them first.
    stopped: Option<u64>,
}

/// A stratified random sample of the counter's tasks, solved and timed.
/// A sample cut short by --timeout is no random sample (the heaviest
/// tasks run first): it is an error, with no estimate.
fn sample_tasks(
    n: u32,
    args: &EstimateArgs,
    threads: usize,
    limits: &Limits,
    timeout: Timeout,
) -> anyhow::Result<Estimated> {
    let (samples, seed) = (args.samples, args.seed);
    let split = Split::new(n)?;
    let len = split.len();
    let mut strata: Vec<(Stabilizer, Vec<usize>)> = Vec::new();
    for (i, task) in split.tasks().iter().enumerate() {
        match strata.iter_mut().find(|(s, _)| *s == task.stabilizer()) {
            Some((_, tasks)) => tasks.push(i),
            None => strata.push((task.stabilizer(), vec![i])),
        }
    }
    // Proportional allocation, at least two per class (to see its spread).
    let mut rng = Rng::new(seed);
    let mut chosen: Vec<Vec<usize>> = Vec::new();
    for (_, tasks) in &mut strata {
        let share = (samples as f64 * tasks.len() as f64 / len as f64).round() as usize;
        let k = share.max(2).min(tasks.len());
        for i in 0..k {
            let j = i + rng.below((tasks.len() - i) as u64) as usize;
            tasks.swap(i, j);
        }
        chosen.push(tasks[..k].to_vec());
    }
    let sample: Vec<usize> = chosen.iter().flatten().copied().collect();
    let whole = if sample.len() == len {
        ", every task: a full count"
    } else {
        ""
    };
    let warning = Warning::new(
        format!(
            "the sample of {} tasks (--samples {samples}{whole})",
            sample.len()
        ),
        timeout,
    );
    let timed = Timed {
        split: &split,
        tasks: &sample,
    };
    let positions: Vec<usize> = (0..sample.len()).collect();
    let task_weight: f64 = positions.iter().map(|&p| timed.weight(p).max(0.0)).sum();
    // The bottom tables the sample needs, built first and timed apart.
    let setups = split.setup(&sample);
    let table_weight: f64 = setups.iter().map(|s| s.weight.max(0.0)).sum();
    let all_weight = (table_weight + task_weight).max(f64::MIN_POSITIVE);
    let table_started = Instant::now();
    let mut built = 0.0;
    let cut_short = || {
        anyhow::anyhow!(
            "the sample of {} tasks did not finish within {} s ({timeout}); no estimate (fewer --samples take less)",
            sample.len(),
            timeout.0
        )
    };
    for setup in setups {
        if limits.poll().is_some() {
            return Err(cut_short());
        }
        built += setup.weight.max(0.0);
        (setup.run)();
        warning.project(table_started.elapsed(), built / all_weight);
    }
    let table_seconds = table_started.elapsed().as_secs_f64();
    let all: Vec<usize> = (0..len).collect();
    let tables_all = split.setup(&all).len().max(1);
    let tables_sample = split.setup(&sample).len().max(1);
    let progress = {
        let warning = warning.clone();
        move |done: f64| {
            let share = (table_weight + done * task_weight) / all_weight;
            warning.project(table_started.elapsed(), share);
        }
    };
    let runner = Runner::new(threads)
        .limits(limits.clone())
        .progress(progress);
    let never = |_: usize, _: &_| Ok::<(), std::convert::Infallible>(());
    let report = match runner.run(&timed, &positions, never) {
        Ok(report) => report,
        Err(never) => match never {},
    };
    if report.outcome.is_limited() {
        return Err(cut_short());
    }
    let results = report.value.0;
    let mut offset = 0;
    let (mut totals, mut fundamentals, mut seconds) = (Vec::new(), Vec::new(), Vec::new());
    for ((_, tasks), picked) in strata.iter().zip(&chosen) {
        let take = |f: &dyn Fn(&(Counts, f64)) -> f64| {
            (offset..offset + picked.len())
                .map(|p| results.get(&p).map_or(0.0, f))
                .collect::<Vec<f64>>()
        };
        totals.push((tasks.len(), take(&|r| r.0.total as f64)));
        fundamentals.push((tasks.len(), take(&|r| r.0.fundamental as f64)));
        seconds.push((tasks.len(), take(&|r| r.1)));
        offset += picked.len();
    }
    let mut cpu = stratified(&seconds);
    // The tables of the whole count, scaled from those of the sample.
    cpu.value += table_seconds * tables_all as f64 / tables_sample as f64;
    let note = format!(
        "{} of the fast counter's {len} tasks solved (a random sample, seed {seed}, stratified by symmetry class) on {threads} thread{}",
        sample.len(),
        if threads == 1 { "" } else { "s" }
    );
    Ok(Estimated {
        method: "task sample",
        samples: sample.len() as u64,
        total: stratified(&totals),
        fundamental: stratified(&fundamentals),
        cpu,
        note,
        stopped: None,
    })
}

/// Knuth's probes of the plain search tree, and the plain search's speed.
/// Probes cut short by --timeout still give an unbiased estimate, from
/// fewer probes; none at all is an error.
fn probe_tree(
    n: u32,
    probes: u64,
    seed: u64,
    limits: &Limits,
    timeout: Timeout,
) -> anyhow::Result<Estimated> {
    // A few probes timed first tell how long all of them take.
    let pilot_started = Instant::now();
    let pilot = backtrack::estimate_within(NQueens::new(n)?, PILOT_PROBES, seed, limits);
    let per_probe = pilot_started.elapsed().as_secs_f64() / pilot.probes.max(1) as f64;
    Warning::new(format!("{probes} probes of Knuth's estimate"), timeout)
        .expect(per_probe * probes as f64);
    let e = backtrack::estimate_within(NQueens::new(n)?, probes, seed, limits);
    if e.probes == 0 {
        return Err(anyhow::anyhow!(
            "Knuth's probes of n = {n} did not start within {} s ({timeout}); no estimate",
            timeout.0
        ));
    }
    let started = Instant::now();
    // Not cut by --timeout: a fraction of a second, and no speed without it.
    let mut search =
        Search::new(NQueens::new(n)?).with_limits(Limits::default().nodes(TIMED_NODES));
    let _ = search.count();
    let rate = search.stats().nodes as f64 / started.elapsed().as_secs_f64().max(1e-9);
    let cpu = Mean {
        value: e.nodes.value / rate,
        error: e.nodes.error / rate,
    };
    // Almost every class of solutions has eight members.
    let fundamental = Mean {
        value: e.solutions.value / 8.0,
        error: e.solutions.error / 8.0,
    };
    let taken = e.probes;
    let note = format!(
        "Knuth's estimate from {taken} random probes of the plain search tree (seed {seed}{}); the fundamental count is an eighth of it",
        if taken < probes {
            format!(", cut short of {probes} by {timeout}")
        } else {
            String::new()
        }
    );
    Ok(Estimated {
        method: "knuth probes",
        samples: taken,
        total: e.solutions,
        fundamental,
        cpu,
        note,
        stopped: (taken < probes).then_some(probes),
    })
}

/// `--per-task`: a duration such as `1h`, `30m`, `90s`, `2.5h` or a number
/// of hours, in hours.
fn parse_hours(text: &str) -> Result<f64, UsageError> {
    let text = text.trim();
    let (number, unit) = match text.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((i, _)) => (&text[..i], &text[i..]),
        None => (text, "h"),
    };
    let scale = match unit {
        "s" => 1.0 / 3600.0,
        "m" | "min" => 1.0 / 60.0,
        "h" => 1.0,
        "d" => 24.0,
        _ => f64::NAN,
    };
    match number.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && x.is_finite() && scale.is_finite() && x * scale < 1e6 => Ok(x * scale),
        _ => Err(UsageError(format!(
            "--per-task takes a positive duration such as 1h, 30m or 90s, got {:?}",
            nqueens::echo(text)
        ))),
    }
}

/// A count rounded to its three leading digits, the others written as
/// zeros, with thousands separators: `52,300,000,000,000,000,000,000`,
/// never the binary noise of the float beyond the third digit.
fn round(x: f64) -> String {
    if !x.is_finite() {
        return if x.is_nan() { "?" } else { "more than 10^308" }.to_owned();
    }
    let x = if x > 0.0 { x } else { 0.0 };
    let text = if x < 1000.0 {
        format!("{}", x.round())
    } else {
        // The three leading digits as a whole number from 100 to 999,
        // and how many zeros follow them.
        let mut zeros = x.log10().floor() as i32 - 2;
        let mut lead = (x / 10f64.powi(zeros)).round();
        if lead >= 1000.0 {
            lead = (lead / 10.0).round();
            zeros += 1;
        } else if lead < 100.0 {
            zeros -= 1;
            lead = (x / 10f64.powi(zeros)).round();
        }
        format!("{lead:.0}{}", "0".repeat(zeros.max(0) as usize))
    };
    // Thousands separators, for reading large counts at a glance.
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i > 0 && (text.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Seconds in the unit that reads best.
fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 60.0 => format!("{s:.2} s"),
        s if s < 3600.0 => format!("{:.1} min", s / 60.0),
        s if s < 86400.0 * 2.0 => format!("{:.1} h", s / 3600.0),
        s if s < 86400.0 * 730.0 => format!("{:.1} days", s / 86400.0),
        s => format!("{} years", round(s / 86400.0 / 365.25)),
    }
}
