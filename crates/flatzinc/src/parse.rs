//! A recursive-descent parser for the FlatZinc grammar, reading tokens one
//! at a time: memory grows with the syntax tree alone.

use crate::ast::{
    Annotation, Base, Constraint, Declaration, Expr, Goal, Index, Model, Pos, Predicate, Solve,
    Type,
};
use crate::error::{ParseError, cut};
use crate::lex::{Lexer, Token};
use crate::limit::Watch;

/// How deeply arrays and annotation calls may nest: far beyond what
/// MiniZinc writes, and a bound on the parser's stack.
pub const MAX_DEPTH: u32 = 64;

/// Reads a FlatZinc model.
///
/// Items may come in any order, except that the `solve` item, which is
/// required, comes last. Names are not resolved here.
///
/// # Errors
///
/// The first place where the text leaves the grammar, with its line and
/// column and what was expected there.
///
/// # Example
///
/// ```
/// let model = flatzinc::parse("var 1..3: x :: output_var;\nconstraint int_ne(x, 2);\nsolve satisfy;\n")?;
/// assert_eq!(model.declarations[0].name, "x");
/// assert_eq!(model.constraints[0].name, "int_ne");
///
/// let error = flatzinc::parse("var 1..3: x\nsolve satisfy;").unwrap_err();
/// assert_eq!(error.to_string(), "line 2, column 1: expected ';' after the declaration of 'x', found 'solve'");
/// # Ok::<(), flatzinc::ParseError>(())
/// ```
pub fn parse(text: &str) -> Result<Model, ParseError> {
    parse_watched(text, &mut Watch::new(&backtrack::Limits::default()))
}

/// [`parse`], stopped (with an error, the stop kept in `watch`) once a
/// limit of `watch` is reached.
pub(crate) fn parse_watched(text: &str, watch: &mut Watch<'_>) -> Result<Model, ParseError> {
    let mut parser = Parser::new(text, watch)?;
    let mut model = Model::default();
    loop {
        let pos = parser.pos;
        match &parser.tok {
            Token::End => {
                return Err(ParseError::new(pos, "the model has no 'solve' item"));
            }
            Token::Ident(word) if word == "predicate" => {
                let item = parser.predicate()?;
                model.predicates.push(item);
            }
            Token::Ident(word) if word == "constraint" => {
                let item = parser.constraint()?;
                model.constraints.push(item);
            }
            Token::Ident(word) if word == "solve" => {
                model.solve = parser.solve()?;
                if parser.tok != Token::End {
                    return Err(parser.unexpected("nothing after the 'solve' item"));
                }
                return Ok(model);
            }
            _ => {
                let item = parser.declaration()?;
                model.declarations.push(item);
            }
        }
    }
}

#[derive(Debug)]
struct Parser<'a, 'w, 'l> {
    lex: Lexer<'a>,
    tok: Token,
    pos: Pos,
    depth: u32,
    watch: &'w mut Watch<'l>,
}

impl<'a, 'w, 'l> Parser<'a, 'w, 'l> {
    fn new(text: &'a str, watch: &'w mut Watch<'l>) -> Result<Self, ParseError> {
        let mut lex = Lexer::new(text);
        let (tok, pos) = lex.next_token()?;
        Ok(Parser {
            lex,
            tok,
            pos,
            depth: 0,
            watch,
        })
    }

    /// The current token, and moves to the next one.
    fn bump(&mut self) -> Result<Token, ParseError> {
        if let Err(stop) = self.watch.tick() {
            return Err(ParseError::new(self.pos, stop.to_string()));
        }
        let (tok, pos) = self.lex.next_token()?;
        self.pos = pos;
        Ok(std::mem::replace(&mut self.tok, tok))
    }

    fn unexpected(&self, wanted: &str) -> ParseError {
        ParseError::new(
            self.pos,
            format!("expected {wanted}, found {}", self.tok.describe()),
        )
    }

    fn is_punct(&self, p: &str) -> bool {
        matches!(self.tok, Token::Punct(q) if q == p)
    }

    fn is_word(&self, word: &str) -> bool {
        matches!(&self.tok, Token::Ident(w) if w == word)
    }

    fn punct(&mut self, p: &str, wanted: &str) -> Result<(), ParseError> {
        if self.is_punct(p) {
            self.bump()?;
            Ok(())
        } else {
            Err(self.unexpected(wanted))
        }
    }

    fn word(&mut self, word: &str) -> Result<(), ParseError> {
        if self.is_word(word) {
            self.bump()?;
            Ok(())
        } else {
            Err(self.unexpected(&format!("'{word}'")))
        }
    }

