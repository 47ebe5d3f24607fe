//! Search annotations as the FlatZinc specification defines them: each
//! variable selection picks the variable its definition names (ties to the
//! one listed first), and the choice on it is binary, `x = v` else
//! `x != v`, the variable chosen afresh after either branch.

use flatzinc::solve::{Options, solve};
use flatzinc::{parse, resolve, translate};

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
