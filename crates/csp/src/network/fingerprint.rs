//! A network's identity: a hash of everything that decides a search's
//! answer, so that files written about one network (checkpoints, shards)
//! are never taken for files about another.

use std::fmt::{self, Write as _};

use super::Network;
use crate::propagator::Prop;

/// FNV-1a, 64 bits (offset basis 0xcbf29ce484222325, prime
/// 0x100000001b3): fixed by its definition, so the same in every process,
/// on every machine and in every release, which `std`'s `DefaultHasher`
/// does not promise.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }

    fn i64(&mut self, v: i64) {
        self.bytes(&v.to_le_bytes());
    }

    /// A tag between two parts, so that no part can run into the next.
    fn tag(&mut self, tag: &str) {
        self.u64(tag.len() as u64);
        self.bytes(tag.as_bytes());
    }

    fn words(&mut self, words: &[u32]) {
        self.u64(words.len() as u64);
        for &w in words {
            self.bytes(&w.to_le_bytes());
        }
    }
}

impl fmt::Write for Fnv {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.bytes(s.as_bytes());
        Ok(())
    }
}

impl Network {
    /// A hash of what decides the answer of a search of this network, in
    /// its current state: every variable's domain, every propagator with
    /// all its parameters (coefficients, tuples, automata, capacities...),
    /// the branching groups (their variables, variable order and value
    /// order) and the default order among variables, the objective and its
    /// sense, the bound of branch and bound if one is set, and whether the
    /// state has failed.
    ///
    /// It is FNV-1a (64 bits) of a fixed rendering of those parts: the same
    /// in every process that builds the same model, on every machine, so a
    /// file written by one process can be checked by another. Two networks
    /// with the same fingerprint search alike (up to a collision of the
    /// hash, about one chance in 2^64 for two given networks); two that
    /// differ in any of those parts almost surely have different ones.
    ///
    /// A user's [`Propagator`](crate::Propagator) or
    /// [`predicate`](crate::Model::predicate) is code, which no hash can
    /// see into: it counts by its kind, its variables and (for a
    /// propagator) the events that wake it only. Two models that differ
    /// only in what such a closure computes have the same fingerprint;
    /// name them apart where the fingerprint is used (a job's name, say).
    ///
    /// The variables' names and the model's identity within its process
    /// are left out: they do not change any answer.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::puzzle;
    ///
    /// let six = puzzle::queens(6)?.0.compile();
    /// assert_eq!(six.fingerprint(), puzzle::queens(6)?.0.compile().fingerprint());
    /// assert_ne!(six.fingerprint(), puzzle::queens(7)?.0.compile().fingerprint());
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn fingerprint(&self) -> u64 {
        let mut hash = Fnv::new();
        hash.tag("csp network 1");
        hash.u64(u64::from(self.st.failed));
        hash.tag("domains");
        hash.u64(self.len() as u64);
        for v in 0..self.len() as u32 {
            let layout = &self.stat.vars[v as usize];
            if layout.is_interval() {
                let (lo, hi) = super::interval(layout, &self.st.words);
                hash.tag("interval");
                hash.i64(lo);
                hash.i64(hi);
            } else {
                hash.tag("values");
                hash.u64(self.size(v));
                for choice in self.values_of(v) {
                    hash.i64(choice.value);
                }
            }
        }
        hash.tag("propagators");
        hash.u64(self.props.len() as u64);
        for prop in self.props.iter() {
            // A rendering cannot fail: the hash takes any text.
            let _ = content(prop, &mut hash);
        }
        hash.tag("groups");
        hash.u64(self.stat.groups.len() as u64);
        for group in self.stat.groups.iter() {
            let _ = write!(hash, "{:?} {:?}", group.var_order, group.value_order);
            hash.words(&group.vars);
        }
        hash.tag("order");
        hash.words(&self.stat.order);
        hash.tag("objective");
        match self.stat.objective {
            Some(objective) => {
                hash.tag(if objective.maximize { "max" } else { "min" });
                hash.u64(u64::from(objective.var));
            }
            None => hash.tag("none"),
        }
        hash.tag("bound");
        match self.st.bound {
            Some(bound) => {
                hash.tag("some");
                hash.i64(bound);
            }
            None => hash.tag("none"),
        }
        hash.0
    }
}

/// Writes everything a propagator is made of into `out`, each kind under a
/// name of its own: the full `Debug` rendering of its parts (`Prop`'s own
/// is abbreviated for messages), and for a user's closure what can be seen
/// of it.
fn content(prop: &Prop, out: &mut Fnv) -> fmt::Result {
    match prop {
        Prop::AllDifferent { vars, dense } => write!(out, "AllDifferent {vars:?} {dense:?}"),
        Prop::NotEqual { x, y, c } => write!(out, "NotEqual {x} {y} {c}"),
        Prop::Linear(l) => write!(out, "Linear {l:?}"),
        Prop::Table(t) => write!(out, "Table {t:?}"),
        Prop::Predicate(p) => write!(out, "Predicate {:?}", p.vars),
        Prop::User(u) => write!(out, "User {:?} {:?}", u.vars, u.events),
        Prop::Regular(r) => write!(out, "Regular {r:?}"),
        Prop::ReifiedLinear(r) => write!(out, "ReifiedLinear {r:?}"),
        Prop::ReifiedIn(r) => write!(out, "ReifiedIn {r:?}"),
        Prop::Among(a) => write!(out, "Among {a:?}"),
        Prop::Circuit(c) => write!(out, "Circuit {c:?}"),
        Prop::Disjunctive(d) => write!(out, "Disjunctive {d:?}"),
        Prop::Global(g) => write!(out, "Global {g:?}"),
    }?;
    // The end of one propagator, so that two cannot read as one.
    out.write_char('\n')
}

/// A network serializes as its identity, its [`fingerprint`](Network::fingerprint)
/// in 16 hex digits: what a file needs to tell this network from another
/// (the `runner` crate's `Subproblems::auto` hashes its root this way,
/// so a compiled model is a job of its own). It cannot be read back into
/// a network.
impl serde::Serialize for Network {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&format_args!("{:016x}", self.fingerprint()))
    }
}
