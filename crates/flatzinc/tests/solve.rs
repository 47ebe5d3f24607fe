//! The solver through FlatZinc against Gecode: for every builtin's tiny
//! file, and every native global's (compiled with the csp library, where
//! Gecode ran the standard library's decomposition of the same model), the
//! solutions found with "all solutions" are exactly those fzn-gecode
//! enumerated (`builtins/NAME.gecode`, `globals/NAME.gecode`), compared as
//! sets, and the search says it is complete.

use std::collections::BTreeSet;

use flatzinc::solve::{Options, Status, solve};
use flatzinc::{parse, resolve, translate};

type Lines = BTreeSet<String>;

fn gecode_solutions(text: &str) -> BTreeSet<Lines> {
    text.split("----------\n")
        .filter(|block| !block.trim().is_empty() && !block.starts_with("=========="))
        .map(|block| block.lines().map(str::to_string).collect())
        .collect()
}

/// Every solution of a FlatZinc text, as sets of lines, and the status.
fn all_solutions(text: &str) -> (BTreeSet<Lines>, Vec<Lines>, Status) {
    let instance = resolve(&parse(text).unwrap()).unwrap();
    let translation = translate(&instance).unwrap();
    let options = Options {
        all: true,
        ..Options::default()
    };
    let mut found = Vec::new();
    let report = solve(&instance, &translation, &options, |lines| {
        found.push(lines.lines().map(str::to_string).collect::<Lines>());
        Ok(())
    })
    .unwrap();
    assert_eq!(report.solutions as usize, found.len());
    (found.iter().cloned().collect(), found, report.status)
}

#[test]
fn every_builtin_has_exactly_the_solutions_gecode_enumerates() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let entries = std::fs::read_dir(root.join("builtins"))
        .unwrap()
        .chain(std::fs::read_dir(root.join("globals")).unwrap());
    let mut checked = 0;
    for entry in entries {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "gecode") {
            continue;
        }
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let fzn = std::fs::read_to_string(path.with_extension("fzn")).unwrap();
        let (ours, listed, status) = all_solutions(&fzn);
        let expected = gecode_solutions(&std::fs::read_to_string(&path).unwrap());
        assert_eq!(ours, expected, "{name}");
        assert_eq!(listed.len(), ours.len(), "{name}: a solution given twice");
        assert_eq!(status, Status::Complete, "{name}");
        checked += 1;
    }
    assert!(
        checked >= 73,
        "only {checked} builtins and globals compared"
    );
}

#[test]
fn the_queens_model_minizinc_compiled_has_its_four_solutions_in_order() {
    let (_, listed, status) = all_solutions(include_str!("data/queens6.fzn"));
    let first: Vec<&str> = listed
        .iter()
        .map(|s| s.iter().next().unwrap().as_str())
        .collect();
    assert_eq!(
        first,
        [
            "q = array1d(1..6, [2, 4, 6, 1, 3, 5]);",
            "q = array1d(1..6, [3, 6, 2, 5, 1, 4]);",
            "q = array1d(1..6, [4, 1, 5, 2, 6, 3]);",
            "q = array1d(1..6, [5, 3, 1, 6, 4, 2]);",
        ]
    );
    assert_eq!(status, Status::Complete);
}

#[test]
fn an_unsatisfiable_model_is_complete_with_no_solution() {
    let text = "var 1..3: x :: output_var; var 1..3: y :: output_var;\n\
                constraint int_lt(x, y); constraint int_lt(y, x);\nsolve satisfy;\n";
    let (ours, _, status) = all_solutions(text);
    assert!(ours.is_empty());
    assert_eq!(status, Status::Complete);
}

#[test]
fn unbounded_variables_that_a_constraint_defines_get_its_bounds() {
    // MiniZinc leaves such variables 'var int'.
    let text = "var 1..3: x :: output_var; var 0..2: y :: output_var;\n\
                var int: s :: is_defined_var :: output_var;\n\
                var int: p :: is_defined_var :: output_var;\n\
                constraint int_lin_eq([1, 1, -1], [x, y, s], 0) :: defines_var(s);\n\
                constraint int_times(x, y, p) :: defines_var(p);\n\
                constraint int_le(5, s);\nsolve satisfy;\n";
    let (ours, _, _) = all_solutions(text);
    let expected: BTreeSet<Lines> = [(3, 2)]
        .iter()
        .map(|&(x, y)| {
            [
                format!("x = {x};"),
                format!("y = {y};"),
                format!("s = {};", x + y),
                format!("p = {};", x * y),
            ]
            .into_iter()
            .collect()
        })
        .collect();
    assert_eq!(ours, expected);
}

