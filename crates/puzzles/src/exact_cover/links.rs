//! Dancing links: Knuth's doubly linked lists, with indices for pointers.

/// The items and options of an exact cover problem in dancing links.
#[derive(Clone, Debug)]
pub(super) struct Links {
    /// Per option, where its entries start in `top`, and one past the last.
    starts: Vec<u32>,
    /// The item lists: `left[i]`, `right[i]` for items `0..n`, and the root
    /// of the list of uncovered primary items at index `n`. Secondary items
    /// are not in the list (they need not be covered) and link to
    /// themselves.
    left: Vec<u32>,
    right: Vec<u32>,
    /// Options left per item.
    len: Vec<u32>,
    /// Nodes: `0..n` are the item headers, then the entries of each option
    /// in order. `top` is the item of an entry (and of a header, itself).
    top: Vec<u32>,
    up: Vec<u32>,
    down: Vec<u32>,
    /// The option of each entry (unused for headers).
    option: Vec<u32>,
}

impl Links {
    /// `n` items, the first `primaries` of them primary; option `o` holds
    /// the items `entries[starts[o]..starts[o + 1]]`.
    pub(super) fn new(n: usize, primaries: usize, starts: &[u32], entries: &[u32]) -> Links {
        let root = n;
        let mut left = vec![0u32; n + 1];
        let mut right = vec![0u32; n + 1];
        // The circular list root, 0, 1, ..., primaries - 1.
        let ring: Vec<usize> = std::iter::once(root).chain(0..primaries).collect();
        for (k, &i) in ring.iter().enumerate() {
            right[i] = ring[(k + 1) % ring.len()] as u32;
            left[i] = ring[(k + ring.len() - 1) % ring.len()] as u32;
        }
        for i in primaries..n {
            left[i] = i as u32;
            right[i] = i as u32;
        }

        let total = n + entries.len();
        let mut top: Vec<u32> = (0..n as u32).collect();
        top.reserve(entries.len());
        let mut up: Vec<u32> = (0..n as u32).collect();
        let mut down: Vec<u32> = (0..n as u32).collect();
        up.resize(total, 0);
        down.resize(total, 0);
        let mut option = vec![u32::MAX; n];
        option.reserve(entries.len());
        let mut len = vec![0u32; n];
        let mut node_starts = Vec::with_capacity(starts.len());
        for (o, bounds) in starts.windows(2).enumerate() {
            node_starts.push(top.len() as u32);
            for &item in &entries[bounds[0] as usize..bounds[1] as usize] {
                let item = item as usize;
                let node = top.len();
                top.push(item as u32);
                option.push(o as u32);
                // Append at the bottom of the item's column.
                let last = up[item] as usize;
                up[node] = last as u32;
                down[node] = item as u32;
                down[last] = node as u32;
                up[item] = node as u32;
                len[item] += 1;
            }
        }
        node_starts.push(top.len() as u32);
        Links {
            starts: node_starts,
            left,
            right,
            len,
            top,
            up,
            down,
            option,
        }
    }

    fn root(&self) -> usize {
        self.len.len()
    }

    /// The uncovered primary item with the fewest options left, the first
    /// in the list on a tie; `None` when every primary item is covered.
    pub(super) fn choose(&self) -> Option<usize> {
        let root = self.root();
        let mut best = None;
        let mut fewest = u32::MAX;
        let mut i = self.right[root] as usize;
        while i != root {
            let len = self.len[i];
            if len < fewest {
                fewest = len;
                best = Some(i);
                if len == 0 {
                    break;
                }
            }
            i = self.right[i] as usize;
        }
        best
    }

    /// The options left in `item`'s list, top to bottom: the order they
    /// were added.
    pub(super) fn options_of(&self, item: usize) -> Vec<u32> {
        let mut options = Vec::with_capacity(self.len[item] as usize);
        let mut p = self.down[item] as usize;
        while p != item {
            options.push(self.option[p]);
            p = self.down[p] as usize;
        }
        options
    }

    /// Covers every item of `option`.
    pub(super) fn apply(&mut self, option: usize) {
        for q in self.starts[option] as usize..self.starts[option + 1] as usize {
            self.cover(self.top[q] as usize);
        }
    }

    /// Exactly reverses [`apply`](Self::apply)`(option)`.
    pub(super) fn undo(&mut self, option: usize) {
        for q in (self.starts[option] as usize..self.starts[option + 1] as usize).rev() {
            self.uncover(self.top[q] as usize);
        }
    }

    pub(super) fn is_solution(&self) -> bool {
        let root = self.root();
        self.right[root] as usize == root
    }

    /// Hides every option of item `i` from the other items' columns, and
    /// `i` from the list of items to cover.
    fn cover(&mut self, i: usize) {
        let mut p = self.down[i] as usize;
        while p != i {
            self.hide(p);
            p = self.down[p] as usize;
        }
        let (l, r) = (self.left[i] as usize, self.right[i] as usize);
        self.right[l] = r as u32;
        self.left[r] = l as u32;
    }

    /// Exactly reverses [`cover`](Self::cover)`(i)`.
    fn uncover(&mut self, i: usize) {
        let (l, r) = (self.left[i] as usize, self.right[i] as usize);
        self.right[l] = i as u32;
        self.left[r] = i as u32;
        let mut p = self.up[i] as usize;
        while p != i {
            self.unhide(p);
            p = self.up[p] as usize;
        }
    }

    /// Unhooks the entries of `p`'s option, except `p`, from their columns.
    fn hide(&mut self, p: usize) {
        let o = self.option[p] as usize;
        for q in self.starts[o] as usize..self.starts[o + 1] as usize {
            if q != p {
                let (u, d) = (self.up[q] as usize, self.down[q] as usize);
                self.down[u] = d as u32;
                self.up[d] = u as u32;
                self.len[self.top[q] as usize] -= 1;
            }
        }
    }

    /// Exactly reverses [`hide`](Self::hide)`(p)`.
    fn unhide(&mut self, p: usize) {
        let o = self.option[p] as usize;
        for q in (self.starts[o] as usize..self.starts[o + 1] as usize).rev() {
            if q != p {
                let (u, d) = (self.up[q] as usize, self.down[q] as usize);
                self.down[u] = q as u32;
                self.up[d] = q as u32;
                self.len[self.top[q] as usize] += 1;
            }
        }
    }
}
