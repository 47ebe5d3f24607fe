//! Native globals whose meaning the standard library's decomposition does
//! not give (so Gecode's answer on it cannot be the oracle): the answers
//! through FlatZinc against an enumeration written from the MiniZinc
//! specification's text.

use std::collections::BTreeSet;

use flatzinc::solve::{Options, Status, solve};
use flatzinc::{parse, resolve, translate};

/// Every solution of a FlatZinc text, each as its output lines, the status
/// and the objective reported.
fn run(text: &str) -> (Vec<BTreeSet<String>>, Status, Option<i64>) {
    let instance = resolve(&parse(text).unwrap()).unwrap();
    let translation = translate(&instance).unwrap();
    let options = Options {
        all: true,
        ..Options::default()
    };
    let mut found = Vec::new();
    let report = solve(&instance, &translation, &options, |lines| {
        found.push(lines.lines().map(str::to_string).collect());
        Ok(())
    })
    .unwrap();
    (found, report.status, report.objective)
}

const GCC_REPEATED: &str = "var 1..2: x :: output_var;\nvar 1..2: y :: output_var;\n\
    var 0..2: c1 :: output_var;\nvar 0..2: c2 :: output_var;\n\
    constraint fzn_global_cardinality([x, y], [1, 1], [c1, c2]);\n";

#[test]
fn global_cardinality_with_a_value_listed_twice_has_every_solution_and_the_true_optimum() {
    // "The number of occurrences of cover[i] in x is counts[i]": with the
    // value 1 listed twice, both counts are the number of 1s.
    let mut expected = BTreeSet::new();
    for x in 1..=2 {
        for y in 1..=2 {
            let ones = [x, y].iter().filter(|&&v| v == 1).count();
            let lines = [
                format!("x = {x};"),
                format!("y = {y};"),
                format!("c1 = {ones};"),
                format!("c2 = {ones};"),
            ];
            expected.insert(lines.into_iter().collect::<BTreeSet<String>>());
        }
    }
    let (found, status, _) = run(&format!("{GCC_REPEATED}solve satisfy;\n"));
    assert_eq!(status, Status::Complete);
    assert_eq!(found.len(), expected.len(), "a solution twice");
    assert_eq!(found.into_iter().collect::<BTreeSet<_>>(), expected);
    // The most 1s: both counts 2, at x = y = 1.
    let (found, status, objective) = run(&format!("{GCC_REPEATED}solve maximize c1;\n"));
    assert_eq!(status, Status::Complete);
    assert_eq!(objective, Some(2));
    assert!(found.last().unwrap().contains("c2 = 2;"));
}

#[test]
fn table_over_a_variable_wider_than_a_bitset_has_the_tables_solutions() {
    let text = "var 0..10000000: x :: output_var;\nvar 0..3: y :: output_var;\n\
        constraint fzn_table_int([x, y], [5, 1, 9999999, 2, 5, 3, 7000, 0, -1, 1]);\n\
        solve satisfy;\n";
    let (found, status, _) = run(text);
    assert_eq!(status, Status::Complete);
    // Every row within the domains, once each.
    let expected: BTreeSet<BTreeSet<String>> = [(5, 1), (9999999, 2), (5, 3), (7000, 0)]
        .iter()
        .map(|(x, y)| [format!("x = {x};"), format!("y = {y};")].into())
        .collect();
    assert_eq!(found.len(), expected.len());
    assert_eq!(found.into_iter().collect::<BTreeSet<_>>(), expected);
}

#[test]
fn regular_over_variables_wider_than_a_bitset_has_the_automatons_words() {
    // Letters 1 and 2, no two 2s in a row: states 1 (after a 1) and 2
    // (after a 2), both accepting.
    let text = "var 0..10000000: a :: output_var;\nvar 0..10000000: b :: output_var;\n\
        var 0..10000000: c :: output_var;\n\
        constraint fzn_regular([a, b, c], 2, 2, [1, 2, 1, 0], 1, 1..2);\nsolve satisfy;\n";
    let (found, status, _) = run(text);
    assert_eq!(status, Status::Complete);
    let mut expected = BTreeSet::new();
    for a in 1..=2 {
        for b in 1..=2 {
            for c in 1..=2 {
                if (a, b) != (2, 2) && (b, c) != (2, 2) {
                    let lines = [
                        format!("a = {a};"),
                        format!("b = {b};"),
                        format!("c = {c};"),
                    ];
                    expected.insert(lines.into_iter().collect::<BTreeSet<String>>());
                }
            }
        }
    }
    assert_eq!(found.len(), expected.len());
    assert_eq!(found.into_iter().collect::<BTreeSet<_>>(), expected);
}

#[test]
fn value_precede_chain_with_a_value_repeated_has_the_solutions_of_its_text() {
    // "c[i] precedes c[i + 1]" for each i: [2, 1, 2, 2] asks 2 before 1,
    // 1 before 2 (so neither occurs: each would need the other first) and
    // 2 before 2 (2's first occurrence would need an earlier one).
    let text = "var 0..2: a :: output_var;\nvar 0..2: b :: output_var;\n\
        var 0..2: c :: output_var;\n\
        constraint fzn_value_precede_chain_int([2, 1, 2, 2], [a, b, c]);\nsolve satisfy;\n";
    let (found, status, _) = run(text);
    assert_eq!(status, Status::Complete);
    let precedes =
        |x: &[i64], s: i64, t: i64| (0..x.len()).all(|j| x[j] != t || x[..j].contains(&s));
    let mut expected = BTreeSet::new();
    for a in 0..=2 {
        for b in 0..=2 {
            for c in 0..=2 {
                let x = [a, b, c];
                if [(2, 1), (1, 2), (2, 2)]
                    .iter()
                    .all(|&(s, t)| precedes(&x, s, t))
                {
                    let lines = [
                        format!("a = {a};"),
                        format!("b = {b};"),
                        format!("c = {c};"),
                    ];
                    expected.insert(lines.into_iter().collect::<BTreeSet<String>>());
                }
            }
        }
    }
    assert_eq!(expected.len(), 1, "only 0s");
    assert_eq!(found.len(), expected.len());
    assert_eq!(found.into_iter().collect::<BTreeSet<_>>(), expected);
}
