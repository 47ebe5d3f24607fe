//! The packing globals, by the text of MiniZinc's `fzn_bin_packing_load`,
//! `fzn_bin_packing_capa`, `fzn_bin_packing`, `fzn_diffn` and
//! `fzn_diffn_nonstrict`.

use super::{Args, Checked};

/// Whether `stem` is one of these.
pub(super) fn knows(stem: &str) -> bool {
    matches!(
        stem,
        "csp_bin_packing_load"
            | "csp_bin_packing_capa"
            | "csp_bin_packing"
            | "csp_diffn"
            | "csp_diffn_nonstrict"
    )
}

/// Whether the call holds, and its number of arguments.
pub(super) fn holds(stem: &str, a: &Args<'_>) -> Checked<(bool, usize)> {
    match stem {
        "csp_bin_packing_load" => {
            // sum(load) = sum(w), every bin an index of load, and each load
            // the weight of the items in its bin.
            let (load, first, bin, w) = (a.ints(0)?, a.int(1)?, a.ints(2)?, a.ints(3)?);
            let ok = load.iter().sum::<i128>() == w.iter().sum::<i128>()
                && within(&bin, first, load.len())
                && (0..load.len()).all(|k| load[k] == weight_in(&bin, &w, first + k as i128));
            Ok((ok && bin.len() == w.len(), 4))
        }
        "csp_bin_packing_capa" => {
            // Every bin an index of c, and c[b] at least the weight in b.
            let (c, first, bin, w) = (a.ints(0)?, a.int(1)?, a.ints(2)?, a.ints(3)?);
            let ok = within(&bin, first, c.len())
                && (0..c.len()).all(|k| c[k] >= weight_in(&bin, &w, first + k as i128));
            Ok((ok && bin.len() == w.len(), 4))
        }
        "csp_bin_packing" => {
            // For each b from the bins' lower bound to their upper one, the
            // weight in b at most c: a b that no item takes holds 0, and
            // there is such a range as soon as there is an item.
            let (c, bin, w) = (a.int(0)?, a.ints(1)?, a.ints(2)?);
            let ok = (bin.is_empty() || c >= 0) && bin.iter().all(|&b| weight_in(&bin, &w, b) <= c);
            Ok((ok && bin.len() == w.len(), 3))
        }
        _ => {
            // Each pair: x[i] + dx[i] <= x[j] \/ y[i] + dy[i] <= y[j] \/
            // x[j] + dx[j] <= x[i] \/ y[j] + dy[j] <= y[i]; in the
            // non-strict form also any of dx[i], dx[j], dy[i], dy[j] = 0.
            let (x, y, dx, dy) = (a.ints(0)?, a.ints(1)?, a.ints(2)?, a.ints(3)?);
            let n = x.len();
            let strict = stem == "csp_diffn";
            let apart = |i: usize, j: usize| {
                (!strict && [dx[i], dx[j], dy[i], dy[j]].contains(&0))
                    || x[i] + dx[i] <= x[j]
                    || y[i] + dy[i] <= y[j]
                    || x[j] + dx[j] <= x[i]
                    || y[j] + dy[j] <= y[i]
            };
            let same = y.len() == n && dx.len() == n && dy.len() == n;
            Ok((same && (0..n).all(|i| (i + 1..n).all(|j| apart(i, j))), 4))
        }
    }
}

/// Whether every bin is one of `first..first + count`.
fn within(bin: &[i128], first: i128, count: usize) -> bool {
    bin.iter().all(|&b| first <= b && b < first + count as i128)
}

/// The weight of the items in bin `b`.
fn weight_in(bin: &[i128], w: &[i128], b: i128) -> i128 {
    bin.iter()
        .zip(w)
        .filter(|&(&x, _)| x == b)
        .map(|(_, &w)| w)
        .sum()
}
