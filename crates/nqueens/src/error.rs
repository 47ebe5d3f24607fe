//! The crate's error type.

use std::io;

/// What can go wrong when asking this crate for something.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The board size is 0; every board has at least one square.
    #[error("the board size must be at least 1, got 0")]
    ZeroSize,
    /// The board size is larger than the operation supports.
    #[error("the board size must be at most {max}, got {n}")]
    TooLarge {
        /// The size asked for.
        n: u64,
        /// The largest size supported here.
        max: u64,
    },
    /// [`NQueens`](crate::NQueens) keeps boards of up to 64 columns;
    /// [`WideQueens`](crate::WideQueens) takes larger ones.
    #[error(
        "NQueens keeps boards of up to 64 columns in machine words, got {0}: use WideQueens for larger boards"
    )]
    TooWide(u32),
    /// A task of one board size was given to the count of another.
    #[error("a task of the count of n = {task} cannot be counted for n = {n}")]
    OtherBoard {
        /// The board size the task belongs to.
        task: u32,
        /// The board size of the count.
        n: u32,
    },
    /// Pre-placed queens lie off the board (0-based squares; the message
    /// gives them 1-based, as `ROW:COLUMN`).
    #[error("{} off the {n}x{n} board (rows and columns go from 1 to {n}): {}", if queens.len() == 1 { "a queen lies" } else { "queens lie" }, squares(queens))]
    OffBoard {
        /// The board size.
        n: u32,
        /// Every queen off the board, `(row, column)`, 0-based.
        queens: Vec<(u32, u32)>,
    },
    /// The same square is given twice (0-based; the message gives it
    /// 1-based).
    #[error("the queen at {} is given twice: a square holds one queen", squares(&[*square]))]
    PlacedTwice {
        /// The square, `(row, column)`.
        square: (u32, u32),
    },
    /// Two pre-placed queens attack each other (0-based squares; the
    /// message gives them 1-based).
    #[error("the queens at {} and {} attack each other along {line}", squares(&[*first]), squares(&[*second]))]
    PlacedAttack {
        /// The queen given first, `(row, column)`.
        first: (u32, u32),
        /// The queen given second.
        second: (u32, u32),
        /// The line they share.
        line: crate::Line,
    },
    /// Text that should hold a board size does not.
    #[error(transparent)]
    Parse(#[from] ParseSizeError),
    /// Writing the output failed.
    #[error("cannot write the output: {0}")]
    Io(#[from] io::Error),
}

/// The most squares a message lists; the others are counted.
pub const SQUARES_SHOWN: usize = 8;

/// 0-based squares as the user writes them: 1-based `ROW:COLUMN`, spaced,
/// the first [`SQUARES_SHOWN`] of them and the number of the others.
fn squares(queens: &[(u32, u32)]) -> String {
    let shown: Vec<String> = queens
        .iter()
        .take(SQUARES_SHOWN)
        .map(|&(r, c)| format!("{}:{}", u64::from(r) + 1, u64::from(c) + 1))
        .collect();
    let mut text = shown.join(" ");
    if let Some(more) = queens.len().checked_sub(SQUARES_SHOWN).filter(|&k| k > 0) {
        text.push_str(&format!(" and {more} more"));
    }
    text
}

/// Why a text is not a board size, from [`parse_size`](crate::parse_size).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseSizeError {
    /// Nothing but whitespace.
    #[error("expected a board size n (a whole number, at least 1), but the input is empty")]
    Empty,
    /// More than one token.
    #[error("expected one board size n, got {0:?}")]
    Several(String),
    /// A negative number.
    #[error("the board size must be at least 1, got {0}")]
    Negative(String),
    /// Zero.
    #[error("the board size must be at least 1, got 0")]
    Zero,
    /// A number too large to be a board size.
    #[error("the board size {0} is too large (at most {max})", max = u32::MAX)]
    Overflow(String),
    /// Bytes that are not UTF-8 text.
    #[error("expected a board size n (a whole number, at least 1), but the input is not text")]
    NotText,
    /// Not a whole number.
    #[error("expected a board size n (a whole number, at least 1), got {0:?}")]
    NotANumber(String),
    /// More text than a board size could take: [`read_size`](crate::read_size)
    /// stops reading there.
    #[error(
        "expected a board size n, but the input holds more than {max} bytes of text (it starts {start:?})"
    )]
    TooLong {
        /// The most text read: [`SIZE_TEXT_MAX`](crate::SIZE_TEXT_MAX).
        max: usize,
        /// The beginning of the text, cut by [`echo`](crate::echo).
        start: String,
    },
}
