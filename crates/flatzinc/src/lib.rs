//! A reader of FlatZinc, the language MiniZinc compiles models into for a
//! solver: the whole grammar (predicate declarations, parameters, arrays,
//! variables with ranges, sets and unbounded domains, constraints,
//! annotations with their arguments, `solve satisfy`, `minimize` and
//! `maximize`) read into a typed syntax tree ([`Model`]), with errors that
//! name the line and column.
//!
//! Reading is one pass over the text with one token of look-ahead: memory
//! is the syntax tree's, and nesting is bounded ([`MAX_DEPTH`]), so no input
//! overflows the stack.
//!
//! # Example
//!
//! ```
//! use flatzinc::{Base, Expr, Goal};
//!
//! let text = "\
//! array [1..2] of int: c = [1, -1];
//! var 1..4: x :: output_var;
//! var 1..4: y :: output_var;
//! constraint int_lin_ne(c, [x, y], 0);
//! solve :: int_search([x, y], first_fail, indomain_min, complete) maximize x;
//! ";
//! let model = flatzinc::parse(text)?;
//! assert_eq!(model.declarations.len(), 3);
//! assert_eq!(model.declarations[1].ty.base, Base::IntRange(1, 4));
//! assert!(model.declarations[1].annotations[0].is("output_var"));
//! assert_eq!(model.constraints[0].args[2], Expr::Int(0));
//! assert_eq!(model.solve.goal, Goal::Maximize(Expr::Ident("x".into())));
//! assert_eq!(model.solve.annotations[0].name, "int_search");
//! # Ok::<(), flatzinc::ParseError>(())
//! ```
//!
//! # In your own crate
//!
//! A search runs millions of nodes, and Cargo's profiles do not carry over
//! from a dependency to the crate that uses it: without these lines in
//! *your* `Cargo.toml`, your debug builds and `cargo test` run this crate
//! 4 to 7 times slower than they need to. Only the optimiser changes; debug
//! assertions stay on.
//!
//! ```toml
//! [profile.dev.package.backtrack]
//! opt-level = 3
//!
//! [profile.dev.package.csp]
//! opt-level = 3
//!
//! [profile.dev.package.flatzinc]
//! opt-level = 3
//! ```
//!
//! The guide, in the repository's `docs/` folder, shows how the crates fit
//! together, a page per task; this documentation is the reference.
#![deny(missing_docs)]

mod ast;
mod check;
mod error;
pub mod estimate;
mod instance;
pub mod job;
mod learn;
mod lex;
mod limit;
mod lns;
mod optimize;
mod output;
mod parallel;
mod parse;
pub mod solve;
mod translate;
mod turns;

pub use ast::{
    Annotation, Base, Constraint, Declaration, Expr, Goal, Index, Model, Pos, Predicate, Solve,
    Type,
};
pub use check::{Violation, check};
pub use error::{ECHO_MAX, ParseError};
pub use instance::{
    Arg, Call, Consistency, Domain, FRESH_MAX, Instance, Objective, Output, Search, Term, Value,
    VarId, Variable, resolve,
};
pub use limit::{
    LEARNING_INTERVALS_ABOVE, ReadError, Reading, read, read_instance, read_with, translate_within,
};
pub use output::{show, solution_lines};
pub use parse::{MAX_DEPTH, parse};
pub use translate::{TranslateError, Translation, translate, translate_with};
