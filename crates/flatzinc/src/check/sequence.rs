//! The checks of the sequence globals, by the MiniZinc library's
//! documentation of each: `increasing` and `decreasing` (strict or not),
//! `value_precede` and its chain, and `nvalue`.

use super::{Args, Checked};

/// The constraints checked here.
pub(super) const NAMES: [&str; 11] = [
    "fzn_increasing_int",
    "fzn_increasing_bool",
    "fzn_decreasing_int",
    "fzn_decreasing_bool",
    "fzn_strictly_increasing_int",
    "fzn_strictly_increasing_bool",
    "fzn_strictly_decreasing_int",
    "fzn_strictly_decreasing_bool",
    "fzn_value_precede_int",
    "fzn_value_precede_chain_int",
    "fzn_nvalue",
];

/// Whether `name`'s call holds, and its number of arguments.
pub(super) fn holds(name: &str, a: &Args<'_>) -> Checked<(bool, usize)> {
    Ok(match name {
        "fzn_value_precede_int" => {
            let (s, t, x) = (a.int(0)?, a.int(1)?, a.ints(2)?);
            (precedes(s, t, &x), 3)
        }
        "fzn_value_precede_chain_int" => {
            // "c[i] precedes c[i + 1] in the array x", for each i.
            let (c, x) = (a.ints(0)?, a.ints(1)?);
            (c.windows(2).all(|p| precedes(p[0], p[1], &x)), 2)
        }
        "fzn_nvalue" => {
            // "The number of distinct values in x is n."
            let (n, x) = (a.int(0)?, a.ints(1)?);
            let distinct = x
                .iter()
                .enumerate()
                .filter(|&(i, v)| !x[..i].contains(v))
                .count();
            (distinct as i128 == n, 2)
        }
        _ => {
            // "The array x is in (strictly) increasing (decreasing)
            // order": each element and the next.
            let x = if name.ends_with("_bool") {
                a.bools(0)?.into_iter().map(i128::from).collect()
            } else {
                a.ints(0)?
            };
            let ordered = x.windows(2).all(|w| match name {
                "fzn_increasing_int" | "fzn_increasing_bool" => w[0] <= w[1],
                "fzn_decreasing_int" | "fzn_decreasing_bool" => w[0] >= w[1],
                "fzn_strictly_increasing_int" | "fzn_strictly_increasing_bool" => w[0] < w[1],
                _ => w[0] > w[1],
            });
            (ordered, 1)
        }
    })
}

/// "If any element of x is equal to t, then another element of x with a
/// lower index is equal to s."
fn precedes(s: i128, t: i128, x: &[i128]) -> bool {
    x.iter()
        .enumerate()
        .all(|(j, &v)| v != t || x[..j].contains(&s))
}
