//! The estimate of n up to [`SAMPLE_MAX_N`](super::SAMPLE_MAX_N): a
//! stratified random sample of the fast counter's tasks, solved and timed.

use std::time::Instant;

use backtrack::{Limits, Mean, PerTask, Report, Rng, Runner, WorkList};
use nqueens::{Counts, Split, Stabilizer};

use super::warning::Warning;

/// Nodes a second of the fast counter's upper search on a fast core, to
/// guess how long a sample takes before it starts: [`WorkList::weight`]
/// counts a task's work in those nodes. A guess on the low side of the
/// time, so that a warning is not given for nothing.
const NODES_PER_SECOND: f64 = 1e8;
use super::{Estimated, Timeout};
use crate::cli::EstimateArgs;

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

/// A stratified random sample of the counter's tasks, solved and timed.
/// A sample cut short by --timeout is no random sample (the heaviest
/// tasks run first): it is an error, with no estimate.
pub fn sample_tasks(
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
    // Up front, a guess from the tasks' estimated work: the counter's
    // upper search on a fast core; the progress of the tasks tells better
    // once they run.
    let nodes: f64 = positions.iter().map(|&p| timed.weight(p).max(0.0)).sum();
    warning.expect(nodes / NODES_PER_SECOND / threads as f64);
    // The bottom tables the sample needs, built first and timed apart.
    let setups = split.setup(&sample);
    let table_started = Instant::now();
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
        (setup.run)();
    }
    let table_seconds = table_started.elapsed().as_secs_f64();
    let all: Vec<usize> = (0..len).collect();
    let tables_all = split.setup(&all).len().max(1);
    let tables_sample = split.setup(&sample).len().max(1);
    // Once the tasks run, their own progress tells their time better than
    // the guess did.
    let tasks_started = Instant::now();
    let progress = {
        let warning = warning.clone();
        move |done: f64| warning.project(tasks_started.elapsed(), done)
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
