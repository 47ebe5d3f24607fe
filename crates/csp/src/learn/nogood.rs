//! Learned nogoods, each a clause of literals over integer variables, and
//! their propagation by two watched literals as the trail grows.

use super::blocker::Blocker;
use crate::domain::{Fail, NONE, Store, Why};

/// A literal over an integer variable: what a clause says it may take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Lit {
    /// `var` takes one of the values of `mask`, over the words of its
    /// bitset domain (bit `i` the value `offset + i`).
    In { var: u32, mask: Box<[u64]> },
    /// `var <= v` (of a bitset or an interval).
    Le { var: u32, v: i64 },
    /// `var >= v`.
    Ge { var: u32, v: i64 },
}

/// Whether a literal holds for every value left, for none, or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Truth {
    True,
    False,
    Open,
}

impl Lit {
    pub(crate) fn var(&self) -> u32 {
        match self {
            Lit::In { var, .. } | Lit::Le { var, .. } | Lit::Ge { var, .. } => *var,
        }
    }

    /// The literal's truth in the domain `words` of its variable (its
    /// bitset from `offset`, or an interval's two bounds).
    pub(crate) fn truth_in(&self, words: &[u64], offset: i64, interval: bool) -> Truth {
        match self {
            Lit::In { mask, .. } => {
                let (mut meets, mut outside) = (false, false);
                for (&d, &m) in words.iter().zip(mask.iter()) {
                    meets |= d & m != 0;
                    outside |= d & !m != 0;
                }
                match (meets, outside) {
                    (false, _) => Truth::False,
                    (true, false) => Truth::True,
                    (true, true) => Truth::Open,
                }
            }
            Lit::Le { v, .. } | Lit::Ge { v, .. } => {
                let bounds = if interval {
                    Some((words[0] as i64, words[1] as i64)).filter(|(lo, hi)| lo <= hi)
                } else {
                    bitset_bounds(words, offset)
                };
                let Some((lo, hi)) = bounds else {
                    return Truth::False;
                };
                let le = matches!(self, Lit::Le { .. });
                if (le && hi <= *v) || (!le && lo >= *v) {
                    Truth::True
                } else if (le && lo > *v) || (!le && hi < *v) {
                    Truth::False
                } else {
                    Truth::Open
                }
            }
        }
    }

    /// The literal's truth in the current domains.
    pub(crate) fn truth(&self, store: &Store<'_>) -> Truth {
        let v = self.var();
        let layout = &store.stat.vars[v as usize];
        let start = layout.start as usize;
        let len = if layout.is_interval() {
            2
        } else {
            layout.len as usize
        };
        self.truth_in(
            &store.st.words[start..start + len],
            layout.offset,
            layout.is_interval(),
        )
    }

    /// Narrows the domain to the literal's values.
    fn enforce(&self, store: &mut Store<'_>) -> Result<(), Fail> {
        match self {
            Lit::In { var, mask } => store.intersect(*var, mask).map(drop),
            Lit::Le { var, v } => store.set_max(*var, *v).map(drop),
            Lit::Ge { var, v } => store.set_min(*var, *v).map(drop),
        }
    }
}

/// The smallest and largest values of a bitset's words from `offset`, or
/// `None` when it is empty.
pub(crate) fn bitset_bounds(words: &[u64], offset: i64) -> Option<(i64, i64)> {
    let lo = words.iter().position(|&w| w != 0)?;
    let hi = words.iter().rposition(|&w| w != 0)?;
    Some((
        offset + (lo * 64) as i64 + words[lo].trailing_zeros() as i64,
        offset + (hi * 64 + 63) as i64 - words[hi].leading_zeros() as i64,
    ))
}

/// A clause: one of its literals holds in every solution. Its first two
/// literals are watched.
#[derive(Clone, Debug)]
pub(crate) struct Clause {
    pub(crate) lits: Vec<Lit>,
    /// The number of decision levels among its literals when learned.
    pub(crate) lbd: u32,
}

/// What turns a watched literal false, checked on the variable's bounds
/// before the clause is read: most changes of a variable leave a bound
/// literal on it as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Guard {
    /// `var <= v`: false once the smallest value passes `v`.
    Le(i64),
    /// `var >= v`: false once the largest value falls below `v`.
    Ge(i64),
    /// `var` in a mask: false only once domain word `word` (an index into
    /// the store's words) has none of `bits`, the mask's part of that
    /// word, which met the domain when the guard was made (a stale guard
    /// only costs a visit).
    Bits { word: u32, bits: u64 },
    /// Any change may.
    Any,
}

/// A clause watching a literal on a variable.
#[derive(Clone, Copy, Debug)]
struct Watch {
    c: u32,
    guard: Guard,
    /// Another literal of the clause, read before the clause is.
    blocker: Blocker,
}

