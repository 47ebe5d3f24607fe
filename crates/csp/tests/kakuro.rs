//! The kakuro model against a plain enumeration of the demo grid's digits.

use csp::puzzle;

/// The demo grid (examples/data/kakuro.txt): the number of white cells and
/// the runs, each its cells and its clue. Read here on its own, not with
/// the example's reader.
fn demo() -> (usize, Vec<(Vec<usize>, i64)>) {
    let text = include_str!("../../../examples/data/kakuro.txt");
    let grid: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    let mut number = vec![vec![None; 8]; grid.len()];
    let mut cells = 0;
    for (r, row) in grid.iter().enumerate() {
        for (c, &token) in row.iter().enumerate() {
            if token == "." {
                number[r][c] = Some(cells);
                cells += 1;
            }
        }
    }
    let mut runs = Vec::new();
    for (r, row) in grid.iter().enumerate() {
        for (c, &token) in row.iter().enumerate() {
            let Some((down, right)) = token.split_once('\\') else {
                continue;
            };
            if let Ok(sum) = right.parse() {
                let run = (c + 1..row.len()).map_while(|k| number[r][k]).collect();
                runs.push((run, sum));
            }
            if let Ok(sum) = down.parse() {
                let run = (r + 1..grid.len()).map_while(|k| number[k][c]).collect();
                runs.push((run, sum));
            }
        }
    }
    (cells, runs)
}

/// Every filling of the cells with digits that keeps the runs' digits
/// different and their sums right, cell by cell in order (a run is
/// checked whole once its last cell is filled, and never overshoots).
fn enumerate(cells: usize, runs: &[(Vec<usize>, i64)], limit: usize) -> Vec<Vec<i64>> {
    fn go(
        i: usize,
        digits: &mut Vec<i64>,
        runs: &[(Vec<usize>, i64)],
        cells: usize,
        limit: usize,
        out: &mut Vec<Vec<i64>>,
    ) {
        if out.len() >= limit {
            return;
        }
        if i == cells {
            out.push(digits.clone());
            return;
        }
        for d in 1..=9 {
            digits.push(d);
            let fits = runs
                .iter()
                .filter(|(run, _)| run.contains(&i))
                .all(|(run, sum)| {
                    let placed: Vec<i64> = run
                        .iter()
                        .filter(|&&j| j <= i)
                        .map(|&j| digits[j])
                        .collect();
                    let total: i64 = placed.iter().sum();
                    let distinct = (1..placed.len()).all(|k| !placed[..k].contains(&placed[k]));
                    let done = run.iter().all(|&j| j <= i);
                    distinct && if done { total == *sum } else { total < *sum }
                });
            if fits {
                go(i + 1, digits, runs, cells, limit, out);
            }
            digits.pop();
        }
    }
    let mut out = Vec::new();
    go(0, &mut Vec::new(), runs, cells, limit, &mut out);
    out
}

#[test]
fn the_demo_kakuro_has_one_solution_the_enumerated_one() {
    let (cells, runs) = demo();
    assert_eq!((cells, runs.len()), (30, 20));
    let expected = enumerate(cells, &runs, 2);
    assert_eq!(expected.len(), 1);
    let (model, vars) = puzzle::kakuro(cells, &runs).unwrap();
    let solutions = model.compile().solutions(2);
    assert_eq!(solutions.len(), 1);
    let found: Vec<i64> = vars.iter().map(|&v| solutions[0][v]).collect();
    assert_eq!(found, expected[0]);
}

#[test]
fn small_kakuros_match_the_enumeration() {
    // A 2x2 block of white cells: two runs across, two down.
    for (a, b, c, d) in [(3, 4, 4, 3), (4, 6, 5, 5), (17, 3, 10, 10), (3, 3, 3, 3)] {
        let runs = vec![
            (vec![0, 1], a),
            (vec![2, 3], b),
            (vec![0, 2], c),
            (vec![1, 3], d),
        ];
        let (model, vars) = puzzle::kakuro(4, &runs).unwrap();
        let mut found: Vec<Vec<i64>> = model
            .compile()
            .solutions(usize::MAX)
            .iter()
            .map(|s| vars.iter().map(|&v| s[v]).collect())
            .collect();
        found.sort();
        assert_eq!(found, enumerate(4, &runs, usize::MAX), "{runs:?}");
    }
}
