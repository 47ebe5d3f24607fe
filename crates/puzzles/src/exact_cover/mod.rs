//! Exact cover: Knuth's Algorithm X on the engine, with dancing links or
//! with bitsets.
//!
//! An exact cover problem has *items* and *options*, each option a set of
//! items. A solution is a set of options that covers every *primary* item
//! exactly once and every *secondary* item at most once. Many puzzles are
//! exact cover problems in disguise: N-queens ([`crate::queens`]), sudoku
//! ([`crate::sudoku::exact_cover`]) and tilings such as the pentominoes
//! ([`crate::pentomino`]).
//!
//! [`ExactCover`] implements [`backtrack::Problem`]: its choices are the
//! options of the primary item with the fewest options left,
//! [`apply`](Problem::apply) covers the items of an option and
//! [`undo`](Problem::undo) uncovers them. It keeps the problem in one of
//! two [`Representation`]s, chosen by size: with at most
//! [`MAX_BITSET_ITEMS`] items, options are bitsets and each level keeps
//! its live options in an array (`bitset.rs`); larger problems live in
//! Knuth's doubly linked lists, "dancing links", with indices instead of
//! pointers (`links.rs`). Both make the same choices in the same order,
//! so they find the same solutions in the same order. Everything the
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

mod bitset;
mod builder;
mod links;

use std::fmt;
use std::io;

use backtrack::Problem;

pub use bitset::MAX_BITSET_ITEMS;
pub use builder::{BuildError, Builder, Item};

use bitset::Bits;
use links::Links;

/// An exact cover problem, ready to search.
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
/// options (for bitsets, also the live options of every level on the
/// path). With dancing links, `choices` takes time linear in the number of
/// uncovered primary items plus the options of the chosen one; `apply` and
/// `undo` are linear in the number of links they unhook or restore. With
/// bitsets, `choices` and `apply` are linear in the total size of the live
/// options, `undo` takes constant time.
#[derive(Clone)]
pub struct ExactCover {
    /// The item names, primary items first (in declaration order), then
    /// the secondary ones: the internal numbering.
    names: Vec<String>,
    primaries: usize,
    /// The items of option `o`, in internal numbers, in the order given:
    /// `entries[starts[o]..starts[o + 1]]`.
    starts: Vec<u32>,
    entries: Vec<u32>,
    solver: Solver,
}

/// How an [`ExactCover`] holds its problem and state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Representation {
    /// Knuth's dancing links: for any size.
    Links,
    /// Options as bitsets, live options in an array per level: for at most
    /// [`MAX_BITSET_ITEMS`] items.
    Bitset,
}

impl Representation {
    /// The faster one for a problem with `items` items: bitsets when they
    /// fit.
    pub fn auto(items: usize) -> Representation {
        if items <= MAX_BITSET_ITEMS {
            Representation::Bitset
        } else {
            Representation::Links
        }
    }
}

#[derive(Clone, Debug)]
enum Solver {
    Links(Links),
    /// Up to 128 items: two words a mask.
    Narrow(Bits<2>),
    /// Up to 256 items.
    Wide(Bits<4>),
}

impl ExactCover {
    /// An empty builder.
    pub fn builder() -> Builder {
        Builder::default()
    }

    fn from_builder(b: Builder, representation: Representation) -> ExactCover {
        // Primary items first, in declaration order, then the secondary
        // ones: only the primary ones are chosen from.
        let n = b.names.len();
        let mut order: Vec<usize> = (0..n).filter(|&i| b.primary[i]).collect();
        let primaries = order.len();
        order.extend((0..n).filter(|&i| !b.primary[i]));
        let mut internal = vec![0u32; n];
        for (position, &item) in order.iter().enumerate() {
            internal[item] = position as u32;
        }
        let names = order.iter().map(|&i| b.names[i].clone()).collect();
        let entries: Vec<u32> = b.entries.iter().map(|item| internal[item.0]).collect();
        let mut starts: Vec<u32> = b.starts.iter().map(|&s| s as u32).collect();
        if starts.is_empty() {
            starts.push(0);
        }
        ExactCover::assemble(names, primaries, starts, entries, representation)
    }

    fn assemble(
        names: Vec<String>,
        primaries: usize,
        starts: Vec<u32>,
        entries: Vec<u32>,
        representation: Representation,
    ) -> ExactCover {
        let n = names.len();
        let solver = match representation {
            Representation::Links => Solver::Links(Links::new(n, primaries, &starts, &entries)),
            Representation::Bitset if n <= 128 => {
                Solver::Narrow(Bits::new(n, primaries, &starts, &entries))
            }
            Representation::Bitset => Solver::Wide(Bits::new(n, primaries, &starts, &entries)),
        };
        ExactCover {
            names,
            primaries,
            starts,
            entries,
            solver,
        }
    }

