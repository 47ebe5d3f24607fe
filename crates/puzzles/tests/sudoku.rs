use backtrack::{Parallel, Problem};
use proptest::prelude::*;
use puzzles::sudoku::{self, ParseError, Sudoku, read_puzzles};

const HARD: &str = include_str!("../../../examples/data/hard.txt");
const TOP95: &str = include_str!("../../../examples/data/top95.txt");

fn hard_puzzles() -> Vec<Sudoku> {
    read_puzzles(HARD.as_bytes(), 3)
        .map(|p| p.expect("the hard set parses").1)
        .collect()
}

/// Whether `solution` completes `puzzle`: every row, column and box holds
/// each digit once, and every given is kept. Works on the digits alone.
fn completes(puzzle: &Sudoku, solution: &Sudoku) -> bool {
    let b = puzzle.box_size();
    let n = b * b;
    let cells = solution.cells();
    let digit = |r: usize, c: usize| cells[r * n + c] as usize;
    let is_permutation = |digits: Vec<usize>| {
        let mut seen = vec![false; n + 1];
        digits.len() == n
            && digits
                .into_iter()
                .all(|d| (1..=n).contains(&d) && !std::mem::replace(&mut seen[d], true))
    };
    let rows = (0..n).all(|r| is_permutation((0..n).map(|c| digit(r, c)).collect()));
    let cols = (0..n).all(|c| is_permutation((0..n).map(|r| digit(r, c)).collect()));
    let boxes = (0..n).all(|k| {
        let (top, left) = (k / b * b, k % b * b);
        is_permutation((0..n).map(|i| digit(top + i / b, left + i % b)).collect())
    });
    let givens = puzzle
        .cells()
        .iter()
        .zip(cells)
        .all(|(&given, &d)| given == 0 || given == d);
    cells.len() == n * n && rows && cols && boxes && givens
}

/// Every solution, up to `cap`, as grid text, sorted.
fn solutions(puzzle: &Sudoku, cap: usize) -> Vec<String> {
    let mut all = Vec::new();
    let _ = backtrack::for_each(puzzle.clone(), |state, _| {
        all.push(state.to_string());
        if all.len() == cap {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    });
    all.sort();
    all
}

/// The same, found through the exact cover formulation.
fn cover_solutions(puzzle: &Sudoku, cap: usize) -> Vec<String> {
    let (cover, placements) = sudoku::exact_cover(puzzle).unwrap();
    let mut all: Vec<String> = backtrack::first(cover, cap)
        .iter()
        .map(|options| {
            let mut grid = Sudoku::empty(puzzle.box_size()).unwrap();
            for &option in options {
                grid.apply(placements[option]);
            }
            grid.to_string()
        })
        .collect();
    all.sort();
    all
}

/// Whether naked and hidden singles alone, found afresh by brute force on
/// every pass, complete the 9x9 grid `cells`: the puzzles that need no
/// search. Shares nothing with the solver.
fn singles_solve(cells: &[u8]) -> bool {
    let mut grid = cells.to_vec();
    let units: Vec<Vec<usize>> = (0..9)
        .map(|r| (0..9).map(|c| r * 9 + c).collect())
        .chain((0..9).map(|c| (0..9).map(|r| r * 9 + c).collect()))
        .chain((0..9).map(|k| {
            (0..9)
                .map(|i| (k / 3 * 3 + i / 3) * 9 + k % 3 * 3 + i % 3)
                .collect()
        }))
        .collect();
    let allowed = |grid: &[u8], cell: usize, d: u8| {
        grid[cell] == 0
            && units
                .iter()
                .filter(|u| u.contains(&cell))
                .all(|u| u.iter().all(|&o| grid[o] != d))
    };
    loop {
        let mut progress = false;
        for cell in 0..81 {
            let options: Vec<u8> = (1..=9).filter(|&d| allowed(&grid, cell, d)).collect();
            if options.len() == 1 {
                grid[cell] = options[0];
                progress = true;
            }
        }
        for unit in &units {
            for d in 1..=9 {
                let places: Vec<usize> = unit
                    .iter()
                    .copied()
                    .filter(|&c| allowed(&grid, c, d))
                    .collect();
                if places.len() == 1 {
                    grid[places[0]] = d;
                    progress = true;
                }
            }
        }
        if !progress {
            return grid.iter().all(|&d| d != 0);
        }
    }
}

#[test]
fn the_top95_set_is_solved_unique_and_needs_search() {
    let puzzles: Vec<Sudoku> = read_puzzles(TOP95.as_bytes(), 3)
        .map(|p| p.expect("the top95 set parses").1)
        .collect();
    assert_eq!(puzzles.len(), 95);
    // The check can say yes: an easy puzzle falls to singles.
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    assert!(singles_solve(Sudoku::parse(easy, 3).unwrap().cells()));
    for puzzle in &puzzles {
        let solved = puzzle.solve().expect("a solution");
        assert!(completes(puzzle, &solved), "{puzzle} -> {solved}");
        assert_eq!(puzzle.count_up_to(2), 1, "{puzzle}");
        assert!(!singles_solve(puzzle.cells()), "{puzzle} needs no search");
    }
}

#[test]
fn every_hard_puzzle_is_solved_and_unique() {
    let puzzles = hard_puzzles();
    assert_eq!(puzzles.len(), 10);
    for puzzle in &puzzles {
        let solved = puzzle.solve().expect("a solution");
        assert!(completes(puzzle, &solved), "{puzzle} -> {solved}");
        assert_eq!(puzzle.count_up_to(2), 1, "{puzzle}");
    }
}

#[test]
fn a_known_solution_is_found() {
    let inkala = &hard_puzzles()[0];
    assert_eq!(
        inkala.solve().unwrap().to_string(),
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
    );
}

/// Blanks the four corners of a rectangle over two boxes whose digits
/// alternate (a "deadly pattern"): both ways of filling it back are
/// solutions.
#[test]
fn a_puzzle_with_two_solutions_is_not_unique() {
    let solved = hard_puzzles()[0].solve().unwrap().to_string();
    let d: Vec<u8> = solved.bytes().collect();
    let mut found = None;
    'search: for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            if r1 / 3 != r2 / 3 {
                continue;
            }
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    if c1 / 3 != c2 / 3
                        && d[r1 * 9 + c1] == d[r2 * 9 + c2]
                        && d[r1 * 9 + c2] == d[r2 * 9 + c1]
                    {
                        found = Some([r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2]);
                        break 'search;
                    }
                }
            }
        }
    }
    let corners = found.expect("a solved grid with an alternating rectangle");
    let mut text = d.clone();
    for cell in corners {
        text[cell] = b'.';
    }
    let puzzle = Sudoku::parse(std::str::from_utf8(&text).unwrap(), 3).unwrap();
    assert_eq!(puzzle.count_up_to(2), 2);
    assert_eq!(puzzle.count_up_to(100), 2);
    let both = solutions(&puzzle, 100);
    assert!(both.contains(&solved));
    for s in &both {
        assert!(completes(&puzzle, &Sudoku::parse(s, 3).unwrap()));
    }
    assert_eq!(cover_solutions(&puzzle, 100), both);
}

