//! Lower bounds on the chromatic number: cliques.
//!
//! The vertices of a clique need a colour each, so a clique of size `q`
//! proves that at least `q` colours are needed; and colouring a largest
//! clique first, with the colours `0..q`, loses no colouring up to a
//! renaming of the colours.

use super::Graph;

/// A set of vertices as a bitset.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Set(Vec<u64>);

impl Set {
    fn empty(n: usize) -> Set {
        Set(vec![0; n.div_ceil(64)])
    }

    fn insert(&mut self, v: usize) {
        self.0[v / 64] |= 1 << (v % 64);
    }

    fn remove(&mut self, v: usize) {
        self.0[v / 64] &= !(1 << (v % 64));
    }

    fn first(&self) -> Option<usize> {
        let i = self.0.iter().position(|&w| w != 0)?;
        Some(i * 64 + self.0[i].trailing_zeros() as usize)
    }

    fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    fn and(&self, other: &Set) -> Set {
        Set(self.0.iter().zip(&other.0).map(|(a, b)| a & b).collect())
    }

    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut w = word;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let bit = w.trailing_zeros() as usize;
                    w &= w - 1;
                    i * 64 + bit
                })
            })
        })
    }
}

/// A clique of `graph` as large as could be found, its vertices ascending,
/// and whether it is proved maximum.
///
/// Greedy first: from every vertex, add the candidate with the most
/// neighbours among the candidates left. Then an exact branch and bound
/// (a clique grows by a candidate; a branch ends when the clique and all
/// its candidates could not beat the best, or when the candidates can be
/// greedily coloured with too few colours), given up after `budget` nodes.
///
/// # Complexity
///
/// The greedy part is O(V² · V/64); the exact part at most `budget` nodes
/// of O(V² / 64) each.
pub(crate) fn max_clique(graph: &Graph, budget: u64) -> (Vec<usize>, bool) {
    let n = graph.vertices();
    let adjacent: Vec<Set> = (0..n)
        .map(|v| {
            let mut set = Set::empty(n);
            graph.neighbours(v).for_each(|w| set.insert(w));
            set
        })
        .collect();
    let mut best: Vec<usize> = Vec::new();
    for v in 0..n {
        let mut clique = vec![v];
        let mut candidates = adjacent[v].clone();
        while let Some(w) = candidates
            .iter()
            .max_by_key(|&w| (adjacent[w].and(&candidates).len(), usize::MAX - w))
        {
            clique.push(w);
            candidates = candidates.and(&adjacent[w]);
        }
        if clique.len() > best.len() {
            best = clique;
        }
    }
    let mut all = Set::empty(n);
    (0..n).for_each(|v| all.insert(v));
    let mut exact = Exact {
        adjacent: &adjacent,
        best: best.clone(),
        clique: Vec::new(),
        nodes: 0,
        budget,
    };
    let complete = exact.expand(all);
    let mut best = exact.best;
    best.sort_unstable();
    (best, complete)
}

struct Exact<'a> {
    adjacent: &'a [Set],
    best: Vec<usize>,
    clique: Vec<usize>,
    nodes: u64,
    budget: u64,
}

impl Exact<'_> {
    /// Searches the cliques that extend the current one with `candidates`;
    /// `false` if the budget ran out.
    fn expand(&mut self, mut candidates: Set) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget {
            return false;
        }
        // Greedy colouring of the candidates: a clique takes at most one
        // vertex per colour class.
        let order = self.colour_order(&candidates);
        for &(v, colours) in order.iter().rev() {
            if self.clique.len() + colours <= self.best.len() {
                return true;
            }
            self.clique.push(v);
            let next = candidates.and(&self.adjacent[v]);
            if next.first().is_none() {
                if self.clique.len() > self.best.len() {
                    self.best = self.clique.clone();
                }
            } else if !self.expand(next) {
                self.clique.pop();
                return false;
            }
            self.clique.pop();
            candidates.remove(v);
        }
        true
    }

    /// The candidates with, for each, the number of colour classes up to
    /// its own in a greedy colouring: the most vertices a clique can take
    /// from it and those before it.
    fn colour_order(&self, candidates: &Set) -> Vec<(usize, usize)> {
        let mut left = candidates.clone();
        let mut order = Vec::new();
        let mut colour = 0;
        while left.first().is_some() {
            colour += 1;
            let mut class = left.clone();
            while let Some(v) = class.first() {
                order.push((v, colour));
                left.remove(v);
                class.remove(v);
                for (c, a) in class.0.iter_mut().zip(&self.adjacent[v].0) {
                    *c &= !a;
                }
            }
        }
        order
    }
}
