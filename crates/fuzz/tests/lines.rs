//! `runner::Lines`, the line reader under every line-oriented reader,
//! against a naive reference: the text split at its newlines, each line
//! and the running total compared with the limits.

use std::io::BufReader;

use proptest::prelude::*;
use runner::{LineError, LineLimits, Lines};

/// How the reading should end: the limits the line crosses (the reader
/// may name either when it crosses both), or not UTF-8; and the line.
type Ending = Option<(Vec<&'static str>, usize)>;

/// What the reader should give: the lines, then how it should end.
fn reference(text: &[u8], limits: LineLimits) -> (Vec<Vec<u8>>, Ending) {
    let mut lines = Vec::new();
    let mut read = 0u64;
    let mut rest = text;
    let mut number = 0;
    while !rest.is_empty() {
        number += 1;
        let (line, taken) = match rest.iter().position(|&b| b == b'\n') {
            Some(at) => (&rest[..at], at + 1),
            None => (rest, rest.len()),
        };
        let mut crossed = Vec::new();
        if read + taken as u64 > limits.total {
            crossed.push("total");
        }
        if line.len() > limits.line {
            crossed.push("line");
        }
        if !crossed.is_empty() {
            return (lines, Some((crossed, number)));
        }
        if std::str::from_utf8(line).is_err() {
            return (lines, Some((vec!["utf8"], number)));
        }
        lines.push(line.to_vec());
        read += taken as u64;
        rest = &rest[taken..];
    }
    (lines, None)
}

fn check(text: &[u8], limits: LineLimits, capacity: usize) {
    let ((got, error), peak) = fuzz::peak_during(|| {
        let mut lines = Lines::new(BufReader::with_capacity(capacity, text), limits);
        let mut got = Vec::new();
        let mut error = None;
        while let Some(line) = lines.next_line() {
            match line {
                Ok((number, line)) => {
                    assert_eq!(number, got.len() + 1);
                    got.push(line.as_bytes().to_vec());
                }
                Err(e) => error = Some(e),
            }
        }
        (got, error)
    });
    // The reader's buffer and the lines kept; never the whole of an
    // over-long line.
    assert!(
        peak <= capacity + 4 * limits.line + 2 * text.len() + (64 << 10),
        "{peak} bytes for {} bytes of text",
        text.len()
    );
    let (lines, expected) = reference(text, limits);
    assert_eq!(got, lines);
    let found = error.map(|e| {
        let kind = match e {
            LineError::LineTooLong { max, .. } => {
                assert_eq!(max, limits.line);
                "line"
            }
            LineError::TooLarge { max, .. } => {
                assert_eq!(max, limits.total);
                "total"
            }
            LineError::NotUtf8 { .. } => "utf8",
            other => panic!("{other}"),
        };
        (kind, e.line())
    });
    match (expected, found) {
        (Some((crossed, line)), Some((kind, found))) => {
            assert!(crossed.contains(&kind), "{kind} is not one of {crossed:?}");
            assert_eq!(line, found);
        }
        (None, None) => {}
        (expected, found) => panic!("expected {expected:?}, found {found:?}"),
    }
}

/// `bytes` with one in eight a newline and one in eight an `a`, so that
/// lines are short and mostly text.
fn with_newlines(bytes: Vec<u8>) -> Vec<u8> {
    bytes
        .into_iter()
        .map(|b| match b % 8 {
            0 => b'\n',
            1 => b'a',
            _ => b,
        })
        .collect()
}

proptest! {
    #![proptest_config(fuzz::cases(3000))]

    #[test]
    fn lines_of_any_bytes_match_the_reference(
        bytes in prop::collection::vec(any::<u8>(), 0..300).prop_map(with_newlines),
        line in 0..40usize,
        total in 0..400u64,
        capacity in 1..64usize,
    ) {
        check(&bytes, LineLimits { line, total }, capacity);
    }

    #[test]
    fn lines_of_text_within_wide_limits_are_the_text_split(text in "([a-z #.]{0,30}\n?){0,20}") {
        let limits = LineLimits { line: 1 << 16, total: 1 << 30 };
        check(text.as_bytes(), limits, 8192);
    }
}
