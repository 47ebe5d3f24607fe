//! Exact cover with dancing links: Knuth's Algorithm X on the engine.
//!
//! An exact cover problem has *items* and *options*, each option a set of
//! items. A solution is a set of options that covers every *primary* item
//! exactly once and every *secondary* item at most once. Many puzzles are
//! exact cover problems in disguise: N-queens ([`crate::queens`]), sudoku
//! ([`crate::sudoku::exact_cover`]) and tilings such as the pentominoes
//! ([`crate::pentomino`]).
//!
//! [`ExactCover`] keeps the items and options in Knuth's doubly linked
//! lists ("dancing links", with indices instead of pointers) and implements
//! [`backtrack::Problem`]: its choices are the options of the primary item
//! with the fewest options left, [`apply`](Problem::apply) covers the items
//! of an option and [`undo`](Problem::undo) uncovers them. Everything the
//! engine offers comes with it: counting, the first k solutions, a lazy
//! iterator, limits, statistics and the parallel split.
//!
//! # Example
//!
//! Knuth's example from "Dancing Links": items a to g, six options, one
//! exact cover.
//!
//! ```
//! use puzzles::exact_cover::ExactCover;
//!
//! let mut builder = ExactCover::builder();
//! for name in ["a", "b", "c", "d", "e", "f", "g"] {
//!     builder.primary(name)?;
//! }
//! for option in [
//!     &["c", "e"][..],
//!     &["a", "d", "g"],
//!     &["b", "c", "f"],
//!     &["a", "d", "f"],
//!     &["b", "g"],
//!     &["d", "e", "g"],
//! ] {
//!     builder.option_named(option.iter().copied())?;
//! }
//! let cover = builder.build();
//!
//! let solutions = backtrack::first(cover, 10);
//! assert_eq!(solutions.len(), 1);
//! let mut options = solutions[0].clone();
//! options.sort();
//! assert_eq!(options, [0, 3, 4]); // {c e}, {a d f}, {b g}
//! # Ok::<(), puzzles::exact_cover::BuildError>(())
//! ```

use std::collections::HashMap;
use std::fmt;

use backtrack::Problem;

/// An item of an exact cover problem, as returned by
/// [`Builder::primary`] and [`Builder::secondary`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Item(usize);

impl Item {
    /// The item's number: items are numbered from 0 in the order they were
    /// declared.
    pub fn index(self) -> usize {
        self.0
    }
}

/// Why an exact cover problem cannot be built as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// Two items were given the same name.
    #[error("the item {0:?} is declared twice")]
    DuplicateItem(String),
    /// An option names an item that was never declared.
    #[error("the option names {0:?}, which is not a declared item")]
    UnknownItem(String),
    /// An option refers to an item that this builder did not hand out.
    #[error("the option refers to item number {0}, but only {1} items are declared")]
    ItemOutOfRange(usize, usize),
    /// An option holds the same item twice; it could never be part of an
    /// exact cover.
    #[error("the option holds the item {0:?} twice")]
    RepeatedItem(String),
    /// An option with no item covers nothing and is almost surely a mistake.
    #[error("an option must hold at least one item")]
    EmptyOption,
    /// An option with only secondary items would never be chosen: the
    /// search branches on the options of a primary item.
    #[error("the option holds no primary item, so no search would ever choose it")]
    NoPrimaryItem,
    /// More items or option entries than the links can index.
    #[error("the problem is too large: at most {} items and option entries in all", u32::MAX - 1)]
    TooLarge,
}

/// Declares the items and options of an [`ExactCover`] problem.
///
/// Items are declared first, by name, as primary (to be covered exactly
/// once) or secondary (at most once); then options, each a set of declared
/// items with at least one primary item (the search branches on primary
/// items, so an option without one could never be chosen). Options are numbered from 0 in the order they are added, and a
/// solution is the list of the numbers of its options.
///
/// # Example
///
/// ```
/// use puzzles::exact_cover::ExactCover;
///
/// // Place two non-attacking rooks on a 2x2 board; the diagonal is
/// // secondary, so at most one rook may stand on it.
/// let mut b = ExactCover::builder();
/// let rows = [b.primary("r0")?, b.primary("r1")?];
/// let cols = [b.primary("c0")?, b.primary("c1")?];
/// let diagonal = b.secondary("diagonal")?;
/// b.option([rows[0], cols[0], diagonal])?;
/// b.option([rows[0], cols[1]])?;
/// b.option([rows[1], cols[0]])?;
/// b.option([rows[1], cols[1], diagonal])?;
/// assert_eq!(backtrack::count(b.build()), 1); // only the anti-diagonal
/// # Ok::<(), puzzles::exact_cover::BuildError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Builder {
    names: Vec<String>,
    primary: Vec<bool>,
    by_name: HashMap<String, Item>,
    /// The items of every option, one after the other.
    entries: Vec<Item>,
    /// Where each option starts in `entries`, and one past the last.
    starts: Vec<usize>,
}

