//! The constraints as propagators: each narrows domains through a
//! [`Store`], which records every change on the trail.
//!
//! A propagator is woken in one of two ways (see `Network`):
//!
//! - *advised* when one of its variables becomes fixed, with the position of
//!   that variable: cheap, incremental work (forward checking); and, since
//!   an interval loses a value only at its bounds, run when a bound of one
//!   of its intervals moves (the value forbidden may have become one);
//! - *scheduled* when a domain of one of its variables changes: it then
//!   looks at all its variables (bounds, tables, hidden singles). Those
//!   that read only bounds (linear sums, arithmetic, `disjunctive`,
//!   `lex_lesseq`, `increasing`, Hall intervals) are scheduled only when
//!   a bound moves, a division on any change of its divisor (read value
//!   by value) and the bounds of the others; a user's [`Propagator`] on
//!   the events it lists.
//!
//! Every propagator runs once at the root, advised or not. A scheduled
//! one that finds its constraint entailed (`Store::entail`: it holds for
//! every combination left; a linear `<=` whose largest sum fits, a reified
//! form once `b` is fixed and decided) is not run again until a backtrack
//! clears its flag, a trailed bit of the domains' words.
//!
//! The built-ins are the variants of one enum (the fast path); a user's
//! propagator is one more variant, behind a trait object.
//!
//! Every propagator only removes values and removes none that a solution
//! could use, so the fixpoint after a choice does not depend on the order in
//! which they run.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use crate::domain::{Fail, Store};

mod arith;
mod cardinality;
mod channel;
mod circuit;
mod count;
mod cumulative;
mod diffn;
mod disjunctive;
mod distinct;
mod divide;
mod element;
mod global;
mod hall;
mod linear;
mod matching;
mod member;
mod nvalue;
mod packing;
mod precede;
mod regular;
mod reified;
mod reified_global;
mod shift;
mod sorted;
mod table;
mod user;

pub(crate) use arith::{Abs, Extreme, Times};
pub(crate) use cardinality::Cardinality;
pub(crate) use channel::{ElementVar, Inverse, Lex};
pub(crate) use circuit::{Circuit, Subcircuit};
pub(crate) use count::Among;
pub(crate) use cumulative::{Amount, Cumulative, Step, Task, profile};
pub(crate) use diffn::Diffn;
pub(crate) use disjunctive::{Disjunctive, Length};
pub(crate) use distinct::{Dense, link_overlaps};
pub(crate) use divide::Divide;
pub(crate) use element::Element;
pub(crate) use global::Global;
pub(crate) use hall::Hall;
use linear::{bounds, not_equal_sum};
pub(crate) use matching::Matching;
pub(crate) use member::{Member, Ranked};
pub(crate) use nvalue::NValue;
pub(crate) use packing::{BinPacking, Loads};
pub(crate) use precede::{Chain, Precede};
pub(crate) use regular::Regular;
pub(crate) use reified::{ReifiedIn, ReifiedLinear};
pub(crate) use reified_global::{AllDifferentReif, TableReif};
pub(crate) use shift::Shift;
pub(crate) use sorted::Sorted;
pub(crate) use table::ByValue;
use table::table;
pub use user::{Domains, Event, Explain, Failed, Propagator};

/// One constraint, compiled.
#[derive(Clone)]
pub(crate) enum Prop {
    AllDifferent {
        vars: Box<[u32]>,
        /// When every variable is one word with the same offset: the Hall
        /// checks work on the words directly.
        dense: Option<Dense>,
    },
    /// `x != y + c`
    NotEqual {
        x: u32,
        y: u32,
        c: i64,
    },
    Linear(Linear),
    Table(Arc<Table>),
    Predicate(Predicate),
    /// A user's propagator, woken by the events it asked for.
    User(User),
    Regular(Arc<Regular>),
    ReifiedLinear(Arc<ReifiedLinear>),
    ReifiedIn(Arc<ReifiedIn>),
    Among(Arc<Among>),
    Circuit(Arc<Circuit>),
    Disjunctive(Arc<Disjunctive>),
    Global(Arc<Global>),
}

