//! Search annotations as the FlatZinc specification defines them: each
//! variable selection picks the variable its definition names (ties to the
//! one listed first), and the choice on it is binary, `x = v` else
//! `x != v`, the variable chosen afresh after either branch.

use flatzinc::solve::{Options, solve};
use flatzinc::{parse, resolve, translate};

mod common;

/// The first solution of a FlatZinc text, as its output lines.
fn first(text: &str) -> String {
    let instance = resolve(&parse(text).unwrap()).unwrap();
    let translation = translate(&instance).unwrap();
    let options = Options {
        solutions: Some(1),
        ..Options::default()
    };
    let mut found = String::new();
    solve(&instance, &translation, &options, |lines| {
        if found.is_empty() {
            found = lines.to_string();
        }
        Ok(())
    })
    .unwrap();
    found
}

/// x in 1..2, y in 1..5, x + y <= 6, searched by `selection`, largest value
/// first: the variable picked first takes its largest value.
fn two(selection: &str) -> String {
    first(&format!(
        "var 1..2: x :: output_var;\nvar 1..5: y :: output_var;\n\
         constraint int_lin_le([1,1],[x,y],6);\n\
         solve :: int_search([x,y], {selection}, indomain_max, complete) satisfy;\n"
    ))
}

#[test]
fn each_variable_selection_picks_the_variable_its_definition_names() {
    // y has the larger domain, x the smaller; both are in one constraint.
    assert_eq!(two("anti_first_fail"), "x = 1;\ny = 5;\n");
    assert_eq!(two("first_fail"), "x = 2;\ny = 4;\n");
    assert_eq!(two("input_order"), "x = 2;\ny = 4;\n");
    assert_eq!(two("most_constrained"), "x = 2;\ny = 4;\n");
    // Equal numbers of constraints: the first listed.
    assert_eq!(two("occurrence"), "x = 2;\ny = 4;\n");
    assert_eq!(two("largest"), "x = 1;\ny = 5;\n");
    assert_eq!(two("smallest"), "x = 2;\ny = 4;\n");
}

#[test]
fn first_fail_moves_to_another_variable_after_x_ne_v() {
    // x in 1..4, y in 1..5, and x != 1 forces y <= 2. First-fail picks x
    // (4 values) and tries x = 1 (y then any of 5); x != 1 leaves y two
    // values and x three, so y is picked next: y = 1 with x = 2, 3, 4, then
    // y != 1, that is y = 2, with x = 2, 3, 4. Staying on x would give
    // (2, 1), (2, 2), (3, 1), ...
    let text = "var 1..4: x :: output_var;\nvar 1..5: y :: output_var;\n\
                var bool: b;\nvar bool: c;\n\
                constraint int_eq_reif(x,1,b);\nconstraint int_le_reif(y,2,c);\n\
                constraint bool_clause([b,c],[]);\n\
                solve :: int_search([x,y], first_fail, indomain_min, complete) satisfy;\n";
    let order: Vec<(i64, i64)> = all(text);
    let mut want: Vec<(i64, i64)> = (1..=5).map(|y| (1, y)).collect();
    want.extend([(2, 1), (3, 1), (4, 1), (2, 2), (3, 2), (4, 2)]);
    assert_eq!(order, want);
}

/// Every solution of a text whose output is `x = X;\ny = Y;\n`, in order.
fn all(text: &str) -> Vec<(i64, i64)> {
    let instance = resolve(&parse(text).unwrap()).unwrap();
    let translation = translate(&instance).unwrap();
    let options = Options {
        all: true,
        ..Options::default()
    };
    let mut found = Vec::new();
    solve(&instance, &translation, &options, |lines| {
        let v: Vec<i64> = lines
            .lines()
            .map(|l| {
                l.split(" = ")
                    .nth(1)
                    .unwrap()
                    .trim_end_matches(';')
                    .parse()
                    .unwrap()
            })
            .collect();
        found.push((v[0], v[1]));
        Ok(())
    })
    .unwrap();
    found
}

/// Every solution of a FlatZinc text in the order found, and the nodes
/// searched.
fn all_in_order(text: &str, annotations: bool) -> (Vec<String>, u64) {
    let instance = resolve(&parse(text).unwrap()).unwrap();
    let translation = flatzinc::translate_with(&instance, annotations).unwrap();
    let options = Options {
        all: true,
        ..Options::default()
    };
    let mut found = Vec::new();
    let report = solve(&instance, &translation, &options, |lines| {
        found.push(lines.to_string());
        Ok(())
    })
    .unwrap();
    (found, report.stats.nodes)
}

