//! The twelve pentominoes tiling a rectangle of 60 cells: 6x10, 5x12, 4x15
//! or 3x20.
//!
//! A tiling is an exact cover: every piece is used once and every cell is
//! covered once, so the items are the 12 pieces and the 60 cells (all
//! primary), and an option is a piece in one orientation at one position.
//! [`Pentominoes::problem`] gives that [`ExactCover`] for the engine.
//!
//! Counting "up to symmetry" identifies a tiling with its images under the
//! board's rotations and reflections. [`Pentominoes::count`] searches only
//! the tilings whose X piece, which every symmetry maps onto an X, lies in
//! the board's top-left quarter (a quarter of the tree) and keeps a tiling
//! when it is the least, as text, of its images with X there: each class
//! is then counted exactly once, with no assumption that tilings have no
//! symmetry of their own, and the class sizes add up to the number of all
//! tilings.
//!
//! The count is a work list ([`Count`]): its tasks are the subproblems of
//! the reduced tree at a fixed depth, so it runs on any number of threads,
//! with a checkpoint, or in the shards of a cluster job through the
//! `runner` crate, like any other job.
//!
//! # Example
//!
//! ```
//! use puzzles::pentomino::Pentominoes;
//!
//! let board = Pentominoes::new(3, 20)?;
//! let counts = board.count();
//! // Classes up to symmetry, and all tilings.
//! assert_eq!((counts.fundamental, counts.total), (2, 8));
//! # Ok::<(), puzzles::pentomino::PentominoError>(())
//! ```

mod tiling;

pub use tiling::Tiling;

use std::ops::ControlFlow;

use backtrack::{Limits, Problem, Report, Runner, Search, WorkList};
use runner::{Counts, Identity, Job};

use crate::exact_cover::ExactCover;

/// The twelve pentominoes, by their usual letters, drawn row by row.
pub const PIECES: [(char, &str); 12] = [
    ('F', ".##/##./.#."),
    ('I', "#####"),
    ('L', "####/#..."),
    ('N', "##../.###"),
    ('P', "##/##/#."),
    ('T', "###/.#./.#."),
    ('U', "#.#/###"),
    ('V', "#../#../###"),
    ('W', "#../##./.##"),
    ('X', ".#./###/.#."),
    ('Y', "####/.#.."),
    ('Z', "##./.#./.##"),
];

/// The index of X in [`PIECES`]: the one piece every symmetry of the board
/// maps onto itself, which makes it the piece to pin down.
const X: usize = 9;

/// The cells of the pieces, 5 each.
const CELLS: usize = 5;

/// Why the board cannot be tiled by the pentominoes as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PentominoError {
    /// The board does not have the 60 cells of the twelve pieces.
    #[error("a {rows}x{cols} board has {} cells, the twelve pentominoes cover 60", area(*rows, *cols))]
    Area {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
    },
}

/// The cells of a board, as a message says it: the product may not fit a
/// `usize`.
fn area(rows: usize, cols: usize) -> String {
    match rows.checked_mul(cols) {
        Some(cells) => cells.to_string(),
        None => format!("more than {}", usize::MAX),
    }
}

/// Every distinct orientation (rotations and reflections) of a piece drawn
/// as in [`PIECES`], each as its cells `(row, column)` shifted to the top
/// left, ascending.
///
/// # Example
///
/// ```
/// use puzzles::pentomino::{orientations, PIECES};
///
/// let counts: Vec<usize> = PIECES.iter().map(|(_, drawing)| orientations(drawing).len()).collect();
/// assert_eq!(counts, [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]); // 63 in all
/// ```
pub fn orientations(drawing: &str) -> Vec<Vec<(usize, usize)>> {
    let cells: Vec<(i32, i32)> = drawing
        .split('/')
        .enumerate()
        .flat_map(|(r, row)| {
            row.chars()
                .enumerate()
                .filter(|&(_, ch)| ch == '#')
                .map(move |(c, _)| (r as i32, c as i32))
        })
        .collect();
    let mut all: Vec<Vec<(usize, usize)>> = Vec::new();
    for turn in 0..8 {
        let moved: Vec<(i32, i32)> = cells
            .iter()
            .map(|&(r, c)| {
                let (r, c) = if turn >= 4 { (r, -c) } else { (r, c) };
                match turn % 4 {
                    0 => (r, c),
                    1 => (c, -r),
                    2 => (-r, -c),
                    _ => (-c, r),
                }
            })
            .collect();
        let top = moved.iter().map(|p| p.0).min().unwrap_or(0);
        let left = moved.iter().map(|p| p.1).min().unwrap_or(0);
        let mut shape: Vec<(usize, usize)> = moved
            .iter()
            .map(|&(r, c)| ((r - top) as usize, (c - left) as usize))
            .collect();
        shape.sort_unstable();
        if !all.contains(&shape) {
            all.push(shape);
        }
    }
    all
}

