//! `div` and `mod` for a divisor too wide to try value by value: one sign
//! of `y` at a time, as an interval `[a, b]` of divisors (0 excluded), by
//! bounds alone, in constant time.
//!
//! - `x div y`: for a fixed `y` the quotient is monotone in `x`, and for a
//!   fixed `x` monotone in `y` within one sign, so over the box its
//!   extremes are at the corners. The `x` whose quotient by a fixed `y` is
//!   in `[zl, zh]` form an interval whose ends are linear in `y`, so over
//!   `[a, b]` their hull is that of the ends at `a` and at `b`. And
//!   `|x| >= |y| * |z|`, `|x| < |y| * (|z| + 1)` bound `|y|`.
//! - `x mod y` has the sign of `x` (or is 0) and `|x mod y| < |y|`,
//!   `|x mod y| <= |x|`; a non-zero remainder of one sign needs an `x` of
//!   that sign at least as far from 0; and a `|y|` past `|x|` leaves `x`
//!   itself, so with no `x` among the `z`, `|y| <= |x|`.
//!
//! Each returns the hulls of `x`, `y` and `z` that the part allows, within
//! the bounds given, or `None` when it allows nothing.

use super::{Span, quotient_in};

/// The smallest and largest magnitudes of the values of `(lo, hi)`.
fn magnitudes((lo, hi): Span) -> Span {
    if lo <= 0 && 0 <= hi {
        (0, (-lo).max(hi))
    } else {
        (lo.abs().min(hi.abs()), lo.abs().max(hi.abs()))
    }
}

/// The divisors of one sign with the magnitudes `p..=q`, signed as `part`.
fn signed(part: Span, (p, q): Span) -> Span {
    if part.0 > 0 { (p, q) } else { (-q, -p) }
}

fn meet(a: Span, b: Span) -> Option<Span> {
    let (lo, hi) = (a.0.max(b.0), a.1.min(b.1));
    (lo <= hi).then_some((lo, hi))
}

/// `z = x div y` with `y` in `part`, of one sign.
pub(super) fn divide(part: Span, xs: Span, zs: Span) -> Option<(Span, Span, Span)> {
    let (p, q) = magnitudes(part);
    let (x_least, x_most) = magnitudes(xs);
    let (z_least, z_most) = magnitudes(zs);
    // |y| * |z| <= |x| < |y| * (|z| + 1).
    let q = if z_least > 0 {
        q.min(x_most / z_least)
    } else {
        q
    };
    let p = p.max(x_least / (z_most + 1) + 1);
    if p > q {
        return None;
    }
    let ys = signed(part, (p, q));
    let mut z: Option<Span> = None;
    let mut x: Option<Span> = None;
    for y in [ys.0, ys.1] {
        for xc in [xs.0, xs.1] {
            let quotient = xc / y;
            z = Some(z.map_or((quotient, quotient), |(lo, hi)| {
                (lo.min(quotient), hi.max(quotient))
            }));
        }
        // x div y = (-x) div (-y): with y < 0, solve for -x.
        let (lo, hi) = if y > 0 {
            quotient_in(zs.0, zs.1, y)
        } else {
            let (lo, hi) = quotient_in(zs.0, zs.1, -y);
            (-hi, -lo)
        };
        x = Some(x.map_or((lo, hi), |(a, b)| (a.min(lo), b.max(hi))));
    }
    Some((meet(x?, xs)?, ys, meet(z?, zs)?))
}

/// `z = x mod y` with `y` in `part`, of one sign.
pub(super) fn modulo(part: Span, xs: Span, zs: Span) -> Option<(Span, Span, Span)> {
    let (p, q) = magnitudes(part);
    // |y| > |z|.
    let z_least = if zs.0 > 0 {
        zs.0
    } else if zs.1 < 0 {
        -zs.1
    } else {
        0
    };
    let p = p.max(z_least + 1);
    // Past |x|, the remainder is x itself: when no x is a z, |y| <= |x|.
    let q = if meet(xs, zs).is_none() {
        q.min(magnitudes(xs).1)
    } else {
        q
    };
    if p > q {
        return None;
    }
    // |z| < |y| and the sign of x, no farther from 0 than x.
    let z = meet(zs, (-(q - 1), q - 1))?;
    let z = meet(z, (xs.0.min(0), xs.1.max(0)))?;
    let mut x = xs;
    if z.0 > 0 {
        x.0 = x.0.max(z.0);
    }
    if z.1 < 0 {
        x.1 = x.1.min(z.1);
    }
    let x = meet(x, xs)?;
    Some((x, signed(part, (p, q)), z))
}

#[cfg(test)]
mod tests {
    use super::{divide, modulo};

    /// Every triple of the box that holds, by trying them all.
    fn holds(
        part: (i128, i128),
        xs: (i128, i128),
        zs: (i128, i128),
        modulo: bool,
    ) -> Vec<[i128; 3]> {
        let mut found = Vec::new();
        for y in part.0..=part.1 {
            for x in xs.0..=xs.1 {
                let z = if modulo { x % y } else { x / y };
                if zs.0 <= z && z <= zs.1 {
                    found.push([x, y, z]);
                }
            }
        }
        found
    }

    #[test]
    fn the_wide_rules_keep_every_triple_that_holds() {
        let parts = [(1, 1), (1, 6), (3, 9), (-6, -1), (-9, -3), (-2, -2)];
        for part in parts {
            for xl in -12..=12 {
                for xh in (xl..=12).step_by(3) {
                    for zl in -5..=5 {
                        for zh in zl..=5 {
                            let (xs, zs) = ((xl, xh), (zl, zh));
                            for is_mod in [false, true] {
                                let all = holds(part, xs, zs, is_mod);
                                let found = if is_mod {
                                    modulo(part, xs, zs)
                                } else {
                                    divide(part, xs, zs)
                                };
                                let Some((x, y, z)) = found else {
                                    assert!(all.is_empty(), "{part:?} {xs:?} {zs:?} {is_mod}");
                                    continue;
                                };
                                let inside = |v: i128, (lo, hi): (i128, i128)| lo <= v && v <= hi;
                                for t in &all {
                                    assert!(
                                        inside(t[0], x) && inside(t[1], y) && inside(t[2], z),
                                        "{t:?} lost: {part:?} {xs:?} {zs:?} {is_mod}"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
