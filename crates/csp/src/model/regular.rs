//! `regular`: a sequence of variables spells a word of an automaton.

use std::sync::Arc;

use super::Model;
use crate::automaton::Automaton;
use crate::domain::MAX_DOMAIN;
use crate::error::Error;
use crate::propagator::{Prop, Ranked, Regular};
use crate::var::Var;

impl Model {
    /// The values of `vars`, in order, spell a word that `automaton`
    /// accepts.
    ///
    /// Propagation: a value stays while some accepted word through the
    /// current domains uses it (arc consistency), on the layered graph of
    /// the automaton's states: time and memory linear in the number of
    /// variables times the automaton's transitions, however many words
    /// there are (a nonogram's line is one such constraint, not a table of
    /// its patterns).
    ///
    /// # Errors
    ///
    /// [`Error::ForeignVar`] for a variable of another model;
    /// [`Error::DomainTooLarge`] for an automaton of more than
    /// [`MAX_DOMAIN`](crate::MAX_DOMAIN) letters over an interval variable
    /// wider than that. The automaton propagates on bitsets: a narrower
    /// interval becomes one, and a wider one is first narrowed to the
    /// automaton's letters (or read through its rank among them).
    ///
    /// # Example
    ///
    /// Five cells, no two 1s in a row, three 1s: only `1 0 1 0 1`.
    ///
    /// ```
    /// use csp::{Automaton, Model, Rel};
    ///
    /// let no_11 = Automaton::new(2, 0, &[0, 1], &[(0, 0, 0), (0, 1, 1), (1, 0, 0)])?;
    /// let mut m = Model::new();
    /// let cells = m.vars(5, 0..=1)?;
    /// m.regular(&cells, &no_11)?;
    /// m.sum(&cells, Rel::Eq, 3)?;
    /// let solutions = m.compile().solutions(10);
    /// assert_eq!(solutions.len(), 1);
    /// assert_eq!(solutions[0].values(), [1, 0, 1, 0, 1]);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn regular(&mut self, vars: &[Var], automaton: &Automaton) -> Result<(), Error> {
        let vars = self.check_all(vars)?;
        if vars.iter().any(|&v| self.too_wide(v)) {
            let mut letters: Vec<i64> = automaton.arcs.iter().map(|&(value, _)| value).collect();
            letters.sort_unstable();
            letters.dedup();
            let wide = letters
                .first()
                .zip(letters.last())
                .is_some_and(|(&lo, &hi)| hi as i128 - lo as i128 >= MAX_DOMAIN as i128);
            if wide {
                // The letters are too spread for a bitset: the automaton
                // reads every variable's rank among them instead.
                let mut ranks = Vec::with_capacity(vars.len());
                for &v in vars.iter() {
                    ranks.push(self.rank_var(v, &letters)?);
                }
                let mut ranked = automaton.clone();
                for arc in ranked.arcs.iter_mut() {
                    arc.0 = letters.partition_point(|&l| l < arc.0) as i64;
                }
                return self.regular(&ranks, &ranked);
            }
            for &v in vars.iter() {
                self.narrow_to(v, &letters);
            }
        }
        self.make_bitsets(&vars)?;
        if vars.is_empty() {
            self.infeasible |= !automaton.accepts(&[]);
            return Ok(());
        }
        self.props.push(Prop::Regular(Arc::new(Regular {
            vars,
            automaton: Arc::new(automaton.clone()),
        })));
        Ok(())
    }

    /// Whether `var` is an interval too wide to become a bitset.
    pub(super) fn too_wide(&self, var: u32) -> bool {
        self.vars[var as usize].is_interval()
            && self
                .bounds(var)
                .is_some_and(|(lo, hi)| hi as i128 - lo as i128 >= MAX_DOMAIN as i128)
    }

    /// Narrows a wide `var` that a table or an automaton lets take only
    /// `values` (ascending, each once) to their span, when that fits a
    /// bitset; whether it did.
    pub(super) fn narrow_to(&mut self, var: u32, values: &[i64]) -> bool {
        if !self.too_wide(var) {
            return true;
        }
        match (values.first(), values.last()) {
            (Some(&lo), Some(&hi)) if (hi as i128 - lo as i128) < MAX_DOMAIN as i128 => {
                self.narrow_declared(var, lo, hi);
                true
            }
            (None, _) | (_, None) => {
                self.narrow_declared(var, 1, 0);
                true
            }
            _ => false,
        }
    }

    /// A new variable, the rank of `var`'s value among `values`
    /// (ascending, each once): `var = values[rank]`.
    ///
    /// # Errors
    ///
    /// [`Error::DomainTooLarge`] for more than [`MAX_DOMAIN`] values.
    pub(super) fn rank_var(&mut self, var: u32, values: &[i64]) -> Result<Var, Error> {
        if values.len() > MAX_DOMAIN {
            return Err(Error::DomainTooLarge {
                size: values.len() as u128,
            });
        }
        let x = Var {
            model: self.id,
            index: var,
        };
        let rank = self.var(0..=values.len() as i64 - 1)?;
        self.propagator(Ranked::new(x, rank, values.to_vec()))?;
        Ok(rank)
    }

    /// [`table`](Model::table) over variables some of which are intervals
    /// too wide for a bitset: each such one narrowed to its column's
    /// values, or replaced by its rank among them.
    pub(super) fn wide_table(
        &mut self,
        vars: &[u32],
        mut rows: Vec<Vec<i64>>,
    ) -> Result<(), Error> {
        if let Some(row) = rows.iter().find(|r| r.len() != vars.len()) {
            return Err(Error::TupleArity {
                expected: vars.len(),
                found: row.len(),
            });
        }
        let mut columns = Vec::with_capacity(vars.len());
        for (k, &v) in vars.iter().enumerate() {
            let mut values: Vec<i64> = rows.iter().map(|r| r[k]).collect();
            values.sort_unstable();
            values.dedup();
            if self.narrow_to(v, &values) {
                columns.push(Var {
                    model: self.id,
                    index: v,
                });
                continue;
            }
            columns.push(self.rank_var(v, &values)?);
            for row in rows.iter_mut() {
                row[k] = values.partition_point(|&x| x < row[k]) as i64;
            }
        }
        self.table(&columns, rows)
    }
}
