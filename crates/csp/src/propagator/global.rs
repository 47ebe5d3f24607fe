//! The arithmetic, array, sequence and resource constraints behind one variant of
//! the propagator enum: each lists its variables and runs from scratch.

use std::borrow::Cow;

use super::arith::{Abs, Extreme, Times};
use super::cardinality::Cardinality;
use super::channel::{ElementVar, Inverse, Lex};
use super::circuit::Subcircuit;
use super::cumulative::Cumulative;
use super::diffn::Diffn;
use super::divide::Divide;
use super::each_once;
use super::element::Element;
use super::hall::Hall;
use super::matching::Matching;
use super::nvalue::NValue;
use super::packing::BinPacking;
use super::precede::{Chain, Precede};
use super::reified_global::{AllDifferentReif, TableReif};
use super::shift::Shift;
use super::sorted::Sorted;
use crate::domain::{Fail, Store};

/// One of the constraints of `arith` and `channel`.
#[derive(Clone, Debug)]
pub(crate) enum Global {
    Times(Times),
    Divide(Divide),
    Abs(Abs),
    Extreme(Extreme),
    Element(Element),
    ElementVar(ElementVar),
    Inverse(Inverse),
    Lex(Lex),
    Hall(Hall),
    Matching(Matching),
    Cumulative(Cumulative),
    BinPacking(BinPacking),
    Diffn(Diffn),
    Subcircuit(Subcircuit),
    AllDifferentReif(AllDifferentReif),
    TableReif(TableReif),
    Cardinality(Cardinality),
    Shift(Shift),
    Sorted(Sorted),
    Precede(Precede),
    Chain(Chain),
    NValue(NValue),
}

impl Global {
    pub(crate) fn vars(&self) -> Cow<'_, [u32]> {
        Cow::Owned(match self {
            Global::Times(t) => each_once(vec![t.x, t.y, t.z]),
            Global::Divide(d) => each_once(vec![d.x, d.y, d.z]),
            Global::Abs(a) => a.vars(),
            Global::Extreme(e) => each_once([&e.xs[..], &[e.z]].concat()),
            Global::Element(e) => each_once(vec![e.index, e.value]),
            Global::ElementVar(e) => each_once([&[e.index, e.value][..], &e.array].concat()),
            Global::Inverse(i) => each_once([&i.f[..], &i.g].concat()),
            Global::Lex(l) => each_once([&l.xs[..], &l.ys].concat()),
            Global::Hall(h) => each_once(h.vars.to_vec()),
            Global::Matching(m) => each_once(m.vars.to_vec()),
            Global::Cumulative(c) => each_once(c.vars()),
            Global::BinPacking(p) => each_once(p.vars()),
            Global::Diffn(d) => each_once(d.vars()),
            Global::Subcircuit(c) => each_once(c.succ.to_vec()),
            Global::AllDifferentReif(a) => each_once(a.vars()),
            Global::TableReif(t) => each_once(t.vars()),
            Global::Cardinality(c) => each_once(c.vars()),
            Global::Shift(t) => each_once(vec![t.x, t.y]),
            Global::Sorted(o) => each_once(o.xs.to_vec()),
            Global::Precede(p) => each_once(p.xs.to_vec()),
            Global::Chain(c) => each_once(c.xs.to_vec()),
            Global::NValue(v) => each_once([&v.xs[..], &[v.n]].concat()),
        })
    }

    /// Whether it reads nothing of `v` but its bounds, so that only a
    /// bound of `v` that moves need wake it. A division reads its divisor
    /// value by value, a bin packing its items' bins.
    pub(crate) fn reads_bounds_of(&self, v: u32) -> bool {
        match self {
            Global::Divide(d) => v != d.y,
            Global::BinPacking(p) => p.reads_bounds_of(v),
            Global::Cardinality(c) => c.reads_bounds_of(v),
            _ => self.reads_bounds(),
        }
    }

    /// Whether a run may find it entailed.
    pub(crate) fn can_entail(&self) -> bool {
        matches!(self, Global::AllDifferentReif(_) | Global::TableReif(_))
    }

    /// Whether it reads nothing but bounds, of every variable.
    fn reads_bounds(&self) -> bool {
        matches!(
            self,
            Global::Times(_)
                | Global::Abs(_)
                | Global::Extreme(_)
                | Global::Lex(_)
                | Global::Hall(_)
                | Global::Cumulative(_)
                | Global::Diffn(_)
                | Global::Sorted(_)
        )
    }

    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        match self {
            Global::Times(t) => t.run(s),
            Global::Divide(d) => d.run(s),
            Global::Abs(a) => a.run(s),
            Global::Extreme(e) => e.run(s),
            Global::Element(e) => e.run(s),
            Global::ElementVar(e) => e.run(s),
            Global::Inverse(i) => i.run(s),
            Global::Lex(l) => l.run(s),
            Global::Hall(h) => h.run(s),
            Global::Matching(m) => m.run(s),
            Global::Cumulative(c) => c.run(s),
            Global::BinPacking(p) => p.run(s),
            Global::Diffn(d) => d.run(s),
            Global::Subcircuit(c) => c.run(s),
            Global::AllDifferentReif(a) => a.run(s),
            Global::TableReif(t) => t.run(s),
            Global::Cardinality(c) => c.run(s),
            Global::Shift(t) => t.run(s),
            Global::Sorted(o) => o.run(s),
            Global::Precede(p) => p.run(s),
            Global::Chain(c) => c.run(s),
            Global::NValue(v) => v.run(s),
        }
    }
}
