//! The explanation of `regular`, on the layered graph of the automaton's
//! states: a value leaves a variable at position `i` when every
//! transition on it there starts from a state no path from the start
//! reaches, or ends in one from which no path reaches an accepting state.
//! Each such state is explained in turn, towards the start or towards the
//! end: a state is unreachable because each transition into it comes from
//! an unreachable state or reads a value its variable lost (a state
//! already named, else a value already named, else the value where it is
//! lost, else the state), and a dead state the same way forwards, down to
//! the start (every other state of layer 0 is unreachable by itself) and
//! the last layer (a state that does not accept is dead by itself). The
//! change is explained by the removals of the values named.
//!
//! Lazy, like the others (`explain`): the layers are built again from the
//! domains when the run began; the propagator is arc consistent in one
//! pass, so that replay reaches every change (a failure with no accepting
//! state reached included).

use super::analyze::Analysis;
use super::element::Domain;
use super::explain::falsified;
use super::nogood::Lit;
use crate::domain::Store;
use crate::propagator::Regular;

/// A set of states, one bit each.
#[derive(Clone)]
struct States(Vec<u64>);

impl States {
    fn new(states: u32) -> States {
        States(vec![0; (states as usize).div_ceil(64).max(1)])
    }

    fn has(&self, q: u32) -> bool {
        self.0[(q / 64) as usize] >> (q % 64) & 1 == 1
    }

    /// Adds `q`; whether it was new.
    fn put(&mut self, q: u32) -> bool {
        let new = !self.has(q);
        self.0[(q / 64) as usize] |= 1 << (q % 64);
        new
    }
}

/// A position's domain at the run's start, and the values the
/// explanation names as lost, as bits from the variable's offset.
struct Place {
    words: Vec<u64>,
    offset: i64,
    need: Vec<u64>,
}

impl Place {
    /// The bit of `value`, if inside the words.
    fn bit(&self, value: i64) -> Option<usize> {
        let b = i128::from(value) - i128::from(self.offset);
        (0..(self.words.len() * 64) as i128)
            .contains(&b)
            .then_some(b as usize)
    }

    fn has(&self, value: i64) -> bool {
        self.bit(value)
            .is_some_and(|b| self.words[b / 64] >> (b % 64) & 1 == 1)
    }

    fn named(&self, value: i64) -> bool {
        self.bit(value)
            .is_some_and(|b| self.need[b / 64] >> (b % 64) & 1 == 1)
    }

    /// Names `value` as lost (a value outside the words never was in).
    fn name(&mut self, value: i64) {
        if let Some(b) = self.bit(value) {
            self.need[b / 64] |= 1 << (b % 64);
        }
    }
}

impl Analysis {
    /// The entries that explain the change of `node` (or the failure, with
    /// none) by `r`'s run begun at `t`; `false` when it has none.
    pub(super) fn regular(
        &mut self,
        store: &Store<'_>,
        r: &Regular,
        t: u32,
        node: Option<u32>,
        words: &mut Vec<u64>,
    ) -> bool {
        let a = &*r.automaton;
        let n = r.vars.len();
        let mut places = Vec::with_capacity(n);
        for &x in r.vars.iter() {
            match Domain::at(store, x, t) {
                Domain::Bits(words, offset) => places.push(Place {
                    need: vec![0; words.len()],
                    words,
                    offset,
                }),
                Domain::Interval(..) => return false,
            }
        }
        // Forward: the states some path from the start reaches.
        let mut reach = vec![States::new(a.states); n + 1];
        reach[0].put(a.start);
        for i in 0..n {
            for q in 0..a.states {
                if reach[i].has(q) {
                    for &(value, to) in a.out(q) {
                        if places[i].has(value) {
                            reach[i + 1].put(to);
                        }
                    }
                }
            }
        }
        // Backward: the states from which a path reaches acceptance.
        let mut alive = vec![States::new(a.states); n + 1];
        for q in 0..a.states {
            if a.accepting[q as usize] {
                alive[n].put(q);
            }
        }
        for i in (0..n).rev() {
            for q in 0..a.states {
                let on = a
                    .out(q)
                    .iter()
                    .any(|&(value, to)| places[i].has(value) && alive[i + 1].has(to));
                if on {
                    alive[i].put(q);
                }
            }
        }
        // The states each layer needs explained unreachable, and dead.
        let mut unreached = vec![States::new(a.states); n + 1];
        let mut dead = vec![States::new(a.states); n + 1];
        match node {
            None => {
                // No accepting state reached.
                for q in (0..a.states).filter(|&q| a.accepting[q as usize]) {
                    if reach[n].has(q) {
                        return false;
                    }
                    unreached[n].put(q);
                }
            }
            Some(v) => {
                let Some((removed, _)) = Domain::removed_by(store, v, t) else {
                    return false;
                };
                for value in removed {
                    // A position of `v` where no transition on it is kept.
                    let cut = |i: usize| {
                        r.vars[i] == v
                            && (0..a.states).all(|q| {
                                !reach[i].has(q)
                                    || a.out(q)
                                        .iter()
                                        .all(|&(b, to)| b != value || !alive[i + 1].has(to))
                            })
                    };
                    let Some(i) = (0..n).find(|&i| cut(i)) else {
                        return false;
                    };
                    for q in 0..a.states {
                        for &(_, to) in a.out(q).iter().filter(|&&(b, _)| b == value) {
                            if reach[i].has(q) {
                                dead[i + 1].put(to);
                            } else {
                                unreached[i].put(q);
                            }
                        }
                    }
                }
            }
        }
        // Into each state: (from, value).
        let mut into: Vec<Vec<(u32, i64)>> = vec![Vec::new(); a.states as usize];
        for q in 0..a.states {
            for &(value, to) in a.out(q) {
                into[to as usize].push((q, value));
            }
        }
        for i in (1..=n).rev() {
            let (below, here) = unreached.split_at_mut(i);
            let below = &mut below[i - 1];
            for q in (0..a.states).filter(|&q| here[0].has(q)) {
                for &(p, value) in &into[q as usize] {
                    if below.has(p) || places[i - 1].named(value) {
                        continue;
                    }
                    if !places[i - 1].has(value) {
                        places[i - 1].name(value);
                    } else {
                        below.put(p);
                    }
                }
            }
        }
        for i in 0..n {
            let (here, above) = dead.split_at_mut(i + 1);
            let above = &mut above[0];
            for q in (0..a.states).filter(|&q| here[i].has(q)) {
                for &(value, to) in a.out(q) {
                    if above.has(to) || places[i].named(value) {
                        continue;
                    }
                    if !places[i].has(value) {
                        places[i].name(value);
                    } else {
                        above.put(to);
                    }
                }
            }
        }
        // A replay that went wrong names what held: better the default.
        let start_ok = !unreached[0].has(a.start);
        let end_ok = (0..a.states).all(|q| !dead[n].has(q) || !a.accepting[q as usize]);
        if !start_ok || !end_ok {
            return false;
        }
        for (i, place) in places.into_iter().enumerate() {
            if place.need.iter().all(|&m| m == 0) {
                continue;
            }
            let lit = Lit::In {
                var: r.vars[i],
                mask: place.need.into(),
            };
            falsified(store, &lit, t, words, &mut self.found);
        }
        #[cfg(test)]
        super::BY_REGULAR.with(|n| n.set(n.get() + 1));
        true
    }
}
