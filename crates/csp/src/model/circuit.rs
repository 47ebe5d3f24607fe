//! `circuit`: a Hamiltonian cycle as successor variables.

use std::sync::Arc;

use super::Model;
use crate::error::Error;
use crate::propagator::{Circuit, Global, Prop, Subcircuit};
use crate::var::Var;

impl Model {
    /// `succ[i]` is the node after node `i` on one cycle through every node
    /// `0..succ.len()`: the successors are all different, none is its own
    /// (but for a single node),
    /// and they form no shorter cycle.
    ///
    /// Propagation: the domains lose values outside `0..n` and each its own
    /// node; an [`all_different`](Model::all_different) on the successors;
    /// and the end of each chain of fixed successors loses the chain's
    /// start until the chain holds every node.
    ///
    /// # Errors
    ///
    /// [`Error::ForeignVar`] for a variable of another model.
    ///
    /// # Example
    ///
    /// The cycles through 4 nodes: 3! = 6.
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let succ = m.vars(4, 0..=3)?;
    /// m.circuit(&succ)?;
    /// assert_eq!(backtrack::count(m.compile()), 6);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn circuit(&mut self, succ: &[Var]) -> Result<(), Error> {
        let vars = self.check_all(succ)?;
        let n = vars.len() as i128;
        for &v in vars.iter() {
            self.narrow_declared(v, 0, (n - 1).clamp(-1, i64::MAX as i128) as i64);
            self.make_bitset(v)?;
        }
        for (i, &v) in vars.iter().enumerate() {
            let offset = self.vars[v as usize].offset as i128;
            for (w, word) in self.domain_mut(v).iter_mut().enumerate() {
                for bit in 0..64 {
                    let value = offset + (w * 64 + bit) as i128;
                    if value < 0 || value >= n || (n > 1 && value == i as i128) {
                        *word &= !(1 << bit);
                    }
                }
            }
        }
        self.all_different(succ)?;
        self.props
            .push(Prop::Circuit(Arc::new(Circuit { succ: vars })));
        Ok(())
    }

    /// `succ[i]` is the node after node `i` on one cycle through the nodes
    /// that are not their own successor: `succ[i] = i` leaves `i` out
    /// (MiniZinc's `subcircuit`). The successors are all different and in
    /// `0..n`; every node may be left out (no cycle), but no cycle has one
    /// node.
    ///
    /// Propagation: the domains lose values outside `0..n`; an
    /// [`all_different`](Model::all_different) on the successors; the end
    /// of each chain of fixed successors loses the chain's start unless
    /// every node off the chain can be left out; a closed cycle leaves the
    /// other nodes out.
    ///
    /// # Errors
    ///
    /// [`Error::ForeignVar`] for a variable of another model.
    ///
    /// # Example
    ///
    /// On 3 nodes: none in a cycle (1), a cycle of two (3 pairs) or of
    /// three (2 directions).
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let succ = m.vars(3, 0..=2)?;
    /// m.subcircuit(&succ)?;
    /// assert_eq!(backtrack::count(m.compile()), 1 + 3 + 2);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn subcircuit(&mut self, succ: &[Var]) -> Result<(), Error> {
        let vars = self.check_all(succ)?;
        let n = vars.len() as i128;
        for &v in vars.iter() {
            self.narrow_declared(v, 0, (n - 1).clamp(-1, i64::MAX as i128) as i64);
            self.make_bitset(v)?;
        }
        self.all_different(succ)?;
        self.props
            .push(Prop::Global(Arc::new(Global::Subcircuit(Subcircuit {
                succ: vars,
            }))));
        Ok(())
    }
}
