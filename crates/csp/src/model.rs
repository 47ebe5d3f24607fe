//! The model: variables with their domains, and the constraints on them.

use std::fmt;
use std::ops::RangeInclusive;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::Error;
use crate::network::Network;
use crate::propagator::{Dense, Linear, Predicate, Propagator, Table};
use crate::var::{Rel, Var};

/// The most values a variable's domain may span, from its smallest value to
/// its largest (64 words of 64 bits).
pub const MAX_DOMAIN: usize = 4096;

/// Each model's identity, so a variable of one is refused by another.
static NEXT_MODEL: AtomicU64 = AtomicU64::new(0);

/// One variable as declared: its values are `offset + i` for each bit `i`
/// of `words[start..start + len]` in its model; the network keeps the same
/// layout.
#[derive(Clone, Debug)]
pub(crate) struct VarDef {
    pub(crate) offset: i64,
    pub(crate) start: u32,
    pub(crate) len: u32,
    pub(crate) name: Option<String>,
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
    pub(crate) props: Vec<Propagator>,
    /// A constraint that can never hold was added (`x != x`, for one).
    pub(crate) infeasible: bool,
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
        }
    }

    /// The number of variables.
    pub fn len(&self) -> usize {
        self.vars.len()
    }

    /// Whether the model has no variables.
    pub fn is_empty(&self) -> bool {
        self.vars.is_empty()
    }

    /// A new variable taking the values of `range`. An empty range gives a
    /// variable with no value, and a model without solutions.
    ///
    /// # Errors
    ///
    /// [`Error::DomainTooLarge`] if the range spans more than
    /// [`MAX_DOMAIN`] values.
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
    /// without solutions).
    ///
    /// # Errors
    ///
    /// [`Error::DomainTooLarge`] if the values span more than
    /// [`MAX_DOMAIN`] values from the smallest to the largest.
    pub fn var_in(&mut self, values: impl IntoIterator<Item = i64>) -> Result<Var, Error> {
        let values: Vec<i64> = values.into_iter().collect();
        let (Some(&lo), Some(&hi)) = (values.iter().min(), values.iter().max()) else {
            return self.new_var(0, -1, None);
        };
        let var = self.new_var(lo, hi, None)?;
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

    fn new_var(&mut self, lo: i64, hi: i64, name: Option<String>) -> Result<Var, Error> {
        let span = hi as i128 - lo as i128 + 1;
        if span > MAX_DOMAIN as i128 {
            return Err(Error::DomainTooLarge { size: span as u128 });
        }
        let size = span.max(0) as usize;
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

    /// The words of a variable's declared domain.
    fn domain(&self, var: u32) -> &[u64] {
        let def = &self.vars[var as usize];
        &self.words[def.start as usize..(def.start + def.len) as usize]
    }

    fn domain_mut(&mut self, var: u32) -> &mut [u64] {
        let def = &self.vars[var as usize];
        &mut self.words[def.start as usize..(def.start + def.len) as usize]
    }

    /// Checks that `var` is one of this model's.
    fn check(&self, var: Var) -> Result<u32, Error> {
        if var.model != self.id || var.index() >= self.vars.len() {
            return Err(Error::ForeignVar {
                index: var.index,
                var_model: var.model,
                model: self.id,
            });
        }
        Ok(var.index)
    }

    fn check_all(&self, vars: &[Var]) -> Result<Box<[u32]>, Error> {
        let mut checked = Vec::with_capacity(vars.len());
        for &v in vars {
            checked.push(self.check(v)?);
        }
        Ok(checked.into())
    }

    /// The smallest and largest values of a variable's declared domain, or
    /// `None` if it is empty.
    fn bounds(&self, var: u32) -> Option<(i64, i64)> {
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

    /// All the variables take different values.
    ///
    /// Propagation: when a variable is fixed its value leaves the others
    /// (forward checking). When the variables share their domain's layout
    /// (the same smallest declared value, at most 64 values), also: fewer
    /// values left than variables is a failure, and when there are exactly
    /// as many values as variables a value that only one variable can still
    /// take is given to it (a "hidden single"), and a value that only
    /// variables of another such all-different can still take leaves that
    /// one's other variables (its solutions use every value: a sudoku's
    /// "locked candidates", between a box and a row or a column).
    pub fn all_different(&mut self, vars: &[Var]) -> Result<(), Error> {
        let vars = self.check_all(vars)?;
        let repeats = if vars.len() <= 32 {
            (1..vars.len()).any(|i| vars[..i].contains(&vars[i]))
        } else {
            let mut sorted = vars.to_vec();
            sorted.sort_unstable();
            sorted.windows(2).any(|w| w[0] == w[1])
        };
        if repeats {
            self.infeasible = true;
            return Ok(());
        }
        let dense = vars.iter().all(|&v| {
            let def = &self.vars[v as usize];
            def.len == 1 && def.offset == self.vars[vars[0] as usize].offset
        });
        let dense =
            dense.then(|| Dense::new(vars.iter().map(|&v| self.vars[v as usize].start).collect()));
        self.props.push(Propagator::AllDifferent { vars, dense });
        Ok(())
    }

    /// `x != y + c`: the diagonal of N-queens is `not_equal(q[i], q[j], j - i)`.
    ///
    /// Propagation: when one side is fixed, the value it forbids leaves the
    /// other.
    pub fn not_equal(&mut self, x: Var, y: Var, c: i64) -> Result<(), Error> {
        let (x, y) = (self.check(x)?, self.check(y)?);
        if x == y {
            // x != x + c holds for every x unless c is 0.
            self.infeasible |= c == 0;
            return Ok(());
        }
        self.props.push(Propagator::NotEqual { x, y, c });
        Ok(())
    }

    /// `x == y + c`, as a linear constraint.
    pub fn equal(&mut self, x: Var, y: Var, c: i64) -> Result<(), Error> {
        self.linear(&[(1, x), (-1, y)], Rel::Eq, c)
    }

    /// `vars[0] + vars[1] + ... rel rhs`.
    pub fn sum(&mut self, vars: &[Var], rel: Rel, rhs: i64) -> Result<(), Error> {
        let terms: Vec<(i64, Var)> = vars.iter().map(|&v| (1, v)).collect();
        self.linear(&terms, rel, rhs)
    }

    /// `coef0 * x0 + coef1 * x1 + ... rel rhs`, each term given as
    /// `(coef, x)`. A variable may appear in several terms.
    ///
    /// Propagation: for `==`, `<=`, `<`, `>=` and `>`, the bounds of each
    /// variable are narrowed from the bounds of the others (bounds
    /// consistency); for `!=`, the last unfixed variable loses the one value
    /// that would make the sum equal.
    ///
    /// # Errors
    ///
    /// [`Error::Overflow`] if the sum of `|coef| * max(|smallest value|,
    /// |largest value|)` over the terms, plus `|rhs|`, does not fit an `i64`:
    /// then every sum the propagator forms fits, and nothing can overflow
    /// during the search.
    pub fn linear(&mut self, terms: &[(i64, Var)], rel: Rel, rhs: i64) -> Result<(), Error> {
        let mut merged: Vec<(u32, i64)> = Vec::with_capacity(terms.len());
        for &(coef, var) in terms {
            let var = self.check(var)?;
            match merged.iter_mut().find(|(v, _)| *v == var) {
                Some((_, c)) => *c = c.checked_add(coef).ok_or(Error::Overflow)?,
                None => merged.push((var, coef)),
            }
        }
        merged.retain(|&(_, c)| c != 0);
        // Only `<=`, `==` and `!=` are propagated: `>=` is `-sum <= -rhs`,
        // `<` is `<= rhs - 1`, `>` is `>= rhs + 1`.
        let (negate, rel, rhs) = match rel {
            Rel::Eq => (false, Rel::Eq, rhs),
            Rel::Ne => (false, Rel::Ne, rhs),
            Rel::Le => (false, Rel::Le, rhs),
            Rel::Lt => (false, Rel::Le, rhs.checked_sub(1).ok_or(Error::Overflow)?),
            Rel::Ge => (true, Rel::Le, rhs),
            Rel::Gt => (true, Rel::Le, rhs.checked_add(1).ok_or(Error::Overflow)?),
        };
        let rhs = if negate {
            rhs.checked_neg().ok_or(Error::Overflow)?
        } else {
            rhs
        };
        let mut total: i128 = (rhs as i128).abs();
        for (var, coef) in &mut merged {
            if negate {
                *coef = coef.checked_neg().ok_or(Error::Overflow)?;
            }
            let Some((lo, hi)) = self.bounds(*var) else {
                // An empty domain: no solution anyway, and no sum to form.
                self.infeasible = true;
                return Ok(());
            };
            let largest = (lo as i128).abs().max((hi as i128).abs());
            total = (*coef as i128)
                .abs()
                .checked_mul(largest)
                .and_then(|t| t.checked_add(total))
                .ok_or(Error::Overflow)?;
        }
        if total > i64::MAX as i128 {
            return Err(Error::Overflow);
        }
        if merged.is_empty() {
            let holds = match rel {
                Rel::Eq => rhs == 0,
                Rel::Ne => rhs != 0,
                _ => 0 <= rhs,
            };
            self.infeasible |= !holds;
            return Ok(());
        }
        let (vars, coefs): (Vec<u32>, Vec<i64>) = merged.into_iter().unzip();
        self.props.push(Propagator::Linear(Linear {
            vars: vars.into(),
            coefs: coefs.into(),
            rel,
            rhs,
        }));
        Ok(())
    }

    /// The values of `vars` form one of `tuples` (allowed tuples).
    ///
    /// Propagation: a value stays in a domain only while some tuple that
    /// fits every current domain uses it (arc consistency), in time linear in
    /// the size of the table.
    ///
    /// # Errors
    ///
    /// [`Error::TupleArity`] if a tuple's length is not the number of
    /// variables.
    pub fn table<T: AsRef<[i64]>>(
        &mut self,
        vars: &[Var],
        tuples: impl IntoIterator<Item = T>,
    ) -> Result<(), Error> {
        let vars = self.check_all(vars)?;
        let mut flat = Vec::new();
        let mut count = 0;
        'tuples: for tuple in tuples {
            let tuple = tuple.as_ref();
            if tuple.len() != vars.len() {
                return Err(Error::TupleArity {
                    expected: vars.len(),
                    found: tuple.len(),
                });
            }
            let start = flat.len();
            for (&var, &value) in vars.iter().zip(tuple) {
                let def = &self.vars[var as usize];
                let bit = value as i128 - def.offset as i128;
                if bit < 0 || bit >= (def.len * 64) as i128 {
                    // Outside the declared domain: the tuple can never fit.
                    flat.truncate(start);
                    continue 'tuples;
                }
                flat.push(bit as u32);
            }
            count += 1;
        }
        if vars.is_empty() {
            // The empty tuple is the only one over no variables.
            self.infeasible |= count == 0;
            return Ok(());
        }
        let mut bases = Vec::with_capacity(vars.len());
        let mut words = 0;
        for &var in &vars {
            bases.push(words);
            words += self.vars[var as usize].len;
        }
        self.props.push(Propagator::Table(Arc::new(Table {
            vars,
            tuples: flat.into(),
            bases: bases.into(),
            words,
        })));
        Ok(())
    }

    /// `value == array[index]`, `index` counted from 0: the element
    /// constraint, as a table of the pairs `(i, array[i])`.
    pub fn element(&mut self, index: Var, array: &[i64], value: Var) -> Result<(), Error> {
        let pairs: Vec<[i64; 2]> = (0..).zip(array).map(|(i, &v)| [i, v]).collect();
        self.table(&[index, value], pairs)
    }

    /// A constraint of your own: `check` receives the values of `vars`, in
    /// that order, once all of them are fixed, and says whether they are
    /// allowed. It prunes nothing before then; prefer the built-in
    /// constraints where they fit.
    pub fn predicate(
        &mut self,
        vars: &[Var],
        check: impl Fn(&[i64]) -> bool + Send + Sync + 'static,
    ) -> Result<(), Error> {
        let vars = self.check_all(vars)?;
        if vars.is_empty() {
            self.infeasible |= !check(&[]);
            return Ok(());
        }
        self.props.push(Propagator::Predicate(Predicate {
            vars,
            check: Arc::new(check),
        }));
        Ok(())
    }

    /// The model as a [`backtrack::Problem`], propagated once: search it with
    /// `backtrack::count`, `first`, `Search` or `Parallel`.
    pub fn compile(&self) -> Network {
        Network::new(self, self.id)
    }
}