    /// The same problem, at its root state, in another representation:
    /// to compare them, or to force one.
    ///
    /// # Errors
    ///
    /// [`BuildError::TooManyForBitset`] for [`Representation::Bitset`] with
    /// more than [`MAX_BITSET_ITEMS`] items.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::exact_cover::Representation;
    ///
    /// let bits = puzzles::queens::exact_cover(6)?;
    /// assert_eq!(bits.representation(), Representation::Bitset);
    /// let links = bits.with_representation(Representation::Links)?;
    /// assert_eq!(backtrack::first(links, 10), backtrack::first(bits, 10));
    /// # Ok::<(), puzzles::exact_cover::BuildError>(())
    /// ```
    pub fn with_representation(
        &self,
        representation: Representation,
    ) -> Result<ExactCover, BuildError> {
        let n = self.names.len();
        if representation == Representation::Bitset && n > MAX_BITSET_ITEMS {
            return Err(BuildError::TooManyForBitset(n));
        }
        Ok(ExactCover::assemble(
            self.names.clone(),
            self.primaries,
            self.starts.clone(),
            self.entries.clone(),
            representation,
        ))
    }

    /// The representation in use.
    pub fn representation(&self) -> Representation {
        match self.solver {
            Solver::Links(_) => Representation::Links,
            Solver::Narrow(_) | Solver::Wide(_) => Representation::Bitset,
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
        self.entries[range]
            .iter()
            .map(|&i| self.names[i as usize].as_str())
    }

    /// Writes the problem in the text format of Knuth's exact cover
    /// programs (`dlx1`, `dlx2`, ...), to compare with them: a line of the
    /// item names, the primary ones, then `|` and the secondary ones if
    /// any; then a line per option, its items' names separated by spaces,
    /// in the order of the options. Knuth's programs read names of at most
    /// 8 characters.
    ///
    /// # Errors
    ///
    /// The writer's, and [`io::ErrorKind::InvalidInput`] for an item name
    /// that the format cannot hold: empty, or with a space, a `|` or a `:`.
    ///
    /// # Example
    ///
    /// ```
    /// let mut b = puzzles::exact_cover::ExactCover::builder();
    /// let [p, q] = ["p", "q"].map(|name| b.primary(name).unwrap());
    /// let s = b.secondary("s")?;
    /// b.option([p, s])?;
    /// b.option([q])?;
    /// let mut text = Vec::new();
    /// b.build().write_dlx(&mut text)?;
    /// assert_eq!(String::from_utf8(text)?, "p q | s\np s\nq\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_dlx(&self, out: &mut impl io::Write) -> io::Result<()> {
        if let Some(bad) = self.names.iter().find(|n| {
            n.is_empty() || n.contains(|c: char| c.is_whitespace() || c == '|' || c == ':')
        }) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("the item name {bad:?} cannot be written in the DLX format"),
            ));
        }
        let (primary, secondary) = self.names.split_at(self.primaries);
        write!(out, "{}", primary.join(" "))?;
        if !secondary.is_empty() {
            write!(out, " | {}", secondary.join(" "))?;
        }
        writeln!(out)?;
        for option in 0..self.options() {
            let items: Vec<&str> = self.option_items(option).collect();
            writeln!(out, "{}", items.join(" "))?;
        }
        Ok(())
    }

    /// Whether the item named `name` is primary (`Some(true)`), secondary
    /// (`Some(false)`) or not an item of this problem (`None`).
    pub fn is_primary(&self, name: &str) -> Option<bool> {
        self.names
            .iter()
            .position(|n| n == name)
            .map(|i| i < self.primaries)
    }
}

/// The options open at a state of an [`ExactCover`]: those of the primary
/// item with the fewest, in the order they were added. A list of its own,
/// copied out of the state when the choices are asked for.
#[derive(Clone, Debug)]
pub struct Options(std::vec::IntoIter<u32>);

impl Iterator for Options {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        self.0.next().map(|o| o as usize)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl Problem for ExactCover {
    type Choice = usize;
    type Choices = Options;

    fn choices(&self) -> Options {
        let options = match &self.solver {
            Solver::Links(links) => links.choose().map(|i| links.options_of(i)),
            Solver::Narrow(bits) => bits.choose().map(|i| bits.options_of(i)),
            Solver::Wide(bits) => bits.choose().map(|i| bits.options_of(i)),
        };
        Options(options.unwrap_or_default().into_iter())
    }

    fn apply(&mut self, option: usize) {
        match &mut self.solver {
            Solver::Links(links) => links.apply(option),
            Solver::Narrow(bits) => bits.apply(option),
            Solver::Wide(bits) => bits.apply(option),
        }
    }

    fn undo(&mut self, option: usize) {
        match &mut self.solver {
            Solver::Links(links) => links.undo(option),
            Solver::Narrow(bits) => bits.undo(option),
            Solver::Wide(bits) => bits.undo(option),
        }
    }

    fn is_solution(&self) -> bool {
        match &self.solver {
            Solver::Links(links) => links.is_solution(),
            Solver::Narrow(bits) => bits.is_solution(),
            Solver::Wide(bits) => bits.is_solution(),
        }
    }
}

impl fmt::Debug for ExactCover {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExactCover")
            .field("items", &self.names.len())
            .field("primary", &self.primaries)
            .field("options", &self.options())
            .field("representation", &self.representation())
            .finish_non_exhaustive()
    }
}
