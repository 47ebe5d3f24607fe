//! Finite-domain variables and constraints, compiled into a
//! [`backtrack::Problem`]: model a puzzle in a few lines, and the engine
//! counts, enumerates, limits and parallelises its search.
//!
//! - A [`Model`] holds integer variables, anywhere in `i64`: a domain of
//!   up to [`MAX_DOMAIN`] values is a bitset (the fast path of puzzles),
//!   a wider one an interval, its two bounds and no holes (see
//!   [`Model::intervals_above`]), and constraints: [`all_different`](Model::all_different) (and, on request,
//!   [`all_different_bounds`](Model::all_different_bounds) with Hall
//!   intervals, `O(n log n)`, and
//!   [`all_different_domain`](Model::all_different_domain) with a
//!   matching), linear
//!   [`sum`](Model::sum)s and [`linear`](Model::linear) relations (`==`,
//!   `!=`, `<=`, ...), [`not_equal`](Model::not_equal) `x != y + c`,
//!   [`table`](Model::table)s of allowed tuples,
//!   [`regular`](Model::regular) (a word of an [`Automaton`], propagated on
//!   its layered graph), [`among`](Model::among), [`count`](Model::count)
//!   and [`global_cardinality`](Model::global_cardinality),
//!   [`circuit`](Model::circuit) (successors forming one cycle),
//!   [`disjunctive`](Model::disjunctive) (tasks on one machine: pairwise
//!   precedences and edge finding), [`cumulative`](Model::cumulative)
//!   (time-tabling), [`bin_packing_load`](Model::bin_packing_load),
//!   [`bin_packing_capa`](Model::bin_packing_capa) and
//!   [`bin_packing`](Model::bin_packing) (Shaw's cheap rules),
//!   [`diffn`](Model::diffn) and
//!   [`diffn_nonstrict`](Model::diffn_nonstrict) (rectangles: pairwise and
//!   time-tabling in each direction), [`element`](Model::element) over an
//!   array of constants and [`element_var`](Model::element_var) over
//!   variables, [`inverse`](Model::inverse),
//!   [`lex_lesseq`](Model::lex_lesseq), [`times`](Model::times),
//!   [`div`](Model::div) and [`modulo`](Model::modulo) (rounded toward
//!   zero),
//!   [`abs`](Model::abs), [`min`](Model::min) and [`max`](Model::max)
//!   (on bounds), [`predicate`](Model::predicate)s of your own checked on fixed values, and [`Propagator`]s of your own
//!   that prune, woken only by the [`Event`]s they watch (fixed, bounds,
//!   any change).
//! - [`Model::compile`] gives a [`Network`], the [`backtrack::Problem`]: each
//!   choice fixes a variable (the smallest domain first) and the constraints
//!   propagate to a fixpoint; a copy of the domains saved by the choice
//!   (small networks) or a trail undoes their changes exactly on backtrack.
//! - Booleans and logic: variables of 0 and 1 ([`Model::bool_var`]),
//!   [`clause`](Model::clause)s, [`and`](Model::and), [`or`](Model::or),
//!   [`not`](Model::not), [`implies`](Model::implies), and reified
//!   (`b <-> C`) and half-reified (`b -> C`) linear constraints
//!   ([`reify_linear`](Model::reify_linear),
//!   [`half_reify_linear`](Model::half_reify_linear)) and memberships
//!   ([`reify_in`](Model::reify_in), [`half_reify_in`](Model::half_reify_in)).
//! - An objective: [`minimize`](Model::minimize) or
//!   [`maximize`](Model::maximize) a variable, or a linear expression
//!   ([`minimize_linear`](Model::minimize_linear)); [`Network::optimize`]
//!   searches by branch and bound (the engine's [`backtrack::minimize`]),
//!   each new bound narrowing the objective's domain so the rest of the
//!   model prunes on it, and reports every improvement, the best solution
//!   and whether it is proved optimal (or the bound proved when a limit
//!   stopped it).
//! - A search strategy: groups of decision variables
//!   ([`Model::branch`]), each with a [`VarOrder`] (input order, smallest
//!   domain, smallest or largest value, dom/wdeg) and a [`ValueOrder`]
//!   (ascending, descending, median first, halves of the domain); and
//!   restarts ([`Network::first_with_restarts`], and
//!   [`Network::optimize_with_restarts`] keeping the best bound; Luby or
//!   geometric) that keep the dom/wdeg weights from run to run; and
//!   large-neighbourhood search ([`Network::optimize_lns`], set by
//!   [`Lns`]) for good solutions of problems too large to prove.
//! - A search that learns from its failures ([`Network::learning`],
//!   [`Network::optimize_learning`]): lazy clause generation, each failure
//!   analysed into a nogood over the variables' bounds and values that
//!   prunes the rest of the search, with backjumping, the model's groups
//!   followed then activity-driven variable choice ([`LearnSearch`]),
//!   saved phases and restarts; a [`Propagator`] of your own is explained
//!   by its variables' domains (see [`Explain`]).
//! - [`Network::fix`] narrows a compiled network to an instance's givens:
//!   compile the rules once, then solve many instances on clones.
//! - A [`Solution`] is read back by variable, `solution[x]`, and prints as
//!   `name=value` lines.
//! - [`puzzle`] holds classic puzzles as models of a few lines each:
//!   N-queens, sudoku, killer and samurai sudoku, kakuro, hidato,
//!   SEND + MORE = MONEY, magic squares, Langford pairs, the xkcd menu,
//!   sujiko, takuzu, nonograms, the zebra, the magic sequence, the
//!   knight's tour, and, with objectives, the Golomb ruler and the job
//!   shop (ft06).
//!
//! # Example
//!
//! SEND + MORE = MONEY, each letter a different digit, no leading zero:
//!
//! ```
//! use csp::{Model, Rel};
//!
//! let mut m = Model::new();
//! let letters = ["S", "E", "N", "D", "M", "O", "R", "Y"].map(|name| m.named_var(name, 0..=9));
//! let [s, e, n, d, mo, o, r, y] = letters.map(|letter| letter.expect("10 values fit"));
//! m.all_different(&[s, e, n, d, mo, o, r, y])?;
//! m.linear(&[(1, s)], Rel::Ge, 1)?; // no leading zero
//! m.linear(&[(1, mo)], Rel::Ge, 1)?;
//! m.linear(
//!     &[(1000, s), (100, e), (10, n), (1, d), (1000, mo), (100, o), (10, r), (1, e),
//!       (-10000, mo), (-1000, o), (-100, n), (-10, e), (-1, y)],
//!     Rel::Eq,
//!     0,
//! )?;
//!
//! let solutions = m.compile().solutions(usize::MAX);
//! assert_eq!(solutions.len(), 1);
//! print!("{}", solutions[0]);
//! assert_eq!(solutions[0].to_string(), "S=9\nE=5\nN=6\nD=7\nM=1\nO=0\nR=8\nY=2\n");
//! assert_eq!(solutions[0][mo], 1);
//!
//! // The network is a backtrack::Problem: the engine does the rest.
//! assert_eq!(backtrack::count(m.compile()), 1);
//! # Ok::<(), csp::Error>(())
//! ```
//!
//! # An objective
//!
//! The shortest Golomb ruler with 6 marks, proved optimal:
//!
//! ```
//! let (model, marks) = csp::puzzle::golomb(6)?;
//! let report = model.compile().optimize(&backtrack::Limits::default(), |_| {});
//! assert!(report.outcome.is_complete());
//! let best = report.value.best.unwrap();
//! assert_eq!(marks.iter().map(|&m| best[m]).collect::<Vec<_>>(), [0, 1, 4, 10, 12, 17]);
//! # Ok::<(), csp::Error>(())
//! ```
//!
//! # Wide domains
//!
//! A variable spanning more than [`MAX_DOMAIN`] values is an interval:
//! removing a value inside it does nothing, removing a bound moves it, and
//! its bounds are trailed and undone like the bitsets' words. The linear
//! constraints sum in 128 bits, `times`, `abs`, `min`, `max`, `lex_lesseq`,
//! `disjunctive` and the objective work on bounds; `table`, `regular` and
//! `circuit` need bitsets and turn an interval of at most [`MAX_DOMAIN`]
//! values into one ([`Error::DomainTooLarge`] past that). The default
//! search does not list an interval's values: it halves the bounds down to
//! 64 values, then tries those one by one, the same values in the same
//! order in memory that grows with the number of variables, not of values;
//! [`ValueOrder::Max`] does the same from the top, and
//! [`ValueOrder::Split`] halves the bounds to the end.
//!
//! Start times in `0..=1_000_000`, the last one as early as it can be:
//!
//! ```
//! use csp::{Model, Rel};
//!
//! let mut m = Model::new();
//! let starts = m.vars(3, 0..=1_000_000)?;
//! for (i, pair) in starts.windows(2).enumerate() {
//!     // each task takes 250_000 * (i + 1) before the next starts
//!     m.linear(&[(1, pair[1]), (-1, pair[0])], Rel::Ge, 250_000 * (i as i64 + 1))?;
//! }
//! let total = m.minimize_linear(&[(1, starts[0]), (1, starts[1]), (1, starts[2])])?;
//! let report = m.compile().optimize(&backtrack::Limits::default(), |_| {});
//! assert!(report.outcome.is_complete());
//! let best = report.value.best.unwrap();
//! assert_eq!(starts.iter().map(|&s| best[s]).collect::<Vec<_>>(), [0, 250_000, 750_000]);
//! assert_eq!(best[total], 1_000_000);
//! # Ok::<(), csp::Error>(())
//! ```
//!
//! # What it does not have (yet)
//!
//! Holes in intervals; `cumulative` has no edge finding (an overload check on request); the matching `all_different` and `div`/`modulo`
//! propagate from scratch at every wake-up.
//!
//! # Inside
//!
//! The crate is layered, each layer using only those below it: the
//! domains and the store that narrows and undoes them (`domain`); the
//! propagators, which read and narrow domains through the store
//! (`propagator`); the search that learns (`learn`: the causes of the
//! changes, conflict analysis, the nogoods and their watches, the
//! variables' activity); the network, which runs them to a fixpoint and is the
//! engine's [`backtrack::Problem`] (`network`); the model, which states
//! variables and constraints and lays them out as a network (`model`); and
//! the puzzles written as models (`puzzle`). A test of the crate checks the
//! layers and keeps each file under 500 lines.
//!
//! # The search
//!
//! By default, see [`Network`]: the unfixed variable with the smallest
//! domain first (ties: the most constraints, then the lowest index), its
//! values ascending; propagation to a fixpoint after every choice. The
//! groups of [`Model::branch`] come first, in order.
//!
//! # In your own crate
//!
//! A search runs millions of nodes, and Cargo's profiles do not carry over
//! from a dependency to the crate that uses it: without these lines in
//! *your* `Cargo.toml`, your debug builds and `cargo test` run this crate
//! 4 to 7 times slower than they need to. Only the optimiser changes; debug
//! assertions stay on.
//!
//! ```toml
//! [profile.dev.package.backtrack]
//! opt-level = 3
//!
//! [profile.dev.package.csp]
//! opt-level = 3
//! ```
//!
//! The guide, in the repository's `docs/` folder, shows how the crates fit
//! together, a page per task; this documentation is the reference.
#![deny(missing_docs)]

mod automaton;
mod branch;
mod domain;
mod error;
mod goal;
mod learn;
mod model;
mod network;
mod propagator;
pub mod puzzle;
mod solution;
#[cfg(test)]
mod tests;
mod var;

pub use automaton::Automaton;
pub use branch::{LearnSearch, ValueOrder, VarOrder};
pub use domain::MAX_DOMAIN;
pub use error::Error;
pub use model::Model;
pub use network::{Branch, Choice, Lns, Network, Optimum, Restarts, SharedBound, Values};
pub use propagator::{Domains, Event, Explain, Failed, Propagator};
pub use solution::Solution;
pub use var::{Rel, Var};
