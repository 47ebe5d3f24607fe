//! Toy problems that are not N-queens, and brute force to check them.

use backtrack::Problem;

/// Permutations of `0..n`, as sequences of values.
#[derive(Clone, Debug)]
pub struct Permutations {
    pub n: u32,
    pub used: u64,
    pub len: u32,
}

impl Permutations {
    pub fn new(n: u32) -> Self {
        Permutations { n, used: 0, len: 0 }
    }
}

#[derive(Clone, Debug)]
pub struct Free(u64);

impl Iterator for Free {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        (self.0 != 0).then(|| {
            let v = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            v
        })
    }
}

impl Problem for Permutations {
    type Choice = u32;
    type Choices = Free;
    fn choices(&self) -> Free {
        Free(!self.used & ((1u64 << self.n) - 1))
    }
    fn apply(&mut self, v: u32) {
        self.used |= 1 << v;
        self.len += 1;
    }
    fn undo(&mut self, v: u32) {
        self.used &= !(1 << v);
        self.len -= 1;
    }
    fn is_solution(&self) -> bool {
        self.len == self.n
    }
}

/// Subsets (as take/skip decisions over `items`) whose sum is `target`,
/// with pruning: it exercises dead ends and uneven trees.
#[derive(Clone, Debug)]
pub struct SubsetSum {
    items: Vec<u32>,
    target: u32,
    next: usize,
    sum: u32,
}

impl SubsetSum {
    pub fn new(items: Vec<u32>, target: u32) -> Self {
        SubsetSum {
            items,
            target,
            next: 0,
            sum: 0,
        }
    }
}

impl Problem for SubsetSum {
    type Choice = bool;
    type Choices = std::iter::Flatten<std::array::IntoIter<Option<bool>, 2>>;
    fn choices(&self) -> Self::Choices {
        let item = self.items.get(self.next).copied();
        // Only the item count bounds the depth: states where the sum is
        // already over the target are dead ends, on purpose.
        let open = item.is_some() && self.sum <= self.target;
        [open.then_some(false), open.then_some(true)]
            .into_iter()
            .flatten()
    }
    fn apply(&mut self, take: bool) {
        if take {
            self.sum += self.items[self.next];
        }
        self.next += 1;
    }
    fn undo(&mut self, take: bool) {
        self.next -= 1;
        if take {
            self.sum -= self.items[self.next];
        }
    }
    fn is_solution(&self) -> bool {
        self.next == self.items.len() && self.sum == self.target
    }
}

/// Every take/skip vector, in lexicographic order (false < true), whose
/// sum is the target: the brute force the engine must match.
pub fn subset_sums_brute_force(items: &[u32], target: u32) -> Vec<Vec<bool>> {
    let n = items.len();
    let mut found = Vec::new();
    for mask in 0u32..(1 << n) {
        // Bit n-1-i of the mask is decision i, so masks ascend
        // lexicographically.
        let decisions: Vec<bool> = (0..n).map(|i| mask >> (n - 1 - i) & 1 == 1).collect();
        let sum: u32 = items
            .iter()
            .zip(&decisions)
            .filter(|(_, take)| **take)
            .map(|(x, _)| x)
            .sum();
        if sum == target {
            found.push(decisions);
        }
    }
    found
}

/// Every permutation of `0..n`, in lexicographic order, without search.
pub fn permutations_brute_force(n: u32) -> Vec<Vec<u32>> {
    let all: Vec<Vec<u32>> = (0..n.pow(n))
        .map(|mut code| {
            (0..n)
                .map(|_| {
                    let digit = code % n;
                    code /= n;
                    digit
                })
                .collect::<Vec<u32>>()
                .into_iter()
                .rev()
                .collect()
        })
        .collect();
    all.into_iter()
        .filter(|p| {
            let mut seen = vec![false; n as usize];
            p.iter()
                .all(|&v| !std::mem::replace(&mut seen[v as usize], true))
        })
        .collect()
}

/// A single path `depth` long: one choice per level.
#[derive(Clone, Debug)]
pub struct Chain {
    pub depth: usize,
    pub at: usize,
}

impl Problem for Chain {
    type Choice = ();
    type Choices = std::option::IntoIter<()>;
    fn choices(&self) -> Self::Choices {
        (self.at < self.depth).then_some(()).into_iter()
    }
    fn apply(&mut self, (): ()) {
        self.at += 1;
    }
    fn undo(&mut self, (): ()) {
        self.at -= 1;
    }
    fn is_solution(&self) -> bool {
        self.at == self.depth
    }
}
