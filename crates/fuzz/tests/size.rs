//! `nqueens::parse_size` and `nqueens::read_size`, which is also the
//! judge example's reader of standard input.

use nqueens::{ParseSizeError, SIZE_TEXT_MAX, parse_size, read_size};
use proptest::prelude::*;

use crate::{assert_memory, assert_short_message, mutate, mutations};

/// Text around a number as judges and users give it.
fn blank() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![" ", "\t", "\n", "\r\n", "\x0c"]),
        0..6,
    )
    .prop_map(|parts| parts.concat())
}

/// The value `text` must parse to, by a rule written apart from the
/// parser: one token, an optional `+`, digits, not zero, fitting a `u32`.
fn expected(text: &str) -> Option<u32> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let [token] = tokens[..] else { return None };
    let digits = token.strip_prefix('+').unwrap_or(token);
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let significant = digits.trim_start_matches('0');
    if significant.is_empty() || significant.len() > 10 {
        return None;
    }
    u32::try_from(significant.parse::<u64>().ok()?).ok()
}

fn check_text(text: &str) {
    let (parsed, peak) = fuzz::peak_during(|| parse_size(text));
    assert_memory(peak, text.len(), "parse_size");
    match parsed {
        Ok(n) => assert_eq!(Some(n), expected(text), "{text:?}"),
        Err(e) => {
            assert_eq!(expected(text), None, "{text:?}: {e}");
            assert_short_message(&e.to_string(), "parse_size");
        }
    }
}

fn check_bytes(bytes: &[u8]) {
    let (read, peak) = fuzz::peak_during(|| read_size(bytes));
    assert_memory(peak, bytes.len(), "read_size");
    match std::str::from_utf8(bytes) {
        // Within the limit, reading is parsing.
        Ok(text) if text.len() <= SIZE_TEXT_MAX => {
            assert_eq!(
                read.as_ref().ok(),
                parse_size(text).ok().as_ref(),
                "{text:?}"
            );
        }
        _ => {}
    }
    if let Err(e) = read {
        assert_short_message(&e.to_string(), "read_size");
    }
}

proptest! {
    #![proptest_config(fuzz::cases(3000))]

    #[test]
    fn parse_size_of_any_text(text in any::<String>()) {
        check_text(&text);
    }

    #[test]
    fn parse_size_of_number_like_text(text in "[ \t\n+-]{0,3}[0-9]{0,12}[ \t\nx0-9+-]{0,3}") {
        check_text(&text);
    }

    #[test]
    fn parse_size_gives_back_every_size(n in 1..=u32::MAX, zeros in 0..3usize, before in blank(), after in blank()) {
        let text = format!("{before}{}{n}{after}", "0".repeat(zeros));
        prop_assert_eq!(parse_size(&text), Ok(n));
        prop_assert_eq!(read_size(text.as_bytes()).ok(), Some(n));
    }

    #[test]
    fn read_size_of_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..2048)) {
        check_bytes(&bytes);
    }

    #[test]
    fn read_size_of_mutated_sizes(n in 1..=u32::MAX, before in blank(), after in blank(), mutations in mutations()) {
        let text = format!("{before}{n}{after}");
        check_bytes(&mutate(text.into_bytes(), &mutations));
    }

    #[test]
    fn read_size_of_long_inputs(blanks in 0..200_000usize, token in 0..5000usize, byte in any::<u8>()) {
        // Blank space of any length costs nothing; text past the maximum
        // is refused, naming the maximum.
        let mut bytes = vec![b' '; blanks];
        bytes.extend(std::iter::repeat_n(byte, token));
        let (read, peak) = fuzz::peak_during(|| read_size(&bytes[..]));
        prop_assert!(peak <= 16 * 1024, "{} bytes at peak", peak);
        if token > SIZE_TEXT_MAX && !byte.is_ascii_whitespace() {
            let is_too_long = matches!(
                read,
                Err(nqueens::Error::Parse(ParseSizeError::TooLong { max: SIZE_TEXT_MAX, .. }))
            );
            prop_assert!(is_too_long);
        }
    }
}