#[test]
fn wide_and_unbounded_variables_are_intervals() {
    // No bounds at all: an interval of every i64.
    let text = "var int: x :: output_var;\n\
                var 0..10000000000000: y :: output_var;\n\
                constraint int_le(1000000000000, x);\n\
                constraint int_le(x, 1000000000002);\n\
                constraint int_lin_eq([1, -1], [x, y], 0);\nsolve satisfy;\n";
    let (ours, _, _) = all_solutions(text);
    let expected: BTreeSet<Lines> = (1_000_000_000_000i64..=1_000_000_000_002)
        .map(|x| {
            [format!("x = {x};"), format!("y = {x};")]
                .into_iter()
                .collect()
        })
        .collect();
    assert_eq!(ours, expected);
    // A few values spread wider than a bitset: a relation on them is
    // checked, not tabled.
    let sparse = "var {0, 100000}: x :: output_var; var 0..6: y :: output_var;\n\
                  constraint int_mod(x, 7, y);\nsolve satisfy;\n";
    let (ours, _, _) = all_solutions(sparse);
    let expected: BTreeSet<Lines> = [(0, 0), (100_000, 5)]
        .iter()
        .map(|&(x, y)| {
            [format!("x = {x};"), format!("y = {y};")]
                .into_iter()
                .collect()
        })
        .collect();
    assert_eq!(ours, expected);
    let lowest = "var int: x :: output_var;\nsolve minimize x;\n";
    let (ours, _, _) = all_solutions(lowest);
    let best = format!("x = {};", i64::MIN);
    assert!(ours.iter().any(|lines| lines.contains(&best)), "{ours:?}");
}

#[test]
fn what_the_solver_cannot_take_is_refused_with_its_name() {
    let refuse = |text: &str| {
        translate(&resolve(&parse(text).unwrap()).unwrap())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        refuse("var 1..3: x; constraint my_global(x);\nsolve satisfy;"),
        "line 1, column 14: the constraint 'my_global' is not supported"
    );
    assert_eq!(
        refuse("var float: f;\nsolve satisfy;"),
        "the variable 'f' is a float variable, which the solver does not support"
    );
    assert_eq!(
        refuse("var 1..3: x; constraint int_lin_eq([1, 2], [x], 0);\nsolve satisfy;"),
        "line 1, column 14: int_lin_eq has 2 coefficients for 1 variables"
    );
}

#[test]
fn all_different_annotated_domain_or_bounds_propagates_that_strongly() {
    // x, y in {1, 3} take both values; z in 1..3 must be 2. Bounds see it
    // only once x and y are narrowed to an interval, so not here; the
    // matching sees it at once; the default, forward checking, neither.
    let model = |annotation: &str| {
        format!(
            "var {{1,3}}: x :: output_var;\nvar {{1,3}}: y :: output_var;\n\
             var 1..3: z :: output_var;\nvar 0..9: w :: output_var;\n\
             constraint fzn_all_different_int([x,y,z,w]){annotation};\nsolve satisfy;\n"
        )
    };
    let z_domain = |annotation: &str| {
        let instance = resolve(&parse(&model(annotation)).unwrap()).unwrap();
        let translation = translate(&instance).unwrap();
        translation.model.compile().domain(translation.vars[2])
    };
    assert_eq!(z_domain(" :: domain"), [2]);
    assert_eq!(z_domain(" :: domain_propagation"), [2]);
    assert_eq!(z_domain(" :: bounds"), [1, 2, 3]);
    assert_eq!(z_domain(""), [1, 2, 3]);
}

#[test]
fn int_div_and_int_mod_past_the_table_size_have_exactly_the_solutions_of_enumeration() {
    // 81 * 21 * 41 tuples: past the table, on the solver's propagator.
    for op in ["int_div", "int_mod"] {
        let text = format!(
            "var -40..40: x :: output_var;\nvar -10..10: y :: output_var;\n\
             var -20..20: z :: output_var;\nconstraint {op}(x, y, z);\nsolve satisfy;\n"
        );
        let (found, all, status) = all_solutions(&text);
        assert_eq!(status, Status::Complete, "{op}");
        assert_eq!(found.len(), all.len(), "{op}: a solution twice");
        let mut expected = BTreeSet::new();
        for x in -40i64..=40 {
            for y in -10i64..=10 {
                let z = if op == "int_div" {
                    x.checked_div(y)
                } else {
                    x.checked_rem(y)
                };
                if let Some(z) = z.filter(|z| z.abs() <= 20) {
                    let lines = [
                        format!("x = {x};"),
                        format!("y = {y};"),
                        format!("z = {z};"),
                    ];
                    expected.insert(lines.into_iter().collect::<Lines>());
                }
            }
        }
        assert_eq!(found, expected, "{op}");
    }
}

