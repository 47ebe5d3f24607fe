//! The policy of restarts and of the learned clauses' store: when the
//! search that learns restarts (the Luby sequence of 100 failures; only
//! past `MAX_CAP` clauses when it follows the groups), and
//! which clauses it keeps at a restart (the store bounded: the clauses of
//! most decision levels go first).

use super::nogood::Nogoods;

/// The conflicts of one unit of the Luby sequence of restarts.
pub(super) const RESTART_SCALE: u64 = 100;

/// The most learned clauses kept at a restart: the store starts reducing
/// past `FIRST_CAP`, then past 10% more each time, never past `MAX_CAP`.
pub(super) const FIRST_CAP: usize = 2_000;
pub(super) const MAX_CAP: usize = 50_000;

/// At the root: drops the learned clauses of most decision levels when
/// there are more than `cap`, and raises `cap`.
pub(super) fn reduce(nogoods: &mut Nogoods, cap: &mut usize) {
    if nogoods.clauses.len() <= *cap {
        return;
    }
    // The clauses that exclude solutions (of no level) always stay.
    let mut lbds: Vec<u32> = nogoods.clauses.iter().map(|c| c.lbd).collect();
    lbds.sort_unstable();
    let cut = lbds[lbds.len() / 2].max(3);
    nogoods.retain(|c| c.lbd < cut);
    *cap = (*cap + *cap / 10).min(MAX_CAP);
    // Still too many of few levels: the newest half stays.
    if nogoods.clauses.len() > *cap {
        let drop = nogoods.clauses.len() - *cap / 2;
        let mut i = 0;
        nogoods.retain(|c| {
            i += 1;
            i > drop || c.lbd == 0
        });
    }
}

/// The Luby sequence, from its first term (1, 1, 2, 1, 1, 2, 4, ...).
pub(super) fn luby(i: u32) -> u64 {
    let mut i = u64::from(i) + 1;
    loop {
        let k = 64 - i.leading_zeros();
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}
