//! `estimate`: what a count will cost, before running it.
//!
//! Up to n = 22 it solves a random sample of the counter's own tasks,
//! stratified by the tasks' symmetry class, and scales the sample up to the
//! whole list; beyond, where even a sample of tasks takes long, it takes
//! Knuth's random probes of the plain search tree.

mod probe;
mod sample;
mod warning;

use std::io::Write;
use std::time::{Duration, Instant};

use backtrack::{Limits, Mean, Runner};
use nqueens::{MAX_N, Split};
use serde::Serialize;

use crate::cli::EstimateArgs;
use crate::error::UsageError;
use probe::probe_tree;
use runner::eprintln;
use sample::sample_tasks;

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
struct Timeout(pub f64);

impl std::fmt::Display for Timeout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "--timeout {}", self.0)
    }
}

/// What a method estimated.
struct Estimated {
    pub method: &'static str,
    /// Tasks solved or probes taken.
    pub samples: u64,
    pub total: Mean,
    pub fundamental: Mean,
    pub cpu: Mean,
    /// The first line: what was done.
    pub note: String,
    /// The probes asked for, when --timeout stopped them first.
    pub stopped: Option<u64>,
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
