//! The model: variables with their domains, and the constraints on them,
//! one file per family (`constraint` for the first ones, `logic`,
//! `count`, `regular`, `reified`, `circuit`, `schedule`, `packing`, `global`,
//! `sequence`), the objective (`objective`) and the search strategy (`branch`).

mod branch;
mod circuit;
mod compile;
mod constraint;
mod count;
mod cumulative;
mod disjunctive;
mod global;
mod logic;
mod objective;
mod packing;
mod regular;
mod reified;
mod schedule;
mod sequence;

use std::fmt;
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::Error;
use crate::network::Network;
use crate::propagator::Prop;
use crate::var::Var;

use crate::domain::MAX_DOMAIN;

/// Each model's identity, so a variable of one is refused by another.
static NEXT_MODEL: AtomicU64 = AtomicU64::new(0);

/// One variable as declared: its values are `offset + i` for each bit `i`
/// of `words[start..start + len]` in its model, or, with `len` 0, every
/// value from `words[start]` to `words[start + 1]` (an interval, its bounds
/// as `i64`s); the network keeps the same layout.
#[derive(Clone, Debug)]
pub(crate) struct VarDef {
    pub(crate) offset: i64,
    pub(crate) start: u32,
    pub(crate) len: u32,
    pub(crate) name: Option<String>,
}

impl VarDef {
    /// Whether the domain is an interval rather than a bitset.
    pub(crate) fn is_interval(&self) -> bool {
        self.len == 0
    }
}

/// Variables with small integer domains and constraints on them; compile it
/// into a [`Network`] and search that with the `backtrack` engine.
///
/// Every method that adds something checks it and returns an [`Error`]
/// rather than panicking: a variable of another model, a domain too large,
/// a linear constraint that could overflow.
///
/// # Example
///
/// ```
/// use csp::{Model, Rel};
///
/// // x + y == 10, x - y == 4
/// let mut m = Model::new();
/// let x = m.var(0..=10)?;
/// let y = m.var(0..=10)?;
/// m.sum(&[x, y], Rel::Eq, 10)?;
/// m.linear(&[(1, x), (-1, y)], Rel::Eq, 4)?;
/// let solutions = m.compile().solutions(usize::MAX);
/// assert_eq!(solutions.len(), 1);
/// assert_eq!((solutions[0][x], solutions[0][y]), (7, 3));
/// # Ok::<(), csp::Error>(())
/// ```
#[derive(Clone)]
pub struct Model {
    id: u64,
    pub(crate) vars: Vec<VarDef>,
    /// Every variable's domain, one after the other.
    pub(crate) words: Vec<u64>,
    pub(crate) props: Vec<Prop>,
    /// A constraint that can never hold was added (`x != x`, for one).
    pub(crate) infeasible: bool,
    /// The value to minimise or maximise, if any.
    pub(crate) objective: Option<crate::goal::Objective>,
    /// The user's decision variables, group by group.
    pub(crate) groups: Vec<crate::branch::Group>,
    /// A new variable spanning more values than this is an interval.
    pub(crate) interval_above: usize,
    /// The cumulative constraints check overload too.
    pub(crate) cumulative_overload: bool,
    /// The most values a bitset variable spans.
    pub(crate) widest_bitset: usize,
}

impl fmt::Debug for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Model")
            .field("id", &self.id)
            .field("vars", &self.vars.len())
            .field("constraints", &self.props.len())
            .finish()
    }
}

impl Default for Model {
    fn default() -> Self {
        Model::new()
    }
}

impl Model {
    /// An empty model.
    pub fn new() -> Model {
        Model {
            id: NEXT_MODEL.fetch_add(1, Ordering::Relaxed),
            vars: Vec::new(),
            words: Vec::new(),
            props: Vec::new(),
            infeasible: false,
            objective: None,
            groups: Vec::new(),
            interval_above: MAX_DOMAIN,
            cumulative_overload: false,
            widest_bitset: 0,
        }
    }

