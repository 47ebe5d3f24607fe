//! `puzzles::sudoku::Sudoku::parse`.

use proptest::prelude::*;
use puzzles::sudoku::Sudoku;

use crate::{assert_memory, assert_short_message, mutate, mutations};

const SOLVED: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

fn check(text: &str, box_size: usize) {
    let (parsed, peak) = fuzz::peak_during(|| Sudoku::parse(text, box_size));
    assert_memory(peak, text.len(), "Sudoku::parse");
    match parsed {
        Ok(sudoku) => {
            let printed = sudoku.to_string();
            let again = Sudoku::parse(&printed, box_size).unwrap();
            assert_eq!(again.cells(), sudoku.cells());
        }
        Err(e) => assert_short_message(&e.to_string(), "Sudoku::parse"),
    }
}

proptest! {
    #![proptest_config(fuzz::cases(3000))]

    #[test]
    fn parse_of_any_text(text in any::<String>(), box_size in 0..8usize) {
        check(&text, box_size);
    }

    #[test]
    fn parse_of_grid_like_text(text in "[ .0-9A-Z]{0,90}", box_size in 2..=3usize) {
        check(&text, box_size);
    }

    #[test]
    fn parse_gives_back_a_puzzle(blanks in prop::collection::vec(any::<bool>(), 81), zero in any::<bool>()) {
        // A solved grid with some cells emptied is a valid puzzle.
        let text: String = SOLVED
            .chars()
            .zip(&blanks)
            .map(|(c, &blank)| if !blank { c } else if zero { '0' } else { '.' })
            .collect();
        let sudoku = Sudoku::parse(&text, 3).unwrap();
        prop_assert_eq!(sudoku.to_string(), text.replace('0', "."));
    }

    #[test]
    fn parse_of_mutated_puzzles(blanks in prop::collection::vec(any::<bool>(), 81), mutations in mutations()) {
        let text: String = SOLVED
            .chars()
            .zip(&blanks)
            .map(|(c, &blank)| if blank { '.' } else { c })
            .collect();
        let bytes = mutate(text.into_bytes(), &mutations);
        check(&String::from_utf8_lossy(&bytes), 3);
    }
}
