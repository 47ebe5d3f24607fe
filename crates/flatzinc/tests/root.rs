//! The domains after the propagation at the root, read from a FlatZinc
//! text's translation, against what the constraints' specification
//! implies (fzn-gecode fixes the same variables before any choice).

use flatzinc::{parse, resolve, translate};

/// The root domain of each of the instance's variables, in order of
/// declaration.
fn root_domains(text: &str) -> Vec<Vec<i64>> {
    let instance = resolve(&parse(text).unwrap()).unwrap();
    let translation = translate(&instance).unwrap();
    let network = translation.model.compile();
    assert!(!network.is_failed());
    translation
        .vars
        .iter()
        .map(|&v| network.domain(v))
        .collect()
}

#[test]
fn int_ne_removing_the_lower_bound_wakes_int_le_reif_and_fixes_b_at_the_root() {
    // x != 1 leaves x in 2..3, where x <= 1 cannot hold: b is false. In
    // either order of the constraints, and for int_lin_ne of one term.
    for constraints in [
        "constraint int_ne(x, 1);\nconstraint int_le_reif(x, 1, b);\n",
        "constraint int_le_reif(x, 1, b);\nconstraint int_ne(x, 1);\n",
        "constraint int_lin_ne([1], [x], 1);\nconstraint int_le_reif(x, 1, b);\n",
        "constraint int_ne(1, x);\nconstraint int_le_imp(x, 1, b);\n",
    ] {
        let text = format!(
            "var 1..3: x :: output_var;\nvar bool: b :: output_var;\n{constraints}solve satisfy;\n"
        );
        assert_eq!(root_domains(&text), [vec![2, 3], vec![0]], "{constraints}");
    }
}

#[test]
fn array_var_int_element_removes_an_inner_index_value_from_the_flatzinc_index() {
    // z is 3, 4 or 5, which b cannot be: i loses 2, a hole inside its
    // bounds (the index was once a copy counted from 0, linked to i on
    // bounds only); z keeps the values of a and c, 3 and 5.
    let text = "var 1..3: i :: output_var;\n\
                var {1, 5}: a :: output_var;\nvar 1..2: b :: output_var;\n\
                var {3, 5}: c :: output_var;\nvar 1..5: z :: output_var;\n\
                constraint int_ne(z, 1);\nconstraint int_ne(z, 2);\n\
                constraint array_var_int_element(i, [a, b, c], z);\n\
                solve satisfy;\n";
    assert_eq!(
        root_domains(text),
        [vec![1, 3], vec![1, 5], vec![1, 2], vec![3, 5], vec![3, 5]]
    );
    // With a at 1 as well, i is 3, and c and z are equal.
    let fixed = text.replace("solve", "constraint int_eq(a, 1);\nsolve");
    assert_eq!(
        root_domains(&fixed),
        [vec![3], vec![1], vec![1, 2], vec![3, 5], vec![3, 5]]
    );
}

#[test]
fn inverse_from_one_reads_the_holes_of_its_variables() {
    // f[1] is 1 or 3, never 2 (a hole that int_ne makes inside its
    // bounds): g[2] cannot be 1 (each side was once a copy counted from 0,
    // linked to the variable on bounds only, which kept g[2] at 1..3).
    let text = "var 1..3: f1 :: output_var;\nvar 1..3: f2 :: output_var;\n\
                var 1..3: f3 :: output_var;\nvar 1..3: g1 :: output_var;\n\
                var 1..3: g2 :: output_var;\nvar 1..3: g3 :: output_var;\n\
                constraint int_ne(f1, 2);\n\
                constraint csp_inverse([f1, f2, f3], 1, [g1, g2, g3], 1);\n\
                solve satisfy;\n";
    let domains = root_domains(text);
    assert_eq!(domains[4], [2, 3], "{domains:?}");
    // f[2] = 2 fixes g[2] = 2, through the all-different on f: f[1] is 1
    // or 3 and f[3] neither 2, so g[1] and g[3] are 1 or 3.
    let fixed = text.replace("solve", "constraint int_eq(f2, 2);\nsolve");
    let domains = root_domains(&fixed);
    assert_eq!(domains[4], [2], "{domains:?}");
    assert_eq!(domains[3], [1, 3], "{domains:?}");
}

#[test]
fn circuit_from_one_narrows_the_successors_themselves() {
    // Node 3 is not its own successor: c loses 3, a hole inside its bounds
    // (the successors were once copies counted from 0, linked on bounds
    // only, so the copy lost the value and c kept it).
    let text = "var 2..4: a :: output_var;\nvar {1, 3}: b :: output_var;\n\
                var 1..4: c :: output_var;\nvar 1..2: d :: output_var;\n\
                constraint int_ne(a, 3);\n\
                constraint csp_circuit(1, [a, b, c, d]);\nsolve satisfy;\n";
    assert_eq!(
        root_domains(text),
        [vec![2, 4], vec![1, 3], vec![1, 2, 4], vec![1, 2]]
    );
}

#[test]
fn int_eq_reif_of_a_constant_reads_the_value_inside_the_bounds() {
    // x is 1 or 3 (int_ne makes the hole): b <-> x = 2 is false at the
    // root, the constant on either side, reified or half-reified (the
    // linear form read x's bounds only and left b open).
    for reif in [
        "int_eq_reif(x, 2, b)",
        "int_eq_reif(2, x, b)",
        "int_eq_imp(x, 2, b)",
    ] {
        let text = format!(
            "var 1..3: x :: output_var;\nvar bool: b :: output_var;\n\
             constraint int_ne(x, 2);\nconstraint {reif};\nsolve satisfy;\n"
        );
        assert_eq!(root_domains(&text), [vec![1, 3], vec![0]], "{reif}");
    }
}

#[test]
fn an_equality_of_two_variables_passes_holes_both_ways() {
    // y loses 2 inside its bounds: x = y + 1 loses 3, and int_eq's z
    // loses 2 (the linear form kept both on bounds only).
    let text = "var 1..5: x :: output_var;\nvar 0..4: y :: output_var;\n\
                var 0..4: z :: output_var;\n\
                constraint int_ne(y, 2);\nconstraint int_lin_eq([1,-1],[x,y],1);\n\
                constraint int_eq(z, y);\nsolve satisfy;\n";
    assert_eq!(
        root_domains(text),
        [vec![1, 2, 4, 5], vec![0, 1, 3, 4], vec![0, 1, 3, 4]]
    );
}
