//! The counter's parts checked against each other and against brute force.

use super::MAX_N;
use super::constellation::{bottom_column, region_max, region_rows};
use super::geometry::{Q, attacks};
use super::table::{BINOM, Entries, Table, rank, rank_by_loop};
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
fn ranks_by_table_match_the_loop_and_number_each_set_once() {
    // Every set of up to 12 columns among 16, and a spread of wide ones.
    for w in [16u32, 30] {
        for k in 1..=12u32 {
            let mut seen = vec![false; BINOM[k as usize][w as usize] as usize];
            let mut set = (1u32 << k) - 1;
            let mut tried = 0u64;
            // Gosper's hack walks the k-sets in increasing order; on 30
            // columns every 97th is enough.
            while set < 1 << w {
                if w == 16 || tried.is_multiple_of(97) {
                    let r = rank(set);
                    assert_eq!(r, rank_by_loop(set, k), "set {set:#x} k {k}");
                    assert!(!seen[r], "rank {r} twice, set {set:#x} k {k}");
                    seen[r] = true;
                }
                tried += 1;
                let c = set & set.wrapping_neg();
                let r = set + c;
                set = (((r ^ set) >> 2) / c) | r;
            }
            if w == 16 {
                assert!(seen.iter().all(|&s| s), "w {w} k {k}: a rank unused");
            }
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

/// A small random number generator for the sampled checks (the seed is
/// fixed and printed with every failure).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % bound.max(1)
    }
}

/// For the boards too large to count here (n = 20 to 32, every table-size
/// regime: regions of 6, 5 and 4 rows, wide entries), the table-driven
/// completion agrees with a plain search of the same rows, on a seeded
/// sample of partial states: a task's queens plus random safe queens on
/// the rows above the region, until only a few rows are left to fill.
#[test]
#[ignore = "tables of up to some 100 MB: run by CI's flagship step"]
fn table_completions_agree_with_plain_search_from_20_to_32() {
    const SEED: u64 = 0x5eed_1234;
    let mut random = Lcg(SEED);
    let mut scratch = Scratch::default();
    let mut checked = 0;
    for n in 20..=MAX_N {
        let list = tasks(n);
        let m = (n - 1) as u8;
        let (mut found, mut zeros, mut tries) = (0, 0, 0);
        while found < 5 && tries < 4000 {
            tries += 1;
            let task = list[random.below(list.len() as u64) as usize];
            let mut queens: Vec<Q> = task.queens().to_vec();
            let k = region_rows(n, &queens);
            if k == 0 {
                continue;
            }
            let first_region_row = (n - 1 - k) as u8;
            // Fill rows above the region until at most 3 are left free.
            let free_rows = |queens: &[Q]| -> Vec<u8> {
                (1..first_region_row)
                    .filter(|&r| queens.iter().all(|q| q.0 != r))
                    .collect()
            };
            let mut stuck = false;
            while free_rows(&queens).len() > 3 {
                let rows = free_rows(&queens);
                let row = rows[random.below(rows.len() as u64) as usize];
                let safe: Vec<u8> = (1..m)
                    .filter(|&c| queens.iter().all(|&q| !attacks(q, (row, c))))
                    .collect();
                if safe.is_empty() {
                    stuck = true;
                    break;
                }
                queens.push((row, safe[random.below(safe.len() as u64) as usize]));
            }
            if stuck {
                continue;
            }
            let plain = complete(n, &queens, None, &mut scratch);
            if plain == 0 && zeros >= 2 {
                // Dead ends prove little: keep a couple, look for states
                // with completions.
                continue;
            }
            zeros += usize::from(plain == 0);
            let table = Table::build(n, bottom_column(n, &queens), k);
            let with_table = complete(n, &queens, Some(&table), &mut scratch);
            assert_eq!(
                with_table, plain,
                "seed {SEED:#x}, n = {n}, queens {queens:?}: the table and a plain search disagree"
            );
            found += 1;
        }
        assert!(
            found > zeros,
            "seed {SEED:#x}, n = {n}: too few partial states with completions"
        );
        checked += found;
    }
    assert!(checked >= 13 * 3);
}
