//! Reading a board size the way online judges give it.

use std::io::{self, BufRead, BufReader, Read};

use runner::echo;

use crate::error::{Error, ParseSizeError};

/// The most text [`read_size`] keeps: the input from its first to its last
/// non-blank byte, each run of blanks counted as one byte. A board size
/// takes at most ten digits; the rest is room for a clear message about
/// what else was there. Blank space around the text is skipped without
/// limit and without memory.
pub const SIZE_TEXT_MAX: usize = 1024;

/// Reads a board size from `input` (standard input, typically) to its end,
/// as [`parse_size`] parses it.
///
/// Memory stays bounded whatever the input: at most [`SIZE_TEXT_MAX`] bytes
/// of text are kept, and reading stops as soon as there is more.
///
/// # Errors
///
/// [`Error::Io`] if reading fails, [`Error::Parse`] if the text is not one
/// board size (or is not text at all, or is longer than
/// [`SIZE_TEXT_MAX`]).
///
/// # Example
///
/// ```
/// assert_eq!(nqueens::read_size(&b"13\n"[..])?, 13);
/// let padded = format!("{}6\n", " ".repeat(1 << 20));
/// assert_eq!(nqueens::read_size(padded.as_bytes())?, 6);
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn read_size(input: impl Read) -> Result<u32, Error> {
    let mut input = BufReader::with_capacity(8 * 1024, input);
    // The text with blank runs squeezed to one space; a blank run is only
    // written out once text follows it.
    let mut text = Vec::new();
    let mut blank = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok([]) => break,
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        for &byte in chunk {
            if byte.is_ascii_whitespace() {
                blank = true;
                continue;
            }
            if blank && !text.is_empty() {
                text.push(b' ');
            }
            blank = false;
            text.push(byte);
            if text.len() > SIZE_TEXT_MAX {
                return Err(ParseSizeError::TooLong {
                    max: SIZE_TEXT_MAX,
                    start: echo(&String::from_utf8_lossy(&text)),
                }
                .into());
            }
        }
        let used = chunk.len();
        input.consume(used);
    }
    let text = std::str::from_utf8(&text).map_err(|_| ParseSizeError::NotText)?;
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
        return Err(ParseSizeError::Several(echo(text.trim())));
    }
    let digits = token.strip_prefix('+').unwrap_or(token);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return match digits.parse::<u32>() {
            Ok(0) => Err(ParseSizeError::Zero),
            Ok(n) => Ok(n),
            Err(_) => Err(ParseSizeError::Overflow(echo(token))),
        };
    }
    let is_negative_number = token
        .strip_prefix('-')
        .is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()));
    if is_negative_number {
        if token[1..].bytes().all(|b| b == b'0') {
            return Err(ParseSizeError::Zero);
        }
        return Err(ParseSizeError::Negative(echo(token)));
    }
    Err(ParseSizeError::NotANumber(echo(token)))
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

    #[test]
    fn a_long_token_is_echoed_cut() {
        let long = "x".repeat(100_000);
        let message = parse_size(&long).unwrap_err().to_string();
        assert!(message.len() < 120, "{message}");
        assert!(
            message.contains(&format!("\"{}...\"", "x".repeat(32))),
            "{message}"
        );
    }

    #[test]
    fn read_size_skips_any_amount_of_blank_space() {
        let padded = format!("{}6{}", " \n\t".repeat(100_000), "\r\n".repeat(100_000));
        assert_eq!(read_size(padded.as_bytes()).unwrap(), 6);
        let two = format!("6{}7", "\n".repeat(100_000));
        assert!(matches!(
            read_size(two.as_bytes()),
            Err(Error::Parse(ParseSizeError::Several(text))) if text == "6 7"
        ));
    }

    #[test]
    fn read_size_stops_at_its_maximum() {
        // An endless input: reading stops once the text is too long.
        let endless = std::io::repeat(b'7');
        let message = read_size(endless).unwrap_err().to_string();
        assert!(message.contains(&SIZE_TEXT_MAX.to_string()), "{message}");
    }
}
