//! The handles a model gives out: variables, and the comparisons of linear
//! constraints.

/// A variable of a [`Model`](crate::Model): a handle, cheap to copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Var {
    pub(crate) model: u64,
    pub(crate) index: u32,
}

/// A variable serializes as its index in its model: the same in every
/// process that builds the model the same way (a model's identity is only
/// unique within a process, so it is left out).
impl serde::Serialize for Var {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u32(self.index)
    }
}

impl Var {
    /// The variable's position in its model, from 0 in order of creation.
    pub fn index(self) -> usize {
        self.index as usize
    }
}

/// A comparison in a linear constraint: `sum rel rhs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rel {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<=`
    Le,
    /// `<`
    Lt,
    /// `>=`
    Ge,
    /// `>`
    Gt,
}

impl Rel {
    /// The comparison that holds exactly when this one does not.
    pub fn negate(self) -> Rel {
        match self {
            Rel::Eq => Rel::Ne,
            Rel::Ne => Rel::Eq,
            Rel::Le => Rel::Gt,
            Rel::Gt => Rel::Le,
            Rel::Lt => Rel::Ge,
            Rel::Ge => Rel::Lt,
        }
    }
}
