//! Placements read back from text: one line of 1-based columns per
//! placement, as [`write_line`](crate::format::write_line) and
//! [`Solution`](crate::Solution)'s `Display` print them.

use std::io::{self, BufRead};

use runner::echo;

/// The longest line [`Placements`] reads: 128 MiB, room for a placement of
/// ten million queens as `nqueens one` prints it (about 79 MB). A line
/// holds at most half as many queens as bytes, so its columns take at most
/// twice its length in memory.
pub const PLACEMENT_LINE_MAX: usize = 128 << 20;

/// Why a line is not a placement.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParsePlacementError {
    /// A token that is not a column from 1 up.
    #[error("the column of row {row} is {token:?}; expected a whole number from 1 to n")]
    Column {
        /// The 1-based row of the token.
        row: usize,
        /// The token, cut by [`echo`](crate::echo).
        token: String,
    },
    /// A line longer than the reader's maximum.
    #[error(
        "the line is longer than {max} bytes, the most a placement line may hold (n up to 10^7)"
    )]
    LineTooLong {
        /// The maximum, [`PLACEMENT_LINE_MAX`] unless set otherwise.
        max: usize,
    },
    /// Bytes that are not UTF-8 text.
    #[error("the line is not text (UTF-8)")]
    NotText,
}

/// Parses one line of 1-based columns separated by whitespace into 0-based
/// columns, row by row; `None` for a blank line. It checks only the
/// syntax: [`validate`](crate::validate) says whether the placement is a
/// solution.
///
/// # Errors
///
/// [`ParsePlacementError::Column`] for the first token that is not a whole
/// number from 1 to 2<sup>32</sup> - 1.
///
/// # Example
///
/// ```
/// use nqueens::{parse_placement, Solution};
///
/// assert_eq!(parse_placement(" 2 4 1 3\r"), Ok(Some(vec![1, 3, 0, 2])));
/// assert_eq!(parse_placement("  "), Ok(None));
/// assert!(parse_placement("2 0 1").is_err());
/// let solution = Solution::from_columns(vec![1, 3, 0, 2]);
/// assert_eq!(parse_placement(&solution.to_string()), Ok(Some(vec![1, 3, 0, 2])));
/// ```
pub fn parse_placement(line: &str) -> Result<Option<Vec<u32>>, ParsePlacementError> {
    let mut columns = Vec::new();
    for (i, token) in line.split_whitespace().enumerate() {
        match token.parse::<u32>() {
            Ok(col) if col >= 1 => columns.push(col - 1),
            _ => {
                return Err(ParsePlacementError::Column {
                    row: i + 1,
                    token: echo(token),
                });
            }
        }
    }
    Ok((!columns.is_empty()).then_some(columns))
}

/// A placement and the line it was on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The 1-based line number.
    pub line: usize,
    /// The 0-based columns, row by row.
    pub columns: Vec<u32>,
}

/// Why [`Placements`] stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlacementError {
    /// A line that is not a placement.
    #[error("line {line}: {reason}")]
    Line {
        /// The 1-based line number.
        line: usize,
        /// What is wrong with it.
        reason: ParsePlacementError,
    },
    /// Reading failed.
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// The placements of a text, one per non-blank line, read a line at a time
/// so that memory follows the longest line, which is at most
/// [`PLACEMENT_LINE_MAX`] bytes. The iterator ends after the first error.
///
/// # Example
///
/// ```
/// use nqueens::Placements;
///
/// let text = b"2 4 1 3\n\n1 3 2\n";
/// let lines: Vec<usize> = Placements::new(&text[..]).map(|p| p.unwrap().line).collect();
/// assert_eq!(lines, [1, 3]);
/// ```
#[derive(Debug)]
pub struct Placements<R> {
    input: R,
    max: usize,
    line: usize,
    bytes: Vec<u8>,
    done: bool,
}

impl<R: BufRead> Placements<R> {
    /// The placements of `input`, with lines of up to
    /// [`PLACEMENT_LINE_MAX`] bytes.
    pub fn new(input: R) -> Self {
        Self::with_line_max(input, PLACEMENT_LINE_MAX)
    }

    /// The placements of `input`, with lines of up to `max` bytes (the line
    /// break not counted).
    pub fn with_line_max(input: R, max: usize) -> Self {
        Placements {
            input,
            max,
            line: 0,
            bytes: Vec::new(),
            done: false,
        }
    }

    /// Reads the next line into `self.bytes`, without its line break;
    /// `false` at the end of the input.
    fn read_line(&mut self) -> Result<bool, PlacementError> {
        self.bytes.clear();
        let mut any = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            };
            if chunk.is_empty() {
                return Ok(any);
            }
            any = true;
            let (part, used, end) = match chunk.iter().position(|&b| b == b'\n') {
                Some(at) => (&chunk[..at], at + 1, true),
                None => (chunk, chunk.len(), false),
            };
            if self.bytes.len() + part.len() > self.max {
                return Err(PlacementError::Line {
                    line: self.line + 1,
                    reason: ParsePlacementError::LineTooLong { max: self.max },
                });
            }
            self.bytes.extend_from_slice(part);
            self.input.consume(used);
            if end {
                return Ok(true);
            }
        }
    }
}

impl<R: BufRead> Iterator for Placements<R> {
    type Item = Result<Placement, PlacementError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            let read = self.read_line();
            self.line += 1;
            let parsed = match read {
                Ok(false) => {
                    self.done = true;
                    return None;
                }
                Ok(true) => std::str::from_utf8(&self.bytes)
                    .map_err(|_| ParsePlacementError::NotText)
                    .and_then(parse_placement)
                    .map_err(|reason| PlacementError::Line {
                        line: self.line,
                        reason,
                    }),
                Err(e) => Err(e),
            };
            match parsed {
                Ok(None) => {}
                Ok(Some(columns)) => {
                    return Some(Ok(Placement {
                        line: self.line,
                        columns,
                    }));
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_numbered_and_blank_ones_skipped() {
        let text = b"2 4 1 3\r\n\n  \n1 3 2";
        let read: Vec<Placement> = Placements::new(&text[..]).map(Result::unwrap).collect();
        assert_eq!(
            read,
            [
                Placement {
                    line: 1,
                    columns: vec![1, 3, 0, 2]
                },
                Placement {
                    line: 4,
                    columns: vec![0, 2, 1]
                },
            ]
        );
    }

    #[test]
    fn a_line_past_the_maximum_is_refused_before_it_is_read_whole() {
        let text = format!("1 2\n{}\n", "1 ".repeat(1000));
        let mut placements = Placements::with_line_max(text.as_bytes(), 100);
        assert!(placements.next().unwrap().is_ok());
        let error = placements.next().unwrap().unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2: the line is longer than 100 bytes, the most a placement line may hold (n up to 10^7)"
        );
        assert!(placements.next().is_none());
    }

    #[test]
    fn bad_tokens_are_named_and_cut() {
        let long = "7".repeat(50);
        assert_eq!(
            parse_placement(&format!("1 {long}x")),
            Err(ParsePlacementError::Column {
                row: 2,
                token: format!("{}...", "7".repeat(32))
            })
        );
        for bad in ["0", "-1", "+0", "1.0", "4294967296", "x"] {
            assert!(parse_placement(bad).is_err(), "{bad}");
        }
    }
}
