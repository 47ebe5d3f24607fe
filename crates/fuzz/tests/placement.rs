//! `nqueens::parse_placement` and the `Placements` reader behind
//! `nqueens verify`.

use nqueens::{
    ParsePlacementError, Placement, PlacementError, Placements, Solution, parse_placement,
};
use proptest::prelude::*;

use crate::{assert_memory, assert_short_message, mutate, mutations};

/// Columns that print: 1-based, so at most `u32::MAX - 1` 0-based.
fn columns() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(prop_oneof![0..16u32, 0..u32::MAX], 1..40)
}

fn separator() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![" ", "  ", "\t", " \t ", "\r"])
}

fn check_line(line: &str) {
    let (parsed, peak) = fuzz::peak_during(|| parse_placement(line));
    assert_memory(peak, line.len(), "parse_placement");
    match parsed {
        Ok(Some(columns)) => {
            // Printed again, it reads the same.
            let printed = Solution::from_columns(columns.clone()).to_string();
            assert_eq!(parse_placement(&printed), Ok(Some(columns)));
        }
        Ok(None) => assert!(line.trim().is_empty(), "{line:?}"),
        Err(e) => assert_short_message(&e.to_string(), "parse_placement"),
    }
}

fn check_reader(bytes: &[u8], line_max: usize) {
    let (read, peak) =
        fuzz::peak_during(|| Placements::with_line_max(bytes, line_max).collect::<Vec<_>>());
    assert_memory(peak, bytes.len(), "Placements");
    let mut last = 0;
    for (i, item) in read.iter().enumerate() {
        match item {
            Ok(Placement { line, columns }) => {
                assert!(*line > last && !columns.is_empty());
                last = *line;
            }
            Err(e) => {
                assert_eq!(i + 1, read.len(), "nothing comes after an error");
                assert_short_message(&e.to_string(), "Placements");
                if let PlacementError::Line {
                    line,
                    reason: ParsePlacementError::LineTooLong { max },
                } = e
                {
                    assert_eq!(*max, line_max);
                    assert!(*line > last);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(fuzz::cases(3000))]

    #[test]
    fn parse_placement_of_any_text(line in any::<String>()) {
        check_line(&line);
    }

    #[test]
    fn parse_placement_of_column_like_text(line in "[ \t0-9+-]{0,60}") {
        check_line(&line);
    }

    #[test]
    fn parse_placement_gives_back_every_placement(columns in columns(), sep in separator(), lead in separator()) {
        let line = columns.iter().map(|c| (u64::from(*c) + 1).to_string()).collect::<Vec<_>>().join(sep);
        prop_assert_eq!(parse_placement(&format!("{lead}{line}{sep}")), Ok(Some(columns)));
    }

    #[test]
    fn the_reader_on_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..1024), line_max in 1..256usize) {
        check_reader(&bytes, line_max);
    }

    #[test]
    fn the_reader_gives_back_every_listing(
        placements in prop::collection::vec(columns(), 0..12),
        blank_after in prop::collection::vec(any::<bool>(), 12),
    ) {
        let mut text = Vec::new();
        let mut lines = Vec::new();
        for (columns, blank) in placements.iter().zip(&blank_after) {
            nqueens::format::write_line(&mut text, columns).unwrap();
            lines.push(text.iter().filter(|&&b| b == b'\n').count());
            if *blank {
                text.extend_from_slice(b" \r\n");
            }
        }
        let read: Vec<Placement> = Placements::new(&text[..]).map(Result::unwrap).collect();
        let expected: Vec<Placement> = placements
            .into_iter()
            .zip(lines)
            .map(|(columns, line)| Placement { line, columns })
            .collect();
        prop_assert_eq!(read, expected);
    }

    #[test]
    fn the_reader_on_mutated_listings(
        placements in prop::collection::vec(columns(), 1..6),
        mutations in mutations(),
        line_max in 8..512usize,
    ) {
        let mut text = Vec::new();
        for columns in &placements {
            nqueens::format::write_line(&mut text, columns).unwrap();
        }
        check_reader(&mutate(text, &mutations), line_max);
    }
}
