//! Classic puzzles as models, each a few lines: the models the example
//! program, the tests and the benchmarks share.
//!
//! Each function returns the [`Model`] and its variables, so a caller can
//! search the compiled network and read the solutions back.

mod golomb;
mod jobshop;
mod knights;
mod sequence;
mod sudoku;

pub use golomb::golomb;
pub use jobshop::{FT06, jobshop};
pub use knights::knights_tour;
pub use sequence::magic_sequence;
pub use sudoku::{SAMURAI_GRIDS, killer_sudoku, samurai_sudoku, sudoku};

use crate::automaton::Automaton;
use crate::error::Error;
use crate::model::Model;
use crate::var::{Rel, Var};

/// N-queens: `q[r]` is the column of the queen in row `r`. One
/// [`all_different`](Model::all_different) for the columns, and
/// `q[i] != q[j] ± (j - i)` for the diagonals.
pub fn queens(n: usize) -> Result<(Model, Vec<Var>), Error> {
    let mut m = Model::new();
    let q = m.vars(n, 0..=n as i64 - 1)?;
    m.all_different(&q)?;
    for i in 0..n {
        for j in i + 1..n {
            let d = (j - i) as i64;
            m.not_equal(q[i], q[j], d)?;
            m.not_equal(q[i], q[j], -d)?;
        }
    }
    Ok((m, q))
}

/// Cages of `cells`, as indices, whose variables are all different and add
/// up to the cage's total: killer sudoku and kakuro.
fn cages(m: &mut Model, cells: &[Var], cages: &[(Vec<usize>, i64)]) -> Result<(), Error> {
    for (cage, total) in cages {
        let vars: Vec<Var> = cage
            .iter()
            .map(|&c| cells.get(c).copied())
            .collect::<Option<_>>()
            .ok_or(Error::TupleArity {
                expected: cells.len(),
                found: cage.iter().copied().max().unwrap_or(0) + 1,
            })?;
        m.all_different(&vars)?;
        m.sum(&vars, Rel::Eq, *total)?;
    }
    Ok(())
}

/// Kakuro: `cells` white cells (numbered from 0), each a digit from 1 to 9,
/// and runs of them (the cells of a line between two black cells, with the
/// clue of the run) whose digits are different and add up to the clue.
pub fn kakuro(cells: usize, runs: &[(Vec<usize>, i64)]) -> Result<(Model, Vec<Var>), Error> {
    let mut m = Model::new();
    let vars = m.vars(cells, 1..=9)?;
    self::cages(&mut m, &vars, runs)?;
    Ok((m, vars))
}

/// Hidato: the numbers 1 to N in the N open cells of a grid, each once, and
/// every number next to the one before it (across a side or a corner).
/// `grid` holds the rows: `0` for an open cell to fill, a positive number
/// for a given, a negative number for a hole (no cell; shorter rows end in
/// holes). `at[k - 1]` is the cell holding `k`, as `row * width + column`
/// with `width` the longest row's length.
///
/// The model follows the numbers rather than the cells: the cells of 1 to N
/// are all different, and each two consecutive numbers stand in a pair of
/// neighbouring cells (a table of those pairs).
pub fn hidato(grid: &[Vec<i64>]) -> Result<(Model, Vec<Var>), Error> {
    let width = grid.iter().map(Vec::len).max().unwrap_or(0);
    let open = |r: usize, c: usize| {
        grid.get(r)
            .and_then(|row| row.get(c))
            .is_some_and(|&x| x >= 0)
    };
    let cells: Vec<i64> = (0..grid.len() * width)
        .filter(|&i| open(i / width, i % width))
        .map(|i| i as i64)
        .collect();
    let mut m = Model::new();
    let n = cells.len();
    let at: Vec<Var> = (0..n)
        .map(|_| m.var_in(cells.iter().copied()))
        .collect::<Result<_, _>>()?;
    m.all_different(&at)?;
    let mut next_to = Vec::new();
    for &cell in &cells {
        let (r, c) = (cell as usize / width, cell as usize % width);
        for (dr, dc) in [
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ] {
            let (r2, c2) = (r as i64 + dr, c as i64 + dc);
            if r2 >= 0 && c2 >= 0 && open(r2 as usize, c2 as usize) {
                next_to.push([cell, r2 * width as i64 + c2]);
            }
        }
    }
    for pair in at.windows(2) {
        m.table(pair, &next_to)?;
    }
    for &cell in &cells {
        let given = grid[cell as usize / width][cell as usize % width];
        if given > 0 {
            match at.get(given as usize - 1) {
                Some(&var) => m.fix(var, cell)?,
                None => m.infeasible = true,
            }
        }
    }
    Ok((m, at))
}

