//! The Golomb ruler: marks whose pairwise distances all differ, as short as
//! possible.

use crate::error::Error;
use crate::model::Model;
use crate::var::{Rel, Var};

/// A Golomb ruler with `n` marks: `marks[0] = 0 < marks[1] < ...`, every
/// distance between two marks different, the last mark minimised (the
/// model's objective; solve it with
/// [`Network::optimize`](crate::Network::optimize)).
///
/// The distances are variables in one
/// [`all_different`](Model::all_different); the branching is on the marks
/// alone, in order, smallest value first. Three implied constraints prune:
/// a distance spanning `k` gaps is at least `1 + ... + k`, and at most the
/// last mark minus `1 + ... + (n - 1 - k)` (the other gaps are distinct
/// too), and the first gap is shorter than the last (a ruler read
/// backwards is a ruler). The marks lie within `n²`, longer than every
/// known optimal ruler (and than `2^(n-1) - 1`, the powers of two, for
/// `n <= 6`, which is then the limit).
///
/// # Errors
///
/// [`Error::DomainTooLarge`] for more than 64 marks.
///
/// # Example
///
/// ```
/// let (model, marks) = csp::puzzle::golomb(5)?;
/// let report = model.compile().optimize(&backtrack::Limits::default(), |_| {});
/// assert!(report.outcome.is_complete());
/// assert_eq!(report.value.objective, Some(11)); // 0 1 4 9 11
/// # Ok::<(), csp::Error>(())
/// ```
pub fn golomb(n: usize) -> Result<(Model, Vec<Var>), Error> {
    let mut m = Model::new();
    let squared = (n as u128).saturating_mul(n as u128);
    let powers = 1u128
        .checked_shl(n.saturating_sub(1) as u32)
        .unwrap_or(u128::MAX)
        - 1;
    let limit = squared.min(powers);
    if limit >= crate::MAX_DOMAIN as u128 {
        return Err(Error::DomainTooLarge { size: limit + 1 });
    }
    let limit = limit as i64;
    let triangle = |k: usize| (k * (k + 1) / 2) as i64;
    let mut marks = Vec::with_capacity(n);
    for i in 0..n {
        marks.push(m.var(triangle(i)..=limit)?);
    }
    if n == 0 {
        return Ok((m, marks));
    }
    m.fix(marks[0], 0)?;
    let last = marks[n - 1];
    let mut distances = Vec::with_capacity(n * n.saturating_sub(1) / 2);
    for i in 0..n {
        for j in i + 1..n {
            let k = j - i;
            let d = m.var(triangle(k)..=limit - triangle(n - 1 - k))?;
            m.linear(&[(1, marks[j]), (-1, marks[i]), (-1, d)], Rel::Eq, 0)?;
            if n - 1 - k > 0 {
                m.linear(&[(1, last), (-1, d)], Rel::Ge, triangle(n - 1 - k))?;
            }
            distances.push(d);
        }
    }
    m.all_different(&distances)?;
    if n >= 3 {
        m.linear(
            &[(1, distances[0]), (-1, distances[distances.len() - 1])],
            Rel::Lt,
            0,
        )?;
    }
    m.branch(&marks, crate::VarOrder::Input, crate::ValueOrder::Min)?;
    m.minimize(last)?;
    Ok((m, marks))
}