/// Which literals a clause watches on `var` (`None` if none): a watch on
/// `var` whose key is the same still guards them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    Le(i64),
    Ge(i64),
    In,
    Two,
}

fn watched(lits: &[Lit], var: u32) -> Option<Key> {
    let mut on = lits.iter().take(2).filter(|l| l.var() == var);
    let first = on.next()?;
    if on.next().is_some() {
        return Some(Key::Two);
    }
    Some(match first {
        Lit::Le { v, .. } => Key::Le(*v),
        Lit::Ge { v, .. } => Key::Ge(*v),
        Lit::In { .. } => Key::In,
    })
}

/// The guard of clause `lits`' watched literals on `var` (`None` if none),
/// a mask's on the word of the domain `store` has now that meets it (with
/// no store, or none meeting it, any change may turn it false).
fn guard(lits: &[Lit], var: u32, store: Option<&Store<'_>>) -> Option<Guard> {
    Some(match watched(lits, var)? {
        Key::Le(v) => Guard::Le(v),
        Key::Ge(v) => Guard::Ge(v),
        Key::Two => Guard::Any,
        Key::In => {
            let mask = lits.iter().take(2).find_map(|l| match l {
                Lit::In { var: w, mask } if *w == var => Some(mask),
                _ => None,
            })?;
            store
                .and_then(|store| {
                    let start = store.stat.vars[var as usize].start;
                    mask.iter().enumerate().find_map(|(i, &bits)| {
                        let word = start + i as u32;
                        (store.st.words[word as usize] & bits != 0)
                            .then_some(Guard::Bits { word, bits })
                    })
                })
                .unwrap_or(Guard::Any)
        }
    })
}

/// The learned clauses, and the clauses watching each variable.
#[derive(Clone, Debug, Default)]
pub(crate) struct Nogoods {
    pub(crate) clauses: Vec<Clause>,
    watches: Vec<Vec<Watch>>,
    /// The trail entries already looked at.
    pub(crate) head: usize,
}

impl Nogoods {
    pub(crate) fn new(vars: usize) -> Nogoods {
        Nogoods {
            watches: vec![Vec::new(); vars],
            ..Nogoods::default()
        }
    }

    fn watch(&mut self, c: u32, store: Option<&Store<'_>>) {
        let lits = &self.clauses[c as usize].lits;
        let a = lits[0].var();
        let first = guard(lits, a, store).expect("watched");
        let blocker = Blocker::other(lits, a, store);
        self.watches[a as usize].push(Watch {
            c,
            guard: first,
            blocker,
        });
        if let Some(b) = lits.get(1).map(Lit::var)
            && b != a
        {
            let second = guard(lits, b, store).expect("watched");
            let blocker = Blocker::other(lits, b, store);
            self.watches[b as usize].push(Watch {
                c,
                guard: second,
                blocker,
            });
        }
    }

    /// Adds a clause whose first literal is open or true and whose second
    /// (if any) is false at the deepest level of the others; returns its
    /// index.
    pub(crate) fn add(&mut self, clause: Clause, store: &Store<'_>) -> u32 {
        let c = self.clauses.len() as u32;
        self.clauses.push(clause);
        self.watch(c, Some(store));
        c
    }

    /// Makes the first literal of clause `c` hold, as the nogood's
    /// consequence; a failure is a conflict of clause `c`.
    pub(crate) fn assert_first(&self, c: u32, store: &mut Store<'_>) -> Result<(), Fail> {
        store.st.trace.begin(Why::Nogood(c), store.st.trail.len());
        self.clauses[c as usize].lits[0].enforce(store)
    }

    /// Looks at the clauses watching each variable changed since the last
    /// call: a clause with one literal left open makes it hold; one with
    /// none left is a conflict, whose index is the error. Says whether it
    /// changed a domain.
    pub(crate) fn propagate(&mut self, store: &mut Store<'_>) -> Result<bool, u32> {
        let mut changed = false;
        while self.head < store.st.trace.entries.len() {
            let var = store.st.trace.entries[self.head].var;
            self.head += 1;
            // Once a variable for all its entries in a row.
            if var == NONE
                || self.watches[var as usize].is_empty()
                || store
                    .st
                    .trace
                    .entries
                    .get(self.head)
                    .is_some_and(|e| e.var == var)
            {
                continue;
            }
            // Compacted in place: `kept` watches stay at the front.
            let mut list = std::mem::take(&mut self.watches[var as usize]);
            let mut kept = 0;
            let mut result = Ok(());
            let bounds = (store.min(var), store.max(var));
            let mut i = 0;
            while i < list.len() {
                let w = list[i];
                i += 1;
                if !may_be_false(w.guard, store, bounds) || w.blocker.holds(store) {
                    list[kept] = w;
                    kept += 1;
                    continue;
                }
                let (visit, stays) = self.visit(w.c, var, store);
                if let Some(stays) = stays {
                    list[kept] = stays;
                    kept += 1;
                }
                match visit {
                    Visit::Keep => {}
                    Visit::Unit => {
                        changed = true;
                        if self.assert_first(w.c, store).is_err() {
                            result = Err(w.c);
                        }
                    }
                    Visit::Conflict => result = Err(w.c),
                }
                if result.is_err() {
                    list.copy_within(i.., kept);
                    kept += list.len() - i;
                    break;
                }
            }
            list.truncate(kept);
            // Clauses that came to watch `var` while its list was out.
            list.append(&mut self.watches[var as usize]);
            self.watches[var as usize] = list;
            result?;
        }
        Ok(changed)
    }

