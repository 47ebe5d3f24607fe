//! What branch and bound minimises: a model's objective, as the network
//! keeps it (below both, so neither imports the other for it).

/// The variable whose value is minimised (or maximised).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Objective {
    pub(crate) var: u32,
    pub(crate) maximize: bool,
}