    fn ident(&mut self, wanted: &str) -> Result<String, ParseError> {
        match &self.tok {
            Token::Ident(_) => match self.bump()? {
                Token::Ident(name) => Ok(name),
                _ => unreachable!("the token was just seen to be a name"),
            },
            _ => Err(self.unexpected(wanted)),
        }
    }

    fn int(&mut self) -> Result<i64, ParseError> {
        match self.tok {
            Token::Int(i) => {
                self.bump()?;
                Ok(i)
            }
            _ => Err(self.unexpected("an integer")),
        }
    }

    fn enter(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ParseError::new(
                self.pos,
                format!("arrays or annotations nested more than {MAX_DEPTH} deep"),
            ));
        }
        Ok(())
    }

    /// `predicate name(type: param, ...);`
    fn predicate(&mut self) -> Result<Predicate, ParseError> {
        let pos = self.pos;
        self.word("predicate")?;
        let name = self.ident("the predicate's name")?;
        self.punct("(", "'(' after the predicate's name")?;
        let mut params = Vec::new();
        if !self.is_punct(")") {
            loop {
                let ty = self.ty()?;
                self.punct(":", "':' after a parameter's type")?;
                let param = self.ident("a parameter's name")?;
                params.push((ty, param));
                if !self.is_punct(",") {
                    break;
                }
                self.bump()?;
            }
        }
        self.punct(")", "')' or ',' in the predicate's parameters")?;
        self.punct(";", "';' after the predicate")?;
        Ok(Predicate { name, params, pos })
    }

    /// `[array [index, ...] of] [var] base`
    fn ty(&mut self) -> Result<Type, ParseError> {
        let mut array = None;
        if self.is_word("array") {
            self.bump()?;
            self.punct("[", "'[' after 'array'")?;
            let mut indices = Vec::new();
            loop {
                if self.is_word("int") {
                    self.bump()?;
                    indices.push(Index::Int);
                } else {
                    let lo = self.int()?;
                    self.punct("..", "'..' in an index set")?;
                    let hi = self.int()?;
                    indices.push(Index::Range(lo, hi));
                }
                if !self.is_punct(",") {
                    break;
                }
                self.bump()?;
            }
            self.punct("]", "']' after the index sets")?;
            self.word("of")?;
            array = Some(indices);
        }
        let var = self.is_word("var");
        if var {
            self.bump()?;
        }
        let base = self.base()?;
        Ok(Type { array, var, base })
    }

    fn base(&mut self) -> Result<Base, ParseError> {
        let base = match &self.tok {
            Token::Ident(w) if w == "bool" => Base::Bool,
            Token::Ident(w) if w == "int" => Base::Int,
            Token::Ident(w) if w == "float" => Base::Float,
            Token::Ident(w) if w == "ann" => Base::Ann,
            Token::Ident(w) if w == "set" => {
                self.bump()?;
                self.word("of")?;
                self.enter()?;
                let inner = self.base()?;
                self.depth -= 1;
                return Ok(Base::SetOf(Box::new(inner)));
            }
            Token::Int(_) | Token::Float(_) | Token::Punct("{") => {
                return match self.literal()? {
                    Expr::IntRange(lo, hi) => Ok(Base::IntRange(lo, hi)),
                    Expr::IntSet(values) => Ok(Base::IntSet(values)),
                    Expr::FloatRange(lo, hi) => Ok(Base::FloatRange(lo, hi)),
                    _ => Err(ParseError::new(self.pos, "expected a type, found a number")),
                };
            }
            _ => return Err(self.unexpected("a type")),
        };
        self.bump()?;
        Ok(base)
    }

    /// `type: name :: annotations [= value];`
    fn declaration(&mut self) -> Result<Declaration, ParseError> {
        let pos = self.pos;
        let ty = self.ty()?;
        self.punct(":", "':' after the type")?;
        let name = self.ident("the declared name")?;
        let annotations = self.annotations()?;
        let value = if self.is_punct("=") {
            self.bump()?;
            Some(self.expr(false)?)
        } else {
            None
        };
        let after = format!("';' after the declaration of '{}'", cut(&name));
        self.punct(";", &after)?;
        Ok(Declaration {
            ty,
            name,
            annotations,
            value,
            pos,
        })
    }

    /// `constraint name(args) :: annotations;`
    fn constraint(&mut self) -> Result<Constraint, ParseError> {
        let pos = self.pos;
        self.word("constraint")?;
        let name = self.ident("the constraint's name")?;
        self.punct("(", "'(' after the constraint's name")?;
        let mut args = Vec::new();
        if !self.is_punct(")") {
            loop {
                args.push(self.expr(false)?);
                if !self.is_punct(",") {
                    break;
                }
                self.bump()?;
            }
        }
        self.punct(")", "')' or ',' in the constraint's arguments")?;
        let annotations = self.annotations()?;
        self.punct(";", "';' after the constraint")?;
        Ok(Constraint {
            name,
            args,
            annotations,
            pos,
        })
    }

    /// `solve :: annotations (satisfy | minimize e | maximize e);`
    fn solve(&mut self) -> Result<Solve, ParseError> {
        let pos = self.pos;
        self.word("solve")?;
        let annotations = self.annotations()?;
        let goal = if self.is_word("satisfy") {
            self.bump()?;
            Goal::Satisfy
        } else if self.is_word("minimize") {
            self.bump()?;
            Goal::Minimize(self.expr(false)?)
        } else if self.is_word("maximize") {
            self.bump()?;
            Goal::Maximize(self.expr(false)?)
        } else {
            return Err(self.unexpected("'satisfy', 'minimize' or 'maximize'"));
        };
        self.punct(";", "';' after the solve item")?;
        Ok(Solve {
            annotations,
            goal,
            pos,
        })
    }

    fn annotations(&mut self) -> Result<Vec<Annotation>, ParseError> {
        let mut out = Vec::new();
        while self.is_punct("::") {
            self.bump()?;
            out.push(self.annotation()?);
        }
        Ok(out)
    }

    fn annotation(&mut self) -> Result<Annotation, ParseError> {
        let name = self.ident("an annotation")?;
        let args = self.call_args()?;
        Ok(Annotation { name, args })
    }

    /// `(expr, ...)` after an annotation's name, or nothing.
    fn call_args(&mut self) -> Result<Vec<Expr>, ParseError> {
        let mut args = Vec::new();
        if !self.is_punct("(") {
            return Ok(args);
        }
        self.bump()?;
        self.enter()?;
        loop {
            args.push(self.expr(true)?);
            if !self.is_punct(",") {
                break;
            }
            self.bump()?;
        }
        self.depth -= 1;
        self.punct(")", "')' or ',' in the annotation's arguments")?;
        Ok(args)
    }

    /// An expression; calls only inside annotations (`in_annotation`).
    fn expr(&mut self, in_annotation: bool) -> Result<Expr, ParseError> {
        match &self.tok {
            Token::Ident(_) => {
                let name = self.ident("a name")?;
                match name.as_str() {
                    "true" => return Ok(Expr::Bool(true)),
                    "false" => return Ok(Expr::Bool(false)),
                    _ => {}
                }
                if self.is_punct("[") {
                    self.bump()?;
                    let i = self.int()?;
                    self.punct("]", "']' after an index")?;
                    Ok(Expr::Element(name, i))
                } else if self.is_punct("(") {
                    if !in_annotation {
                        return Err(ParseError::new(
                            self.pos,
                            format!("a call of '{}' outside an annotation", cut(&name)),
                        ));
                    }
                    let args = self.call_args()?;
                    Ok(Expr::Call(Annotation { name, args }))
                } else {
                    Ok(Expr::Ident(name))
                }
            }
            Token::Str(_) => match self.bump()? {
                Token::Str(s) => Ok(Expr::Str(s)),
                _ => unreachable!("the token was just seen to be a string"),
            },
            Token::Punct("[") => {
                self.bump()?;
                self.enter()?;
                let mut items = Vec::new();
                if !self.is_punct("]") {
                    loop {
                        items.push(self.expr(in_annotation)?);
                        if !self.is_punct(",") {
                            break;
                        }
                        self.bump()?;
                    }
                }
                self.depth -= 1;
                self.punct("]", "']' or ',' in an array")?;
                Ok(Expr::Array(items))
            }
            Token::Int(_) | Token::Float(_) | Token::Punct("{") => self.literal(),
            _ => Err(self.unexpected("an expression")),
        }
    }

    /// A number, a range or a set literal.
    fn literal(&mut self) -> Result<Expr, ParseError> {
        match self.tok {
            Token::Int(lo) => {
                self.bump()?;
                if self.is_punct("..") {
                    self.bump()?;
                    Ok(Expr::IntRange(lo, self.int()?))
                } else {
                    Ok(Expr::Int(lo))
                }
            }
            Token::Float(lo) => {
                self.bump()?;
                if self.is_punct("..") {
                    self.bump()?;
                    match self.tok {
                        Token::Float(hi) => {
                            self.bump()?;
                            Ok(Expr::FloatRange(lo, hi))
                        }
                        _ => Err(self.unexpected("a float")),
                    }
                } else {
                    Ok(Expr::Float(lo))
                }
            }
            _ => {
                self.punct("{", "'{'")?;
                let mut values = Vec::new();
                if !self.is_punct("}") {
                    loop {
                        values.push(self.int()?);
                        if !self.is_punct(",") {
                            break;
                        }
                        self.bump()?;
                    }
                }
                self.punct("}", "'}' or ',' in a set")?;
                Ok(Expr::IntSet(values))
            }
        }
    }
}