/// A piece at a place on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Placement {
    piece: u8,
    cells: [u16; CELLS],
}

/// The pentominoes on a board of `rows` by `cols` cells, 60 in all.
#[derive(Clone, Debug)]
pub struct Pentominoes {
    rows: usize,
    cols: usize,
    /// Every piece in every orientation at every position that fits,
    /// piece by piece in the order of [`PIECES`].
    placements: Vec<Placement>,
}

impl Pentominoes {
    /// The board of `rows` by `cols` cells.
    ///
    /// # Errors
    ///
    /// [`PentominoError::Area`] unless `rows * cols == 60`.
    pub fn new(rows: usize, cols: usize) -> Result<Pentominoes, PentominoError> {
        if rows.checked_mul(cols) != Some(60) {
            return Err(PentominoError::Area { rows, cols });
        }
        let mut placements = Vec::new();
        for (piece, (_, drawing)) in PIECES.iter().enumerate() {
            for shape in orientations(drawing) {
                let height = shape.iter().map(|p| p.0).max().unwrap_or(0) + 1;
                let width = shape.iter().map(|p| p.1).max().unwrap_or(0) + 1;
                for top in 0..(rows + 1).saturating_sub(height) {
                    for left in 0..(cols + 1).saturating_sub(width) {
                        let mut cells = [0; CELLS];
                        for (cell, &(r, c)) in cells.iter_mut().zip(&shape) {
                            *cell = ((top + r) * cols + left + c) as u16;
                        }
                        placements.push(Placement {
                            piece: piece as u8,
                            cells,
                        });
                    }
                }
            }
        }
        Ok(Pentominoes {
            rows,
            cols,
            placements,
        })
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The tilings as an exact cover problem: items are the 12 pieces, then
    /// the cells row by row; an option is a piece in one orientation at one
    /// position. With `reduced`, the X piece is only placed with its centre
    /// in the top-left quarter of the board, which every class of tilings
    /// under the board's symmetries reaches (see the [module docs](self)).
    ///
    /// Turn a solution into a [`Tiling`] with [`Pentominoes::tiling`] and
    /// the same `reduced`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::pentomino::Pentominoes;
    ///
    /// let board = Pentominoes::new(3, 20)?;
    /// assert_eq!(backtrack::count(board.problem(false)), 8);
    /// let first = &backtrack::first(board.problem(false), 1)[0];
    /// assert!(board.tiling(false, first).is_some());
    /// # Ok::<(), puzzles::pentomino::PentominoError>(())
    /// ```
    pub fn problem(&self, reduced: bool) -> ExactCover {
        let mut b = ExactCover::builder();
        let mut pieces = Vec::with_capacity(PIECES.len());
        let mut cells = Vec::with_capacity(self.rows * self.cols);
        // Names are unique and the board small: building cannot fail.
        for (letter, _) in PIECES {
            pieces.extend(b.primary(letter.to_string()).ok());
        }
        for cell in 0..self.rows * self.cols {
            let name = format!("r{}c{}", cell / self.cols + 1, cell % self.cols + 1);
            cells.extend(b.primary(name).ok());
        }
        for &p in self.options(reduced) {
            let items = std::iter::once(pieces[p.piece as usize])
                .chain(p.cells.iter().map(|&c| cells[c as usize]));
            let _ = b.option(items);
        }
        b.build()
    }

    /// The placements that are options of [`problem`](Self::problem), in
    /// order.
    fn options(&self, reduced: bool) -> impl Iterator<Item = &Placement> + '_ {
        self.placements
            .iter()
            .filter(move |p| !reduced || p.piece as usize != X || self.in_quarter(centre(&p.cells)))
    }

    /// Whether `cell` lies in the top-left quarter of the board, the middle
    /// row and column included when there is one.
    fn in_quarter(&self, cell: usize) -> bool {
        cell / self.cols <= (self.rows - 1) / 2 && cell % self.cols <= (self.cols - 1) / 2
    }

    /// The tiling made by the options of a solution of
    /// [`problem`](Self::problem)`(reduced)`, or `None` if they are not
    /// options of it or do not tile the board.
    pub fn tiling(&self, reduced: bool, solution: &[usize]) -> Option<Tiling> {
        let options: Vec<&Placement> = self.options(reduced).collect();
        let tiling = self.paint(&options, solution)?;
        tiling.is_valid().then_some(tiling)
    }