/// Six queens as FlatZinc: q[i] != q[j], q[i] != q[j] + (j - i) and
/// q[i] != q[j] - (j - i), with `solve` given.
fn queens_6(solve_item: &str) -> String {
    let mut text = String::new();
    for i in 1..=6 {
        text += &format!("var 1..6: q{i} :: output_var;\n");
    }
    for i in 1..=6 {
        for j in i + 1..=6 {
            let d = j - i;
            text += &format!("constraint int_ne(q{i}, q{j});\n");
            text += &format!("constraint int_lin_ne([1,-1],[q{i},q{j}],{d});\n");
            text += &format!("constraint int_lin_ne([1,-1],[q{i},q{j}],-{d});\n");
        }
    }
    text + solve_item
}

#[test]
fn a_model_without_a_search_annotation_is_searched_by_dom_wdeg_from_the_smallest_value() {
    let annotated = queens_6(
        "solve :: int_search([q1,q2,q3,q4,q5,q6], dom_w_deg, indomain_min, complete) satisfy;\n",
    );
    let (expected, expected_nodes) = all_in_order(&annotated, true);
    assert_eq!(expected.len(), 4);
    // The same tree without the annotation, and under free search.
    let plain = queens_6("solve satisfy;\n");
    assert_eq!(
        all_in_order(&plain, true),
        (expected.clone(), expected_nodes)
    );
    assert_eq!(all_in_order(&annotated, false), (expected, expected_nodes));
}

#[test]
fn the_default_search_leaves_the_defined_variables_to_the_end() {
    // y = -x is defined by x; only x is a decision. Were y branched on
    // (declared first, as large a domain as x's: chosen first), its
    // smallest value would come first, and with it x = 3.
    let text = "var -3..-1: y :: output_var :: is_defined_var;\nvar 1..3: x :: output_var;\n\
                constraint int_lin_eq([1,1],[x,y],0) :: defines_var(y);\nsolve satisfy;\n";
    let (found, _) = all_in_order(text, true);
    assert_eq!(
        found,
        [
            "y = -1;\nx = 1;\n",
            "y = -2;\nx = 2;\n",
            "y = -3;\nx = 3;\n"
        ]
    );
}

/// `fzn-csp` on a FlatZinc text, with `args`: its standard output.
fn fzn_csp(text: &str, args: &[&str]) -> String {
    let (_dir, path) = common::file(text);
    let out = common::run(args, &path);
    assert!(out.status.success(), "{out:?}");
    common::stdout(&out)
}

#[test]
fn indomain_random_draws_its_values_by_the_seed_of_r() {
    // n variables of `values` values each, all different: the first
    // solution is the first draw that propagation lets through.
    let model = |n: usize, values: usize| {
        let xs: Vec<String> = (0..n).map(|i| format!("x{i}")).collect();
        let mut text = String::new();
        for x in &xs {
            text += &format!("var 1..{values}: {x} :: output_var;\n");
        }
        text += &format!("constraint fzn_all_different_int([{}]);\n", xs.join(","));
        text += &format!(
            "solve :: int_search([{}], input_order, indomain_random, complete) satisfy;\n",
            xs.join(",")
        );
        text
    };
    let text = model(8, 50);
    let by = |seed: &str| fzn_csp(&text, &["-r", seed]);
    // The same seed, the same search; with or without -r, a seed.
    assert_eq!(by("7"), by("7"));
    assert_eq!(fzn_csp(&text, &[]), fzn_csp(&text, &[]));
    let firsts: std::collections::BTreeSet<String> = (1..6).map(|s| by(&s.to_string())).collect();
    assert!(firsts.len() > 1, "every seed drew the same: {firsts:?}");
    // Not the smallest values, which indomain_min would give.
    let min = fzn_csp(&text.replace("indomain_random", "indomain_min"), &[]);
    assert!(firsts.iter().any(|f| *f != min), "{min}");
    // Each is a solution: eight different values.
    for first in &firsts {
        let values: std::collections::BTreeSet<&str> = first
            .lines()
            .filter_map(|l| l.split(" = ").nth(1))
            .collect();
        assert_eq!(values.len(), 8, "{first}");
    }
    // The whole search, every solution on two threads in the order of one.
    let small = model(4, 5);
    let one = fzn_csp(&small, &["-a", "-r", "3"]);
    assert_eq!(one, fzn_csp(&small, &["-a", "-r", "3", "-p", "2"]));
    assert!(one.ends_with("==========\n"));
}
