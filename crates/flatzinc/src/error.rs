//! What can go wrong reading a FlatZinc model.

use crate::ast::Pos;

/// How many characters of a name or of the text an error message repeats.
pub const ECHO_MAX: usize = 32;

/// A model that does not follow the FlatZinc grammar, or crosses a limit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{pos}: {message}")]
pub struct ParseError {
    /// Where the problem was found.
    pub pos: Pos,
    /// What was expected or what is wrong, in one line.
    pub message: String,
}

impl ParseError {
    pub(crate) fn new(pos: Pos, message: impl Into<String>) -> Self {
        ParseError {
            pos,
            message: message.into(),
        }
    }
}

/// At most [`ECHO_MAX`] characters of `text`, then `...`; control
/// characters shown escaped, so a message stays on one line.
pub(crate) fn cut(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(ECHO_MAX)
        .flat_map(|c| {
            if c.is_control() {
                c.escape_default().collect::<Vec<_>>()
            } else {
                vec![c]
            }
        })
        .collect();
    if text.chars().nth(ECHO_MAX).is_some() {
        out.push_str("...");
    }
    out
}
