//! `estimate`: what a count will cost, before running it.
//!
//! Up to n = 22 it solves a random sample of the counter's own tasks,
//! stratified by the tasks' symmetry class, and scales the sample up to the
//! whole list; beyond, where even a sample of tasks takes long, it takes
//! Knuth's random probes of the plain search tree.

use std::io::Write;
use std::time::Instant;

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
        Report {
            value: PerTask::one(index, (report.value, seconds)),
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

pub fn estimate(out: &mut impl Write, args: &EstimateArgs) -> anyhow::Result<()> {
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
    let (method, samples, total, fundamental, cpu, note) = if n <= SAMPLE_MAX_N {
        sample_tasks(n, args.samples, args.seed, threads)?
    } else {
        probe_tree(n, args.samples.saturating_mul(PROBES_PER_SAMPLE), args.seed)?
    };
    let plan = (n <= MAX_N).then(|| {
        let per_shard = per_task * 3600.0 * threads as f64;
        // More shards than the run's tasks (or than a run takes) would idle.
        let most = if n <= SAMPLE_MAX_N {
            Split::new(n).map_or(1, |split| split.len() as u64)
        } else {
            runner::SHARDS_MAX
        };
        let shards = (cpu.value / per_shard).ceil().clamp(1.0, most as f64);
        Plan {
            shards: shards as u64,
            threads,
            hours_per_shard: cpu.value / shards / threads as f64 / 3600.0,
            per_task_hours: per_task,
        }
    });
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
        };
        serde_json::to_writer(&mut *out, &json)?;
        writeln!(out)?;
        return Ok(());
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
            "plan: with {} shard{} of {} thread{} each, about {:.2} hours per task (target {} h): nqueens count {n} --shard I/{} --threads {} --out DIR",
            plan.shards,
            if plan.shards == 1 { "" } else { "s" },
            plan.threads,
            if plan.threads == 1 { "" } else { "s" },
            plan.hours_per_shard,
            plan.per_task_hours,
            plan.shards,
            plan.threads
        )?,
        None => writeln!(out, "plan: none, count takes n up to {MAX_N}")?,
    }
    Ok(())
}

type Estimated = (&'static str, u64, Mean, Mean, Mean, String);

/// A stratified random sample of the counter's tasks, solved and timed.
fn sample_tasks(n: u32, samples: u64, seed: u64, threads: usize) -> anyhow::Result<Estimated> {
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
    // The bottom tables the sample needs, built first and timed apart.
    let table_started = Instant::now();
    for setup in split.setup(&sample) {
        (setup.run)();
    }
    let table_seconds = table_started.elapsed().as_secs_f64();
    let all: Vec<usize> = (0..len).collect();
    let tables_all = split.setup(&all).len().max(1);
    let tables_sample = split.setup(&sample).len().max(1);
    let timed = Timed {
        split: &split,
        tasks: &sample,
    };
    let positions: Vec<usize> = (0..sample.len()).collect();
    let never = |_: usize, _: &_| Ok::<(), std::convert::Infallible>(());
    let report = match Runner::new(threads).run(&timed, &positions, never) {
        Ok(report) => report,
        Err(never) => match never {},
    };
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
    Ok((
        "task sample",
        sample.len() as u64,
        stratified(&totals),
        stratified(&fundamentals),
        cpu,
        note,
    ))
}

/// Knuth's probes of the plain search tree, and the plain search's speed.
fn probe_tree(n: u32, probes: u64, seed: u64) -> anyhow::Result<Estimated> {
    let e = backtrack::estimate(NQueens::new(n)?, probes, seed);
    let started = Instant::now();
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
    let note = format!(
        "Knuth's estimate from {probes} random probes of the plain search tree (seed {seed}); the fundamental count is an eighth of it"
    );
    Ok(("knuth probes", probes, e.solutions, fundamental, cpu, note))
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

/// A count rounded to its three leading digits.
fn round(x: f64) -> String {
    if x < 1000.0 {
        return format!("{}", x.round());
    }
    let digits = x.log10().floor() as i32;
    let unit = 10f64.powi(digits - 2);
    let rounded = (x / unit).round() * unit;
    let text = format!("{rounded:.0}");
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
        s => format!("{:.0} years", s / 86400.0 / 365.25),
    }
}
