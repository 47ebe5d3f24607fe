//! Equalities that read values, not only bounds.

use super::builtin::Args;
use super::{Builder, TranslateError};
use crate::instance::{Term, Value};

/// `r <-> x = c` (`full`) or `r -> x = c` of a variable and a constant,
/// posted as the membership of one value, which reads the value itself:
/// the linear form would read the bounds and miss the value leaving from
/// inside them (the channels of `inverse`-like models, one per value).
/// Whether the call was of that shape and posted.
pub(super) fn one_value(b: &mut Builder, a: &Args<'_>, full: bool) -> Result<bool, TranslateError> {
    let pos = a.call.pos;
    let solver = |source| TranslateError::Solver { source, pos };
    let constant = |t: &Term| match t {
        Term::Const(Value::Int(c)) => Some(*c),
        _ => None,
    };
    a.count(3)?;
    let (t0, t1) = (a.term(0)?, a.term(1)?);
    let (t, c) = match (constant(t0), constant(t1)) {
        (None, Some(c)) => (t0, c),
        (Some(c), None) => (t1, c),
        _ => return Ok(false),
    };
    let (x, r) = (b.var(t, pos)?, b.var(a.term(2)?, pos)?);
    if full {
        b.model.reify_in(r, x, [c]).map_err(solver)?;
    } else {
        b.model.half_reify_in(r, x, [c]).map_err(solver)?;
    }
    Ok(true)
}