/// `x ^ y` as the specification words `int_pow`: `1 div x^|y|` for
/// `y < 0` (rounded toward zero; undefined for `x = 0`).
fn power_by_the_specification(x: i64, y: i64) -> Option<i64> {
    if y >= 0 {
        return x.checked_pow(u32::try_from(y).ok()?);
    }
    let p = x.checked_pow(u32::try_from(-y).ok()?)?;
    1i64.checked_div(p)
}

#[test]
fn int_pow_with_a_negative_exponent_has_every_solution_of_enumeration() {
    // A small z (a table) and an unbounded one (its bounds inferred).
    for z in ["var -10..10: z", "var int: z"] {
        let text = format!(
            "var 1..3: x :: output_var;\nvar -2..1: y :: output_var;\n\
             {z} :: output_var;\nconstraint int_pow(x, y, z);\nsolve satisfy;\n"
        );
        let (found, all, status) = all_solutions(&text);
        assert_eq!(status, Status::Complete, "{z}");
        assert_eq!(found.len(), all.len(), "{z}: a solution twice");
        let mut expected = BTreeSet::new();
        for x in 1i64..=3 {
            for y in -2i64..=1 {
                if let Some(p) = power_by_the_specification(x, y) {
                    let lines = [
                        format!("x = {x};"),
                        format!("y = {y};"),
                        format!("z = {p};"),
                    ];
                    expected.insert(lines.into_iter().collect::<Lines>());
                }
            }
        }
        assert_eq!(expected.len(), 12);
        assert_eq!(found, expected, "{z}");
    }
}

#[test]
fn an_unbounded_var_int_reaches_past_2_62() {
    let cases = [
        (
            "var int: x :: output_var;\nconstraint int_le(5000000000000000000, x);\n\
             constraint int_le(x, 5000000000000000001);\nsolve satisfy;\n",
            vec![
                vec!["x = 5000000000000000000;"],
                vec!["x = 5000000000000000001;"],
            ],
        ),
        (
            "var int: x :: output_var;\nvar int: y;\nconstraint int_abs(x, y);\n\
             constraint int_eq(y, 6000000000000000000);\nsolve satisfy;\n",
            vec![
                vec!["x = -6000000000000000000;"],
                vec!["x = 6000000000000000000;"],
            ],
        ),
        (
            "var int: x :: output_var;\nconstraint int_le(4611686018427387905, x);\n\
             constraint int_le(x, 4611686018427387905);\nsolve satisfy;\n",
            vec![vec!["x = 4611686018427387905;"]],
        ),
    ];
    for (text, want) in cases {
        let (found, _, status) = all_solutions(text);
        assert_eq!(status, Status::Complete, "{text}");
        let want: BTreeSet<Lines> = want
            .into_iter()
            .map(|lines| lines.into_iter().map(str::to_string).collect())
            .collect();
        assert_eq!(found, want, "{text}");
    }
}

#[test]
fn times_of_an_unbounded_variable_by_itself_answers_at_once() {
    let text = "var int: x :: output_var;\nvar int: z;\nconstraint int_times(x, x, z);\n\
                constraint int_eq(z, 1000000);\nsolve satisfy;\n";
    let started = std::time::Instant::now();
    let (found, _, status) = all_solutions(text);
    assert_eq!(status, Status::Complete);
    let want: BTreeSet<Lines> = ["x = -1000;", "x = 1000;"]
        .into_iter()
        .map(|line| [line.to_string()].into_iter().collect())
        .collect();
    assert_eq!(found, want);
    assert!(started.elapsed().as_secs() < 5);
}

#[test]
fn maximizing_an_unbounded_var_int_without_an_annotation_answers_at_once() {
    for (bound, best) in [
        (
            "constraint int_le(x, 1000000000007);\n",
            "x = 1000000000007;",
        ),
        ("", "x = 9223372036854775807;"),
    ] {
        let text = format!("var int: x :: output_var;\n{bound}solve maximize x;\n");
        let started = std::time::Instant::now();
        let (_, all, status) = all_solutions(&text);
        assert_eq!(status, Status::Complete, "{text}");
        let last: Lines = [best.to_string()].into_iter().collect();
        assert_eq!(all.last(), Some(&last), "{text}");
        assert!(all.len() < 100, "{text}: {} solutions", all.len());
        assert!(started.elapsed().as_secs() < 5);
    }
}

