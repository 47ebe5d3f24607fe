//! The model example's puzzle files and clue arguments (samurai, kakuro,
//! hidato, sudoku lines, nonogram clues), read by the example's own
//! module compiled in here.

use proptest::prelude::*;

use crate::{assert_memory, assert_short_message, mutate, mutations};

#[allow(dead_code)]
#[path = "../../../examples/model/parse.rs"]
mod parse;

fn data(name: &str) -> String {
    let path = format!("{}/../../examples/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

/// Every parser of the module on `text`: within the memory bound, and
/// each error one short line.
fn check(text: &str) {
    let len = text.len();
    let message = |e: anyhow::Error, what: &str| assert_short_message(&format!("{e:#}"), what);
    let (samurai, peak) = fuzz::peak_during(|| parse::parse_samurai(text));
    assert_memory(peak, len, "parse_samurai");
    if let Err(e) = samurai {
        message(e, "parse_samurai");
    }
    let (kakuro, peak) = fuzz::peak_during(|| parse::parse_kakuro(text));
    assert_memory(peak, len, "parse_kakuro");
    match kakuro {
        Ok(grid) => {
            // Every run's cells are white cells of the grid.
            for (run, _) in &grid.runs {
                assert!(!run.is_empty() && run.iter().all(|&cell| cell < grid.cells));
            }
        }
        Err(e) => message(e, "parse_kakuro"),
    }
    let (hidato, peak) = fuzz::peak_during(|| parse::parse_hidato(text));
    assert_memory(peak, len, "parse_hidato");
    match hidato {
        Ok(grid) => assert!(grid.iter().flatten().all(|&k| k >= -1)),
        Err(e) => message(e, "parse_hidato"),
    }
    let (clues, peak) = fuzz::peak_during(|| parse::parse_clues(text));
    assert_memory(peak, len, "parse_clues");
    match clues {
        Ok(lines) => assert_eq!(lines.len(), text.split('/').count()),
        Err(e) => message(e, "parse_clues"),
    }
    let mut count = 0;
    let (sudokus, peak) = fuzz::peak_during(|| {
        parse::read_sudokus(text.as_bytes(), "input", |givens| {
            assert!(givens.iter().all(|&d| d <= 9));
            count += 1;
            Ok(())
        })
    });
    assert_memory(peak, len, "read_sudokus");
    match sudokus {
        Ok(()) => assert!(count > 0),
        Err(e) => message(e, "read_sudokus"),
    }
}

proptest! {
    #![proptest_config(fuzz::cases(2000))]

    #[test]
    fn puzzle_files_of_any_text(text in any::<String>()) {
        check(&text);
    }

    #[test]
    fn puzzle_files_of_grid_like_text(text in "([ .#0-9\\\\/,-]{0,24}\n){0,24}") {
        check(&text);
    }

    #[test]
    fn mutated_puzzle_files(which in 0..4usize, mutations in mutations()) {
        let text = match which {
            0 => data("samurai.txt"),
            1 => data("kakuro.txt"),
            2 => data("hidato.txt"),
            _ => data("hard.txt"),
        };
        let bytes = mutate(text.into_bytes(), &mutations);
        check(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn the_example_files_are_read() {
    assert!(parse::parse_samurai(&data("samurai.txt")).is_ok());
    let kakuro = parse::parse_kakuro(&data("kakuro.txt")).unwrap();
    assert!(kakuro.cells > 0 && !kakuro.runs.is_empty());
    assert_eq!(parse::parse_hidato(&data("hidato.txt")).unwrap().len(), 6);
    let mut puzzles = 0;
    parse::read_sudokus(data("hard.txt").as_bytes(), "hard.txt", |_| {
        puzzles += 1;
        Ok(())
    })
    .unwrap();
    assert!(puzzles > 0);
}

#[test]
fn a_grid_of_many_short_rows_stays_within_the_bound() {
    // One token per line: a row's vector must not keep room for more.
    for token in ["#", "7"] {
        let text = format!("{token}\n").repeat(100_000);
        let (_, peak) = fuzz::peak_during(|| parse::parse_kakuro(&text));
        assert_memory(peak, text.len(), "parse_kakuro");
        let (_, peak) = fuzz::peak_during(|| parse::parse_hidato(&text));
        assert_memory(peak, text.len(), "parse_hidato");
    }
}
