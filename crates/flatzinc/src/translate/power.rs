//! `int_pow`: the power as FlatZinc defines it, and a power by a constant
//! exponent over wide domains as a chain of the solver's products.

use super::builtin::{Args, TABLE_MAX};
use super::{Builder, TranslateError};
use crate::instance::{Term, Value};

type Res<T> = Result<T, TranslateError>;

/// `x ^ y` as FlatZinc's `int_pow` has it: `1 div x^|y|` for `y < 0`, so
/// 1 for `x = 1`, 1 or -1 by the parity of `y` for `x = -1`, 0 for
/// `|x| > 1`, and no value for `x = 0`; `None` past 128 bits too.
pub(super) fn power(x: i128, y: i128) -> Option<i128> {
    if y < 0 {
        return match x {
            0 => None,
            1 => Some(1),
            -1 => Some(if y % 2 == 0 { 1 } else { -1 }),
            _ => Some(0),
        };
    }
    x.checked_pow(u32::try_from(y).ok()?)
}

/// The most factors of a power posted as a chain of products.
const PRODUCTS_MAX: i64 = 64;

/// `int_pow(x, k, z)` with a constant `k` from 2 to [`PRODUCTS_MAX`] over
/// domains too wide for a table: `z = x * x * ... * x`, a chain of the
/// solver's products on bounds (the first a square), which narrows a wide
/// `x` from a narrow `z` and back, where a predicate would wait for both
/// to be fixed. Says whether it posted it.
pub(super) fn by_products(b: &mut Builder, a: &Args<'_>) -> Res<bool> {
    let pos = a.call.pos;
    let solver = |source| TranslateError::Solver { source, pos };
    a.count(3)?;
    let Term::Const(Value::Int(k)) = a.term(1)? else {
        return Ok(false);
    };
    if !(2..=PRODUCTS_MAX).contains(k) {
        return Ok(false);
    }
    let (x, z) = (b.var(a.term(0)?, pos)?, b.var(a.term(2)?, pos)?);
    let tuples = [x, z]
        .iter()
        .try_fold(1usize, |n, &v| n.checked_mul(b.domain(v)?.len()));
    if tuples.is_some_and(|n| n <= TABLE_MAX) {
        return Ok(false);
    }
    let mut power = x;
    for i in 2..=*k {
        let next = if i == *k {
            z
        } else {
            b.range_var(i64::MIN, i64::MAX).map_err(solver)?
        };
        if i == 2 {
            b.model.times(x, x, next)
        } else {
            b.model.times(power, x, next)
        }
        .map_err(solver)?;
        power = next;
    }
    Ok(true)
}
