//! `regular` against the words of small random automata, undo after it,
//! the nonogram line automaton against the clues of every short line, and
//! the nonograms whose lines were once enumerated.

use backtrack::Problem;
use csp::{Automaton, Model, Var, puzzle};
use proptest::prelude::*;

use crate::constraints::domains;

/// Whether some path of `arcs` from `start` spells `word` and ends in an
/// accepting state: a search of its own, not the automaton's.
fn spells(arcs: &[(usize, i64, usize)], start: usize, accepting: &[usize], word: &[i64]) -> bool {
    match word.split_first() {
        None => accepting.contains(&start),
        Some((&letter, rest)) => arcs.iter().any(|&(from, value, to)| {
            from == start && value == letter && spells(arcs, to, accepting, rest)
        }),
    }
}

/// An automaton of 1 to 4 states over values in -3..=3.
fn automaton() -> impl Strategy<Value = (usize, Vec<usize>, Vec<(usize, i64, usize)>)> {
    (1usize..=4).prop_flat_map(|states| {
        (
            Just(states),
            prop::collection::vec(0..states, 0..=states),
            prop::collection::vec((0..states, -3i64..=3, 0..states), 0..12),
        )
    })
}

/// Every assignment of the domains, in order.
fn words(domains: &[Vec<i64>]) -> Vec<Vec<i64>> {
    domains.iter().fold(vec![vec![]], |words, d| {
        words
            .iter()
            .flat_map(|w| d.iter().map(move |&v| [w.clone(), vec![v]].concat()))
            .collect()
    })
}

fn posted(domains: &[Vec<i64>], a: &Automaton) -> (Model, Vec<Var>) {
    let mut m = Model::new();
    let vars: Vec<Var> = domains
        .iter()
        .map(|d| m.var_in(d.iter().copied()).unwrap())
        .collect();
    m.regular(&vars, a).unwrap();
    (m, vars)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn regular_finds_exactly_the_words_of_the_automaton(
        domains in (0usize..=4).prop_flat_map(domains),
        (states, accepting, arcs) in automaton(),
    ) {
        let a = Automaton::new(states, 0, &accepting, &arcs).unwrap();
        let (m, vars) = posted(&domains, &a);
        let mut found: Vec<Vec<i64>> = m
            .compile()
            .solutions(usize::MAX)
            .iter()
            .map(|s| vars.iter().map(|&v| s[v]).collect())
            .collect();
        found.sort();
        let mut expected: Vec<Vec<i64>> = words(&domains)
            .into_iter()
            .filter(|w| spells(&arcs, 0, &accepting, w))
            .collect();
        expected.sort();
        prop_assert_eq!(found, expected);
    }

    #[test]
    fn regular_leaves_only_values_of_accepted_words_and_undo_restores_them(
        domains in (1usize..=4).prop_flat_map(domains),
        (states, accepting, arcs) in automaton(),
        picks in prop::collection::vec(0usize..8, 0..4),
    ) {
        let a = Automaton::new(states, 0, &accepting, &arcs).unwrap();
        let (m, _) = posted(&domains, &a);
        let mut network = m.compile();
        let mut path = Vec::new();
        let mut states = vec![(network.domains(), network.is_failed())];
        loop {
            // Arc consistency: each value left is in an accepted word.
            if !network.is_failed() {
                let now = network.domains();
                let accepted: Vec<Vec<i64>> = words(&now)
                    .into_iter()
                    .filter(|w| spells(&arcs, 0, &accepting, w))
                    .collect();
                for (i, d) in now.iter().enumerate() {
                    for v in d {
                        prop_assert!(accepted.iter().any(|w| w[i] == *v), "{} at {} in {:?}", v, i, now);
                    }
                }
            }
            let Some(pick) = picks.get(path.len()) else { break };
            let choices: Vec<_> = network.choices().collect();
            let Some(&c) = choices.get(pick % choices.len().max(1)) else { break };
            network.apply(c);
            path.push(c);
            states.push((network.domains(), network.is_failed()));
        }
        while let Some(c) = path.pop() {
            states.pop();
            network.undo(c);
            prop_assert_eq!(&(network.domains(), network.is_failed()), states.last().unwrap());
        }
    }
}

/// The block lengths of a line of 0s and 1s.
fn clue(line: &[i64]) -> Vec<usize> {
    line.split(|&c| c == 0)
        .map(<[i64]>::len)
        .filter(|&l| l > 0)
        .collect()
}

#[test]
fn a_nonogram_line_accepts_exactly_the_lines_of_its_clue() {
    for len in 0..=9 {
        let lines = words(&vec![vec![0, 1]; len]);
        let clues: Vec<Vec<usize>> = lines.iter().map(|l| clue(l)).collect();
        for c in &clues {
            let a = Automaton::nonogram_line(c).unwrap();
            for (line, own) in lines.iter().zip(&clues) {
                assert_eq!(a.accepts(line), own == c, "{line:?} with clue {c:?}");
            }
        }
    }
}

#[test]
fn a_nonogram_whose_line_patterns_took_gigabytes_fails_at_once() {
    // One row of twelve separate cells, sixty columns of one cell each: the
    // row has C(49, 12) patterns, which were once all listed.
    let rows = vec![vec![1; 12]];
    let cols = vec![vec![1]; 60];
    let (m, _) = puzzle::nonogram(&rows, &cols).unwrap();
    let network = m.compile();
    assert!(network.is_failed());
    assert_eq!(backtrack::count(network), 0);
    // Twenty-three columns, every other one filled: the one picture.
    let cols: Vec<Vec<usize>> = (0..23)
        .map(|j| if j % 2 == 0 { vec![1] } else { vec![] })
        .collect();
    let (m, cells) = puzzle::nonogram(&rows, &cols).unwrap();
    let got = m.compile().solutions(2);
    assert_eq!(got.len(), 1);
    let line: Vec<i64> = cells.iter().map(|&c| got[0][c]).collect();
    assert_eq!(clue(&line), vec![1; 12]);
}

/// A 25x25 picture: rings and a diagonal band, with one picture only.
pub(crate) fn picture25() -> Vec<Vec<i64>> {
    (0..25)
        .map(|r: i64| {
            (0..25)
                .map(|c: i64| {
                    let (dr, dc) = (r - 12, c - 12);
                    let ring = (dr * dr + dc * dc) / 16 % 2 == 0;
                    let band = (r - c).abs() <= 1;
                    i64::from(ring != band)
                })
                .collect()
        })
        .collect()
}

#[test]
fn a_25_by_25_nonogram_is_solved_back_to_its_picture() {
    let grid = picture25();
    let rows: Vec<Vec<usize>> = grid.iter().map(|r| clue(r)).collect();
    let cols: Vec<Vec<usize>> = (0..25)
        .map(|j| clue(&grid.iter().map(|r| r[j]).collect::<Vec<_>>()))
        .collect();
    let (m, cells) = puzzle::nonogram(&rows, &cols).unwrap();
    let found = m.compile().solutions(2);
    assert!(!found.is_empty());
    for s in &found {
        let v: Vec<i64> = cells.iter().map(|&c| s[c]).collect();
        let g: Vec<Vec<i64>> = v.chunks(25).map(<[i64]>::to_vec).collect();
        assert_eq!(g.iter().map(|r| clue(r)).collect::<Vec<_>>(), rows);
        let back: Vec<Vec<usize>> = (0..25)
            .map(|j| clue(&g.iter().map(|r| r[j]).collect::<Vec<_>>()))
            .collect();
        assert_eq!(back, cols);
    }
}
