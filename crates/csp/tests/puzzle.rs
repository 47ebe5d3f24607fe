//! The puzzles as models, against independent references and checkers.

use backtrack::Parallel;
use csp::puzzle;
use csp::{Model, Network, Rel, Solution, Var};

fn values(solution: &Solution, vars: &[Var]) -> Vec<i64> {
    vars.iter().map(|&v| solution[v]).collect()
}

fn all(network: &Network) -> Vec<Solution> {
    network.solutions(usize::MAX)
}

#[test]
fn queens_counts_match_the_nqueens_crate_up_to_12() {
    for n in 1..=12 {
        let (model, _) = puzzle::queens(n).unwrap();
        let expected = nqueens::count(n as u32).unwrap().total;
        assert_eq!(backtrack::count(model.compile()), expected, "n = {n}");
    }
}

#[test]
fn queens_solutions_are_valid_and_distinct() {
    let (model, q) = puzzle::queens(8).unwrap();
    let solutions = all(&model.compile());
    assert_eq!(solutions.len(), 92);
    let mut seen = std::collections::BTreeSet::new();
    for s in &solutions {
        let cols = values(s, &q);
        for i in 0..8 {
            for j in i + 1..8 {
                assert_ne!(cols[i], cols[j]);
                assert_ne!((cols[i] - cols[j]).abs(), (j - i) as i64, "{cols:?}");
            }
        }
        assert!(seen.insert(cols));
    }
}

#[test]
fn queens_in_parallel_count_the_same() {
    let (model, _) = puzzle::queens(9).unwrap();
    let report = Parallel::auto().threads(2).count(&model.compile());
    assert_eq!(report.complete(), Some(352));
}

fn parse_sudoku(line: &str) -> [u8; 81] {
    let mut cells = [0; 81];
    for (cell, ch) in cells.iter_mut().zip(line.chars()) {
        *cell = ch.to_digit(10).unwrap_or(0) as u8;
    }
    cells
}

/// Rows, columns and boxes each hold 1 to 9, and the givens are kept.
fn is_valid_sudoku(givens: &[u8; 81], grid: &[i64]) -> bool {
    let unit_ok = |cells: &mut dyn Iterator<Item = usize>| {
        let cells: Vec<usize> = cells.collect();
        let mut seen = [false; 10];
        cells.iter().all(|&c| {
            (1..=9).contains(&grid[c]) && !std::mem::replace(&mut seen[grid[c] as usize], true)
        })
    };
    (0..9).all(|i| {
        unit_ok(&mut (0..9).map(|j| i * 9 + j))
            && unit_ok(&mut (0..9).map(|j| j * 9 + i))
            && unit_ok(&mut (0..9).map(|j| (i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3))
    }) && givens
        .iter()
        .zip(grid)
        .all(|(&g, &v)| g == 0 || i64::from(g) == v)
}

#[test]
fn hard_sudokus_have_the_solution_of_the_puzzles_crate() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/data/hard.txt"
    ))
    .unwrap();
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let givens = parse_sudoku(line);
        let (model, cells) = puzzle::sudoku(&givens).unwrap();
        let solutions = model.compile().solutions(2);
        assert_eq!(solutions.len(), 1, "{line}");
        let grid = values(&solutions[0], &cells);
        assert!(is_valid_sudoku(&givens, &grid), "{line}");
        let reference = puzzles::sudoku::Sudoku::parse(line, 3)
            .unwrap()
            .solve()
            .unwrap();
        let reference: Vec<i64> = reference.cells().iter().map(|&d| i64::from(d)).collect();
        assert_eq!(grid, reference, "{line}");
        checked += 1;
    }
    assert!(checked >= 10);
}

