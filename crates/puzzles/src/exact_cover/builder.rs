//! Declaring an exact cover problem: items, then options.

use std::collections::HashMap;

use runner::echo;

use super::{ExactCover, Representation};

/// An item of an exact cover problem, as returned by
/// [`Builder::primary`] and [`Builder::secondary`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Item(pub(super) usize);

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
    #[error("the item {:?} is declared twice", echo(.0))]
    DuplicateItem(String),
    /// An option names an item that was never declared.
    #[error("the option names {:?}, which is not a declared item", echo(.0))]
    UnknownItem(String),
    /// An option refers to an item that this builder did not hand out.
    #[error("the option refers to item number {0}, but only {1} items are declared")]
    ItemOutOfRange(usize, usize),
    /// An option holds the same item twice; it could never be part of an
    /// exact cover.
    #[error("the option holds the item {:?} twice", echo(.0))]
    RepeatedItem(String),
    /// An option with no item covers nothing and is almost surely a mistake.
    #[error("an option must hold at least one item")]
    EmptyOption,
    /// An option with only secondary items would never be chosen: the
    /// search branches on the options of a primary item.
    #[error("the option holds no primary item, so no search would ever choose it")]
    NoPrimaryItem,
    /// More items than a bitset holds, for
    /// [`Builder::build_as`]`(`[`Representation::Bitset`]`)`.
    #[error("the bitset representation holds at most {max} items, the problem has {0}", max = super::MAX_BITSET_ITEMS)]
    TooManyForBitset(usize),
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
    pub(super) names: Vec<String>,
    pub(super) primary: Vec<bool>,
    by_name: HashMap<String, Item>,
    /// The items of every option, one after the other.
    pub(super) entries: Vec<Item>,
    /// Where each option starts in `entries`, and one past the last.
    pub(super) starts: Vec<usize>,
    /// For each item, the stamp of the last option checked that holds it:
    /// finds an item repeated in an option in one pass.
    last_option: Vec<usize>,
    /// How many options have been checked, accepted or not.
    attempts: usize,
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
        self.last_option.push(0);
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
        // A stamp no earlier check used: the attempts so far, plus one.
        self.attempts += 1;
        let stamp = self.attempts;
        for item in option {
            if item.0 >= self.names.len() {
                return Err(BuildError::ItemOutOfRange(item.0, self.names.len()));
            }
            if self.last_option[item.0] == stamp {
                return Err(BuildError::RepeatedItem(self.names[item.0].clone()));
            }
            self.last_option[item.0] = stamp;
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

    /// The problem with every item and option declared so far, in the
    /// representation that suits its size ([`Representation::auto`]).
    pub fn build(self) -> ExactCover {
        let representation = Representation::auto(self.names.len());
        ExactCover::from_builder(self, representation)
    }

    /// The problem in the representation asked for, to compare them.
    ///
    /// # Errors
    ///
    /// [`BuildError::TooManyForBitset`] for [`Representation::Bitset`] with
    /// more than [`MAX_BITSET_ITEMS`](super::MAX_BITSET_ITEMS) items.
    pub fn build_as(self, representation: Representation) -> Result<ExactCover, BuildError> {
        let items = self.names.len();
        if representation == Representation::Bitset && items > super::MAX_BITSET_ITEMS {
            return Err(BuildError::TooManyForBitset(items));
        }
        Ok(ExactCover::from_builder(self, representation))
    }
}

/// The largest index the `u32` links hold, with room for the headers.
const MAX_INDEX: usize = (u32::MAX - 1) as usize;