    /// The board with each option of `solution` painted in its piece's
    /// letter (`.` where none is), or `None` if an option does not exist.
    fn paint(&self, options: &[&Placement], solution: &[usize]) -> Option<Tiling> {
        let mut letters = vec![b'.'; self.rows * self.cols];
        for &option in solution {
            let p = options.get(option)?;
            for &cell in &p.cells {
                letters[cell as usize] = PIECES[p.piece as usize].0 as u8;
            }
        }
        Some(Tiling {
            rows: self.rows,
            cols: self.cols,
            letters,
        })
    }

    /// The number of tilings, up to symmetry and in all, searched on one
    /// thread: [`Counts::fundamental`] holds the classes up to the board's
    /// rotations and reflections, [`Counts::total`] all tilings. See the
    /// [module docs](self) for how.
    ///
    /// # Complexity
    ///
    /// 6x10, the largest tree, takes about half a second on one core in a
    /// release build; 3x20 a few milliseconds.
    pub fn count(&self) -> Counts {
        self.count_on(1)
    }

    /// The same as [`count`](Self::count), on `threads` threads (0: one per
    /// core).
    pub fn count_on(&self, threads: usize) -> Counts {
        let work = Count::new(self.clone());
        let all: Vec<usize> = (0..work.len()).collect();
        let never = |_: usize, _: &Counts| Ok::<(), std::convert::Infallible>(());
        match Runner::new(threads).run(&work, &all, never) {
            Ok(report) => report.value,
            Err(never) => match never {},
        }
    }

    /// The number of distinct images of the tiling a reduced solution
    /// makes, if it is its class's representative: the least of its images
    /// that have X in the top-left quarter.
    fn class_size(&self, options: &[&Placement], solution: &[usize]) -> Option<u64> {
        let tiling = self.paint(options, solution)?;
        let mut images = tiling.images();
        let least = images
            .iter()
            .filter(|image| self.in_quarter(image.x_centre()))
            .min()?;
        if *least != tiling {
            return None;
        }
        images.sort_unstable();
        images.dedup();
        Some(images.len() as u64)
    }
}

/// The count of a board's tilings as a work list: the subproblems of the
/// reduced tree (X in the top-left quarter) at depth [`Count::DEPTH`], each
/// counted into [`Counts`] (tilings in `total`, classes in `fundamental`).
///
/// # Example
///
/// ```
/// use puzzles::pentomino::{Count, Pentominoes};
///
/// let count = Count::new(Pentominoes::new(3, 20)?);
/// let options = runner::Options::new().threads(2);
/// let finished = runner::run(&count, &options)?;
/// assert_eq!((finished.value.fundamental, finished.value.total), (2, 8));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Count {
    board: Pentominoes,
    problem: ExactCover,
    paths: Vec<Vec<usize>>,
    hash: u64,
}

impl Count {
    /// The depth of the cut: a few hundred to a few thousand tasks.
    pub const DEPTH: usize = 3;

    /// The version of the split: it goes up if the options or the cut
    /// change.
    pub const VERSION: u32 = 1;

    /// The work list of the count of `board`'s tilings.
    pub fn new(board: Pentominoes) -> Count {
        let problem = board.problem(true);
        let paths = backtrack::subproblems(problem.clone(), Self::DEPTH);
        let hash = runner::fingerprint(&paths);
        Count {
            board,
            problem,
            paths,
            hash,
        }
    }
}

impl WorkList for Count {
    type Output = Counts;

    fn len(&self) -> usize {
        self.paths.len()
    }

    fn solve(&self, index: usize, limits: &Limits) -> Report<Counts> {
        let mut state = self.problem.clone();
        for &option in &self.paths[index] {
            state.apply(option);
        }
        let options: Vec<&Placement> = self.board.options(true).collect();
        let mut counts = Counts {
            tasks: 1,
            ..Counts::default()
        };
        let path = &self.paths[index];
        let mut search = Search::new(state).with_limits(limits.clone());
        let outcome = search.for_each(|_, below| {
            let solution: Vec<usize> = path.iter().chain(below).copied().collect();
            if let Some(size) = self.board.class_size(&options, &solution) {
                counts.fundamental += 1;
                counts.total += u128::from(size);
            }
            ControlFlow::Continue(())
        });
        counts.nodes = search.stats().nodes;
        Report {
            value: counts,
            outcome,
        }
    }
}

impl Job for Count {
    fn identity(&self) -> Identity {
        Identity::new(
            format!("pentomino {}x{}", self.board.rows, self.board.cols),
            Self::VERSION,
            self.paths.len() as u64,
            self.hash,
        )
    }
}

/// The centre of an X piece: the mean of its cells, which is exact since
/// X is symmetric.
fn centre(cells: &[u16]) -> usize {
    cells.iter().map(|&c| c as usize).sum::<usize>() / cells.len().max(1)
}
