//! Reified globals: `b <-> all_different(xs)` and `b <-> (xs in table)`.
//!
//! As the other reified constraints (`reified`), from scratch each time:
//! with `b` fixed to 1 the constraint is propagated, fixed to 0 its
//! negation as far as it is cheap (a last unfixed variable loses the values
//! that would make the constraint hold), and with `b` unfixed `b` is fixed
//! when the domains decide the constraint. Once `b` is fixed and the
//! domains decide it, the propagator is entailed.

use super::matching::Matching;
use crate::domain::{Fail, MAX_DOMAIN, Store};

/// How many tuples count as one step of the propagation.
const TUPLES_PER_TICK: usize = 64;

/// `b <-> all_different(vars)`, the variables each once (a repeated one
/// makes the constraint false: the model fixes `b` to 0 instead).
#[derive(Clone, Debug)]
pub(crate) struct AllDifferentReif {
    pub(crate) vars: Box<[u32]>,
    pub(crate) b: u32,
    /// Domain consistency once `b` is 1.
    matching: Matching,
}

/// What the domains say of all different.
struct Survey {
    /// Two fixed variables take the same value: it cannot hold.
    clash: bool,
    /// The number of values in the union of the domains, if none is an
    /// interval too wide to list.
    union: Option<u128>,
    /// The sum of the domains' sizes.
    total: u128,
}

impl Survey {
    fn of(s: &mut Store<'_>, vars: &[u32]) -> Survey {
        let mut values = std::mem::take(&mut s.st.values);
        values.clear();
        let mut fixed = Vec::new();
        let mut listed = true;
        let mut total = 0u128;
        for &v in vars {
            let size = s.size(v);
            total += u128::from(size);
            if size == 1 {
                fixed.push(s.min(v));
            }
            if size > MAX_DOMAIN as u64 {
                listed = false;
            } else if listed {
                values.extend(s.values(v));
            }
        }
        fixed.sort_unstable();
        let clash = fixed.windows(2).any(|w| w[0] == w[1]);
        let union = listed.then(|| {
            values.sort_unstable();
            values.dedup();
            values.len() as u128
        });
        s.st.values = values;
        Survey {
            clash,
            union,
            total,
        }
    }

    /// Whether no assignment of the domains has all different values:
    /// two fixed equal, or fewer values than variables.
    fn cannot_hold(&self, n: usize) -> bool {
        self.clash || self.union.is_some_and(|u| u < n as u128)
    }

    /// Whether every assignment has all different values: the domains
    /// are pairwise disjoint (their sizes add up to their union's).
    fn must_hold(&self) -> bool {
        self.union == Some(self.total)
    }
}

impl AllDifferentReif {
    pub(crate) fn new(vars: Box<[u32]>, b: u32) -> AllDifferentReif {
        AllDifferentReif {
            matching: Matching::new(vars.clone()),
            vars,
            b,
        }
    }

    pub(crate) fn vars(&self) -> Vec<u32> {
        let mut vars = self.vars.to_vec();
        vars.push(self.b);
        vars
    }

    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let survey = Survey::of(s, &self.vars);
        let n = self.vars.len();
        match s.fixed_value(self.b) {
            Some(1) => {
                if survey.cannot_hold(n) {
                    return Err(Fail);
                }
                if survey.must_hold() {
                    s.entail();
                    return Ok(());
                }
                // The fixed values leave the others (the matching expects
                // it of its caller), then domain consistency.
                for (i, &x) in self.vars.iter().enumerate() {
                    if let Some(value) = s.fixed_value(x) {
                        for (j, &y) in self.vars.iter().enumerate() {
                            if i != j {
                                s.remove(y, value)?;
                            }
                        }
                    }
                }
                self.matching.run(s)
            }
            Some(_) => {
                if survey.cannot_hold(n) {
                    s.entail();
                    return Ok(());
                }
                if survey.must_hold() {
                    return Err(Fail);
                }
                self.take_a_fixed_value(s)
            }
            None if survey.cannot_hold(n) => s.assign(self.b, 0),
            None if survey.must_hold() => s.assign(self.b, 1),
            None => Ok(()),
        }
    }

    /// With `b` 0 and every variable but one fixed, to different values:
    /// the last one must repeat one of them.
    fn take_a_fixed_value(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let mut open = self.vars.iter().filter(|&&v| s.fixed_value(v).is_none());
        let (Some(&u), None) = (open.next(), open.next()) else {
            return Ok(());
        };
        if s.size(u) > MAX_DOMAIN as u64 {
            return Ok(());
        }
        let fixed: Vec<i64> = self.vars.iter().filter_map(|&v| s.fixed_value(v)).collect();
        let others: Vec<i64> = s.values(u).filter(|x| !fixed.contains(x)).collect();
        for x in others {
            s.remove(u, x)?;
        }
        Ok(())
    }
}

