//! A model with its names resolved: variables numbered, parameters
//! replaced by their values, arrays spelled out ([`resolve`]).

mod range;
mod resolve;

pub(crate) use resolve::resolve_watched;
pub use resolve::{FRESH_MAX, resolve};

use crate::ast::Pos;

/// A value: a parameter's, a fixed variable's, or one of a solution.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `true` or `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A float.
    Float(f64),
    /// A set of integers, ascending, each once.
    Set(Vec<i64>),
}

/// What values a variable may take.
#[derive(Clone, Debug, PartialEq)]
pub enum Domain {
    /// `false` and `true`.
    Bool,
    /// Integers: the union of these ascending, disjoint ranges, or any
    /// integer (`None`, for `var int`).
    Int(Option<Vec<(i64, i64)>>),
    /// Floats, in a range or unbounded.
    Float(Option<(f64, f64)>),
    /// Sets of integers: subsets of these values, or of any (`None`).
    Set(Option<Vec<i64>>),
}

/// A variable of the model.
#[derive(Clone, Debug, PartialEq)]
pub struct Variable {
    /// Its name in the file.
    pub name: String,
    /// Its domain as declared.
    pub domain: Domain,
    /// The value it is declared equal to, if any.
    pub fixed: Option<Value>,
    /// Marked `output_var`.
    pub output: bool,
    /// Marked `var_is_introduced` (made by the compiler, not the user).
    pub introduced: bool,
    /// Marked `is_defined_var`: a constraint defines it from others.
    pub defined: bool,
}

/// A variable's number: its place in [`Instance::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub usize);

/// One argument item: a variable or a constant.
#[derive(Clone, Debug, PartialEq)]
pub enum Term {
    /// A variable.
    Var(VarId),
    /// A constant.
    Const(Value),
}

/// A constraint's argument.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A single term.
    Term(Term),
    /// An array of terms.
    Array(Vec<Term>),
}

/// The strength of propagation a constraint's annotation asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Consistency {
    /// `::domain`: every value no solution of the constraint uses removed.
    Domain,
    /// `::bounds`: the bounds of the constraint's variables.
    Bounds,
}

/// A constraint with its arguments resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    /// The builtin or predicate called.
    pub name: String,
    /// Its arguments.
    pub args: Vec<Arg>,
    /// The variable it defines (`defines_var`), if any.
    pub defines: Option<VarId>,
    /// The propagation its annotations ask for: `domain` or `bounds`
    /// (`domain_propagation`, `bounds_propagation`), if any.
    pub consistency: Option<Consistency>,
    /// Where it was written.
    pub pos: Pos,
}

/// What is asked.
#[derive(Clone, Debug, PartialEq)]
pub enum Objective {
    /// Any solution.
    Satisfy,
    /// The smallest value of the term.
    Minimize(Term),
    /// The largest value of the term.
    Maximize(Term),
}

/// What a solution prints.
#[derive(Clone, Debug, PartialEq)]
pub enum Output {
    /// `name = value;`
    Var {
        /// The variable's name.
        name: String,
        /// Its value's source.
        term: Term,
    },
    /// `name = arrayNd(ranges, [values]);`
    Array {
        /// The array's name.
        name: String,
        /// The index ranges of its dimensions (`output_array`'s argument).
        dims: Vec<(i64, i64)>,
        /// Its elements.
        items: Vec<Term>,
    },
}

/// A search annotation of the `solve` item.
#[derive(Clone, Debug, PartialEq)]
pub enum Search {
    /// `int_search(vars, selection, choice, strategy)` and
    /// `bool_search(...)`, alike.
    Vars {
        /// The decision variables, in order.
        vars: Vec<Term>,
        /// How the next variable is chosen (`input_order`, `first_fail`, ...).
        selection: String,
        /// How its value is chosen (`indomain_min`, `indomain_split`, ...).
        choice: String,
    },
    /// `seq_search([...])`: one after the other.
    Seq(Vec<Search>),
    /// An annotation that is not a search this reader knows, by name.
    Other(String),
}

/// A model with its names resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct Instance {
    /// The variables, in the order of the file (aliases excluded).
    pub vars: Vec<Variable>,
    /// The constraints, in the order of the file.
    pub constraints: Vec<Call>,
    /// What is asked.
    pub objective: Objective,
    /// What a solution prints, in the order of the file.
    pub outputs: Vec<Output>,
    /// The search annotations of the `solve` item.
    pub search: Vec<Search>,
    /// Where the `solve` item is.
    pub solve_pos: Pos,
}
