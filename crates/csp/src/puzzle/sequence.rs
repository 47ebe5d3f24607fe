//! The magic sequence: each number counts its own occurrences.

use crate::error::Error;
use crate::model::Model;
use crate::var::{Rel, Var};

/// A magic sequence of length `n`: `x[i]` is the number of times `i`
/// occurs in `x`. A [`global_cardinality`](Model::global_cardinality) of the
/// sequence on itself, and two implied sums: the counts add up to `n`, and
/// so do the values weighted by themselves (`sum(i * x[i])` is the sum of
/// the sequence). One solution for `n >= 7`: `n - 4, 2, 1, 0, ..., 0, 1,
/// 0, 0, 0`.
///
/// # Errors
///
/// [`Error::DomainTooLarge`] for `n` above [`MAX_DOMAIN`](crate::MAX_DOMAIN).
pub fn magic_sequence(n: usize) -> Result<(Model, Vec<Var>), Error> {
    let mut m = Model::new();
    let top = n as i64 - 1;
    let x = m.vars(n, 0..=top)?;
    let values: Vec<i64> = (0..n as i64).collect();
    m.global_cardinality(&x, &values, &x)?;
    m.sum(&x, Rel::Eq, n as i64)?;
    let weighted: Vec<(i64, Var)> = (0..n as i64).zip(x.iter().copied()).collect();
    m.linear(&weighted, Rel::Eq, n as i64)?;
    Ok((m, x))
}
