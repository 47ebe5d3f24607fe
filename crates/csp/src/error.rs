//! What can be wrong with a model.

use crate::domain::MAX_DOMAIN;

/// Why a variable or a constraint cannot be added to a model.
///
/// A model that merely has no solution is not an error: an empty domain or
/// constraints that contradict each other compile to a network whose search
/// finds nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A variable created by another [`Model`](crate::Model) was used.
    #[error("variable {index} belongs to model #{var_model}, not to this model (#{model})")]
    ForeignVar {
        /// The variable's index in its own model.
        index: u32,
        /// The model that created the variable.
        var_model: u64,
        /// The model it was given to.
        model: u64,
    },
    /// A domain spans more values than a bitset holds where a constraint
    /// needs one (a table, an automaton), or a model outgrew its 2^32
    /// variables or domain words.
    #[error(
        "a domain spanning {size} values is too large: at most {MAX_DOMAIN} values where a constraint needs a bitset"
    )]
    DomainTooLarge {
        /// The number of values from the smallest to the largest, inclusive.
        size: u128,
    },
    /// A linear constraint whose coefficients, bounds and right-hand side
    /// could overflow the 128-bit sums of its propagation, an expression
    /// whose bounds leave `i64`, or a resource whose total demand could
    /// leave `i64`.
    #[error(
        "a constraint's arithmetic could overflow: a linear sum must keep |coefficient| * largest |value| plus |right-hand side| below 2^125, with each merged coefficient in 64 bits; a cumulative resource's total demand must fit in 64 bits"
    )]
    Overflow,
    /// An item of a bin packing with a negative weight.
    #[error("item {item} of a bin packing weighs {weight}: weights must be at least 0")]
    NegativeWeight {
        /// The item's position in the list.
        item: usize,
        /// Its weight.
        weight: i64,
    },
    /// A tuple of a table does not have one value per variable.
    #[error("a tuple of {found} values for a table over {expected} variables")]
    TupleArity {
        /// The number of variables of the table.
        expected: usize,
        /// The length of the offending tuple.
        found: usize,
    },
    /// A state of an automaton outside its states.
    #[error("state {state} of an automaton with {states} states")]
    BadState {
        /// The state given.
        state: usize,
        /// The automaton's number of states.
        states: usize,
    },
    /// Geometric restarts whose factor is not a finite number above 1
    /// ([`Restarts::geometric`](crate::Restarts::geometric)).
    #[error(
        "the factor of geometric restarts must be a finite number greater than 1, got {factor}"
    )]
    RestartFactor {
        /// The factor given, as written by `{}`.
        factor: String,
    },
    /// A setting of large-neighbourhood search out of its range
    /// ([`Lns`](crate::Lns)).
    #[error("the {setting} of large-neighbourhood search must be {expected}, got {value}")]
    LnsSetting {
        /// The setting.
        setting: &'static str,
        /// What it takes.
        expected: &'static str,
        /// The value given, as written by `{}`.
        value: String,
    },
}
