//! Bounds for variables declared `var int`: MiniZinc leaves the variables
//! it introduces unbounded when a constraint defines them from others
//! (`int_lin_eq`, `int_times`, an element, ...). Interval arithmetic over
//! those constraints gives them the bounds that follow, cut to `i64`;
//! what stays unbounded becomes an interval of every `i64` (`UNBOUNDED`).

use crate::instance::{Arg, Call, Domain, Instance, Term, Value};

type Interval = Option<(i128, i128)>;

/// The inferred bounds of each variable: its declared ones where it has
/// them, and `None` where nothing bounds it. A bound past `i64` is cut to
/// it: the solver's values are `i64`s.
pub(super) fn infer(instance: &Instance) -> Vec<Option<(i64, i64)>> {
    let mut bounds: Vec<Interval> = instance
        .vars
        .iter()
        .map(|var| match (&var.fixed, &var.domain) {
            (Some(Value::Int(c)), _) => Some((*c as i128, *c as i128)),
            (Some(Value::Bool(b)), _) => Some((*b as i128, *b as i128)),
            (_, Domain::Bool) => Some((0, 1)),
            (_, Domain::Int(Some(ranges))) => {
                Some((ranges[0].0 as i128, ranges[ranges.len() - 1].1 as i128))
            }
            _ => None,
        })
        .collect();
    let open: Vec<usize> = (0..bounds.len()).filter(|&i| bounds[i].is_none()).collect();
    if !open.is_empty() {
        // Each round bounds at least one more variable or stops: a chain of
        // definitions takes as many rounds as it is long.
        for _ in 0..open.len().min(64) {
            let mut changed = false;
            for call in &instance.constraints {
                changed |= derive(call, &mut bounds);
            }
            if !changed {
                break;
            }
        }
    }
    bounds
        .into_iter()
        .map(|b| {
            let cut = |x: i128| x.clamp(i64::MIN as i128, i64::MAX as i128) as i64;
            b.map(|(lo, hi)| (cut(lo), cut(hi)))
        })
        .collect()
}

/// The most pairs `(x, y)` whose powers are tried for the bounds of
/// `int_pow`'s result.
const POWERS_MAX: i128 = 1 << 16;

/// The hull of `x ^ y` (`1 div x^|y|` for `y < 0`, none for `0 ^ y` then)
/// over `xs` and `ys`, when they are few enough pairs to try and every
/// power fits 128 bits.
fn powers((xl, xh): (i128, i128), (yl, yh): (i128, i128)) -> Interval {
    if (xh - xl + 1).saturating_mul(yh - yl + 1) > POWERS_MAX {
        return None;
    }
    let mut hull: Interval = None;
    for x in xl..=xh {
        for y in yl..=yh {
            let p = if y >= 0 {
                x.checked_pow(u32::try_from(y).ok()?)?
            } else {
                match x {
                    0 => continue,
                    1 => 1,
                    -1 if y % 2 == 0 => 1,
                    -1 => -1,
                    _ => 0,
                }
            };
            hull = Some(hull.map_or((p, p), |(lo, hi)| (lo.min(p), hi.max(p))));
        }
    }
    // Every pair undefined: no value holds, and 0 is as good a bound as any.
    Some(hull.unwrap_or((0, 0)))
}

fn of(term: &Term, bounds: &[Interval]) -> Interval {
    match term {
        Term::Var(id) => bounds[id.0],
        Term::Const(Value::Int(c)) => Some((*c as i128, *c as i128)),
        Term::Const(Value::Bool(b)) => Some((*b as i128, *b as i128)),
        Term::Const(_) => None,
    }
}

fn scalar(arg: Option<&Arg>) -> Option<&Term> {
    match arg {
        Some(Arg::Term(t)) => Some(t),
        _ => None,
    }
}

fn array(arg: Option<&Arg>) -> Option<&[Term]> {
    match arg {
        Some(Arg::Array(items)) => Some(items),
        _ => None,
    }
}

fn constant(term: &Term) -> Option<i128> {
    match term {
        Term::Const(Value::Int(c)) => Some(*c as i128),
        _ => None,
    }
}

fn hull(a: (i128, i128), b: (i128, i128)) -> (i128, i128) {
    (a.0.min(b.0), a.1.max(b.1))
}

/// Gives the unbounded variable `target` the interval `value`, if it is one.
fn set(target: &Term, value: Interval, bounds: &mut [Interval]) -> bool {
    match (target, value) {
        (Term::Var(id), Some(v)) if bounds[id.0].is_none() => {
            bounds[id.0] = Some(v);
            true
        }
        _ => false,
    }
}