/// SEND + MORE = MONEY: the letters `S E N D M O R Y`, named, each a
/// different digit, `S` and `M` not 0.
pub fn send_more_money() -> Result<(Model, [Var; 8]), Error> {
    let mut m = Model::new();
    let mut letter = |name: &str, lo| m.named_var(name, lo..=9);
    let (s, e, n, d) = (
        letter("S", 1)?,
        letter("E", 0)?,
        letter("N", 0)?,
        letter("D", 0)?,
    );
    let (mo, o, r, y) = (
        letter("M", 1)?,
        letter("O", 0)?,
        letter("R", 0)?,
        letter("Y", 0)?,
    );
    let vars = [s, e, n, d, mo, o, r, y];
    m.all_different(&vars)?;
    #[rustfmt::skip]
    m.linear(
        &[(1000, s), (100, e), (10, n), (1, d), (1000, mo), (100, o), (10, r), (1, e),
          (-10000, mo), (-1000, o), (-100, n), (-10, e), (-1, y)],
        Rel::Eq,
        0,
    )?;
    Ok((m, vars))
}

/// A magic square of order `n`: the numbers 1 to n² once each, every row,
/// column and both diagonals adding up to `n(n² + 1) / 2`. The cells row by
/// row.
pub fn magic_square(n: usize) -> Result<(Model, Vec<Var>), Error> {
    let mut m = Model::new();
    let n2 = (n * n) as i64;
    let cells = m.vars(n * n, 1..=n2)?;
    let total = n as i64 * (n2 + 1) / 2;
    m.all_different(&cells)?;
    for i in 0..n {
        let row: Vec<Var> = (0..n).map(|j| cells[i * n + j]).collect();
        let col: Vec<Var> = (0..n).map(|j| cells[j * n + i]).collect();
        m.sum(&row, Rel::Eq, total)?;
        m.sum(&col, Rel::Eq, total)?;
    }
    let diagonal: Vec<Var> = (0..n).map(|i| cells[i * n + i]).collect();
    let anti: Vec<Var> = (0..n).map(|i| cells[i * n + n - 1 - i]).collect();
    m.sum(&diagonal, Rel::Eq, total)?;
    m.sum(&anti, Rel::Eq, total)?;
    Ok((m, cells))
}

/// Langford pairs L(2, n): the numbers 1 to n twice each in a row of 2n, the
/// two k's with k others between them. `first[k - 1]` is the position of
/// the first k, `second[k - 1]` of the second. A sequence and its reversal
/// count once: the first 1 stands in the left half (positions `a` and
/// `2n - 3 - a` are reversals of each other, and exactly one is below
/// `n - 1`).
pub fn langford(n: usize) -> Result<(Model, Vec<Var>, Vec<Var>), Error> {
    let mut m = Model::new();
    let last = 2 * n as i64 - 1;
    let first = m.vars(n, 0..=last)?;
    let second = m.vars(n, 0..=last)?;
    for k in 0..n {
        m.equal(second[k], first[k], k as i64 + 2)?;
    }
    let all: Vec<Var> = first.iter().chain(&second).copied().collect();
    m.all_different(&all)?;
    if n > 0 {
        m.linear(&[(2, first[0])], Rel::Le, 2 * n as i64 - 3)?;
    }
    Ok((m, first, second))
}

/// The xkcd 287 menu ("NP-complete"): appetizers adding up to exactly
/// $15.05. The prices in cents and the number of each ordered, named.
pub const MENU: [(&str, i64); 6] = [
    ("mixed fruit", 215),
    ("french fries", 275),
    ("side salad", 335),
    ("hot wings", 355),
    ("mozzarella sticks", 420),
    ("sampler plate", 580),
];

/// The xkcd menu: how many of each of [`MENU`] make exactly `total` cents.
pub fn xkcd_menu(total: i64) -> Result<(Model, Vec<Var>), Error> {
    let mut m = Model::new();
    let mut terms = Vec::new();
    for (name, price) in MENU {
        let count = m.named_var(name, 0..=total.max(0) / price)?;
        terms.push((price, count));
    }
    m.linear(&terms, Rel::Eq, total)?;
    Ok((m, terms.iter().map(|&(_, v)| v).collect()))
}

/// Sujiko: the numbers 1 to 9 in a 3x3 grid (row by row), each of the four
/// 2x2 blocks (top left, top right, bottom left, bottom right) adding up to
/// its circle's number; `givens` are `(cell, value)`.
pub fn sujiko(circles: [i64; 4], givens: &[(usize, i64)]) -> Result<(Model, Vec<Var>), Error> {
    let mut m = Model::new();
    let cells = m.vars(9, 1..=9)?;
    m.all_different(&cells)?;
    for (corner, total) in [0, 1, 3, 4].into_iter().zip(circles) {
        let block = [corner, corner + 1, corner + 3, corner + 4].map(|c| cells[c]);
        m.sum(&block, Rel::Eq, total)?;
    }
    for &(cell, value) in givens {
        if let Some(&var) = cells.get(cell) {
            m.fix(var, value)?;
        }
    }
    Ok((m, cells))
}

