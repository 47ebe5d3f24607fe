//! A solution read back by variable.

use std::fmt;
use std::ops::Index;
use std::sync::Arc;

use crate::domain::Static;
use crate::var::Var;

/// The values of every variable at a solution; read one with
/// `solution[var]`.
#[derive(Clone)]
pub struct Solution {
    stat: Arc<Static>,
    values: Box<[i64]>,
}

impl Solution {
    pub(crate) fn new(stat: Arc<Static>, values: Vec<i64>) -> Solution {
        Solution {
            stat,
            values: values.into(),
        }
    }

    /// The value of `var`, or `None` for a variable of another model.
    pub fn get(&self, var: Var) -> Option<i64> {
        if var.model != self.stat.model {
            return None;
        }
        self.values.get(var.index()).copied()
    }

    /// The values of all the variables, in order of creation.
    pub fn values(&self) -> &[i64] {
        &self.values
    }
}

impl Index<Var> for Solution {
    type Output = i64;

    /// The value of `var`.
    ///
    /// # Panics
    ///
    /// If `var` belongs to another model, like a slice indexed out of
    /// bounds; [`get`](Solution::get) returns an `Option` instead.
    fn index(&self, var: Var) -> &i64 {
        match self.values.get(var.index()) {
            Some(value) if var.model == self.stat.model => value,
            _ => panic!("variable {} belongs to another model", var.index()),
        }
    }
}

impl PartialEq for Solution {
    fn eq(&self, other: &Solution) -> bool {
        self.stat.model == other.stat.model && self.values == other.values
    }
}

impl Eq for Solution {}

impl fmt::Debug for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Solution").field(&self.values).finish()
    }
}

/// One `name=value` line per variable, in order of creation; a variable
/// without a name is `x` and its index (`x0`, `x1`, ...).
impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, value) in self.values.iter().enumerate() {
            match &self.stat.names[i] {
                Some(name) => writeln!(f, "{name}={value}")?,
                None => writeln!(f, "x{i}={value}")?,
            }
        }
        Ok(())
    }
}
