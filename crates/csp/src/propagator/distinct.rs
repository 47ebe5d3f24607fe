//! All different on one-word domains with a common offset, the units of
//! grid puzzles: Hall checks on the words directly, hidden singles, and the
//! values an all-different confines to its overlap with another.
//!
//! The overlap rule: when an all-different `A` has exactly as many values as
//! variables, each of its values is taken by one of its variables. If every
//! variable of `A` that can still take a value `x` is also in another
//! all-different `B`, then some variable of `B` takes `x`, and the variables
//! of `B` outside `A` cannot. (On a sudoku, a box and a row or a column:
//! the "locked candidates" of its solvers, in both directions.)

use super::Prop;
use crate::domain::{Fail, Store};

/// The layout of an all-different whose variables are one word each with a
/// common offset.
#[derive(Clone, Debug)]
pub(crate) struct Dense {
    /// The index of each variable's word.
    pub(crate) words: Box<[u32]>,
    /// The other such all-differents that share at least two variables with
    /// this one and have variables outside it (filled in when compiling), in
    /// families.
    pub(crate) families: Box<[Family]>,
}

/// At most [`FAMILY`] overlaps that share no variable of `A` with each
/// other (a sudoku row's three boxes, a box's three rows): the values
/// outside one of them are those of the others and of the positions none of
/// them covers, so each position is read once for the whole family.
#[derive(Clone, Debug)]
pub(crate) struct Family {
    overlaps: Box<[Overlap]>,
    /// The words of `A`'s variables that none of the overlaps covers.
    uncovered: Box<[u32]>,
}

/// The most overlaps in a family (their values are kept on the stack).
const FAMILY: usize = 8;

/// Another dense all-different `B` seen from this one, `A`.
#[derive(Clone, Debug)]
pub(crate) struct Overlap {
    /// The positions, in `A`'s list, of the variables `B` shares.
    shared: u64,
    /// Their words.
    inside: Box<[u32]>,
    /// `B`'s variables outside `A`, each with its word.
    rest: Box<[(u32, u32)]>,
}

impl Dense {
    /// The layout of variables whose words are `words`, overlaps unknown.
    pub(crate) fn new(words: Box<[u32]>) -> Dense {
        Dense {
            words,
            families: Box::new([]),
        }
    }

    /// Too few values for the variables fails; with exactly as many values
    /// as variables, every value must be used, so a value that one unfixed
    /// variable alone can take is its, and a value confined to an overlap
    /// leaves the rest of the other all-different.
    pub(crate) fn run(&self, s: &mut Store<'_>, vars: &[u32]) -> Result<(), Fail> {
        let words = &self.words;
        let (mut once, mut twice, mut fixed) = (0u64, 0u64, 0u64);
        for &w in words.iter() {
            let d = s.word_at(w);
            twice |= once & d;
            once |= d;
            // d if it has one bit (or none), else 0; without a branch.
            fixed |= d & 0u64.wrapping_sub(u64::from(d & d.wrapping_sub(1) == 0));
        }
        let values = once.count_ones() as usize;
        if values < vars.len() {
            return Err(Fail);
        }
        if values > vars.len() {
            return Ok(());
        }
        let mut singles = once & !twice & !fixed;
        if singles != 0 {
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                for (&v, &w) in vars.iter().zip(words.iter()) {
                    if s.word_at(w) & bit != 0 {
                        s.set_word_at(v, w, bit)?;
                        break;
                    }
                }
            }
            // Those changes schedule this propagator again: the overlaps
            // are looked at then, on the new words.
            return Ok(());
        }
        // Values fixed already left the others through the advice.
        let open = twice & !fixed;
        if open == 0 {
            return Ok(());
        }
        for f in self.families.iter() {
            f.run(s, open)?;
        }
        Ok(())
    }
}

