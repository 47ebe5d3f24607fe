//! Reading a board size the way online judges give it.

use std::io::Read;

use crate::error::{Error, ParseSizeError};

/// The most input [`read_size`] looks at: a judge gives one short line.
const MAX_INPUT: u64 = 64 * 1024;

/// Reads a board size from `input` (standard input, typically) to its end,
/// as [`parse_size`] parses it.
///
/// # Errors
///
/// [`Error::Io`] if reading fails, [`Error::Parse`] if the text is not one
/// board size (or is not text at all).
///
/// # Example
///
/// ```
/// assert_eq!(nqueens::read_size(&b"13\n"[..])?, 13);
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn read_size(input: impl Read) -> Result<u32, Error> {
    let mut bytes = Vec::new();
    input.take(MAX_INPUT).read_to_end(&mut bytes)?;
    let text = std::str::from_utf8(&bytes).map_err(|_| ParseSizeError::NotText)?;
    Ok(parse_size(text)?)
}

/// Parses a board size n from text as an online judge gives it: one whole
/// number, possibly surrounded by whitespace and line breaks.
///
/// # Example
///
/// ```
/// use nqueens::{parse_size, ParseSizeError};
///
/// assert_eq!(parse_size(" 8\r\n"), Ok(8));
/// assert_eq!(parse_size(""), Err(ParseSizeError::Empty));
/// assert_eq!(parse_size("0"), Err(ParseSizeError::Zero));
/// assert!(parse_size("-3").is_err());
/// assert!(parse_size("eight").is_err());
/// ```
pub fn parse_size(text: &str) -> Result<u32, ParseSizeError> {
    let mut tokens = text.split_whitespace();
    let token = tokens.next().ok_or(ParseSizeError::Empty)?;
    if tokens.next().is_some() {
        return Err(ParseSizeError::Several(text.trim().to_owned()));
    }
    let digits = token.strip_prefix('+').unwrap_or(token);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return match digits.parse::<u32>() {
            Ok(0) => Err(ParseSizeError::Zero),
            Ok(n) => Ok(n),
            Err(_) => Err(ParseSizeError::Overflow(token.to_owned())),
        };
    }
    let is_negative_number = token
        .strip_prefix('-')
        .is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()));
    if is_negative_number {
        if token[1..].bytes().all(|b| b == b'0') {
            return Err(ParseSizeError::Zero);
        }
        return Err(ParseSizeError::Negative(token.to_owned()));
    }
    Err(ParseSizeError::NotANumber(token.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_inputs() {
        assert_eq!(parse_size("6\n"), Ok(6));
        assert_eq!(parse_size("\t13  \n\n"), Ok(13));
        assert_eq!(parse_size("+4"), Ok(4));
        assert_eq!(parse_size("007"), Ok(7));
    }

    #[test]
    fn bad_inputs() {
        assert_eq!(parse_size(" \n"), Err(ParseSizeError::Empty));
        assert_eq!(parse_size("00"), Err(ParseSizeError::Zero));
        assert_eq!(parse_size("-0"), Err(ParseSizeError::Zero));
        assert_eq!(parse_size("-5"), Err(ParseSizeError::Negative("-5".into())));
        assert_eq!(
            parse_size("6 7"),
            Err(ParseSizeError::Several("6 7".into()))
        );
        assert_eq!(
            parse_size("1e3"),
            Err(ParseSizeError::NotANumber("1e3".into()))
        );
        assert_eq!(parse_size("+"), Err(ParseSizeError::NotANumber("+".into())));
        assert_eq!(parse_size("-"), Err(ParseSizeError::NotANumber("-".into())));
        assert_eq!(
            parse_size("99999999999"),
            Err(ParseSizeError::Overflow("99999999999".into()))
        );
    }
}
