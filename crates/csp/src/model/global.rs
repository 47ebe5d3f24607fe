//! Arithmetic (`times`, `abs`, `min`, `max`) and array constraints
//! (`element` over variables, `inverse`, `lex_lesseq`).

use std::sync::Arc;

use super::Model;
use crate::error::Error;
use crate::propagator::{
    Abs, Divide, Element, ElementVar, Extreme, Global, Hall, Inverse, Lex, Matching, Prop, Times,
};
use crate::var::Var;

impl Model {
    pub(super) fn global(&mut self, global: Global) {
        self.props.push(Prop::Global(Arc::new(global)));
    }

    /// `z = x * y`. Propagation: bounds (each bound from the others'
    /// products and quotients, in 128 bits).
    ///
    /// # Example
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let [x, y] = [m.var(2..=9)?, m.var(2..=9)?];
    /// let z = m.var(35..=35)?;
    /// m.times(x, y, z)?;
    /// let pairs: Vec<(i64, i64)> = m.compile().solutions(10).iter().map(|s| (s[x], s[y])).collect();
    /// assert_eq!(pairs, [(5, 7), (7, 5)]);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn times(&mut self, x: Var, y: Var, z: Var) -> Result<(), Error> {
        let (x, y, z) = (self.check(x)?, self.check(y)?, self.check(z)?);
        self.global(Global::Times(Times { x, y, z }));
        Ok(())
    }

    /// `z = x div y`, the quotient rounded toward zero (FlatZinc's
    /// `int_div`); `y` is never 0. Propagation: `y` value by value (a value
    /// leaves when no `x` within `x`'s bounds has a quotient within `z`'s),
    /// or on its bounds when it is an interval wider than a bitset; `x`
    /// and `z` on bounds.
    ///
    /// # Example
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let (x, y, z) = (m.var(-7..=-7)?, m.var(-2..=2)?, m.var(-9..=9)?);
    /// m.div(x, y, z)?;
    /// let pairs: Vec<(i64, i64)> = m.compile().solutions(9).iter().map(|s| (s[y], s[z])).collect();
    /// assert_eq!(pairs, [(-2, 3), (-1, 7), (1, -7), (2, -3)]);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn div(&mut self, x: Var, y: Var, z: Var) -> Result<(), Error> {
        self.divide(x, y, z, false)
    }

    /// `z = x mod y`, the remainder of [`div`](Model::div), with the sign of
    /// `x` (FlatZinc's `int_mod`): `x = y * (x div y) + x mod y`; `y` is
    /// never 0. Propagation: as [`div`](Model::div)'s.
    ///
    /// # Example
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let (x, y, z) = (m.var(-7..=-7)?, m.var(-3..=3)?, m.var(-9..=9)?);
    /// m.modulo(x, y, z)?;
    /// let mut pairs: Vec<(i64, i64)> = m.compile().solutions(9).iter().map(|s| (s[y], s[z])).collect();
    /// pairs.sort();
    /// assert_eq!(pairs, [(-3, -1), (-2, -1), (-1, 0), (1, 0), (2, -1), (3, -1)]);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn modulo(&mut self, x: Var, y: Var, z: Var) -> Result<(), Error> {
        self.divide(x, y, z, true)
    }

    fn divide(&mut self, x: Var, y: Var, z: Var, modulo: bool) -> Result<(), Error> {
        let (x, y, z) = (self.check(x)?, self.check(y)?, self.check(z)?);
        self.global(Global::Divide(Divide { x, y, z, modulo }));
        Ok(())
    }

    /// `y = |x|`. Propagation: bounds, and no value of `x` strictly
    /// between `-min(y)` and `min(y)`.
    pub fn abs(&mut self, x: Var, y: Var) -> Result<(), Error> {
        let (x, y) = (self.check(x)?, self.check(y)?);
        self.global(Global::Abs(Abs { x, y }));
        Ok(())
    }

    /// `z = min(xs)` (no solution for no `xs`). Propagation: bounds.
    pub fn min(&mut self, xs: &[Var], z: Var) -> Result<(), Error> {
        self.extreme(xs, z, false)
    }

    /// `z = max(xs)` (no solution for no `xs`). Propagation: bounds.
    pub fn max(&mut self, xs: &[Var], z: Var) -> Result<(), Error> {
        self.extreme(xs, z, true)
    }

    fn extreme(&mut self, xs: &[Var], z: Var, max: bool) -> Result<(), Error> {
        let xs = self.check_all(xs)?;
        let z = self.check(z)?;
        if xs.is_empty() {
            self.infeasible = true;
            return Ok(());
        }
        self.global(Global::Extreme(Extreme { xs, z, max }));
        Ok(())
    }

    /// `value == array[index - first]`: [`element`](Model::element) with
    /// `index` counted from `first` (FlatZinc's arrays count from 1).
    ///
    /// # Errors
    ///
    /// [`Error::ForeignVar`] if a variable belongs to another model.
    pub fn element_from(
        &mut self,
        index: Var,
        first: i64,
        array: &[i64],
        value: Var,
    ) -> Result<(), Error> {
        let (i, v) = (self.check(index)?, self.check(value)?);
        let (Some(&lo), Some(&hi)) = (array.iter().min(), array.iter().max()) else {
            self.infeasible = true;
            return Ok(());
        };
        let last = (first as i128 + array.len() as i128 - 1).min(i64::MAX as i128) as i64;
        self.narrow_declared(i, first, last);
        self.narrow_declared(v, lo, hi);
        self.global(Global::Element(Element {
            index: i,
            first,
            values: array.into(),
            value: v,
        }));
        Ok(())
    }

    /// `value = array[index]`, `index` counted from 0, over an array of
    /// variables (no solution for an empty array).
    ///
    /// Propagation: domain consistency on `index` (an index stays only
    /// while its entry shares a value with `value`) and on a bitset
    /// `value` (it keeps the values some remaining entry has; an interval,
    /// their smallest to largest); once `index` is fixed, that entry and
    /// `value` are narrowed to each other's values (an interval, to the
    /// other's bounds). Woken by any change of `index`, `value` or an
    /// entry.
    pub fn element_var(&mut self, index: Var, array: &[Var], value: Var) -> Result<(), Error> {
        self.element_var_from(index, 0, array, value)
    }

    /// `value = array[index - first]`: [`element_var`](Model::element_var)
    /// with `index` counted from `first` (FlatZinc's arrays count from 1),
    /// with no variable in between, so the holes of `index` are those
    /// of the constraint.
    pub fn element_var_from(
        &mut self,
        index: Var,
        first: i64,
        array: &[Var],
        value: Var,
    ) -> Result<(), Error> {
        let (index, value) = (self.check(index)?, self.check(value)?);
        let array = self.check_all(array)?;
        if array.is_empty() {
            self.infeasible = true;
            return Ok(());
        }
        self.global(Global::ElementVar(ElementVar {
            index,
            first,
            array,
            value,
        }));
        Ok(())
    }

    /// `f[i] = j` exactly when `g[j] = i`, values counted from 0: two
    /// permutations, each the inverse of the other. Propagation: `f[i]`
    /// keeps `j` only while `g[j]` can be `i`, and the other way round,
    /// beside an [`all_different`](Model::all_different) on each side
    /// (posted too), so that a fixed `f[i] = j` fixes `g[j] = i`.
    ///
    /// # Errors
    ///
    /// [`Error::TupleArity`] if `f` and `g` differ in length.
    pub fn inverse(&mut self, f: &[Var], g: &[Var]) -> Result<(), Error> {
        self.inverse_from(f, 0, g, 0)
    }

    /// [`inverse`](Model::inverse) with positions counted from `f_first`
    /// in `f` and from `g_first` in `g`: `f[i] = g_first + j` exactly when
    /// `g[j] = f_first + i` (MiniZinc's `inverse` on arrays indexed from
    /// 1 is `inverse_from(f, 1, g, 1)`). The domains are read as they are,
    /// holes included: no shifted copy of a variable stands in between.
    ///
    /// # Errors
    ///
    /// [`Error::TupleArity`] if `f` and `g` differ in length;
    /// [`Error::Overflow`] if a position does not fit in `i64`.
    ///
    /// # Example
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let f = m.vars(3, 1..=3)?;
    /// let g = m.vars(3, 1..=3)?;
    /// m.inverse_from(&f, 1, &g, 1)?;
    /// m.fix(f[0], 2)?; // f[1] = 2, so g[2] = 1
    /// assert_eq!(m.compile().domain(g[1]), [1]);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn inverse_from(
        &mut self,
        f: &[Var],
        f_first: i64,
        g: &[Var],
        g_first: i64,
    ) -> Result<(), Error> {
        if f.len() != g.len() {
            return Err(Error::TupleArity {
                expected: f.len(),
                found: g.len(),
            });
        }
        let n = f.len() as i64;
        if n > 0 && (f_first.checked_add(n - 1).is_none() || g_first.checked_add(n - 1).is_none()) {
            return Err(Error::Overflow);
        }
        self.all_different(f)?;
        self.all_different(g)?;
        let (f, g) = (self.check_all(f)?, self.check_all(g)?);
        self.global(Global::Inverse(Inverse {
            f,
            g,
            f_first,
            g_first,
        }));
        Ok(())
    }

    /// All of `vars` take different values, propagated on bounds: the
    /// forward checking of [`all_different`](Model::all_different) (posted
    /// too), and Hall intervals, so a variable's bounds leave every
    /// interval that as many other variables fill.
    ///
    /// # Complexity
    ///
    /// `O(n log n)` a run for `n` variables (a sweep over the sorted
    /// bounds, after López-Ortiz et al.).
    ///
    /// # Example
    ///
    /// `x, y` in 1..=2 fill that interval: `z` in 1..=3 must be 3.
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let [x, y, z] = [m.var(1..=2)?, m.var(1..=2)?, m.var(1..=3)?];
    /// m.all_different_bounds(&[x, y, z])?;
    /// assert_eq!(m.compile().domain(z), [3]);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn all_different_bounds(&mut self, vars: &[Var]) -> Result<(), Error> {
        self.all_different(vars)?;
        let vars = self.check_all(vars)?;
        self.global(Global::Hall(Hall { vars }));
        Ok(())
    }

    /// All of `vars` take different values, propagated on domains: a value
    /// leaves a variable's domain as soon as no assignment of all of them
    /// to different values uses it (a maximum matching and the strongly
    /// connected components of its residual graph, after Régin). Posts the
    /// forward checking of [`all_different`](Model::all_different) too.
    ///
    /// # Complexity
    ///
    /// Each run `O(e)` for the components and `O(k * e)` to repair the
    /// matching kept from the last run, for `n` variables, `e` pairs of a
    /// variable and a value of its domain and `k` variables that lost
    /// their matched value (`O(n * e)` at the first run). Past 2^24 pairs,
    /// forward checking alone.
    ///
    /// # Example
    ///
    /// `x, y` in {1, 3} take both values: `z` in {1, 2, 3} must be 2, which
    /// bounds alone do not see.
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let [x, y] = [m.var_in([1, 3])?, m.var_in([1, 3])?];
    /// let z = m.var(1..=3)?;
    /// let w = m.var(0..=9)?;
    /// m.all_different_domain(&[x, y, z, w])?;
    /// assert_eq!(m.compile().domain(z), [2]);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn all_different_domain(&mut self, vars: &[Var]) -> Result<(), Error> {
        self.all_different(vars)?;
        let vars = self.check_all(vars)?;
        self.global(Global::Matching(Matching::new(vars)));
        Ok(())
    }

    /// `xs <= ys` in lexicographic order: symmetry breaking. The lists may
    /// differ in length: a proper prefix is smaller (MiniZinc's meaning),
    /// so a longer `xs` must be smaller than `ys` on `ys`'s length, and a
    /// shorter one at most `ys`'s first values.
    ///
    /// Propagation: bounds at the first position whose values are not both
    /// fixed and equal.
    ///
    /// # Example
    ///
    /// `[x, y] <= [1]` needs `x < 1`: `[1, y]` is longer than its prefix.
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let [x, y, z] = [m.var(0..=2)?, m.var(0..=2)?, m.var(1..=1)?];
    /// m.lex_lesseq(&[x, y], &[z])?;
    /// assert_eq!(m.compile().domain(x), [0]);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn lex_lesseq(&mut self, xs: &[Var], ys: &[Var]) -> Result<(), Error> {
        let (mut xs, mut ys) = (self.check_all(xs)?, self.check_all(ys)?);
        let strict = xs.len() > ys.len();
        let common = xs.len().min(ys.len());
        if strict && common == 0 {
            // A non-empty list is never below the empty one.
            self.infeasible = true;
            return Ok(());
        }
        xs = xs[..common].into();
        ys = ys[..common].into();
        self.global(Global::Lex(Lex { xs, ys, strict }));
        Ok(())
    }
}
