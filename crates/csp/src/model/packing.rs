//! Packing: items of known weights in bins (`bin_packing_load` and its
//! capacitated forms), and rectangles that do not overlap (`diffn`).

use std::sync::Arc;

use super::Model;
use crate::domain::MAX_DOMAIN;
use crate::error::Error;
use crate::propagator::{BinPacking, Diffn, Global, Loads, Prop};
use crate::var::Var;

impl Model {
    /// Item `i` of weight `weights[i]` goes into bin `bins[i]`, one of
    /// `first..first + loads.len()`, and `loads[b - first]` is the sum of
    /// the weights in bin `b` (MiniZinc's `bin_packing_load`, with `first`
    /// the first index of its `load`): so the loads add up to the total
    /// weight.
    ///
    /// Propagation, after Shaw (2004) in its cheap parts: each load within
    /// the weight of the items fixed to its bin and that plus the items
    /// that may go there; each load at least the total less the others'
    /// largest loads and at most the total less their smallest; an item
    /// leaves a bin where it no longer fits, and goes into one whose
    /// smallest load cannot be reached without it. Loads on bounds, bins
    /// value by value. No bound from bin-packing relaxations.
    ///
    /// # Errors
    ///
    /// [`Error::TupleArity`] if `bins` and `weights` differ in length;
    /// [`Error::NegativeWeight`] for a weight below 0; [`Error::Overflow`]
    /// if the last bin's number leaves `i64`; [`Error::ForeignVar`] for a
    /// variable of another model.
    ///
    /// # Example
    ///
    /// Weights 3, 2 and 2 in bins 1 and 2 whose loads are 5 and 2: the 3
    /// goes into bin 1 with one of the 2s.
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let loads = [m.var(5..=5)?, m.var(0..=9)?];
    /// let bins = m.vars(3, 0..=9)?;
    /// m.bin_packing_load(&loads, 1, &bins, &[3, 2, 2])?;
    /// let network = m.compile();
    /// assert_eq!(network.domain(bins[0]), [1]);
    /// assert_eq!(network.domain(loads[1]), [2]);
    /// assert_eq!(network.solutions(9).len(), 2);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn bin_packing_load(
        &mut self,
        loads: &[Var],
        first: i64,
        bins: &[Var],
        weights: &[i64],
    ) -> Result<(), Error> {
        let loads = self.check_all(loads)?;
        self.packing(Loads::Vars(loads), first, bins, weights)
    }

    /// Item `i` of weight `weights[i]` goes into bin `bins[i]`, one of
    /// `first..first + capacities.len()`, and the weights in bin `b` add up
    /// to at most `capacities[b - first]` (MiniZinc's `bin_packing_capa`).
    /// Propagation: [`bin_packing_load`](Model::bin_packing_load)'s, each
    /// load at most its capacity.
    ///
    /// # Errors
    ///
    /// As [`bin_packing_load`](Model::bin_packing_load)'s.
    ///
    /// # Example
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let bins = m.vars(3, 0..=9)?;
    /// m.bin_packing_capa(&[4, 3], 0, &bins, &[3, 2, 2])?;
    /// // The 2s together fit only bin 0, and the 3 then bin 1.
    /// assert_eq!(m.compile().solutions(9).len(), 1);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn bin_packing_capa(
        &mut self,
        capacities: &[i64],
        first: i64,
        bins: &[Var],
        weights: &[i64],
    ) -> Result<(), Error> {
        self.packing(Loads::Capacities(capacities.into()), first, bins, weights)
    }

    /// Item `i` of weight `weights[i]` goes into bin `bins[i]`, any value,
    /// and the weights in each bin add up to at most `capacity` (MiniZinc's
    /// `bin_packing`: with no item, it holds; with some, not for a
    /// negative capacity). Propagation:
    /// [`bin_packing_capa`](Model::bin_packing_capa)'s, over the bins from
    /// the smallest to the largest value of the items of positive weight.
    ///
    /// # Errors
    ///
    /// As [`bin_packing_load`](Model::bin_packing_load)'s, and
    /// [`Error::DomainTooLarge`] if the bins of the items of positive
    /// weight span more than [`MAX_DOMAIN`] values.
    pub fn bin_packing(
        &mut self,
        capacity: i64,
        bins: &[Var],
        weights: &[i64],
    ) -> Result<(), Error> {
        let items = self.items(bins, weights)?;
        if items.is_empty() {
            return Ok(());
        }
        if capacity < 0 {
            self.infeasible = true;
            return Ok(());
        }
        let (mut kept, mut heavy) = (Vec::new(), Vec::new());
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        for (&v, &w) in items.iter().zip(weights) {
            if w == 0 {
                continue;
            }
            let Some((a, b)) = self.bounds(v) else {
                self.infeasible = true;
                return Ok(());
            };
            (lo, hi) = (lo.min(a), hi.max(b));
            kept.push(v);
            heavy.push(w);
        }
        if kept.is_empty() {
            return Ok(());
        }
        let size = hi as i128 - lo as i128 + 1;
        if size > MAX_DOMAIN as i128 {
            return Err(Error::DomainTooLarge { size: size as u128 });
        }
        self.props
            .push(Prop::Global(Arc::new(Global::BinPacking(BinPacking {
                bins: kept.into(),
                weights: heavy.into(),
                first: lo,
                loads: Loads::Capacities(vec![capacity; size as usize].into()),
            }))));
        Ok(())
    }

    /// The items' bins, checked against their weights.
    fn items(&mut self, bins: &[Var], weights: &[i64]) -> Result<Box<[u32]>, Error> {
        if bins.len() != weights.len() {
            return Err(Error::TupleArity {
                expected: bins.len(),
                found: weights.len(),
            });
        }
        if let Some((item, &weight)) = weights.iter().enumerate().find(|(_, w)| **w < 0) {
            return Err(Error::NegativeWeight { item, weight });
        }
        self.check_all(bins)
    }

    fn packing(
        &mut self,
        loads: Loads,
        first: i64,
        bins: &[Var],
        weights: &[i64],
    ) -> Result<(), Error> {
        let items = self.items(bins, weights)?;
        let m = match &loads {
            Loads::Vars(v) => v.len(),
            Loads::Capacities(c) => c.len(),
        };
        if m > 0 {
            first.checked_add(m as i64 - 1).ok_or(Error::Overflow)?;
        }
        let load_vars = match &loads {
            Loads::Vars(v) => &v[..],
            Loads::Capacities(_) => &[],
        };
        if items
            .iter()
            .chain(load_vars)
            .any(|&v| self.bounds(v).is_none())
        {
            self.infeasible = true;
            return Ok(());
        }
        self.props
            .push(Prop::Global(Arc::new(Global::BinPacking(BinPacking {
                bins: items,
                weights: weights.into(),
                first,
                loads,
            }))));
        Ok(())
    }

    /// Rectangles at `(x[k], y[k])` of sizes `(dx[k], dy[k])` do not
    /// overlap: of each pair, one is left of the other (`x[i] + dx[i] <=
    /// x[j]`, or the other way) or below it (the same in `y`); a rectangle
    /// of size 0 too (MiniZinc's `diffn`). A constant size is a variable of
    /// one value.
    ///
    /// Propagation, on bounds, with each size taken by its smallest value
    /// (a sound relaxation, exact once it is fixed): of each pair's four
    /// relations, one that alone remains is enforced; and in each
    /// direction, over the rectangles of positive sizes, the time-tabling
    /// of [`cumulative`](Model::cumulative) with widths as durations,
    /// heights as demands, and the extent of the heights' bounds as the
    /// capacity. Sizes are not pruned.
    ///
    /// # Errors
    ///
    /// [`Error::TupleArity`] if the lists differ in length;
    /// [`Error::ForeignVar`] for a variable of another model.
    ///
    /// # Example
    ///
    /// Two 2x2 squares in a 3x3 box: none fits beside the other.
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let (x, y) = (m.vars(2, 0..=1)?, m.vars(2, 0..=1)?);
    /// let two = m.var(2..=2)?;
    /// m.diffn(&x, &y, &[two, two], &[two, two])?;
    /// assert!(m.compile().solutions(1).is_empty());
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn diffn(&mut self, x: &[Var], y: &[Var], dx: &[Var], dy: &[Var]) -> Result<(), Error> {
        self.rectangles(x, y, dx, dy, true)
    }

    /// [`diffn`](Model::diffn), where a rectangle with a size 0 may be
    /// anywhere (MiniZinc's `diffn_nonstrict`). Propagation: `diffn`'s,
    /// leaving out each rectangle with a size whose bounds hold 0.
    ///
    /// # Errors
    ///
    /// As [`diffn`](Model::diffn)'s.
    pub fn diffn_nonstrict(
        &mut self,
        x: &[Var],
        y: &[Var],
        dx: &[Var],
        dy: &[Var],
    ) -> Result<(), Error> {
        self.rectangles(x, y, dx, dy, false)
    }

    fn rectangles(
        &mut self,
        x: &[Var],
        y: &[Var],
        dx: &[Var],
        dy: &[Var],
        strict: bool,
    ) -> Result<(), Error> {
        for found in [y.len(), dx.len(), dy.len()] {
            if found != x.len() {
                return Err(Error::TupleArity {
                    expected: x.len(),
                    found,
                });
            }
        }
        let [x, y, dx, dy] = [x, y, dx, dy].map(|v| self.check_all(v));
        let (x, y, dx, dy) = (x?, y?, dx?, dy?);
        let all = x.iter().chain(&y[..]).chain(&dx[..]).chain(&dy[..]);
        if all.clone().any(|&v| self.bounds(v).is_none()) {
            self.infeasible = true;
            return Ok(());
        }
        self.props.push(Prop::Global(Arc::new(Global::Diffn(Diffn {
            x,
            y,
            dx,
            dy,
            strict,
        }))));
        Ok(())
    }
}