#[test]
fn killer_sudoku_from_a_known_grid_is_solved_validly() {
    // The cages: dominoes along each row, the last cell of a row alone; the
    // sums from a known grid, which must be among the solutions.
    let grid = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    let grid: Vec<i64> = grid
        .chars()
        .map(|c| i64::from(c.to_digit(10).unwrap()))
        .collect();
    let cages: Vec<(Vec<usize>, i64)> = (0..9)
        .flat_map(|r| {
            [vec![0, 1], vec![2, 3], vec![4, 5], vec![6, 7], vec![8]]
                .map(|c| c.iter().map(|j| r * 9 + j).collect::<Vec<usize>>())
        })
        .map(|cage| {
            let total = cage.iter().map(|&c| grid[c]).sum();
            (cage, total)
        })
        .collect();
    let (model, cells) = puzzle::killer_sudoku(&cages).unwrap();
    let solutions = model.compile().solutions(1000);
    assert!(solutions.len() < 1000);
    for s in &solutions {
        let values = values(s, &cells);
        assert!(is_valid_sudoku(&[0; 81], &values));
        for (cage, total) in &cages {
            assert_eq!(cage.iter().map(|&c| values[c]).sum::<i64>(), *total);
        }
    }
    assert!(solutions.iter().any(|s| values(s, &cells) == grid));
}

#[test]
fn send_more_money_has_one_solution() {
    let (model, vars) = puzzle::send_more_money().unwrap();
    let solutions = all(&model.compile());
    assert_eq!(solutions.len(), 1);
    let [s, e, n, d, m, o, r, y] = vars.map(|v| solutions[0][v]);
    let word = |digits: &[i64]| digits.iter().fold(0, |acc, d| acc * 10 + d);
    assert_eq!(
        (
            word(&[s, e, n, d]),
            word(&[m, o, r, e]),
            word(&[m, o, n, e, y])
        ),
        (9567, 1085, 10652)
    );
    assert_eq!(
        solutions[0].to_string(),
        "S=9\nE=5\nN=6\nD=7\nM=1\nO=0\nR=8\nY=2\n"
    );
}

fn is_magic(n: usize, cells: &[i64]) -> bool {
    let total = (n * (n * n + 1) / 2) as i64;
    let mut sorted = cells.to_vec();
    sorted.sort();
    sorted == (1..=(n * n) as i64).collect::<Vec<_>>()
        && (0..n).all(|i| (0..n).map(|j| cells[i * n + j]).sum::<i64>() == total)
        && (0..n).all(|i| (0..n).map(|j| cells[j * n + i]).sum::<i64>() == total)
        && (0..n).map(|i| cells[i * n + i]).sum::<i64>() == total
        && (0..n).map(|i| cells[i * n + n - 1 - i]).sum::<i64>() == total
}

#[test]
fn magic_squares_of_order_3_are_8() {
    let (model, cells) = puzzle::magic_square(3).unwrap();
    let solutions = all(&model.compile());
    assert_eq!(solutions.len(), 8);
    assert!(solutions.iter().all(|s| is_magic(3, &values(s, &cells))));
}

#[test]
fn magic_squares_of_order_4_are_7040() {
    let (model, cells) = puzzle::magic_square(4).unwrap();
    let network = model.compile();
    assert_eq!(
        Parallel::auto().threads(2).count(&network).complete(),
        Some(7040)
    );
    assert!(
        network
            .solutions(50)
            .iter()
            .all(|s| is_magic(4, &values(s, &cells)))
    );
}

fn is_langford(n: usize, first: &[i64], second: &[i64]) -> bool {
    let mut row = vec![0; 2 * n];
    for k in 0..n {
        let (a, b) = (first[k] as usize, second[k] as usize);
        if b != a + k + 2 || row[a] != 0 || row[b] != 0 {
            return false;
        }
        row[a] = k + 1;
        row[b] = k + 1;
    }
    true
}

#[test]
fn langford_pairs_up_to_reversal() {
    for (n, expected) in [(3, 1), (4, 1), (5, 0), (6, 0), (7, 26), (8, 150)] {
        let (model, first, second) = puzzle::langford(n).unwrap();
        let solutions = all(&model.compile());
        assert_eq!(solutions.len(), expected, "n = {n}");
        for s in &solutions {
            assert!(is_langford(n, &values(s, &first), &values(s, &second)));
        }
    }
}

#[test]
#[ignore = "a few seconds in a debug build: run in release by a CI step"]
fn langford_pairs_of_11_are_17792() {
    let (model, _, _) = puzzle::langford(11).unwrap();
    assert_eq!(backtrack::count(model.compile()), 17792);
}

#[test]
fn xkcd_menu_has_two_orders() {
    let (model, counts) = puzzle::xkcd_menu(1505).unwrap();
    let solutions = all(&model.compile());
    let orders: Vec<Vec<i64>> = solutions.iter().map(|s| values(s, &counts)).collect();
    assert_eq!(orders, [vec![7, 0, 0, 0, 0, 0], vec![1, 0, 0, 2, 0, 1]]);
}