impl Builder {
    /// Declares a primary item, one that every solution covers exactly once.
    pub fn primary(&mut self, name: impl Into<String>) -> Result<Item, BuildError> {
        self.item(name.into(), true)
    }

    /// Declares a secondary item, one that a solution covers at most once.
    pub fn secondary(&mut self, name: impl Into<String>) -> Result<Item, BuildError> {
        self.item(name.into(), false)
    }

    fn item(&mut self, name: String, primary: bool) -> Result<Item, BuildError> {
        if self.by_name.contains_key(&name) {
            return Err(BuildError::DuplicateItem(name));
        }
        if self.names.len() >= MAX_INDEX {
            return Err(BuildError::TooLarge);
        }
        let item = Item(self.names.len());
        self.by_name.insert(name.clone(), item);
        self.names.push(name);
        self.primary.push(primary);
        Ok(item)
    }

    /// The item declared under `name`, if any.
    pub fn get(&self, name: &str) -> Option<Item> {
        self.by_name.get(name).copied()
    }

    /// Adds an option made of `items`, at least one of them primary; returns
    /// its number.
    pub fn option(&mut self, items: impl IntoIterator<Item = Item>) -> Result<usize, BuildError> {
        let start = self.entries.len();
        self.entries.extend(items);
        let checked = self.check_option(start);
        if checked.is_err() {
            self.entries.truncate(start);
        }
        checked
    }

