//! The job shop: jobs of tasks in a fixed order, each on its machine, one
//! task at a time per machine, the makespan minimised.

use crate::branch::{ValueOrder, VarOrder};
use crate::error::Error;
use crate::model::Model;
use crate::var::{Rel, Var};

/// Fisher and Thompson's 6x6 instance (ft06, 1963): each job's tasks in
/// order, as `(machine, duration)`. Its optimal makespan is 55.
pub const FT06: [[(usize, i64); 6]; 6] = [
    [(2, 1), (0, 3), (1, 6), (3, 7), (5, 3), (4, 6)],
    [(1, 8), (2, 5), (4, 10), (5, 10), (0, 10), (3, 4)],
    [(2, 5), (3, 4), (5, 8), (0, 9), (1, 1), (4, 7)],
    [(1, 5), (0, 5), (2, 5), (3, 3), (4, 8), (5, 9)],
    [(2, 9), (1, 3), (4, 5), (5, 4), (0, 3), (3, 1)],
    [(1, 3), (3, 3), (5, 9), (0, 10), (4, 4), (2, 1)],
];

/// A job shop: `jobs[j]` lists job `j`'s tasks in the order they run, each
/// `(machine, duration)`. The starts, job by job, and the makespan (the
/// model's objective, minimised).
///
/// Each job's tasks follow one another; each machine is a
/// [`disjunctive`](Model::disjunctive). The search takes the task that can
/// start first and tries its start times from the earliest.
///
/// # Errors
///
/// [`Error::DomainTooLarge`] if the durations add up to more than
/// [`MAX_DOMAIN`](crate::MAX_DOMAIN).
///
/// # Example
///
/// ```
/// let (model, _, makespan) = csp::puzzle::jobshop(&[vec![(0, 3), (1, 2)], vec![(1, 4), (0, 1)]])?;
/// let report = model.compile().optimize(&backtrack::Limits::default(), |_| {});
/// assert!(report.outcome.is_complete());
/// // Job 1 waits for machine 1 until job 2 is done with it: 4 + 2.
/// assert_eq!(report.value.best.unwrap()[makespan], 6);
/// # Ok::<(), csp::Error>(())
/// ```
pub fn jobshop<J: AsRef<[(usize, i64)]>>(jobs: &[J]) -> Result<(Model, Vec<Vec<Var>>, Var), Error> {
    let horizon: i64 = jobs
        .iter()
        .flat_map(|job| job.as_ref().iter().map(|&(_, d)| d.max(0)))
        .try_fold(0i64, |total, d| total.checked_add(d))
        .ok_or(Error::Overflow)?;
    let mut m = Model::new();
    let makespan = m.named_var("makespan", 0..=horizon)?;
    let mut starts = Vec::with_capacity(jobs.len());
    let mut machines: Vec<Vec<(Var, i64)>> = Vec::new();
    for job in jobs {
        let tasks = job.as_ref();
        let s = m.vars(tasks.len(), 0..=horizon)?;
        for (k, &(machine, d)) in tasks.iter().enumerate() {
            if machines.len() <= machine {
                machines.resize(machine + 1, Vec::new());
            }
            machines[machine].push((s[k], d));
            // The next task starts after this one ends, and so does the
            // makespan after the last.
            let next = s.get(k + 1).copied().unwrap_or(makespan);
            m.linear(&[(1, next), (-1, s[k])], Rel::Ge, d)?;
        }
        starts.push(s);
    }
    for tasks in &machines {
        let (s, d): (Vec<Var>, Vec<i64>) = tasks.iter().copied().unzip();
        m.disjunctive(&s, &d)?;
    }
    let all: Vec<Var> = starts.iter().flatten().copied().collect();
    m.branch(&all, VarOrder::SmallestValue, ValueOrder::Min)?;
    m.minimize(makespan)?;
    Ok((m, starts, makespan))
}