/// A user's [`Propagator`], its variables and what wakes it on each.
#[derive(Clone)]
pub(crate) struct User {
    pub(crate) prop: Arc<dyn Propagator>,
    pub(crate) vars: Box<[u32]>,
    pub(crate) events: Box<[Event]>,
    /// Its trailed state cells: the first word, and how many (laid out by
    /// the network; none in the model).
    pub(crate) state: (u32, u32),
}

/// `sum(coefs[i] * vars[i]) rel rhs` with `rel` one of `==`, `!=`, `<=`;
/// no coefficient is 0 and no variable repeats. The model checked that no
/// partial sum can overflow. `rhs` is 128-bit: a constant moved across
/// (`x - 3 * 2 == i64::MAX`) may leave `i64`.
#[derive(Clone, Debug)]
pub(crate) struct Linear {
    pub(crate) vars: Box<[u32]>,
    pub(crate) coefs: Box<[i64]>,
    pub(crate) rel: crate::Rel,
    pub(crate) rhs: i128,
}

/// Allowed tuples, each as one bit index per variable (relative to the
/// variable's offset), flattened.
#[derive(Debug)]
pub(crate) struct Table {
    pub(crate) vars: Box<[u32]>,
    pub(crate) tuples: Box<[u32]>,
    /// Where each variable's supports start in the scratch words.
    pub(crate) bases: Box<[u32]>,
    /// The scratch words needed: the sum of the variables' domain words.
    pub(crate) words: u32,
    /// The tuples by value, built when first asked for
    /// ([`Table::by_value`]).
    pub(crate) by_value: std::sync::OnceLock<ByValue>,
}

/// A user's check on the values of its variables, shared by every clone
/// of the network (and every thread).
pub(crate) type Check = Arc<dyn Fn(&[i64]) -> bool + Send + Sync>;

/// A user's check on fixed values.
#[derive(Clone)]
pub(crate) struct Predicate {
    pub(crate) vars: Box<[u32]>,
    pub(crate) check: Check,
}

impl fmt::Debug for Prop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Prop::AllDifferent { vars, .. } => write!(f, "AllDifferent{vars:?}"),
            Prop::NotEqual { x, y, c } => write!(f, "NotEqual({x} != {y} + {c})"),
            Prop::Linear(l) => write!(f, "{l:?}"),
            Prop::Table(t) => write!(f, "Table{:?}", t.vars),
            Prop::Predicate(p) => write!(f, "Predicate{:?}", p.vars),
            Prop::User(u) => write!(f, "User{:?}", u.vars),
            Prop::Regular(r) => write!(f, "Regular{:?}", r.vars),
            Prop::ReifiedLinear(r) => write!(f, "Reified({} <-> {:?})", r.b, r.holds),
            Prop::ReifiedIn(r) => write!(f, "ReifiedIn({} <-> {} in ..)", r.b, r.x),
            Prop::Among(a) => write!(f, "Among({:?} in {:?} = {})", a.vars, a.values, a.count),
            Prop::Circuit(c) => write!(f, "Circuit{:?}", c.succ),
            Prop::Disjunctive(d) => write!(f, "Disjunctive{:?}", d.starts),
            Prop::Global(g) => write!(f, "{g:?}"),
        }
    }
}