#[test]
fn an_empty_4x4_grid_has_288_solutions() {
    let empty = Sudoku::empty(2).unwrap();
    let all = solutions(&empty, 1000);
    assert_eq!(all.len(), 288);
    for s in &all {
        assert!(completes(&empty, &Sudoku::parse(s, 2).unwrap()));
    }
    assert_eq!(cover_solutions(&empty, 1000), all);
}

#[test]
fn a_16x16_puzzle_round_trips() {
    let grid = Sudoku::empty(4).unwrap().solve().unwrap();
    assert!(completes(&Sudoku::empty(4).unwrap(), &grid));
    // Keep every third cell as a given: a sparse but solvable puzzle.
    let text: String = grid
        .to_string()
        .chars()
        .enumerate()
        .map(|(i, ch)| if i % 3 == 0 { ch } else { '.' })
        .collect();
    let puzzle = Sudoku::parse(&text, 4).unwrap();
    let solved = puzzle.solve().unwrap();
    assert!(completes(&puzzle, &solved));
    assert!(solved.to_string().contains('G'), "digit 16 is written G");
}

#[test]
fn the_parallel_count_agrees() {
    // Blank the givens of a hard puzzle's first rows: many solutions.
    let solved = hard_puzzles()[2].solve().unwrap().to_string();
    let text: String = solved
        .chars()
        .enumerate()
        .map(|(i, ch)| if i < 36 && i % 4 != 0 { '.' } else { ch })
        .collect();
    let puzzle = Sudoku::parse(&text, 3).unwrap();
    let sequential = backtrack::count(puzzle.clone());
    assert!(sequential > 1, "{sequential}");
    let parallel = Parallel::auto().threads(2).count(&puzzle);
    assert_eq!(parallel.complete(), Some(sequential));
    assert_eq!(
        cover_solutions(&puzzle, usize::MAX).len() as u128,
        sequential
    );
}