#[test]
fn int_pow_of_an_unbounded_variable_by_a_constant_narrows_it_from_the_result() {
    // By hand: the real roots, checked by raising them back.
    for (k, z, roots) in [
        (2, 1_000_000i64, vec![-1000i64, 1000]),
        (3, -27_000_000_000, vec![-3000]),
        (4, 16, vec![-2, 2]),
        (2, 999_999, vec![]),
    ] {
        for &r in &roots {
            assert_eq!(r.pow(k), z);
        }
        let text = format!(
            "var int: x :: output_var;\nvar int: z;\nconstraint int_pow(x, {k}, z);\n\
             constraint int_eq(z, {z});\nsolve satisfy;\n"
        );
        let started = std::time::Instant::now();
        let (found, _, status) = all_solutions(&text);
        assert_eq!(status, Status::Complete, "{text}");
        let want: BTreeSet<Lines> = roots
            .iter()
            .map(|r| [format!("x = {r};")].into_iter().collect())
            .collect();
        assert_eq!(found, want, "{text}");
        assert!(started.elapsed().as_secs() < 5, "{text}");
    }
}

#[test]
fn set_in_on_an_unbounded_var_int_takes_the_set_without_stepping_through_i64() {
    let text = "var int: x :: output_var;\nconstraint set_in(x, {-2, 0, 1, 5000000000});\n\
                solve satisfy;\n";
    let started = std::time::Instant::now();
    let (found, _, status) = all_solutions(text);
    assert_eq!(status, Status::Complete);
    let want: BTreeSet<Lines> = [-2i64, 0, 1, 5_000_000_000]
        .iter()
        .map(|x| [format!("x = {x};")].into_iter().collect())
        .collect();
    assert_eq!(found, want);
    assert!(started.elapsed().as_secs() < 5);
}

#[test]
fn a_comparison_with_the_smallest_i64_was_refused_as_overflowing() {
    // `int_le(-2^63, w)` is `-w <= 2^63`, a right-hand side just past i64.
    let top = "constraint int_le(w, -9223372036854775806);\nsolve satisfy;\n";
    for (constraint, want) in [
        ("int_le(-9223372036854775808, w)", 3),
        ("int_lt(-9223372036854775808, w)", 2),
        ("int_lin_le([-1], [w], 9223372036854775807)", 2),
        ("int_ne(-9223372036854775808, w)", 2),
    ] {
        let text = format!("var int: w :: output_var;\nconstraint {constraint};\n{top}");
        let (found, _, status) = all_solutions(&text);
        assert_eq!(status, Status::Complete, "{constraint}");
        assert_eq!(found.len(), want, "{constraint}");
    }
    let reified = "var int: w :: output_var;\nvar bool: b :: output_var;\n\
                   constraint int_le_reif(-9223372036854775808, w, b);\n\
                   constraint int_le(w, -9223372036854775807);\nsolve satisfy;\n";
    let (found, _, status) = all_solutions(reified);
    assert_eq!(status, Status::Complete);
    assert!(
        found
            .iter()
            .all(|lines| lines.contains(&"b = true;".to_string())),
        "{found:?}"
    );
    assert_eq!(found.len(), 2);
}

#[test]
fn inverse_with_an_index_variable_at_the_smallest_i64_was_refused_as_overflowing() {
    // Shifting `x0` by the offset leaves i64 for both its values: they are
    // no index of any array, so the model is unsatisfiable, not refused.
    let text = "var -9223372036854775808..-9223372036854775807: x0 :: output_var;\n\
                var 0..2: a :: output_var;\nvar 0..2: b :: output_var;\n\
                constraint csp_inverse([a, b], 1, [x0, b], 0);\nsolve satisfy;\n";
    let (found, _, status) = all_solutions(text);
    assert_eq!(status, Status::Complete);
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn a_constant_moved_across_an_equation_past_i64_was_refused_as_overflowing() {
    // w - 3 * 2 - 3 * x1 == i64::MAX: w == i64::MAX + 6 + 3 * x1, whose one
    // value in i64 is at x1 = -2.
    let text = "var -2..0: x1 :: output_var;\nvar int: w :: output_var;\n\
                constraint int_lin_eq([1, -3, -3], [w, 2, x1], 9223372036854775807);\n\
                solve satisfy;\n";
    let (found, _, status) = all_solutions(text);
    assert_eq!(status, Status::Complete);
    let want: BTreeSet<Lines> = [["w = 9223372036854775807;", "x1 = -2;"]]
        .into_iter()
        .map(|lines| lines.into_iter().map(str::to_string).collect())
        .collect();
    assert_eq!(found, want);
}
