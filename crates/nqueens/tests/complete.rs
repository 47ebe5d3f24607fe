//! Completions of partly filled boards against brute force written here.

use std::sync::OnceLock;

use backtrack::{Limits, Outcome, Search};
use nqueens::{Completion, Error, Line, validate};
use proptest::prelude::*;

/// Every solution of n-queens, by the plainest search: a queen per row,
/// each checked against every queen above it.
fn all_solutions(n: u32) -> &'static [Vec<u32>] {
    static CACHE: [OnceLock<Vec<Vec<u32>>>; 11] = [const { OnceLock::new() }; 11];
    CACHE[n as usize].get_or_init(|| {
        fn extend(n: u32, rows: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
            if rows.len() == n as usize {
                out.push(rows.clone());
                return;
            }
            let r = rows.len() as i64;
            for c in 0..n {
                let safe = rows.iter().enumerate().all(|(pr, &pc)| {
                    let (dr, dc) = (r - pr as i64, i64::from(c) - i64::from(pc));
                    dc != 0 && dr != dc.abs()
                });
                if safe {
                    rows.push(c);
                    extend(n, rows, out);
                    rows.pop();
                }
            }
        }
        let mut out = Vec::new();
        extend(n, &mut Vec::new(), &mut out);
        out
    })
}

fn brute_count(n: u32, placed: &[(u32, u32)]) -> usize {
    all_solutions(n)
        .iter()
        .filter(|s| placed.iter().all(|&(r, c)| s[r as usize] == c))
        .count()
}

/// Every completion the engine finds: validated, holding the given queens.
fn completions(n: u32, placed: &[(u32, u32)]) -> Vec<Vec<u32>> {
    let mut found = Vec::new();
    let outcome = backtrack::for_each(Completion::new(n, placed).unwrap(), |p, _| {
        found.push(p.columns().unwrap());
        std::ops::ControlFlow::Continue(())
    });
    assert_eq!(outcome, Outcome::Complete);
    for columns in &found {
        validate(n, columns).unwrap();
        for &(r, c) in placed {
            assert_eq!(columns[r as usize], c, "{placed:?}");
        }
    }
    found
}

fn attacks(a: (u32, u32), b: (u32, u32)) -> bool {
    a.0 == b.0 || a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1)
}

/// The squares of `squares` that attack none kept before them.
fn non_attacking(squares: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut kept: Vec<(u32, u32)> = Vec::new();
    for &q in squares {
        if kept.iter().all(|&p| !attacks(p, q)) {
            kept.push(q);
        }
    }
    kept
}

#[test]
fn an_empty_board_has_every_solution() {
    for n in 1..=10 {
        let found = completions(n, &[]);
        assert_eq!(found.len(), all_solutions(n).len(), "n = {n}");
    }
}

#[test]
fn every_single_queen_matches_brute_force() {
    for n in 1..=8 {
        for r in 0..n {
            for c in 0..n {
                let found = completions(n, &[(r, c)]);
                assert_eq!(
                    found.len(),
                    brute_count(n, &[(r, c)]),
                    "n = {n}, ({r}, {c})"
                );
            }
        }
    }
}

proptest! {
    #[test]
    fn counts_match_brute_force(
        n in 4u32..=10,
        squares in prop::collection::vec((0u32..10, 0u32..10), 0..6),
    ) {
        let placed = non_attacking(
            &squares.iter().map(|&(r, c)| (r % n, c % n)).collect::<Vec<_>>(),
        );
        let found = completions(n, &placed);
        prop_assert_eq!(found.len(), brute_count(n, &placed));
        // The parallel count agrees with the plain one.
        let problem = Completion::new(n, &placed).unwrap();
        let report = backtrack::Parallel::auto().threads(2).count(&problem);
        prop_assert_eq!(report.complete(), Some(found.len() as u128));
    }
}