#[test]
fn zebra_owner_is_japanese_and_norwegian_drinks_water() {
    let (model, vars) = puzzle::zebra().unwrap();
    let solutions = all(&model.compile());
    assert_eq!(solutions.len(), 1);
    let house = |i: usize| solutions[0][vars[i]];
    let (japanese, norwegian, water, zebra) = (house(9), house(8), house(14), house(24));
    assert_eq!((zebra, water), (japanese, norwegian));
    assert_eq!(norwegian, 1);
}

#[test]
fn sujiko_matches_brute_force() {
    // The circles of the grid 1 2 3 / 4 5 6 / 7 8 9, no givens.
    let circles = [12, 16, 24, 28];
    let (model, cells) = puzzle::sujiko(circles, &[]).unwrap();
    let mut found: Vec<Vec<i64>> = all(&model.compile())
        .iter()
        .map(|s| values(s, &cells))
        .collect();
    found.sort();
    let mut expected = Vec::new();
    let mut perm: Vec<i64> = (1..=9).collect();
    permutations(&mut perm, 0, &mut |p| {
        let sums = [0, 1, 3, 4].map(|c| p[c] + p[c + 1] + p[c + 3] + p[c + 4]);
        if sums == circles {
            expected.push(p.to_vec());
        }
    });
    expected.sort();
    assert!(!expected.is_empty());
    assert_eq!(found, expected);
}

fn permutations(p: &mut [i64], k: usize, visit: &mut dyn FnMut(&[i64])) {
    if k == p.len() {
        return visit(p);
    }
    for i in k..p.len() {
        p.swap(k, i);
        permutations(p, k + 1, visit);
        p.swap(k, i);
    }
}

#[test]
fn takuzu_4x4_matches_brute_force() {
    let (model, cells) = puzzle::takuzu(4).unwrap();
    let mut found: Vec<Vec<i64>> = all(&model.compile())
        .iter()
        .map(|s| values(s, &cells))
        .collect();
    found.sort();
    let expected: Vec<Vec<i64>> = (0u32..1 << 16)
        .map(|bits| {
            (0..16)
                .map(|i| i64::from(bits >> i & 1))
                .collect::<Vec<i64>>()
        })
        .filter(|g| {
            let line = |i: usize, row: bool| -> Vec<i64> {
                (0..4)
                    .map(|j| if row { g[i * 4 + j] } else { g[j * 4 + i] })
                    .collect()
            };
            let ok = |l: &Vec<i64>| {
                l.iter().sum::<i64>() == 2 && l.windows(3).all(|w| w[0] != w[1] || w[1] != w[2])
            };
            let rows: Vec<_> = (0..4).map(|i| line(i, true)).collect();
            let cols: Vec<_> = (0..4).map(|i| line(i, false)).collect();
            let distinct = |ls: &Vec<Vec<i64>>| (0..4).all(|a| (a + 1..4).all(|b| ls[a] != ls[b]));
            rows.iter().chain(&cols).all(ok) && distinct(&rows) && distinct(&cols)
        })
        .collect();
    assert_eq!(found.len(), 72);
    let mut expected = expected;
    expected.sort();
    assert_eq!(found, expected);
}

/// The block lengths of a line of 0s and 1s.
fn clue(line: &[i64]) -> Vec<usize> {
    line.split(|&c| c == 0)
        .map(<[i64]>::len)
        .filter(|&l| l > 0)
        .collect()
}

