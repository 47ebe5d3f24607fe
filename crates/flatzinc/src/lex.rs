//! The tokens of FlatZinc, read one at a time with their positions.

use crate::ast::Pos;
use crate::error::ParseError;

/// One token.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Token {
    /// A name or a keyword.
    Ident(String),
    Int(i64),
    Float(f64),
    Str(String),
    /// One of `: :: ; , ( ) [ ] { } = ..`.
    Punct(&'static str),
    End,
}

impl Token {
    /// How the token is named in an error message.
    pub(crate) fn describe(&self) -> String {
        match self {
            Token::Ident(name) => format!("'{}'", crate::error::cut(name)),
            Token::Int(i) => format!("the number {i}"),
            Token::Float(x) => format!("the number {x}"),
            Token::Str(_) => "a string".to_string(),
            Token::Punct(p) => format!("'{p}'"),
            Token::End => "the end of the file".to_string(),
        }
    }
}

/// A cursor over the text that yields tokens.
#[derive(Debug)]
pub(crate) struct Lexer<'a> {
    text: &'a str,
    at: usize,
    pos: Pos,
}

const PUNCT: [&str; 12] = ["::", "..", ":", ";", ",", "(", ")", "[", "]", "{", "}", "="];

impl<'a> Lexer<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Lexer {
            text,
            // A UTF-8 byte-order mark, which some editors write first, is
            // no part of the model.
            at: if text.starts_with('\u{feff}') { 3 } else { 0 },
            pos: Pos { line: 1, column: 1 },
        }
    }

    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    /// Moves over `n` bytes of the text, which hold no line break.
    fn advance(&mut self, n: usize) {
        let taken = &self.text[self.at..self.at + n];
        self.pos.column = self.pos.column.saturating_add(taken.chars().count() as u32);
        self.at += n;
    }

    /// Blank space and `%` comments.
    fn skip_blank(&mut self) {
        loop {
            let rest = self.rest();
            let Some(c) = rest.chars().next() else { return };
            if c == '\n' {
                self.at += 1;
                self.pos.line = self.pos.line.saturating_add(1);
                self.pos.column = 1;
            } else if c.is_whitespace() {
                self.advance(c.len_utf8());
            } else if c == '%' {
                let end = rest.find('\n').unwrap_or(rest.len());
                self.advance(end);
            } else {
                return;
            }
        }
    }

    /// The next token and where it starts.
    pub(crate) fn next_token(&mut self) -> Result<(Token, Pos), ParseError> {
        self.skip_blank();
        let pos = self.pos;
        let rest = self.rest();
        let Some(c) = rest.chars().next() else {
            return Ok((Token::End, pos));
        };
        if c.is_ascii_alphabetic() || c == '_' {
            let len = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            self.advance(len);
            return Ok((Token::Ident(rest[..len].to_string()), pos));
        }
        let negative_number = c == '-' && rest[1..].starts_with(|c: char| c.is_ascii_digit());
        if c.is_ascii_digit() || negative_number {
            return self.number(pos);
        }
        if c == '"' {
            return self.string(pos);
        }
        for p in PUNCT {
            if rest.starts_with(p) {
                self.advance(p.len());
                return Ok((Token::Punct(p), pos));
            }
        }
        Err(ParseError::new(
            pos,
            format!("unexpected character {}", crate::error::cut(&c.to_string())),
        ))
    }

    fn number(&mut self, pos: Pos) -> Result<(Token, Pos), ParseError> {
        let rest = self.rest();
        let sign = usize::from(rest.starts_with('-'));
        let body = &rest[sign..];
        let radix = if body.starts_with("0x") {
            Some(16)
        } else if body.starts_with("0o") {
            Some(8)
        } else {
            None
        };
        if let Some(radix) = radix {
            let digits = &body[2..];
            let len = digits
                .find(|c: char| !c.is_digit(radix))
                .unwrap_or(digits.len());
            let text = &digits[..len];
            // Read as a magnitude first: -0x8000000000000000 is i64::MIN,
            // whose magnitude is no i64.
            let value = u64::from_str_radix(text, radix).ok().and_then(|v| {
                if sign == 1 {
                    0i64.checked_sub_unsigned(v)
                } else {
                    i64::try_from(v).ok()
                }
            });
            self.advance(sign + 2 + len);
            return match value {
                Some(v) => Ok((Token::Int(v), pos)),
                None => Err(ParseError::new(pos, "an integer outside the 64-bit range")),
            };
        }
        let digits = body
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(body.len());
        let mut len = digits;
        let mut float = false;
        // A fraction needs a digit after the point: `1..5` is a range.
        let after = &body[len..];
        if after.starts_with('.') && after[1..].starts_with(|c: char| c.is_ascii_digit()) {
            float = true;
            len += 1 + after[1..]
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(after.len() - 1);
        }
        let after = &body[len..];
        if after.starts_with(['e', 'E']) {
            let exp = &after[1..];
            let exp_sign = usize::from(exp.starts_with(['+', '-']));
            let exp_digits = exp[exp_sign..]
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(exp.len() - exp_sign);
            if exp_digits > 0 {
                float = true;
                len += 1 + exp_sign + exp_digits;
            }
        }
        let text = &rest[..sign + len];
        self.advance(sign + len);
        if float {
            match text.parse::<f64>() {
                Ok(x) if x.is_finite() => Ok((Token::Float(x), pos)),
                _ => Err(ParseError::new(pos, "a float outside the 64-bit range")),
            }
        } else {
            match text.parse::<i64>() {
                Ok(v) => Ok((Token::Int(v), pos)),
                Err(_) => Err(ParseError::new(pos, "an integer outside the 64-bit range")),
            }
        }
    }

    fn string(&mut self, pos: Pos) -> Result<(Token, Pos), ParseError> {
        let body = &self.rest()[1..];
        let mut escaped = false;
        for (i, c) in body.char_indices() {
            match c {
                '\n' => break,
                '\\' if !escaped => escaped = true,
                '"' if !escaped => {
                    let text = body[..i].to_string();
                    self.advance(i + 2);
                    return Ok((Token::Str(text), pos));
                }
                _ => escaped = false,
            }
        }
        Err(ParseError::new(
            pos,
            "a string that does not end on its line",
        ))
    }
}