#[test]
fn bad_puzzles_name_their_line_and_character() {
    let text = "# comment\n\n..3\n";
    let error = read_puzzles(text.as_bytes(), 3)
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(error.to_string(), "line 3: expected 81 cells, got 3");

    let mut line = ".".repeat(81);
    line.replace_range(20..21, "x");
    let error = Sudoku::parse(&line, 3).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 1, character 21 (cell r3c3): 'x' is not a digit from 1 to 9 or a blank ('.' or '0')"
    );

    // Two 5s in column 1, on rows 1 and 4.
    let mut line = ".".repeat(81);
    line.replace_range(0..1, "5");
    line.replace_range(27..28, "5");
    let text = format!("{}\n  {line}\n", ".".repeat(81));
    let mut puzzles = read_puzzles(text.as_bytes(), 3);
    assert!(puzzles.next().unwrap().is_ok());
    let error = puzzles.next().unwrap().unwrap_err();
    assert!(matches!(
        error,
        ParseError::Conflict {
            line: 2,
            column: 30,
            row: 4,
            col: 1,
            ..
        }
    ));
    assert_eq!(
        error.to_string(),
        "line 2, character 30 (cell r4c1): the given 5 is already in this column, at character 3 of the line"
    );

    // Two 7s in the first box, not in a line.
    let mut line = ".".repeat(81);
    line.replace_range(0..1, "7");
    line.replace_range(10..11, "7");
    assert_eq!(
        Sudoku::parse(&line, 3).unwrap_err().to_string(),
        "line 1, character 11 (cell r2c2): the given 7 is already in this box, at character 1 of the line"
    );

    // A 10 is not a digit of a 9x9 grid.
    let mut line = ".".repeat(81);
    line.replace_range(0..1, "A");
    assert!(matches!(
        Sudoku::parse(&line, 3),
        Err(ParseError::Character { found: 'A', .. })
    ));
    assert!(matches!(Sudoku::parse("", 6), Err(ParseError::BoxSize(6))));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random subsets of a solved grid's cells as givens: the direct
    /// solver and the exact cover agree on every solution (up to 30).
    #[test]
    fn direct_and_exact_cover_agree(keep in proptest::collection::vec(proptest::bool::weighted(0.45), 81)) {
        let solved = hard_puzzles()[1].solve().unwrap().to_string();
        let text: String = solved
            .chars()
            .zip(&keep)
            .map(|(ch, &k)| if k { ch } else { '.' })
            .collect();
        let puzzle = Sudoku::parse(&text, 3).unwrap();
        let direct = solutions(&puzzle, 30);
        prop_assert!(direct.contains(&solved) || direct.len() == 30);
        for s in &direct {
            prop_assert!(completes(&puzzle, &Sudoku::parse(s, 3).unwrap()));
        }
        let cover = cover_solutions(&puzzle, 30);
        for s in &cover {
            prop_assert!(completes(&puzzle, &Sudoku::parse(s, 3).unwrap()));
        }
        if direct.len() < 30 {
            prop_assert_eq!(cover, direct);
        } else {
            prop_assert_eq!(cover.len(), 30);
        }
    }
}

#[test]
fn an_endless_line_is_refused_at_the_line_maximum() {
    let max = sudoku::READ_LIMITS.line;
    for first in [b'.', b'#', b'\0'] {
        // A line one byte over the maximum, then a good puzzle.
        let mut text = vec![first; max + 1];
        text.extend_from_slice(b"\n1.3.....2.......\n");
        let read: Vec<_> = read_puzzles(&text[..], 2).collect();
        assert_eq!(read.len(), 1, "the reading ends at the long line");
        let error = read[0].as_ref().unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("line 1 is longer than {max} bytes")
        );
        assert!(matches!(error, ParseError::Read(_)), "{error:?}");
    }
    // At the maximum, a comment line is skipped.
    let mut text = vec![b'#'; max];
    text.extend_from_slice(b"\n1.3.....2.......\n");
    let read: Vec<_> = read_puzzles(&text[..], 2).collect();
    assert_eq!(read.len(), 1);
    assert_eq!(read[0].as_ref().unwrap().0, 2);
}

#[test]
fn a_head_of_dev_zero_is_refused_as_a_long_line() {
    use std::io::{BufReader, Read};
    let zero = std::fs::File::open("/dev/zero").unwrap().take(16 << 20);
    let mut puzzles = read_puzzles(BufReader::new(zero), 3);
    let error = puzzles.next().unwrap().unwrap_err();
    assert!(
        error.to_string().starts_with("line 1 is longer than"),
        "{error}"
    );
    assert!(puzzles.next().is_none());
}
