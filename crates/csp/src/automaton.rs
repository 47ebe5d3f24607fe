//! Finite automata over integer values, for
//! [`Model::regular`](crate::Model::regular).

use crate::error::Error;

/// A finite automaton whose letters are values: states `0..states`, one
/// start state, accepting states, and transitions `(from, value, to)`.
/// It need not be deterministic: a word is accepted when some path of
/// transitions spelling it leads from the start to an accepting state.
///
/// # Example
///
/// Words over `{0, 1}` with no two 1s in a row:
///
/// ```
/// use csp::Automaton;
///
/// // State 0: the last letter was 0 (or none); state 1: it was 1.
/// let no_11 = Automaton::new(2, 0, &[0, 1], &[(0, 0, 0), (0, 1, 1), (1, 0, 0)])?;
/// assert!(no_11.accepts(&[1, 0, 1]));
/// assert!(!no_11.accepts(&[0, 1, 1]));
/// # Ok::<(), csp::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Automaton {
    pub(crate) states: u32,
    pub(crate) start: u32,
    pub(crate) accepting: Box<[bool]>,
    /// The transitions out of state `q`: `arcs[first[q]..first[q + 1]]`,
    /// each `(value, to)`.
    pub(crate) first: Box<[u32]>,
    pub(crate) arcs: Box<[(i64, u32)]>,
}

impl Automaton {
    /// The automaton with `states` states, starting in `start`.
    ///
    /// # Errors
    ///
    /// [`Error::BadState`] if `start`, an accepting state or the end of a
    /// transition is not below `states` (or `states` exceeds `u32`).
    pub fn new(
        states: usize,
        start: usize,
        accepting: &[usize],
        transitions: &[(usize, i64, usize)],
    ) -> Result<Automaton, Error> {
        let check = |q: usize| {
            if q < states && u32::try_from(states).is_ok() {
                Ok(q as u32)
            } else {
                Err(Error::BadState { state: q, states })
            }
        };
        let start = check(start)?;
        let mut accept = vec![false; states];
        for &q in accepting {
            accept[check(q)? as usize] = true;
        }
        let mut sorted = Vec::with_capacity(transitions.len());
        for &(from, value, to) in transitions {
            sorted.push((check(from)?, value, check(to)?));
        }
        sorted.sort_unstable();
        sorted.dedup();
        let mut first = vec![0u32; states + 1];
        for &(from, _, _) in &sorted {
            first[from as usize + 1] += 1;
        }
        for q in 0..states {
            first[q + 1] += first[q];
        }
        Ok(Automaton {
            states: states as u32,
            start,
            accepting: accept.into(),
            first: first.into(),
            arcs: sorted.into_iter().map(|(_, v, to)| (v, to)).collect(),
        })
    }

    /// The number of states.
    pub fn states(&self) -> usize {
        self.states as usize
    }

    /// The transitions out of `q`, each `(value, to)`.
    pub(crate) fn out(&self, q: u32) -> &[(i64, u32)] {
        &self.arcs[self.first[q as usize] as usize..self.first[q as usize + 1] as usize]
    }

    /// Whether the automaton accepts `word`.
    pub fn accepts(&self, word: &[i64]) -> bool {
        let mut now = vec![false; self.states()];
        now[self.start as usize] = true;
        for &letter in word {
            let mut next = vec![false; self.states()];
            for q in (0..self.states).filter(|&q| now[q as usize]) {
                for &(value, to) in self.out(q) {
                    if value == letter {
                        next[to as usize] = true;
                    }
                }
            }
            now = next;
        }
        (0..self.states()).any(|q| now[q] && self.accepting[q])
    }

    /// The lines of a nonogram with blocks of 1s of the lengths of `clue`,
    /// in order, separated by at least one 0, in a line of 0s: `0* 1^b1 0+
    /// 1^b2 ... 0*` (a block of length 0 still needs its separators). Its
    /// states are the blocks' cells and separators, plus one.
    ///
    /// # Errors
    ///
    /// [`Error::BadState`] if that is more than `u32` states.
    pub fn nonogram_line(clue: &[usize]) -> Result<Automaton, Error> {
        // One token per letter a line must hold, in order: each block's
        // 1s, then a 0 before the next block.
        let mut ones = Vec::new();
        for (j, &block) in clue.iter().enumerate() {
            ones.extend(std::iter::repeat_n(true, block));
            if j + 1 < clue.len() {
                ones.push(false);
            }
        }
        let t = ones.len();
        let mut arcs = Vec::with_capacity(2 * t + 1);
        for (i, &one) in ones.iter().enumerate() {
            arcs.push((i, i64::from(one), i + 1));
        }
        // Zeros may repeat at the start, after each separator, and at the
        // end.
        for q in 0..=t {
            if q == 0 || q == t || !ones[q - 1] {
                arcs.push((q, 0, q));
            }
        }
        Automaton::new(t + 1, 0, &[t], &arcs)
    }
}
