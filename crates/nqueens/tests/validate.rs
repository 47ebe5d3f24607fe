//! `validate` against the definition, pair by pair.

use nqueens::{Conflict, Line, validate};
use proptest::prelude::*;

/// The first attacking pair by the definition, scanning the later queen
/// row by row: O(n^2), nothing shared with `validate`.
fn first_attack(columns: &[u32]) -> Option<(usize, usize)> {
    (0..columns.len()).find_map(|j| {
        (0..j)
            .find(|&i| {
                let (ci, cj) = (i64::from(columns[i]), i64::from(columns[j]));
                ci == cj || (j - i) as i64 == (ci - cj).abs()
            })
            .map(|i| (i, j))
    })
}

proptest! {
    #[test]
    fn validate_finds_exactly_the_attacks(n in 1u32..9, seed in prop::collection::vec(0u32..8, 8)) {
        let columns: Vec<u32> = seed.iter().take(n as usize).map(|c| c % n).collect();
        match (validate(n, &columns), first_attack(&columns)) {
            (Ok(()), None) => {}
            (Err(Conflict::Attack { first, second, line }), Some((i, j))) => {
                prop_assert_eq!((first.0 as usize, second.0 as usize), (i, j));
                let (ci, cj) = (first.1, second.1);
                let expected = if ci == cj {
                    Line::Column
                } else if ci < cj {
                    Line::Diagonal
                } else {
                    Line::AntiDiagonal
                };
                prop_assert_eq!(line, expected);
            }
            (got, want) => prop_assert!(false, "validate {:?}, definition {:?}", got, want),
        }
    }

    #[test]
    fn validate_rejects_wrong_lengths_and_columns(n in 1u32..20, len in 0usize..25, col in 0u32..40) {
        let columns = vec![col; len];
        let result = validate(n, &columns);
        if len != n as usize {
            let expected = Conflict::WrongLength { expected: n as usize, found: len };
            prop_assert_eq!(result, Err(expected));
        } else if col >= n {
            prop_assert_eq!(result, Err(Conflict::OutOfRange { row: 0, col, n }));
        } else if n > 1 {
            let is_column_attack = matches!(result, Err(Conflict::Attack { line: Line::Column, .. }));
            prop_assert!(is_column_attack);
        }
    }
}