    /// Adds an option made of the items named `names`; returns its number.
    pub fn option_named<'a>(
        &mut self,
        names: impl IntoIterator<Item = &'a str>,
    ) -> Result<usize, BuildError> {
        let items = names
            .into_iter()
            .map(|name| {
                self.get(name)
                    .ok_or_else(|| BuildError::UnknownItem(name.to_owned()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.option(items)
    }

    fn check_option(&mut self, start: usize) -> Result<usize, BuildError> {
        let option = &self.entries[start..];
        if option.is_empty() {
            return Err(BuildError::EmptyOption);
        }
        if self.entries.len() + self.names.len() >= MAX_INDEX {
            return Err(BuildError::TooLarge);
        }
        for (i, item) in option.iter().enumerate() {
            if item.0 >= self.names.len() {
                return Err(BuildError::ItemOutOfRange(item.0, self.names.len()));
            }
            if option[..i].contains(item) {
                return Err(BuildError::RepeatedItem(self.names[item.0].clone()));
            }
        }
        if !option.iter().any(|item| self.primary[item.0]) {
            return Err(BuildError::NoPrimaryItem);
        }
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        self.starts.push(self.entries.len());
        Ok(self.starts.len() - 2)
    }

    /// The problem with every item and option declared so far.
    pub fn build(self) -> ExactCover {
        ExactCover::from_builder(self)
    }
}

/// The largest index the `u32` links hold, with room for the headers.
const MAX_INDEX: usize = (u32::MAX - 1) as usize;

/// An exact cover problem in dancing links, ready to search.
///
/// Build one with [`ExactCover::builder`]. As a [`Problem`], a choice is
/// the number of an option, and a solution's path lists the options of the
/// cover in the order they were chosen.
///
/// # Choices
///
/// At each state the engine is offered the options of the uncovered
/// primary item that has the fewest options left (the first such item in
/// declaration order on a tie), in the order they were added: Knuth's
/// "minimum remaining values" rule, which keeps the tree small. A primary
/// item with no option left makes the state a dead end at once.
///
/// Knuth covers the chosen item once per node and then each option's other
/// items; here [`apply`](Problem::apply) covers all the items of the option,
/// the chosen item included, so that a state is a function of the path
/// alone, as the engine's contract asks. That is the same sequence of link
/// updates per child, plus one cover of the chosen item per child instead
/// of per node.
///
/// # Complexity
///
/// Memory is linear in the number of items plus the total size of the
/// options. `choices` takes time linear in the number of uncovered primary
/// items plus the options of the chosen one; `apply` and `undo` are linear
/// in the number of links they unhook or restore.
#[derive(Clone)]
pub struct ExactCover {
    names: Vec<String>,
    primaries: usize,
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

impl ExactCover {
    /// An empty builder.
    pub fn builder() -> Builder {
        Builder::default()
    }

    fn from_builder(b: Builder) -> ExactCover {
        // Primary items first, in declaration order, then the secondary
        // ones: only the primary ones go in the list the choices come from.
        let n = b.names.len();
        let mut order: Vec<usize> = (0..n).filter(|&i| b.primary[i]).collect();
        let primaries = order.len();
        order.extend((0..n).filter(|&i| !b.primary[i]));
        let mut internal = vec![0u32; n];
        for (position, &item) in order.iter().enumerate() {
            internal[item] = position as u32;
        }
        let names = order.iter().map(|&i| b.names[i].clone()).collect();

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

        let total = n + b.entries.len();
        let mut top: Vec<u32> = (0..n as u32).collect();
        top.reserve(b.entries.len());
        let mut up: Vec<u32> = (0..n as u32).collect();
        let mut down: Vec<u32> = (0..n as u32).collect();
        up.resize(total, 0);
        down.resize(total, 0);
        let mut option = vec![u32::MAX; n];
        option.reserve(b.entries.len());
        let mut len = vec![0u32; n];
        let mut starts = Vec::with_capacity(b.starts.len());
        for (o, bounds) in b.starts.windows(2).enumerate() {
            starts.push(top.len() as u32);
            for &Item(item) in &b.entries[bounds[0]..bounds[1]] {
                let item = internal[item] as usize;
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
        starts.push(top.len() as u32);

        ExactCover {
            names,
            primaries,
            starts,
            left,
            right,
            len,
            top,
            up,
            down,
            option,
        }
    }

    /// The number of options.
    pub fn options(&self) -> usize {
        self.starts.len() - 1
    }

    /// The number of items, primary and secondary.
    pub fn items(&self) -> usize {
        self.names.len()
    }

    /// The names of the items of option number `option`, in the order they
    /// were given.
    ///
    /// # Panics
    ///
    /// If there is no such option.
    pub fn option_items(&self, option: usize) -> impl Iterator<Item = &str> + '_ {
        let range = self.starts[option] as usize..self.starts[option + 1] as usize;
        self.top[range]
            .iter()
            .map(|&i| self.names[i as usize].as_str())
    }

    /// Whether the item named `name` is primary (`Some(true)`), secondary
    /// (`Some(false)`) or not an item of this problem (`None`).
    pub fn is_primary(&self, name: &str) -> Option<bool> {
        self.names
            .iter()
            .position(|n| n == name)
            .map(|i| i < self.primaries)
    }

    fn root(&self) -> usize {
        self.names.len()
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

/// The options open at a state of an [`ExactCover`]: those of the primary
/// item with the fewest, in the order they were added; a copy of the
/// item's list, kept inline up to 16 options.
pub type Options = backtrack::ChoiceList<usize>;

impl Problem for ExactCover {
    type Choice = usize;
    type Choices = Options;

    fn choices(&self) -> Options {
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
        let Some(item) = best else {
            return std::iter::empty().collect();
        };
        let mut at = self.down[item] as usize;
        let mut list = smallvec::SmallVec::new();
        while at != item {
            list.push(self.option[at] as usize);
            at = self.down[at] as usize;
        }
        Options::new(list)
    }

    fn apply(&mut self, option: usize) {
        for q in self.starts[option] as usize..self.starts[option + 1] as usize {
            self.cover(self.top[q] as usize);
        }
    }

    fn undo(&mut self, option: usize) {
        for q in (self.starts[option] as usize..self.starts[option + 1] as usize).rev() {
            self.uncover(self.top[q] as usize);
        }
    }

    fn is_solution(&self) -> bool {
        let root = self.root();
        self.right[root] as usize == root
    }
}

impl fmt::Debug for ExactCover {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExactCover")
            .field("items", &self.names.len())
            .field("primary", &self.primaries)
            .field("options", &self.options())
            .finish_non_exhaustive()
    }
}