/// Bounds one unbounded variable of `call` from the others; whether it did.
fn derive(call: &Call, bounds: &mut [Interval]) -> bool {
    let args = &call.args;
    let t = |i: usize| scalar(args.get(i));
    match call.name.as_str() {
        "int_lin_eq" => {
            let (Some(coeffs), Some(xs), Some(c)) = (array(args.first()), array(args.get(1)), t(2))
            else {
                return false;
            };
            let (Some(c), true) = (constant(c), coeffs.len() == xs.len()) else {
                return false;
            };
            let coeffs: Option<Vec<i128>> = coeffs.iter().map(constant).collect();
            let Some(coeffs) = coeffs else { return false };
            let unknown: Vec<usize> = (0..xs.len())
                .filter(|&i| of(&xs[i], bounds).is_none())
                .collect();
            let [k] = unknown.as_slice() else {
                return false;
            };
            let a = coeffs[*k];
            if a == 0 {
                return false;
            }
            // a·x_k = c - Σ others.
            let (mut lo, mut hi) = (c, c);
            for (i, x) in xs.iter().enumerate() {
                if i == *k {
                    continue;
                }
                let (xl, xh) = of(x, bounds).expect("only x_k is unbounded");
                let (p, q) = (coeffs[i] * xl, coeffs[i] * xh);
                lo -= p.max(q);
                hi -= p.min(q);
            }
            let (p, q) = (lo.div_euclid(a), hi.div_euclid(a));
            let range = (p.min(q) - 1, p.max(q) + 1);
            set(&xs[*k], Some(range), bounds)
        }
        "bool_lin_eq" => {
            // Σ a·b = c over booleans: c lies between the sums of the
            // negative and of the positive coefficients.
            let (Some(coeffs), Some(c)) = (array(args.first()), t(2)) else {
                return false;
            };
            let coeffs: Option<Vec<i128>> = coeffs.iter().map(constant).collect();
            let Some(coeffs) = coeffs else { return false };
            let lo = coeffs.iter().filter(|&&a| a < 0).sum();
            let hi = coeffs.iter().filter(|&&a| a > 0).sum();
            set(c, Some((lo, hi)), bounds)
        }
        "int_plus" | "int_times" | "int_min" | "int_max" => {
            let (Some(x), Some(y), Some(z)) = (t(0), t(1), t(2)) else {
                return false;
            };
            let (Some((xl, xh)), Some((yl, yh))) = (of(x, bounds), of(y, bounds)) else {
                return false;
            };
            let value = match call.name.as_str() {
                "int_plus" => (xl + yl, xh + yh),
                "int_times" => {
                    let products = [xl * yl, xl * yh, xh * yl, xh * yh];
                    (
                        *products.iter().min().unwrap(),
                        *products.iter().max().unwrap(),
                    )
                }
                "int_min" => (xl.min(yl), xh.min(yh)),
                _ => (xl.max(yl), xh.max(yh)),
            };
            set(z, Some(value), bounds)
        }
        "int_abs" => {
            let (Some(x), Some(y)) = (t(0), t(1)) else {
                return false;
            };
            let Some((lo, hi)) = of(x, bounds) else {
                return false;
            };
            set(y, Some((0, lo.abs().max(hi.abs()))), bounds)
        }
        "int_div" | "int_mod" => {
            let (Some(x), Some(y), Some(z)) = (t(0), t(1), t(2)) else {
                return false;
            };
            let (Some((xl, xh)), Some((yl, yh))) = (of(x, bounds), of(y, bounds)) else {
                return false;
            };
            let m = xl.abs().max(xh.abs());
            let value = if call.name == "int_div" {
                (-m, m)
            } else {
                let d = yl.abs().max(yh.abs());
                (-d.min(m), d.min(m))
            };
            set(z, Some(value), bounds)
        }
        "int_pow" => {
            let (Some(x), Some(y), Some(z)) = (t(0), t(1), t(2)) else {
                return false;
            };
            let (Some(xs), Some(ys)) = (of(x, bounds), of(y, bounds)) else {
                return false;
            };
            set(z, powers(xs, ys), bounds)
        }
        "bool2int" => {
            let Some(x) = t(1) else { return false };
            set(x, Some((0, 1)), bounds)
        }
        "array_int_element" | "array_var_int_element" => {
            let (Some(items), Some(z)) = (array(args.get(1)), t(2)) else {
                return false;
            };
            let mut value: Interval = None;
            for item in items {
                let Some(b) = of(item, bounds) else {
                    return false;
                };
                value = Some(value.map_or(b, |v| hull(v, b)));
            }
            set(z, value, bounds)
        }
        "array_int_maximum" | "array_int_minimum" => {
            let (Some(m), Some(items)) = (t(0), array(args.get(1))) else {
                return false;
            };
            let mut value: Interval = None;
            for item in items {
                let Some(b) = of(item, bounds) else {
                    return false;
                };
                value = Some(value.map_or(b, |v| hull(v, b)));
            }
            set(m, value, bounds)
        }
        _ => false,
    }
}