#[test]
fn nonogram_finds_the_picture_its_clues_come_from() {
    let picture = [
        "..##..##..",
        ".####.###.",
        "##########",
        "##########",
        ".########.",
        "..######..",
        "...####...",
        "....##....",
    ];
    let grid: Vec<Vec<i64>> = picture
        .iter()
        .map(|r| r.chars().map(|c| i64::from(c == '#')).collect())
        .collect();
    let rows: Vec<Vec<usize>> = grid.iter().map(|r| clue(r)).collect();
    let cols: Vec<Vec<usize>> = (0..10)
        .map(|j| clue(&grid.iter().map(|r| r[j]).collect::<Vec<_>>()))
        .collect();
    let (model, cells) = puzzle::nonogram(&rows, &cols).unwrap();
    let solutions = all(&model.compile());
    assert!(!solutions.is_empty());
    for s in &solutions {
        let v = values(s, &cells);
        let found: Vec<Vec<i64>> = v.chunks(10).map(<[i64]>::to_vec).collect();
        assert_eq!(found.iter().map(|r| clue(r)).collect::<Vec<_>>(), rows);
        assert_eq!(
            (0..10)
                .map(|j| clue(&found.iter().map(|r| r[j]).collect::<Vec<_>>()))
                .collect::<Vec<_>>(),
            cols
        );
    }
    assert!(solutions.iter().any(|s| {
        values(s, &cells)
            .chunks(10)
            .map(<[i64]>::to_vec)
            .collect::<Vec<_>>()
            == grid
    }));
}

#[test]
fn magic_sequences_are_those_of_brute_force() {
    // Brute force over every sequence of length n with values below n.
    let magic = |x: &[i64]| {
        (0..x.len()).all(|i| x.iter().filter(|&&v| v == i as i64).count() as i64 == x[i])
    };
    for n in 1..=7usize {
        let mut expected = Vec::new();
        let total = n.pow(n as u32);
        for code in 0..total {
            let x: Vec<i64> = (0..n)
                .map(|i| (code / n.pow(i as u32) % n) as i64)
                .collect();
            if magic(&x) {
                expected.push(x);
            }
        }
        expected.sort();
        let (m, x) = puzzle::magic_sequence(n).unwrap();
        let mut found: Vec<Vec<i64>> = all(&m.compile()).iter().map(|s| values(s, &x)).collect();
        found.sort();
        assert_eq!(found, expected, "length {n}");
    }
    let (m, x) = puzzle::magic_sequence(100).unwrap();
    let first = m.compile().solutions(1);
    assert!(magic(&values(&first[0], &x)));
}

#[test]
fn the_job_shop_ft06_has_the_optimal_makespan_55() {
    let (m, starts, makespan) = puzzle::jobshop(&puzzle::FT06).unwrap();
    let report = m.compile().optimize(&backtrack::Limits::default(), |_| {});
    assert!(report.outcome.is_complete());
    let best = report.value.best.unwrap();
    assert_eq!(best[makespan], 55);
    // The schedule, checked on its own: each job in order, no machine
    // running two tasks at once, all done by 55.
    let mut busy: Vec<Vec<(i64, i64)>> = vec![Vec::new(); 6];
    for (job, tasks) in puzzle::FT06.iter().enumerate() {
        let mut free = 0;
        for (k, &(machine, d)) in tasks.iter().enumerate() {
            let start = best[starts[job][k]];
            assert!(start >= free, "job {job} task {k}");
            free = start + d;
            busy[machine].push((start, free));
        }
        assert!(free <= 55);
    }
    for mut spans in busy {
        spans.sort_unstable();
        assert!(spans.windows(2).all(|w| w[0].1 <= w[1].0), "{spans:?}");
    }
}

/// N-queens with its diagonals as linear `!=` constraints, which the
/// network advises one by one rather than by shifted words.
fn queens_by_linear(n: usize) -> (Model, Vec<Var>) {
    let mut m = Model::new();
    let q = m.vars(n, 0..=n as i64 - 1).unwrap();
    m.all_different(&q).unwrap();
    for i in 0..n {
        for j in i + 1..n {
            let d = (j - i) as i64;
            m.linear(&[(1, q[i]), (-1, q[j])], Rel::Ne, d).unwrap();
            m.linear(&[(1, q[i]), (-1, q[j])], Rel::Ne, -d).unwrap();
        }
    }
    (m, q)
}

#[test]
fn queens_diagonals_as_shifted_words_keep_the_order_of_solutions() {
    for n in [1, 4, 6, 8] {
        let columns = |m: Model, q: &[Var]| -> Vec<Vec<i64>> {
            let network = m.compile();
            let solutions = network.solutions(usize::MAX);
            solutions
                .iter()
                .map(|s| q.iter().map(|&v| s[v]).collect())
                .collect()
        };
        let (m, q) = puzzle::queens(n).unwrap();
        let (l, lq) = queens_by_linear(n);
        assert_eq!(columns(m, &q), columns(l, &lq), "{n} queens");
    }
}
