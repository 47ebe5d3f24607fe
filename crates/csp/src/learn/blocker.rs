//! A learned clause's blocking literal: read from the domains before the
//! clause itself, it spares most visits of a watch that may have turned
//! false.

use super::nogood::Lit;
use crate::domain::Store;

/// A literal of a clause whose truth is read from the domains without
/// reading the clause: when it holds, so does the clause, and a watch that
/// may have turned false is kept as it is (a SAT solver's blocking
/// literal). Reading the clause's literals is most of the cost of a visit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Blocker {
    /// `var <= v`.
    Le(u32, i64),
    /// `var >= v`.
    Ge(u32, i64),
    /// A literal on a one-word domain, domain word `word`: true once the
    /// word has no bit outside `bits`.
    Word {
        word: u32,
        bits: u64,
    },
    None,
}

impl Blocker {
    /// The blocker of `lit`, if its truth reads cheaply.
    pub(super) fn of(lit: &Lit, store: Option<&Store<'_>>) -> Blocker {
        match (lit, store) {
            (Lit::Le { var, v }, _) => Blocker::Le(*var, *v),
            (Lit::Ge { var, v }, _) => Blocker::Ge(*var, *v),
            (Lit::In { var, mask }, Some(store)) if mask.len() == 1 => {
                let layout = &store.stat.vars[*var as usize];
                if layout.len == 1 {
                    Blocker::Word {
                        word: layout.start,
                        bits: mask[0],
                    }
                } else {
                    Blocker::None
                }
            }
            _ => Blocker::None,
        }
    }

    /// The blocker of a watch on `var`: the clause's other watched literal.
    pub(super) fn other(lits: &[Lit], var: u32, store: Option<&Store<'_>>) -> Blocker {
        lits.iter()
            .take(2)
            .find(|l| l.var() != var)
            .map_or(Blocker::None, |l| Blocker::of(l, store))
    }

    /// Whether the literal holds (no domain is empty here).
    #[inline]
    pub(super) fn holds(self, store: &Store<'_>) -> bool {
        match self {
            Blocker::Le(var, v) => store.max(var) <= v,
            Blocker::Ge(var, v) => store.min(var) >= v,
            Blocker::Word { word, bits } => store.st.words[word as usize] & !bits == 0,
            Blocker::None => false,
        }
    }
}
