//! `b <-> Σ a·x rel c` and `b -> Σ a·x rel c` (rel one of `<=`, `==`,
//! `!=`) as a propagator on bounds, through the solver's public
//! [`Propagator`] interface: MiniZinc writes these for every disjunction
//! and conditional of a model, over domains too wide for a table.

use csp::{Domains, Event, Failed, Propagator, Var};

/// The relation of a reified linear constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rel {
    Le,
    Eq,
    Ne,
}

/// `b <-> Σ a·x rel c`, or `b -> ...` when `half`.
#[derive(Clone, Debug)]
pub(super) struct ReifiedLinear {
    pub(super) terms: Vec<(i64, Var)>,
    pub(super) rel: Rel,
    pub(super) c: i64,
    pub(super) b: Var,
    pub(super) half: bool,
}

/// What the bounds say of `Σ a·x rel c`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Truth {
    True,
    False,
    Open,
}

impl ReifiedLinear {
    /// The bounds of `Σ a·x`.
    fn sum_bounds(&self, d: &Domains<'_, '_>) -> (i128, i128) {
        self.terms.iter().fold((0, 0), |(lo, hi), &(a, x)| {
            let (p, q) = (a as i128 * d.min(x) as i128, a as i128 * d.max(x) as i128);
            (lo + p.min(q), hi + p.max(q))
        })
    }

    fn truth(&self, d: &Domains<'_, '_>) -> Truth {
        let (lo, hi) = self.sum_bounds(d);
        let c = self.c as i128;
        let (holds, breaks) = match self.rel {
            Rel::Le => (hi <= c, lo > c),
            Rel::Eq => (lo == c && hi == c, hi < c || lo > c),
            Rel::Ne => (hi < c || lo > c, lo == c && hi == c),
        };
        match (holds, breaks) {
            (true, _) => Truth::True,
            (_, true) => Truth::False,
            _ => Truth::Open,
        }
    }

    /// Narrows the bounds so that `Σ sign·a·x <= sign·c` can hold.
    fn enforce_le(&self, d: &mut Domains<'_, '_>, sign: i128) -> Result<(), Failed> {
        let c = sign * self.c as i128;
        // Each term's smallest contribution; a term may use the slack the others leave.
        let mins: Vec<i128> = self
            .terms
            .iter()
            .map(|&(a, x)| {
                let a = sign * a as i128;
                (a * d.min(x) as i128).min(a * d.max(x) as i128)
            })
            .collect();
        let total: i128 = mins.iter().sum();
        if total > c {
            return Err(Failed);
        }
        for (i, &(a, x)) in self.terms.iter().enumerate() {
            let a = sign * a as i128;
            let room = c - (total - mins[i]);
            if a > 0 {
                d.set_max(x, clamp(room.div_euclid(a)))?;
            } else if a < 0 {
                // a·x <= room  <=>  x >= ceil(room / a) = -floor(room / -a)
                d.set_min(x, clamp(-(room.div_euclid(-a))))?;
            }
        }
        Ok(())
    }

    /// `Σ a·x != c` where one variable alone is open: its value is removed.
    fn enforce_ne(&self, d: &mut Domains<'_, '_>) -> Result<(), Failed> {
        let mut open = None;
        let mut rest = self.c as i128;
        for &(a, x) in &self.terms {
            match d.value(x) {
                Some(v) => rest -= a as i128 * v as i128,
                None if a == 0 => {}
                None if open.is_none() => open = Some((a, x)),
                None => return Ok(()),
            }
        }
        match open {
            None if rest == 0 => Err(Failed),
            None => Ok(()),
            Some((a, x)) => {
                let a = a as i128;
                if rest % a == 0
                    && let Ok(v) = i64::try_from(rest / a)
                {
                    d.remove(x, v)?;
                }
                Ok(())
            }
        }
    }

    fn enforce(&self, d: &mut Domains<'_, '_>, rel: Rel) -> Result<(), Failed> {
        match rel {
            Rel::Le => self.enforce_le(d, 1),
            Rel::Eq => {
                self.enforce_le(d, 1)?;
                self.enforce_le(d, -1)
            }
            Rel::Ne => self.enforce_ne(d),
        }
    }

    /// The negation of the relation, enforced: `Σ > c`, `Σ != c`, `Σ == c`.
    fn enforce_not(&self, d: &mut Domains<'_, '_>) -> Result<(), Failed> {
        match self.rel {
            Rel::Le => {
                // Σ >= c + 1, that is -Σ <= -c - 1.
                let flipped = ReifiedLinear {
                    c: self.c.checked_add(1).ok_or(Failed)?,
                    ..self.clone()
                };
                flipped.enforce_le(d, -1)
            }
            Rel::Eq => self.enforce(d, Rel::Ne),
            Rel::Ne => self.enforce(d, Rel::Eq),
        }
    }
}

fn clamp(v: i128) -> i64 {
    v.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}

impl Propagator for ReifiedLinear {
    fn vars(&self) -> Vec<(Var, Event)> {
        let mut vars: Vec<(Var, Event)> = self
            .terms
            .iter()
            .map(|&(_, x)| (x, Event::Bounds))
            .collect();
        vars.push((self.b, Event::Fixed));
        vars
    }

    fn propagate(&self, d: &mut Domains<'_, '_>) -> Result<(), Failed> {
        match d.value(self.b) {
            Some(1) => return self.enforce(d, self.rel),
            Some(_) if self.half => return Ok(()),
            Some(_) => return self.enforce_not(d),
            None => {}
        }
        match self.truth(d) {
            Truth::True if !self.half => d.fix(self.b, 1),
            Truth::False => d.fix(self.b, 0),
            _ => Ok(()),
        }
    }
}