/// `b <-> (vars in tuples)`. The rows are distinct and agree with the
/// repeats of `vars` (a variable listed twice takes one value), so that
/// the rows within the domains are as many as the assignments of the
/// distinct variables they allow.
#[derive(Clone, Debug)]
pub(crate) struct TableReif {
    pub(crate) vars: Box<[u32]>,
    /// The rows, one after the other.
    pub(crate) tuples: Box<[i64]>,
    pub(crate) b: u32,
    /// `vars` each once.
    pub(crate) distinct: Box<[u32]>,
}

impl TableReif {
    pub(crate) fn vars(&self) -> Vec<u32> {
        let mut vars = self.distinct.to_vec();
        if !vars.contains(&self.b) {
            vars.push(self.b);
        }
        vars
    }

    /// The rows within the current domains.
    fn supported(&self, s: &mut Store<'_>) -> Result<Vec<&[i64]>, Fail> {
        let mut rows = Vec::new();
        for (i, row) in self.tuples.chunks_exact(self.vars.len()).enumerate() {
            // A long table looks at the limits as it goes.
            if i % TUPLES_PER_TICK == 0 {
                s.st.tick(1)?;
            }
            if self.vars.iter().zip(row).all(|(&v, &x)| s.contains(v, x)) {
                rows.push(row);
            }
        }
        Ok(rows)
    }

    /// The number of assignments of the distinct variables (saturated).
    fn combinations(&self, s: &Store<'_>) -> u128 {
        self.distinct
            .iter()
            .fold(1u128, |p, &v| p.saturating_mul(u128::from(s.size(v))))
    }

    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        match s.fixed_value(self.b) {
            Some(1) => self.enforce(s),
            Some(_) => self.forbid(s),
            None => {
                let count = self.supported(s)?.len() as u128;
                if count == 0 {
                    s.assign(self.b, 0)
                } else if count == self.combinations(s) {
                    s.assign(self.b, 1)
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Arc consistency on the rows (bounds on an interval, which has no
    /// holes); entailed when every combination left is a row.
    fn enforce(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let arity = self.vars.len();
        let mut support: Vec<Vec<i64>> = vec![Vec::new(); arity];
        let mut count = 0u128;
        for row in self.supported(s)? {
            count += 1;
            for (k, &x) in row.iter().enumerate() {
                support[k].push(x);
            }
        }
        if count == 0 {
            return Err(Fail);
        }
        for (&v, values) in self.vars.iter().zip(&mut support) {
            values.sort_unstable();
            values.dedup();
            if s.size(v) > MAX_DOMAIN as u64 {
                s.set_min(v, values[0])?;
                s.set_max(v, values[values.len() - 1])?;
                continue;
            }
            let gone: Vec<i64> = s
                .values(v)
                .filter(|x| values.binary_search(x).is_err())
                .collect();
            for x in gone {
                s.remove(v, x)?;
            }
        }
        if count == self.combinations(s) {
            s.entail();
        }
        Ok(())
    }

    /// With `b` 0: fails when the fixed values are a row; a last unfixed
    /// variable loses the values that would complete one; entailed when no
    /// row is left.
    fn forbid(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        let rows = self.supported(s)?;
        if rows.is_empty() {
            s.entail();
            return Ok(());
        }
        let mut open = self
            .distinct
            .iter()
            .filter(|&&v| s.fixed_value(v).is_none());
        match (open.next(), open.next()) {
            // Every variable fixed, and the row they make is listed.
            (None, _) => Err(Fail),
            (Some(&u), None) => {
                let k = self.vars.iter().position(|&v| v == u).unwrap_or(0);
                let values: Vec<i64> = rows.iter().map(|row| row[k]).collect();
                for x in values {
                    s.remove(u, x)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
}
