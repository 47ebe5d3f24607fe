//! The variable order of a search that learns: each variable's activity,
//! bumped when a conflict's analysis meets it and decaying over time
//! (VSIDS), in a heap of the variables not known fixed, the ones decided on
//! first (by default the booleans) above every other; and each variable's
//! saved phase, the value it last took.

/// A max-heap of variables by activity, with each variable's place.
#[derive(Clone, Debug)]
pub(crate) struct Order {
    pub(crate) activity: Vec<f64>,
    /// Whether each variable is decided on before those that are not.
    first_tier: Vec<bool>,
    bump: f64,
    heap: Vec<u32>,
    /// Each variable's index in `heap`, or `u32::MAX` outside it.
    place: Vec<u32>,
    /// The value each variable last took in a decision or a solution.
    pub(crate) phase: Vec<Option<i64>>,
}

/// The factor by which every activity decays at each conflict (by growing
/// the bump instead).
const DECAY: f64 = 0.95;

impl Order {
    /// Every variable in the heap; those of `first_tier` above the others
    /// whatever their activities; `first` come first within their tier
    /// (their activities start above the others', in the order given).
    pub(crate) fn new(vars: usize, first: &[u32], first_tier: Vec<bool>) -> Order {
        debug_assert_eq!(first_tier.len(), vars);
        let mut activity = vec![0.0; vars];
        for (i, &v) in first.iter().enumerate() {
            activity[v as usize] = 1e-3 * (first.len() - i) as f64 / first.len() as f64;
        }
        let mut order = Order {
            activity,
            first_tier,
            bump: 1.0,
            heap: Vec::with_capacity(vars),
            place: vec![u32::MAX; vars],
            phase: vec![None; vars],
        };
        for v in 0..vars as u32 {
            order.insert(v);
        }
        order
    }

    fn above(&self, a: u32, b: u32) -> bool {
        let (ta, tb) = (self.first_tier[a as usize], self.first_tier[b as usize]);
        if ta != tb {
            return ta;
        }
        let (x, y) = (self.activity[a as usize], self.activity[b as usize]);
        x > y || (x == y && a < b)
    }

    fn up(&mut self, mut i: usize) {
        let v = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if !self.above(v, self.heap[parent]) {
                break;
            }
            self.heap[i] = self.heap[parent];
            self.place[self.heap[i] as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = v;
        self.place[v as usize] = i as u32;
    }

    fn down(&mut self, mut i: usize) {
        let v = self.heap[i];
        loop {
            let left = 2 * i + 1;
            if left >= self.heap.len() {
                break;
            }
            let right = left + 1;
            let child = if right < self.heap.len() && self.above(self.heap[right], self.heap[left])
            {
                right
            } else {
                left
            };
            if !self.above(self.heap[child], v) {
                break;
            }
            self.heap[i] = self.heap[child];
            self.place[self.heap[i] as usize] = i as u32;
            i = child;
        }
        self.heap[i] = v;
        self.place[v as usize] = i as u32;
    }

    /// Puts `v` back in the heap (a backjump may have unfixed it).
    pub(crate) fn insert(&mut self, v: u32) {
        if self.place[v as usize] != u32::MAX {
            return;
        }
        self.heap.push(v);
        self.place[v as usize] = (self.heap.len() - 1) as u32;
        self.up(self.heap.len() - 1);
    }

    /// The most active variable in the heap, taken out.
    pub(crate) fn pop(&mut self) -> Option<u32> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("not empty");
        self.place[top as usize] = u32::MAX;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.place[last as usize] = 0;
            self.down(0);
        }
        Some(top)
    }

    /// Raises `v`'s activity.
    pub(crate) fn bump(&mut self, v: u32) {
        self.activity[v as usize] += self.bump;
        if self.activity[v as usize] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.bump *= 1e-100;
        }
        let at = self.place[v as usize];
        if at != u32::MAX {
            self.up(at as usize);
        }
    }

    /// After a conflict: every activity decays (the next bumps weigh more).
    pub(crate) fn decay(&mut self) {
        self.bump /= DECAY;
    }
}

#[cfg(test)]
mod tests {
    use super::Order;

    /// The first tier pops first, most active first, whatever the others'
    /// activities; then the others, most active first; ties to the lowest.
    #[test]
    fn the_first_tier_pops_before_the_more_active_others() {
        let mut order = Order::new(5, &[4], vec![false, true, false, true, false]);
        for _ in 0..3 {
            order.bump(2);
        }
        order.bump(3);
        order.decay();
        let popped: Vec<u32> = std::iter::from_fn(|| order.pop()).collect();
        assert_eq!(popped, [3, 1, 2, 4, 0]);
        order.insert(0);
        order.insert(1);
        order.bump(0);
        assert_eq!(order.pop(), Some(1));
        assert_eq!(order.pop(), Some(0));
    }
}