#[test]
fn boards_with_a_free_square_in_every_line_can_still_be_impossible() {
    // Every placement of two or three queens on 6x6 to 8x8 in a fixed
    // order: those whose empty rows and columns all keep a free square
    // but that no solution extends are proved impossible by the engine.
    let mut proved = 0;
    for n in 6..=8u32 {
        let squares: Vec<(u32, u32)> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
        for (i, &a) in squares.iter().enumerate() {
            for &b in &squares[i + 1..] {
                if attacks(a, b) {
                    continue;
                }
                let placed = [a, b];
                let free = |r: u32, c: u32| placed.iter().all(|&p| !attacks(p, (r, c)));
                let rows_ok = (0..n)
                    .filter(|r| placed.iter().all(|p| p.0 != *r))
                    .all(|r| (0..n).any(|c| free(r, c)));
                let cols_ok = (0..n)
                    .filter(|c| placed.iter().all(|p| p.1 != *c))
                    .all(|c| (0..n).any(|r| free(r, c)));
                if rows_ok && cols_ok && brute_count(n, &placed) == 0 {
                    let mut search = Search::new(Completion::new(n, &placed).unwrap());
                    assert_eq!(search.count().complete(), Some(0), "n = {n}, {placed:?}");
                    proved += 1;
                }
            }
        }
    }
    assert!(proved > 100, "only {proved} such boards");
}

#[test]
fn a_large_board_with_queens_from_a_known_solution_is_completed_within_a_node_budget() {
    // 15 queens of the constructed solution of n = 80, 20 of n = 100 and
    // so on, on rows chosen by a fixed generator: completions exist.
    // Budget: 20,000 nodes.
    for (n, k, seed) in [(80u32, 15usize, 1u64), (100, 20, 2), (64, 10, 3)] {
        let solution = nqueens::construct(n).unwrap();
        let mut rng = backtrack::Rng::new(seed);
        let mut rows: Vec<u32> = (0..n).collect();
        for i in 0..k {
            let j = i + rng.below((rows.len() - i) as u64) as usize;
            rows.swap(i, j);
        }
        let placed: Vec<(u32, u32)> = rows[..k]
            .iter()
            .map(|&r| (r, solution.columns()[r as usize]))
            .collect();
        let mut search = Search::new(Completion::new(n, &placed).unwrap())
            .with_limits(Limits::default().nodes(20_000));
        assert!(
            search.next_solution().is_some(),
            "n = {n}: {:?}",
            search.stats()
        );
        let columns = search.problem().columns().unwrap();
        validate(n, &columns).unwrap();
        for &(r, c) in &placed {
            assert_eq!(columns[r as usize], c);
        }
        eprintln!("n = {n}, {k} queens placed: {} nodes", search.stats().nodes);
    }
}

#[test]
fn bad_placements_are_refused_with_the_queens_named() {
    let e = Completion::new(8, &[(0, 0), (8, 2), (3, 9)]).unwrap_err();
    assert!(matches!(&e, Error::OffBoard { n: 8, queens } if queens == &[(8, 2), (3, 9)]));
    assert_eq!(
        e.to_string(),
        "queens lie off the 8x8 board (rows and columns go from 1 to 8): 9:3 4:10"
    );
    let e = Completion::new(8, &[(0, 0), (4, 1), (2, 2)]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the queens at 1:1 and 3:3 attack each other along a diagonal"
    );
    for (a, b, line) in [
        ((1, 1), (1, 5), Line::Row),
        ((1, 1), (6, 1), Line::Column),
        ((1, 4), (4, 1), Line::AntiDiagonal),
    ] {
        let e = Completion::new(8, &[a, b]).unwrap_err();
        assert!(
            matches!(e, Error::PlacedAttack { line: l, .. } if l == line),
            "{a:?} {b:?}"
        );
    }
    assert!(matches!(Completion::new(0, &[]), Err(Error::ZeroSize)));
    assert!(matches!(
        Completion::new(129, &[]),
        Err(Error::TooLarge { .. })
    ));
    assert!(Completion::new(128, &[(127, 127)]).is_ok());
}

#[test]
fn the_same_square_twice_was_called_an_attack_along_a_row() {
    let e = Completion::new(8, &[(3, 3), (0, 0), (0, 0)]).unwrap_err();
    assert!(matches!(e, Error::PlacedTwice { square: (0, 0) }), "{e:?}");
    assert_eq!(
        e.to_string(),
        "the queen at 1:1 is given twice: a square holds one queen"
    );
}

#[test]
fn thousands_of_queens_off_the_board_gave_a_line_of_100_000_characters() {
    let off: Vec<(u32, u32)> = (0..14_000).map(|i| (8 + i, i)).collect();
    let e = Completion::new(8, &off).unwrap_err();
    assert!(matches!(&e, Error::OffBoard { queens, .. } if queens.len() == 14_000));
    assert_eq!(
        e.to_string(),
        "queens lie off the 8x8 board (rows and columns go from 1 to 8): 9:1 10:2 11:3 12:4 13:5 14:6 15:7 16:8 and 13992 more"
    );
}