    /// Brings two literals of clause `c` that are not false to its front if
    /// it has them (with one, a literal on `var`, the last to turn false,
    /// second), and watches them. Says what the clause needs, and its guard
    /// on `var` if it still watches it. A watch that leaves another
    /// variable stays in that variable's list until a visit from there
    /// finds it stale and drops it; a watch that changes literal on another
    /// variable gets a new entry there.
    fn visit(&mut self, c: u32, var: u32, store: &Store<'_>) -> (Visit, Option<Watch>) {
        let lits = &mut self.clauses[c as usize].lits;
        let before = [
            (lits[0].var(), watched(lits, lits[0].var())),
            lits.get(1)
                .map_or((NONE, None), |l| (l.var(), watched(lits, l.var()))),
        ];
        if before[0].0 != var && before[1].0 != var {
            // A stale entry: the clause's watches left `var`.
            return (Visit::Keep, None);
        }
        // The other watch true: the clause holds, and still will when the
        // literals on `var`, false since this level, are undone. It keeps
        // its watches, as a SAT solver keeps a watch whose clause a true
        // literal blocks.
        let other = usize::from(before[0].0 == var);
        if before[other].0 != var
            && lits
                .get(other)
                .is_some_and(|l| l.truth(store) == Truth::True)
        {
            return (Visit::Keep, staying(c, lits, var, store));
        }
        let mut found = 0;
        let mut satisfied = false;
        for j in 0..lits.len() {
            let truth = lits[j].truth(store);
            if truth == Truth::False {
                continue;
            }
            lits.swap(found, j);
            found += 1;
            satisfied |= truth == Truth::True;
            if found == 2.min(lits.len()) {
                break;
            }
        }
        if found == 1
            && lits[0].var() != var
            && let Some(j) = (1..lits.len()).find(|&j| lits[j].var() == var)
        {
            lits.swap(1, j);
        }
        let visit = match (found, satisfied) {
            (0, _) => Visit::Conflict,
            (_, true) => Visit::Keep,
            (1, false) => Visit::Unit,
            _ => Visit::Keep,
        };
        let lits = &self.clauses[c as usize].lits;
        let mut added = [NONE; 2];
        for (i, lit) in lits.iter().take(2).enumerate() {
            let w = lit.var();
            if w != var && !added.contains(&w) && !before.contains(&(w, watched(lits, w))) {
                self.watches[w as usize].push(Watch {
                    c,
                    guard: guard(lits, w, Some(store)).expect("watched"),
                    blocker: Blocker::other(lits, w, Some(store)),
                });
                added[i] = w;
            }
        }
        (visit, staying(c, lits, var, store))
    }

    /// Keeps the clauses `keep` says yes to, renumbered, and watches them
    /// afresh. Only at the root, where no clause is the cause of a change
    /// that analysis may read.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(&Clause) -> bool) {
        self.clauses.retain(|c| keep(c));
        for list in &mut self.watches {
            list.clear();
        }
        for c in 0..self.clauses.len() as u32 {
            self.watch(c, None);
        }
    }
}

/// Clause `c`'s watch on `var` after a visit, if it still watches it.
fn staying(c: u32, lits: &[Lit], var: u32, store: &Store<'_>) -> Option<Watch> {
    Some(Watch {
        c,
        guard: guard(lits, var, Some(store))?,
        blocker: Blocker::other(lits, var, Some(store)),
    })
}

/// Whether a watched literal guarded by `guard` may have turned false
/// (no domain is empty here: an emptied one failed before).
/// `(lo, hi)` are the variable's bounds, read once for its whole list: a
/// consequence asserted on it meanwhile narrows it again, and the list is
/// read again for that.
fn may_be_false(guard: Guard, store: &Store<'_>, (lo, hi): (i64, i64)) -> bool {
    match guard {
        Guard::Bits { word, bits } => store.st.words[word as usize] & bits == 0,
        Guard::Any => true,
        Guard::Le(v) => lo > v,
        Guard::Ge(v) => hi < v,
    }
}

enum Visit {
    Keep,
    Unit,
    Conflict,
}