impl Prop {
    /// The variables it constrains, each once.
    pub(crate) fn vars(&self) -> Cow<'_, [u32]> {
        match self {
            Prop::AllDifferent { vars, .. } => Cow::Borrowed(vars),
            Prop::NotEqual { x, y, .. } => Cow::Owned(vec![*x, *y]),
            Prop::Linear(l) => Cow::Borrowed(&l.vars),
            Prop::Table(t) => distinct(&t.vars),
            Prop::Predicate(p) => distinct(&p.vars),
            Prop::User(u) => distinct(&u.vars),
            Prop::Regular(r) => distinct(&r.vars),
            Prop::ReifiedLinear(r) => Cow::Owned(r.vars()),
            Prop::ReifiedIn(r) => Cow::Owned(r.vars()),
            Prop::Among(a) => Cow::Owned(each_once([&a.vars[..], &[a.count]].concat())),
            Prop::Circuit(c) => distinct(&c.succ),
            Prop::Disjunctive(d) => Cow::Borrowed(&d.vars),
            Prop::Global(g) => g.vars(),
        }
    }

    /// Whether it reads nothing of its variable `v` but its bounds, so
    /// that a change of `v` inside them need not wake it: a propagator that
    /// reads a value inside them must say no, or it misses that value
    /// leaving.
    pub(crate) fn reads_bounds_of(&self, v: u32) -> bool {
        match self {
            Prop::Linear(l) => l.rel != crate::Rel::Ne,
            Prop::Disjunctive(_) => true,
            Prop::Global(g) => g.reads_bounds_of(v),
            _ => false,
        }
    }

    /// Whether a run may find it entailed (see `Store::entail`), so the
    /// network keeps a flag for it.
    pub(crate) fn can_entail(&self) -> bool {
        match self {
            Prop::Linear(l) => l.rel == crate::Rel::Le,
            Prop::User(_) | Prop::ReifiedLinear(_) | Prop::ReifiedIn(_) | Prop::Among(_) => true,
            Prop::Global(g) => g.can_entail(),
            _ => false,
        }
    }

    /// Whether a run leaves it at a fixpoint of its own, so that the
    /// changes it made need not wake it again.
    #[inline]
    pub(crate) fn is_idempotent(&self) -> bool {
        match self {
            Prop::Linear(l) => l.rel != crate::Rel::Ne,
            Prop::Among(a) => a.is_idempotent(),
            _ => false,
        }
    }

    /// Whether it wants to hear when a variable becomes fixed, and which
    /// positions of its variable list that is.
    pub(crate) fn is_advised(&self) -> bool {
        match self {
            Prop::AllDifferent { .. } | Prop::NotEqual { .. } => true,
            Prop::Linear(l) => l.rel == crate::Rel::Ne,
            Prop::Table(_)
            | Prop::User(_)
            | Prop::Regular(_)
            | Prop::ReifiedLinear(_)
            | Prop::ReifiedIn(_)
            | Prop::Among(_)
            | Prop::Circuit(_)
            | Prop::Disjunctive(_)
            | Prop::Global(_) => false,
            Prop::Predicate(_) => true,
        }
    }

    /// Whether it runs whole when any of its domains changes.
    pub(crate) fn is_scheduled(&self) -> bool {
        match self {
            Prop::AllDifferent { dense, .. } => dense.is_some(),
            Prop::NotEqual { .. } | Prop::Predicate(_) => false,
            Prop::Linear(l) => l.rel != crate::Rel::Ne,
            Prop::Table(_)
            | Prop::User(_)
            | Prop::Regular(_)
            | Prop::ReifiedLinear(_)
            | Prop::ReifiedIn(_)
            | Prop::Among(_)
            | Prop::Circuit(_)
            | Prop::Disjunctive(_)
            | Prop::Global(_) => true,
        }
    }

    /// The list of variables that advice positions refer to.
    pub(crate) fn advised_vars(&self) -> Cow<'_, [u32]> {
        match self {
            Prop::AllDifferent { vars, .. } => Cow::Borrowed(vars),
            Prop::NotEqual { x, y, .. } => Cow::Owned(vec![*x, *y]),
            Prop::Linear(l) => Cow::Borrowed(&l.vars),
            Prop::Table(t) => Cow::Borrowed(&t.vars),
            Prop::Predicate(p) => Cow::Borrowed(&p.vars),
            Prop::User(u) => Cow::Borrowed(&u.vars),
            Prop::Regular(r) => Cow::Borrowed(&r.vars),
            Prop::ReifiedLinear(r) => Cow::Owned(r.vars()),
            Prop::ReifiedIn(r) => Cow::Owned(r.vars()),
            Prop::Among(a) => Cow::Owned(each_once([&a.vars[..], &[a.count]].concat())),
            Prop::Circuit(c) => Cow::Borrowed(&c.succ),
            Prop::Disjunctive(d) => Cow::Borrowed(&d.vars),
            Prop::Global(g) => g.vars(),
        }
    }

    /// Variable `vars[pos]` (see [`advised_vars`](Self::advised_vars)) has
    /// just been fixed to `value`.
    #[inline]
    pub(crate) fn advise(&self, s: &mut Store<'_>, pos: u32, value: i64) -> Result<(), Fail> {
        match self {
            Prop::AllDifferent { vars, .. } => {
                for (i, &v) in vars.iter().enumerate() {
                    if i as u32 != pos {
                        s.remove(v, value)?;
                    }
                }
                Ok(())
            }
            Prop::NotEqual { x, y, c } => {
                if pos == 0 {
                    value.checked_sub(*c).map_or(Ok(()), |w| s.remove(*y, w))
                } else {
                    value.checked_add(*c).map_or(Ok(()), |w| s.remove(*x, w))
                }
            }
            Prop::Linear(l) => not_equal_sum(s, l),
            Prop::Predicate(p) => {
                let mut values = std::mem::take(&mut s.st.values);
                values.clear();
                for &v in &p.vars {
                    match s.fixed_value(v) {
                        Some(x) => values.push(x),
                        None => {
                            s.st.values = values;
                            return Ok(());
                        }
                    }
                }
                let holds = (p.check)(&values);
                s.st.values = values;
                if holds { Ok(()) } else { Err(Fail) }
            }
            Prop::Table(_)
            | Prop::User(_)
            | Prop::Regular(_)
            | Prop::ReifiedLinear(_)
            | Prop::ReifiedIn(_)
            | Prop::Among(_)
            | Prop::Circuit(_)
            | Prop::Disjunctive(_)
            | Prop::Global(_) => Ok(()),
        }
    }

    /// Runs the whole propagator. One that is only advised runs at the
    /// root, and when a bound of one of its intervals moves: what the
    /// advice about its fixed variables would remove now.
    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        match self {
            Prop::AllDifferent { vars, dense } => match dense {
                Some(dense) => dense.run(s, vars),
                None => distinct::fixed_at_bounds(s, vars),
            },
            Prop::NotEqual { x, y, c } => {
                if let Some(b) = s.fixed_value(*y)
                    && let Some(a) = b.checked_add(*c)
                {
                    s.remove(*x, a)?;
                }
                match s.fixed_value(*x).map(|a| a.checked_sub(*c)) {
                    Some(Some(b)) => s.remove(*y, b),
                    _ => Ok(()),
                }
            }
            Prop::Linear(l) if l.rel == crate::Rel::Ne => not_equal_sum(s, l),
            Prop::Linear(l) => bounds(s, l),
            Prop::Table(t) => table(s, t),
            Prop::Regular(r) => r.run(s),
            Prop::ReifiedLinear(r) => r.run(s),
            Prop::ReifiedIn(r) => r.run(s),
            Prop::Among(a) => a.run(s),
            Prop::Circuit(c) => c.run(s),
            Prop::Disjunctive(d) => d.run(s),
            Prop::Global(g) => g.run(s),
            Prop::User(u) => u
                .prop
                .propagate(&mut Domains {
                    store: s,
                    state: u.state,
                })
                .map_err(|_| Fail),
            Prop::Predicate(_) => Ok(()),
        }
    }
}

/// A list's variables, each once, in increasing order.
fn each_once(mut vars: Vec<u32>) -> Vec<u32> {
    vars.sort_unstable();
    vars.dedup();
    vars
}

/// The variables of a list that may repeat them, each once: the list
/// itself when it repeats none.
fn distinct(vars: &[u32]) -> Cow<'_, [u32]> {
    let once = each_once(vars.to_vec());
    if once.len() == vars.len() {
        Cow::Borrowed(vars)
    } else {
        Cow::Owned(once)
    }
}