impl Family {
    /// Removes from each overlap's rest the values of `open` that `A`'s
    /// variables can take only inside the overlap.
    fn run(&self, s: &mut Store<'_>, open: u64) -> Result<(), Fail> {
        let read = |s: &Store<'_>, words: &[u32]| words.iter().fold(0, |u, &w| u | s.word_at(w));
        let mut insides = [0u64; FAMILY];
        let (mut once, mut twice) = (0u64, 0u64);
        for (inside, o) in insides.iter_mut().zip(self.overlaps.iter()) {
            *inside = read(s, &o.inside);
            twice |= once & *inside;
            once |= *inside;
        }
        let uncovered = read(s, &self.uncovered);
        // The values in exactly one overlap's positions and nowhere else.
        if open & once & !twice & !uncovered == 0 {
            return Ok(());
        }
        for (&inside, o) in insides.iter().zip(self.overlaps.iter()) {
            let outside = uncovered | twice | (once & !inside);
            let confined = inside & open & !outside;
            if confined != 0 {
                for &(u, w) in o.rest.iter() {
                    let d = s.word_at(w);
                    if d & confined != 0 {
                        s.set_word_at(u, w, d & !confined)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// Finds the overlaps of every dense all-different with the others.
///
/// # Complexity
///
/// For each dense all-different, the sum over its variables of the number
/// of dense all-differents each one is in, and the length of those that
/// share two variables or more.
pub(crate) fn link_overlaps(props: &mut [Prop], vars: usize) {
    let dense = |prop: &Prop| match prop {
        Prop::AllDifferent {
            vars,
            dense: Some(d),
        } => Some((vars.clone(), d.words.clone())),
        _ => None,
    };
    // The dense all-differents each variable is in.
    let mut holders: Vec<Vec<u32>> = vec![Vec::new(); vars];
    for (p, prop) in props.iter().enumerate() {
        if let Some((vs, _)) = dense(prop) {
            for &v in vs.iter() {
                holders[v as usize].push(p as u32);
            }
        }
    }
    for a in 0..props.len() {
        let Some((mine, words_a)) = dense(&props[a]) else {
            continue;
        };
        if mine.len() > 64 {
            continue;
        }
        // (other all-different, positions shared), in order of the other.
        let mut shared: Vec<(u32, u64)> = Vec::new();
        for (i, &v) in mine.iter().enumerate() {
            for &b in &holders[v as usize] {
                if b as usize == a {
                    continue;
                }
                match shared.iter_mut().find(|(c, _)| *c == b) {
                    Some((_, mask)) => *mask |= 1 << i,
                    None => shared.push((b, 1 << i)),
                }
            }
        }
        shared.sort_unstable_by_key(|&(b, _)| b);
        let mut overlaps = Vec::new();
        for (b, mask) in shared {
            if mask.count_ones() < 2 {
                // One variable alone: the hidden singles cover it.
                continue;
            }
            let Some((theirs, words)) = dense(&props[b as usize]) else {
                continue;
            };
            let rest: Box<[(u32, u32)]> = theirs
                .iter()
                .zip(words.iter())
                .filter(|(u, _)| !mine.contains(u))
                .map(|(&u, &w)| (u, w))
                .collect();
            if !rest.is_empty() {
                let inside = (0..mine.len())
                    .filter(|&i| mask >> i & 1 == 1)
                    .map(|i| words_a[i])
                    .collect();
                overlaps.push(Overlap {
                    shared: mask,
                    inside,
                    rest,
                });
            }
        }
        // Families, greedily in the order of the others.
        let mut families: Vec<(Vec<Overlap>, u64)> = Vec::new();
        for o in overlaps {
            let fits = |(f, covered): &&mut (Vec<Overlap>, u64)| {
                f.len() < FAMILY && *covered & o.shared == 0
            };
            match families.iter_mut().find(fits) {
                Some((f, covered)) => {
                    *covered |= o.shared;
                    f.push(o);
                }
                None => families.push((vec![o.clone()], o.shared)),
            }
        }
        let families = families
            .into_iter()
            .map(|(f, covered)| Family {
                overlaps: f.into(),
                uncovered: (0..mine.len())
                    .filter(|&i| covered >> i & 1 == 0)
                    .map(|i| words_a[i])
                    .collect(),
            })
            .collect();
        if let Prop::AllDifferent { dense: Some(d), .. } = &mut props[a] {
            d.families = families;
        }
    }
}

/// All different by forward checking, for what the advice could not do:
/// the advice about a fixed variable removes its value from a bitset at
/// once, from an interval only while it is a bound. Each fixed value
/// leaves the open intervals whose bound it has become.
pub(crate) fn fixed_at_bounds(s: &mut Store<'_>, vars: &[u32]) -> Result<(), Fail> {
    if !vars.iter().any(|&v| s.is_interval(v)) {
        return Ok(());
    }
    let mut taken = std::mem::take(&mut s.st.values);
    taken.clear();
    taken.extend(vars.iter().filter_map(|&v| s.fixed_value(v)));
    taken.sort_unstable();
    let result = remove_at_bounds(s, vars, &taken);
    s.st.values = taken;
    result
}

/// Removes the values of `taken` (ascending) from the bounds of the open
/// intervals of `vars`, until neither bound is one of them.
fn remove_at_bounds(s: &mut Store<'_>, vars: &[u32], taken: &[i64]) -> Result<(), Fail> {
    for &v in vars {
        if !s.is_interval(v) || s.fixed_value(v).is_some() {
            continue;
        }
        loop {
            let (lo, hi) = s.interval(v);
            if taken.binary_search(&lo).is_ok() {
                s.remove(v, lo)?;
            } else if taken.binary_search(&hi).is_ok() {
                s.remove(v, hi)?;
            } else {
                break;
            }
        }
    }
    Ok(())
}