    /// Makes every variable created from now on whose range spans more than
    /// `values` values an interval rather than a bitset (at most
    /// [`MAX_DOMAIN`], the default: a bitset holds no more). An interval
    /// keeps its two bounds only: removing a value inside it does nothing,
    /// so propagation can be weaker, never wrong; the solutions stay the
    /// same. Small models can exercise the intervals of wide ones this way.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{Model, Rel};
    ///
    /// let count = |above: usize| -> Result<backtrack::Count, csp::Error> {
    ///     let mut m = Model::new();
    ///     m.intervals_above(above);
    ///     let v = m.vars(3, 0..=4)?;
    ///     m.sum(&v, Rel::Eq, 6)?;
    ///     m.not_equal(v[0], v[1], 0)?;
    ///     Ok(backtrack::count(m.compile()))
    /// };
    /// assert_eq!(count(1)?, count(csp::MAX_DOMAIN)?);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn intervals_above(&mut self, values: usize) {
        self.interval_above = values.min(MAX_DOMAIN);
    }

    /// The most values the range of a bitset variable of the model spans,
    /// holes included (0 without one): built again in the same way with
    /// [`intervals_above`](Model::intervals_above) at or above this, the
    /// model would be the same.
    ///
    /// ```
    /// use csp::Model;
    ///
    /// let mut m = Model::new();
    /// m.var(0..=99)?;
    /// m.var_in([5, 7])?;
    /// assert_eq!(m.widest_bitset(), 100);
    /// m.intervals_above(64);
    /// m.var(0..=99)?;
    /// assert_eq!(m.widest_bitset(), 100);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn widest_bitset(&self) -> usize {
        self.widest_bitset
    }

    /// The number of variables.
    pub fn len(&self) -> usize {
        self.vars.len()
    }

    /// Whether the model has no variables.
    pub fn is_empty(&self) -> bool {
        self.vars.is_empty()
    }

    /// A new variable taking the values of `range`, anywhere in `i64`
    /// (`i64::MIN..=i64::MAX` too). An empty range gives a variable with no
    /// value, and a model without solutions. A range of at most
    /// [`MAX_DOMAIN`] values is a bitset, a wider one an interval (see
    /// [`intervals_above`](Model::intervals_above)).
    ///
    /// # Errors
    ///
    /// [`Error::DomainTooLarge`] only past 2^32 variables or domain words.
    pub fn var(&mut self, range: RangeInclusive<i64>) -> Result<Var, Error> {
        let (lo, hi) = range.into_inner();
        self.new_var(lo, hi, None)
    }

    /// A new variable like [`var`](Model::var), with a name for printing
    /// solutions.
    pub fn named_var(&mut self, name: &str, range: RangeInclusive<i64>) -> Result<Var, Error> {
        let (lo, hi) = range.into_inner();
        self.new_var(lo, hi, Some(name.to_owned()))
    }

    /// A new variable taking exactly the given values (no value: a model
    /// without solutions). Values spanning at most [`MAX_DOMAIN`] values
    /// (see [`intervals_above`](Model::intervals_above)) from the smallest
    /// to the largest are a bitset, holes included; wider ones an interval
    /// from the smallest to the largest, with a constraint that keeps both
    /// bounds on the given values: no solution takes a value of a hole,
    /// though propagation sees the holes only at the bounds.
    ///
    /// # Errors
    ///
    /// As [`var`](Model::var).
    pub fn var_in(&mut self, values: impl IntoIterator<Item = i64>) -> Result<Var, Error> {
        let mut values: Vec<i64> = values.into_iter().collect();
        let (Some(&lo), Some(&hi)) = (values.iter().min(), values.iter().max()) else {
            return self.new_var(0, -1, None);
        };
        if hi as i128 - lo as i128 >= self.interval_above as i128 {
            values.sort_unstable();
            values.dedup();
            let var = self.interval_var(lo, hi, None)?;
            let full = values.len() as i128 == hi as i128 - lo as i128 + 1;
            if !full {
                self.propagator(crate::propagator::Member::new(var, values))?;
            }
            return Ok(var);
        }
        let var = self.bitset_var(lo, hi, None)?;
        let words = self.domain_mut(var.index);
        words.iter_mut().for_each(|w| *w = 0);
        for v in values {
            let bit = (v as i128 - lo as i128) as usize;
            words[bit / 64] |= 1 << (bit % 64);
        }
        Ok(var)
    }

    /// `n` new variables, each taking the values of `range`.
    pub fn vars(&mut self, n: usize, range: RangeInclusive<i64>) -> Result<Vec<Var>, Error> {
        self.vars.reserve(n);
        self.words.reserve(n);
        let mut vars = Vec::with_capacity(n);
        for _ in 0..n {
            vars.push(self.var(range.clone())?);
        }
        Ok(vars)
    }

    /// A grid of `rows` by `cols` new variables, row by row, each taking the
    /// values of `range`.
    pub fn grid(
        &mut self,
        rows: usize,
        cols: usize,
        range: RangeInclusive<i64>,
    ) -> Result<Vec<Vec<Var>>, Error> {
        (0..rows).map(|_| self.vars(cols, range.clone())).collect()
    }

    pub(super) fn new_var(&mut self, lo: i64, hi: i64, name: Option<String>) -> Result<Var, Error> {
        if hi as i128 - lo as i128 + 1 > self.interval_above as i128 {
            self.interval_var(lo, hi, name)
        } else {
            self.bitset_var(lo, hi, name)
        }
    }

    /// A new variable whose domain is the interval `lo..=hi` (not empty).
    fn interval_var(&mut self, lo: i64, hi: i64, name: Option<String>) -> Result<Var, Error> {
        let too_many = || Error::DomainTooLarge {
            size: (hi as i128 - lo as i128 + 1) as u128,
        };
        let index = u32::try_from(self.vars.len()).map_err(|_| too_many())?;
        let start = u32::try_from(self.words.len())
            .ok()
            .filter(|s| s.checked_add(2).is_some())
            .ok_or_else(too_many)?;
        self.words.extend([lo as u64, hi as u64]);
        self.vars.push(VarDef {
            offset: 0,
            start,
            len: 0,
            name,
        });
        Ok(Var {
            model: self.id,
            index,
        })
    }

    /// A new variable whose domain is the bitset of `lo..=hi`, at most
    /// [`MAX_DOMAIN`] values.
    fn bitset_var(&mut self, lo: i64, hi: i64, name: Option<String>) -> Result<Var, Error> {
        let span = hi as i128 - lo as i128 + 1;
        if span > MAX_DOMAIN as i128 {
            return Err(Error::DomainTooLarge { size: span as u128 });
        }
        let size = span.max(0) as usize;
        self.widest_bitset = self.widest_bitset.max(size);
        let len = size.div_ceil(64).max(1);
        let too_many = || Error::DomainTooLarge {
            size: span.max(0) as u128,
        };
        let index = u32::try_from(self.vars.len()).map_err(|_| too_many())?;
        let start = u32::try_from(self.words.len())
            .ok()
            .filter(|s| s.checked_add(len as u32).is_some())
            .ok_or_else(too_many)?;
        for i in 0..len {
            let bits = (size - (i * 64).min(size)).min(64);
            self.words
                .push(if bits == 64 { !0 } else { (1 << bits) - 1 });
        }
        self.vars.push(VarDef {
            offset: lo,
            start,
            len: len as u32,
            name,
        });
        Ok(Var {
            model: self.id,
            index,
        })
    }

    /// Makes an interval variable a bitset of the same values, for the
    /// constraints that propagate on bitsets (tables, automata): a new
    /// layout at the end of the words, the old one left unused.
    ///
    /// # Errors
    ///
    /// [`Error::DomainTooLarge`] if the interval spans more than
    /// [`MAX_DOMAIN`] values.
    pub(super) fn make_bitset(&mut self, var: u32) -> Result<(), Error> {
        let def = &self.vars[var as usize];
        if !def.is_interval() {
            return Ok(());
        }
        let start = def.start as usize;
        let (lo, hi) = (self.words[start] as i64, self.words[start + 1] as i64);
        let name = def.name.clone();
        self.bitset_var(lo, hi, name)?;
        // The new layout, pushed last, replaces the old one at its index.
        if let Some(def) = self.vars.pop() {
            self.vars[var as usize] = def;
        }
        Ok(())
    }

    /// Narrows a variable's declared domain to `lo..=hi`.
    pub(super) fn narrow_declared(&mut self, var: u32, lo: i64, hi: i64) {
        let def = &self.vars[var as usize];
        let start = def.start as usize;
        if def.is_interval() {
            let (a, b) = (self.words[start] as i64, self.words[start + 1] as i64);
            let (a, b) = (a.max(lo), b.min(hi));
            // Nothing is the empty interval 1..=0.
            let (a, b) = if a <= b { (a, b) } else { (1, 0) };
            self.words[start] = a as u64;
            self.words[start + 1] = b as u64;
            return;
        }
        let offset = def.offset as i128;
        for (w, word) in self.domain_mut(var).iter_mut().enumerate() {
            for bit in 0..64 {
                let value = offset + (w * 64 + bit) as i128;
                if value < lo as i128 || value > hi as i128 {
                    *word &= !(1 << bit);
                }
            }
        }
    }

    /// Makes each of `vars` a bitset (see `make_bitset`).
    pub(super) fn make_bitsets(&mut self, vars: &[u32]) -> Result<(), Error> {
        vars.iter().try_for_each(|&v| self.make_bitset(v))
    }

    /// The words of a variable's declared bitset domain (none for an
    /// interval).
    pub(super) fn domain(&self, var: u32) -> &[u64] {
        let def = &self.vars[var as usize];
        &self.words[def.start as usize..(def.start + def.len) as usize]
    }

    pub(super) fn domain_mut(&mut self, var: u32) -> &mut [u64] {
        let def = &self.vars[var as usize];
        &mut self.words[def.start as usize..(def.start + def.len) as usize]
    }

    /// Checks that `var` is one of this model's.
    pub(super) fn check(&self, var: Var) -> Result<u32, Error> {
        if var.model != self.id || var.index() >= self.vars.len() {
            return Err(Error::ForeignVar {
                index: var.index,
                var_model: var.model,
                model: self.id,
            });
        }
        Ok(var.index)
    }

    pub(super) fn check_all(&self, vars: &[Var]) -> Result<Box<[u32]>, Error> {
        let mut checked = Vec::with_capacity(vars.len());
        for &v in vars {
            checked.push(self.check(v)?);
        }
        Ok(checked.into())
    }

    /// The smallest and largest values of a variable's declared domain, or
    /// `None` if it is empty.
    pub(super) fn bounds(&self, var: u32) -> Option<(i64, i64)> {
        let def = &self.vars[var as usize];
        if def.is_interval() {
            let start = def.start as usize;
            let (lo, hi) = (self.words[start] as i64, self.words[start + 1] as i64);
            return (lo <= hi).then_some((lo, hi));
        }
        let words = self.domain(var);
        let first = words.iter().position(|&w| w != 0)?;
        let last = words.iter().rposition(|&w| w != 0)?;
        let lo = first * 64 + words[first].trailing_zeros() as usize;
        let hi = last * 64 + 63 - words[last].leading_zeros() as usize;
        let offset = self.vars[var as usize].offset;
        Some((offset + lo as i64, offset + hi as i64))
    }

    /// Narrows `var` to the single value `value` (to nothing if it does not
    /// have that value): a given of a puzzle.
    pub fn fix(&mut self, var: Var, value: i64) -> Result<(), Error> {
        let index = self.check(var)?;
        let def = &self.vars[index as usize];
        if def.is_interval() {
            let start = def.start as usize;
            let (lo, hi) = (self.words[start] as i64, self.words[start + 1] as i64);
            // Nothing is the empty interval 1..=0.
            let (lo, hi) = if lo <= value && value <= hi {
                (value, value)
            } else {
                (1, 0)
            };
            self.words[start] = lo as u64;
            self.words[start + 1] = hi as u64;
            return Ok(());
        }
        let offset = self.vars[index as usize].offset;
        let words = self.domain_mut(index);
        let bit = (value as i128 - offset as i128) as usize;
        let keep = (value as i128 >= offset as i128) && bit < words.len() * 64;
        let had = keep && words[bit / 64] >> (bit % 64) & 1 == 1;
        words.iter_mut().for_each(|w| *w = 0);
        if had {
            words[bit / 64] = 1 << (bit % 64);
        }
        Ok(())
    }

    /// The model as a [`backtrack::Problem`], propagated once: search it with
    /// `backtrack::count`, `first`, `Search` or `Parallel`.
    pub fn compile(&self) -> Network {
        self.lay_out(self.id)
    }
}
