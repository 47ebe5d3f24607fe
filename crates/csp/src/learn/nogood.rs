//! Learned nogoods, each a clause of literals over integer variables, and
//! their propagation by two watched literals as the trail grows.

use crate::domain::{Fail, NONE, Store, Why};

/// A literal over an integer variable: what a clause says it may take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Lit {
    /// `var` takes one of the values of `mask`, over the words of its
    /// bitset domain (bit `i` the value `offset + i`).
    In { var: u32, mask: Box<[u64]> },
    /// `var <= v`.
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
    /// bitset, or an interval's two bounds).
    pub(crate) fn truth_in(&self, words: &[u64], interval: bool) -> Truth {
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
                debug_assert!(interval, "bounds literals are over intervals");
                let (lo, hi) = (words[0] as i64, words[1] as i64);
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
        self.truth_in(&store.st.words[start..start + len], layout.is_interval())
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

/// A clause: one of its literals holds in every solution. Its first two
/// literals are watched.
#[derive(Clone, Debug)]
pub(crate) struct Clause {
    pub(crate) lits: Vec<Lit>,
    /// The number of decision levels among its literals when learned.
    pub(crate) lbd: u32,
}

/// The learned clauses, and the clauses watching each variable.
#[derive(Clone, Debug, Default)]
pub(crate) struct Nogoods {
    pub(crate) clauses: Vec<Clause>,
    watches: Vec<Vec<u32>>,
    /// The trail entries already looked at.
    pub(crate) head: usize,
    /// The number of literals of every clause, for the memory bound.
    pub(crate) lits: usize,
}

impl Nogoods {
    pub(crate) fn new(vars: usize) -> Nogoods {
        Nogoods {
            watches: vec![Vec::new(); vars],
            ..Nogoods::default()
        }
    }

    fn watch(&mut self, c: u32) {
        let lits = &self.clauses[c as usize].lits;
        let a = lits[0].var();
        self.watches[a as usize].push(c);
        if let Some(b) = lits.get(1).map(Lit::var)
            && b != a
        {
            self.watches[b as usize].push(c);
        }
    }

    /// Adds a clause whose first literal is open or true and whose second
    /// (if any) is false at the deepest level of the others; returns its
    /// index.
    pub(crate) fn add(&mut self, clause: Clause) -> u32 {
        let c = self.clauses.len() as u32;
        self.lits += clause.lits.len();
        self.clauses.push(clause);
        self.watch(c);
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
            if var == NONE || self.watches[var as usize].is_empty() {
                continue;
            }
            let list = std::mem::take(&mut self.watches[var as usize]);
            let mut kept = Vec::with_capacity(list.len());
            let mut result = Ok(());
            for (i, &c) in list.iter().enumerate() {
                let (visit, stays) = self.visit(c, var, store);
                if stays {
                    kept.push(c);
                }
                match visit {
                    Visit::Keep => {}
                    Visit::Unit => {
                        changed = true;
                        if self.assert_first(c, store).is_err() {
                            result = Err(c);
                        }
                    }
                    Visit::Conflict => result = Err(c),
                }
                if result.is_err() {
                    kept.extend_from_slice(&list[i + 1..]);
                    break;
                }
            }
            // Clauses that came to watch `var` while its list was out.
            kept.append(&mut self.watches[var as usize]);
            self.watches[var as usize] = kept;
            result?;
        }
        Ok(changed)
    }

    /// Brings two literals of clause `c` that are not false to its front if
    /// it has them (with one, a literal on `var`, the last to turn false,
    /// second), and moves its watches from `var` if they left it. Says what
    /// the clause needs, and whether it still watches `var`.
    fn visit(&mut self, c: u32, var: u32, store: &Store<'_>) -> (Visit, bool) {
        let lits = &mut self.clauses[c as usize].lits;
        let before = (lits[0].var(), lits.get(1).map(Lit::var));
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
        let after = (lits[0].var(), lits.get(1).map(Lit::var));
        let (old, new) = ([Some(before.0), before.1], [Some(after.0), after.1]);
        if after != before {
            for o in old.into_iter().flatten() {
                if o != var && !new.contains(&Some(o)) {
                    self.watches[o as usize].retain(|&x| x != c);
                }
            }
            let mut added = Vec::new();
            for w in new.into_iter().flatten() {
                if w != var && !old.contains(&Some(w)) && !added.contains(&w) {
                    self.watches[w as usize].push(c);
                    added.push(w);
                }
            }
        }
        (visit, new.contains(&Some(var)))
    }

    /// Keeps the clauses `keep` says yes to, renumbered, and watches them
    /// afresh. Only at the root, where no clause is the cause of a change
    /// that analysis may read.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(&Clause) -> bool) {
        self.clauses.retain(|c| keep(c));
        self.lits = self.clauses.iter().map(|c| c.lits.len()).sum();
        for list in &mut self.watches {
            list.clear();
        }
        for c in 0..self.clauses.len() as u32 {
            self.watch(c);
        }
    }
}

enum Visit {
    Keep,
    Unit,
    Conflict,
}
