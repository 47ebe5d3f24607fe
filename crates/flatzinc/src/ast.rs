//! The syntax tree of a FlatZinc model, as written: names are not resolved
//! and nothing is checked beyond the grammar.

/// Where something was written: 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// The line, from 1.
    pub line: u32,
    /// The column, from 1, counted in characters.
    pub column: u32,
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// A whole model, its items in the order of the file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Model {
    /// `predicate` items: the solver-specific predicates the model uses.
    pub predicates: Vec<Predicate>,
    /// Parameter and variable declarations, scalars and arrays.
    pub declarations: Vec<Declaration>,
    /// `constraint` items.
    pub constraints: Vec<Constraint>,
    /// The `solve` item (exactly one).
    pub solve: Solve,
}

/// `predicate name(type: param, ...);`
#[derive(Clone, Debug, PartialEq)]
pub struct Predicate {
    /// The predicate's name.
    pub name: String,
    /// Its parameters: their types and names.
    pub params: Vec<(Type, String)>,
    /// Where the item starts.
    pub pos: Pos,
}

/// The type of a declaration or a predicate's parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Type {
    /// For an array, its index sets (one per dimension; FlatZinc arrays
    /// have one, `1..n`, except in predicate parameters, `int`).
    pub array: Option<Vec<Index>>,
    /// Whether it is a decision variable (`var`), not a parameter.
    pub var: bool,
    /// The type of a scalar or of an array's elements.
    pub base: Base,
}

/// An array's index set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Index {
    /// `lo..hi`.
    Range(i64, i64),
    /// `int`: any (in predicate parameters).
    Int,
}

/// A scalar type.
#[derive(Clone, Debug, PartialEq)]
pub enum Base {
    /// `bool`.
    Bool,
    /// `int`: unbounded.
    Int,
    /// `float`: unbounded.
    Float,
    /// `lo..hi` of integers.
    IntRange(i64, i64),
    /// `{a, b, ...}` of integers, as written.
    IntSet(Vec<i64>),
    /// `lo..hi` of floats.
    FloatRange(f64, f64),
    /// `set of T` (T an integer type).
    SetOf(Box<Base>),
    /// `ann`, in predicate parameters.
    Ann,
}

/// A parameter or variable declaration: `type: name :: annotations = value;`.
#[derive(Clone, Debug, PartialEq)]
pub struct Declaration {
    /// Its type.
    pub ty: Type,
    /// Its name.
    pub name: String,
    /// Its annotations (`output_var`, `output_array([1..3])`,
    /// `is_defined_var`, `var_is_introduced`, ...).
    pub annotations: Vec<Annotation>,
    /// Its value: required for parameters, optional for variables (an
    /// alias or a fixed value).
    pub value: Option<Expr>,
    /// Where the item starts.
    pub pos: Pos,
}

/// `constraint name(args) :: annotations;`
#[derive(Clone, Debug, PartialEq)]
pub struct Constraint {
    /// The builtin or predicate called.
    pub name: String,
    /// Its arguments.
    pub args: Vec<Expr>,
    /// Its annotations (`defines_var(x)`, `domain`, ...).
    pub annotations: Vec<Annotation>,
    /// Where the item starts.
    pub pos: Pos,
}

/// The goal of the `solve` item.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Goal {
    /// `satisfy`.
    #[default]
    Satisfy,
    /// `minimize expr`.
    Minimize(Expr),
    /// `maximize expr`.
    Maximize(Expr),
}

/// `solve :: annotations goal;`
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Solve {
    /// Search annotations (`int_search(...)`, `seq_search([...])`, ...).
    pub annotations: Vec<Annotation>,
    /// What is asked.
    pub goal: Goal,
    /// Where the item starts.
    pub pos: Pos,
}

/// An annotation: a name, with arguments when it is a call.
#[derive(Clone, Debug, PartialEq)]
pub struct Annotation {
    /// The annotation's name.
    pub name: String,
    /// Its arguments (empty for a plain name).
    pub args: Vec<Expr>,
}

/// An expression: a literal, a name, an array element or an array.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// `true`, `false`.
    Bool(bool),
    /// An integer literal.
    Int(i64),
    /// A float literal.
    Float(f64),
    /// `lo..hi`, a set of integers.
    IntRange(i64, i64),
    /// `{a, b, ...}`, a set of integers (as written; `{}` is empty).
    IntSet(Vec<i64>),
    /// `lo..hi` of floats.
    FloatRange(f64, f64),
    /// A string literal (in annotations), without its quotes, escapes kept.
    Str(String),
    /// A name: a parameter, a variable, an array, or an annotation atom.
    Ident(String),
    /// `name[i]`.
    Element(String, i64),
    /// `[a, b, ...]`.
    Array(Vec<Expr>),
    /// `name(args)`: an annotation call inside an annotation.
    Call(Annotation),
}

impl Model {
    /// The declaration named `name`, if any.
    pub fn declaration(&self, name: &str) -> Option<&Declaration> {
        self.declarations.iter().find(|d| d.name == name)
    }
}

impl Annotation {
    /// Whether this is the plain annotation `name` (no arguments).
    pub fn is(&self, name: &str) -> bool {
        self.name == name && self.args.is_empty()
    }
}
