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
        self.circuit_from(0, succ)
    }

    /// [`circuit`](Model::circuit) with the nodes numbered from `first`:
    /// `succ[i] = first + j` puts node `j` after node `i` (MiniZinc's
    /// `circuit` on an array indexed from 1 is `circuit_from(1, succ)`).
    /// The domains are read as they are, holes included: no shifted copy
    /// stands in between.
    ///
    /// # Errors
    ///
    /// [`Error::ForeignVar`] for a variable of another model;
    /// [`Error::Overflow`] if the last node's number does not fit in `i64`.
    ///
    /// # Example
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let succ = m.vars(3, 1..=3)?;
    /// m.circuit_from(1, &succ)?;
    /// m.fix(succ[0], 2)?; // 1 -> 2, so 2 -> 3 and 3 -> 1
    /// assert_eq!(m.compile().domain(succ[1]), [3]);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn circuit_from(&mut self, first: i64, succ: &[Var]) -> Result<(), Error> {
        let vars = self.nodes(first, succ, false)?;
        self.all_different(succ)?;
        self.props
            .push(Prop::Circuit(Arc::new(Circuit { succ: vars, first })));
        Ok(())
    }

    /// The successors of `n` nodes numbered from `first`, narrowed to
    /// `first..first + n` as bitsets, and, unless `own` allows it, each
    /// without its own node (but for a single node).
    fn nodes(&mut self, first: i64, succ: &[Var], own: bool) -> Result<Box<[u32]>, Error> {
        let vars = self.check_all(succ)?;
        let n = vars.len() as i128;
        let last = i128::from(first) + n - 1;
        if n > 0 && last > i128::from(i64::MAX) {
            return Err(Error::Overflow);
        }
        for &v in vars.iter() {
            if n == 0 {
                break;
            }
            self.narrow_declared(v, first, last as i64);
            self.make_bitset(v)?;
        }
        for (i, &v) in vars.iter().enumerate() {
            let offset = self.vars[v as usize].offset as i128;
            for (w, word) in self.domain_mut(v).iter_mut().enumerate() {
                for bit in 0..64 {
                    let node = offset + (w * 64 + bit) as i128 - i128::from(first);
                    if node < 0 || node >= n || (!own && n > 1 && node == i as i128) {
                        *word &= !(1 << bit);
                    }
                }
            }
        }
        Ok(vars)
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
        self.subcircuit_from(0, succ)
    }

    /// [`subcircuit`](Model::subcircuit) with the nodes numbered from
    /// `first`: `succ[i] = first + i` leaves node `i` out (MiniZinc's
    /// `subcircuit` on an array indexed from 1 is `subcircuit_from(1,
    /// succ)`), read on the variables themselves.
    ///
    /// # Errors
    ///
    /// [`Error::ForeignVar`] for a variable of another model;
    /// [`Error::Overflow`] if the last node's number does not fit in `i64`.
    pub fn subcircuit_from(&mut self, first: i64, succ: &[Var]) -> Result<(), Error> {
        let vars = self.nodes(first, succ, true)?;
        self.all_different(succ)?;
        self.props
            .push(Prop::Global(Arc::new(Global::Subcircuit(Subcircuit {
                succ: vars,
                first,
            }))));
        Ok(())
    }
}
