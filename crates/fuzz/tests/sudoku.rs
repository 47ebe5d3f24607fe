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

/// `read_puzzles` over a whole text: every puzzle it gives is on a line of
/// the text that parses alone to the same grid; errors are short.
fn check_file(bytes: &[u8], box_size: usize) {
    let (read, peak) =
        fuzz::peak_during(|| puzzles::sudoku::read_puzzles(bytes, box_size).collect::<Vec<_>>());
    assert_memory(peak, bytes.len(), "read_puzzles");
    let lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    for item in read {
        match item {
            Ok((line, sudoku)) => {
                let text = std::str::from_utf8(lines[line - 1]).unwrap();
                let alone = Sudoku::parse(text, box_size).unwrap();
                assert_eq!(alone.cells(), sudoku.cells());
            }
            Err(e) => assert_short_message(&e.to_string(), "read_puzzles"),
        }
    }
}

proptest! {
    #![proptest_config(fuzz::cases(2000))]

    #[test]
    fn read_puzzles_of_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300), box_size in 2..=3usize) {
        check_file(&bytes, box_size);
    }

    #[test]
    fn read_puzzles_of_mutated_files(blanks in prop::collection::vec(any::<bool>(), 81), mutations in mutations()) {
        let puzzle: String = SOLVED
            .chars()
            .zip(&blanks)
            .map(|(c, &blank)| if blank { '.' } else { c })
            .collect();
        let text = format!("# two puzzles\n{puzzle}\n\n{SOLVED}\n");
        check_file(&mutate(text.into_bytes(), &mutations), 3);
    }
}
