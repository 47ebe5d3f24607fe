//! Constellations: the border queens of a solution, one representative per
//! orbit under the board's symmetries, oriented for the search.

use super::geometry::{Q, attacks, image};

/// Which turns of the board leave a constellation's border queens in
/// place: its stabilizer, which fixes its weight in the total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stabilizer {
    /// Only the identity: the constellation stands for 8 distinct ones.
    None,
    /// The half turn: it stands for 4 constellations.
    HalfTurn,
    /// The quarter turn: it stands for 2 constellations.
    QuarterTurn,
}

impl Stabilizer {
    /// How many distinct constellations (and solutions per completion) a
    /// constellation with this stabilizer stands for: 8, 4 or 2.
    pub fn weight(self) -> u32 {
        match self {
            Stabilizer::None => 8,
            Stabilizer::HalfTurn => 4,
            Stabilizer::QuarterTurn => 2,
        }
    }
}

/// Smallest n handled with constellations; below it the board is searched
/// exhaustively.
pub(super) const MIN_CONSTELLATION_N: u32 = 4;

/// Row of the lowest side-column queen that is not in a corner (0 if none).
pub(super) fn lowest_side_queen(n: u32, queens: &[Q]) -> u8 {
    let m = (n - 1) as u8;
    queens
        .iter()
        .filter(|q| (q.1 == 0 || q.1 == m) && q.0 != 0 && q.0 != m)
        .map(|q| q.0)
        .max()
        .unwrap_or(0)
}

pub(super) fn bottom_column(n: u32, queens: &[Q]) -> u8 {
    let m = (n - 1) as u8;
    queens.iter().find(|q| q.0 == m).map_or(0, |q| q.1)
}

/// Rows in the bottom region: as many as the tables for `n` allow, but all
/// below the side queens.
pub(super) fn region_rows(n: u32, queens: &[Q]) -> u32 {
    let m = n - 1;
    let below = m - 1 - u32::from(lowest_side_queen(n, queens));
    region_max(n).min(below)
}

/// First row of the bottom region (`n - 1` when there is no region).
pub(super) fn join_row(n: u32, queens: &[Q]) -> u8 {
    (n - 1 - region_rows(n, queens)) as u8
}

/// Largest region for each n: deep enough to replace most of the search by
/// table scans, small enough that a table holds at most a few million
/// entries.
pub(super) fn region_max(n: u32) -> u32 {
    match n {
        0..=5 => n.saturating_sub(3),
        6..=11 => n / 2,
        12..=18 => 8,
        19 => 7,
        20..=22 => 6,
        23..=27 => 5,
        _ => 4,
    }
}

/// All constellation representatives of an n ≥ 4 board, oriented for the
/// search, with their symmetry; in a fixed order that keeps tasks sharing a
/// bottom table together.
pub(super) fn constellations(n: u32) -> Vec<(Vec<Q>, Stabilizer)> {
    let m = (n - 1) as u8;
    let nn = n as u8;
    let mut reps = Vec::new();
    for a in 0..nn {
        for b in 0..nn {
            for c in 0..nn {
                for d in 0..nn {
                    let mut q = vec![(0, a), (m, b), (c, 0), (d, m)];
                    q.sort_unstable();
                    q.dedup();
                    let on = |f: &dyn Fn(&Q) -> bool| q.iter().filter(|x| f(x)).count() == 1;
                    if !(on(&|x| x.0 == 0)
                        && on(&|x| x.0 == m)
                        && on(&|x| x.1 == 0)
                        && on(&|x| x.1 == m))
                    {
                        continue;
                    }
                    let safe = q
                        .iter()
                        .enumerate()
                        .all(|(i, &x)| q[i + 1..].iter().all(|&y| !attacks(x, y)));
                    if !safe {
                        continue;
                    }
                    let images: Vec<Vec<Q>> = (0..8).map(|t| image(t, m, &q)).collect();
                    // Visit each orbit once: at its least member.
                    if images.iter().any(|v| *v < q) {
                        continue;
                    }
                    let symmetry = if images[1] == q {
                        Stabilizer::QuarterTurn
                    } else if images[2] == q {
                        Stabilizer::HalfTurn
                    } else {
                        Stabilizer::None
                    };
                    // Choose the orientation the search handles best: side
                    // queens high (the region below them is then as deep as
                    // allowed), then the bottom queen near a corner.
                    let key = |v: &Vec<Q>| {
                        let b = bottom_column(n, v);
                        (lowest_side_queen(n, v), b.min(m - b), v.clone())
                    };
                    let mut rep = images
                        .iter()
                        .min_by_key(|v| key(v))
                        .cloned()
                        .unwrap_or(q.clone());
                    // Mirror so the bottom queen is in the left half: tables
                    // are built for those columns only.
                    if bottom_column(n, &rep) > m / 2 {
                        rep = image(4, m, &rep);
                    }
                    reps.push((rep, symmetry));
                }
            }
        }
    }
    reps.sort_by_key(|(q, _)| (bottom_column(n, q), region_rows(n, q), q.clone()));
    reps
}