/// Takuzu (binairo) on an `n` by `n` grid, `n` even: 0s and 1s, as many of
/// each in every row and column, never three alike in a line, no two rows
/// and no two columns the same. The cells row by row.
pub fn takuzu(n: usize) -> Result<(Model, Vec<Var>), Error> {
    let mut m = Model::new();
    let cells = m.vars(n * n, 0..=1)?;
    let line = |i: usize, row: bool| -> Vec<Var> {
        (0..n)
            .map(|j| {
                if row {
                    cells[i * n + j]
                } else {
                    cells[j * n + i]
                }
            })
            .collect()
    };
    let lines: Vec<Vec<Var>> = (0..n)
        .flat_map(|i| [line(i, true), line(i, false)])
        .collect();
    for l in &lines {
        m.sum(l, Rel::Eq, n as i64 / 2)?;
        for three in l.windows(3) {
            m.sum(three, Rel::Ge, 1)?;
            m.sum(three, Rel::Le, 2)?;
        }
    }
    // Rows with rows, columns with columns (lines alternate row, column).
    for a in 0..lines.len() {
        for b in (a + 2..lines.len()).step_by(2) {
            let both: Vec<Var> = lines[a].iter().chain(&lines[b]).copied().collect();
            m.predicate(&both, move |v| v[..n] != v[n..])?;
        }
    }
    Ok((m, cells))
}

/// A nonogram: `rows[i]` and `cols[j]` are the lengths of the blocks of
/// filled cells in row `i` and column `j`, in order. The cells row by row, 1
/// for filled. Each line is a [`regular`](Model::regular) constraint of the
/// automaton of its clue ([`Automaton::nonogram_line`]): memory linear in
/// the clues, however many patterns a line allows.
///
/// # Errors
///
/// [`Error::BadState`] for a clue too long for an automaton.
pub fn nonogram(rows: &[Vec<usize>], cols: &[Vec<usize>]) -> Result<(Model, Vec<Var>), Error> {
    let (h, w) = (rows.len(), cols.len());
    let mut m = Model::new();
    let cells = m.vars(h * w, 0..=1)?;
    for (i, clue) in rows.iter().enumerate() {
        let line: Vec<Var> = (0..w).map(|j| cells[i * w + j]).collect();
        m.regular(&line, &Automaton::nonogram_line(clue)?)?;
    }
    for (j, clue) in cols.iter().enumerate() {
        let line: Vec<Var> = (0..h).map(|i| cells[i * w + j]).collect();
        m.regular(&line, &Automaton::nonogram_line(clue)?)?;
    }
    Ok((m, cells))
}

/// The zebra puzzle (Life International, 1962): five houses in a row, each
/// of a colour, a nationality, a drink, a smoke and a pet. Each variable is
/// the house (1 to 5) of one of them, named: `Englishman`, `zebra`,
/// `water`, ...
pub fn zebra() -> Result<(Model, Vec<Var>), Error> {
    let mut m = Model::new();
    let mut group = |names: [&str; 5]| -> Result<[Var; 5], Error> {
        let vars = names.map(|name| m.named_var(name, 1..=5));
        let [a, b, c, d, e] = vars;
        let vars = [a?, b?, c?, d?, e?];
        m.all_different(&vars)?;
        Ok(vars)
    };
    let colours = group(["red", "green", "ivory", "yellow", "blue"])?;
    let nations = group([
        "Englishman",
        "Spaniard",
        "Ukrainian",
        "Norwegian",
        "Japanese",
    ])?;
    let drinks = group(["coffee", "tea", "milk", "orange juice", "water"])?;
    let smokes = group([
        "Old Gold",
        "Kools",
        "Chesterfields",
        "Lucky Strike",
        "Parliaments",
    ])?;
    let pets = group(["dog", "snails", "fox", "horse", "zebra"])?;
    let [red, green, ivory, yellow, blue] = colours;
    let [english, spaniard, ukrainian, norwegian, japanese] = nations;
    let [coffee, tea, milk, orange_juice, _water] = drinks;
    let [old_gold, kools, chesterfields, lucky_strike, parliaments] = smokes;
    let [dog, snails, fox, horse, _zebra] = pets;
    let next_to: Vec<[i64; 2]> = (1..=5i64)
        .flat_map(|a| (1..=5).map(move |b| [a, b]))
        .filter(|[a, b]| (a - b).abs() == 1)
        .collect();
    m.equal(english, red, 0)?;
    m.equal(spaniard, dog, 0)?;
    m.equal(coffee, green, 0)?;
    m.equal(ukrainian, tea, 0)?;
    m.equal(green, ivory, 1)?;
    m.equal(old_gold, snails, 0)?;
    m.equal(kools, yellow, 0)?;
    m.fix(milk, 3)?;
    m.fix(norwegian, 1)?;
    m.table(&[chesterfields, fox], &next_to)?;
    m.table(&[kools, horse], &next_to)?;
    m.equal(lucky_strike, orange_juice, 0)?;
    m.equal(japanese, parliaments, 0)?;
    m.table(&[norwegian, blue], &next_to)?;
    Ok((m, [colours, nations, drinks, smokes, pets].concat()))
}
