//! The counter's parts checked against each other and against brute force.

use super::MAX_N;
use super::constellation::{bottom_column, region_max, region_rows};
use super::geometry::{Q, attacks};
use super::table::{Entries, Table};
use super::task::tasks;
use super::upper::{Scratch, complete};

/// Placements of `k` queens on the `k` rows above a queen at
/// `(n - 1, bottom)`, columns 1..n-1, by brute force over squares.
fn region_placements(n: u32, bottom: u8, k: u32) -> usize {
    fn go(n: u32, row: u32, placed: &mut Vec<Q>) -> usize {
        if row == n - 1 {
            return 1;
        }
        let mut total = 0;
        for c in 1..(n - 1) as u8 {
            let q = (row as u8, c);
            if placed.iter().all(|&p| !attacks(p, q)) {
                placed.push(q);
                total += go(n, row + 1, placed);
                placed.pop();
            }
        }
        total
    }
    go(n, n - 1 - k, &mut vec![((n - 1) as u8, bottom)])
}

fn entries(t: &Table) -> usize {
    match &t.entries {
        Entries::Narrow(e) => e.len(),
        Entries::Wide(e) => e.len(),
    }
}

#[test]
fn tables_hold_every_region_placement() {
    let mut cases = vec![(6, 2), (9, 4), (12, 5), (19, 3), (32, 2)];
    if !cfg!(debug_assertions) {
        // The deepest region used on the widest board.
        cases.push((MAX_N, region_max(MAX_N)));
    }
    for (n, k) in cases {
        for bottom in [0, 1, (n / 2) as u8] {
            let t = Table::build(n, bottom, k);
            assert_eq!(
                entries(&t),
                region_placements(n, bottom, k),
                "n {n} b {bottom}"
            );
            assert_eq!(t.offsets.last().map(|&x| x as usize), Some(entries(&t)));
        }
    }
}

#[test]
fn wide_and_narrow_tables_agree() {
    let n = 12;
    let mut scratch = Scratch::default();
    for task in tasks(n) {
        let q = task.queens();
        let k = region_rows(n, q);
        if k == 0 {
            continue;
        }
        let b = bottom_column(n, q);
        let narrow = Table::build_with(n, b, k, false);
        let wide = Table::build_with(n, b, k, true);
        assert_eq!(
            complete(n, q, Some(&narrow), &mut scratch),
            complete(n, q, Some(&wide), &mut scratch),
        );
    }
}

#[test]
fn every_region_depth_gives_the_same_count() {
    // The region depth is a tuning choice: any depth must give the same
    // completions, down to a search without tables.
    let n = 11;
    let mut scratch = Scratch::default();
    for task in tasks(n) {
        let q = task.queens();
        let b = bottom_column(n, q);
        let expected = complete(n, q, None, &mut scratch);
        for k in 1..=region_rows(n, q) {
            let t = Table::build(n, b, k);
            assert_eq!(complete(n, q, Some(&t), &mut scratch), expected);
        }
    }
}
