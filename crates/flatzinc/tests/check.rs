//! The solution check against Gecode: for every builtin's tiny file, the
//! assignments `flatzinc::check` accepts are exactly the solutions
//! fzn-gecode enumerated (recorded in `builtins/NAME.gecode` by
//! `builtins/regenerate.sh`; the native globals' in `globals/`), compared
//! as sets.

use std::collections::BTreeSet;

use flatzinc::{Domain, Instance, Value, check, parse, resolve, solution_lines};

/// A solution as a set of its lines, so the order of the lines does not matter.
type Lines = BTreeSet<String>;

fn gecode_solutions(text: &str) -> BTreeSet<Lines> {
    assert!(
        text.ends_with("==========\n"),
        "the enumeration is not complete"
    );
    text.split("----------\n")
        .filter(|block| !block.trim().is_empty() && !block.starts_with("=========="))
        .map(|block| block.lines().map(str::to_string).collect())
        .collect()
}

fn all_values(domain: &Domain) -> Vec<Value> {
    match domain {
        Domain::Bool => vec![Value::Bool(false), Value::Bool(true)],
        Domain::Int(Some(ranges)) => ranges
            .iter()
            .flat_map(|&(lo, hi)| (lo..=hi).map(Value::Int))
            .collect(),
        other => panic!("not a small domain: {other:?}"),
    }
}

/// Every assignment of the instance's variables the check accepts.
fn accepted(instance: &Instance) -> BTreeSet<Lines> {
    let domains: Vec<Vec<Value>> = instance
        .vars
        .iter()
        .map(|v| all_values(&v.domain))
        .collect();
    let mut out = BTreeSet::new();
    let mut index = vec![0; domains.len()];
    loop {
        let values: Vec<Value> = index
            .iter()
            .zip(&domains)
            .map(|(&i, d)| d[i].clone())
            .collect();
        if check(instance, &values).is_ok() {
            out.insert(
                solution_lines(instance, &values)
                    .lines()
                    .map(str::to_string)
                    .collect(),
            );
        }
        let mut k = 0;
        loop {
            if k == index.len() {
                return out;
            }
            index[k] += 1;
            if index[k] < domains[k].len() {
                break;
            }
            index[k] = 0;
            k += 1;
        }
    }
}

#[test]
fn the_check_accepts_exactly_the_solutions_gecode_enumerates_for_every_builtin() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let entries = std::fs::read_dir(root.join("builtins"))
        .unwrap()
        .chain(std::fs::read_dir(root.join("globals")).unwrap());
    let mut checked = Vec::new();
    for entry in entries {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "gecode") {
            continue;
        }
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let fzn = std::fs::read_to_string(path.with_extension("fzn")).unwrap();
        let instance = resolve(&parse(&fzn).unwrap()).unwrap();
        let expected = gecode_solutions(&std::fs::read_to_string(&path).unwrap());
        assert_eq!(accepted(&instance), expected, "{name}");
        checked.push(name);
    }
    // Every file of the folder has its reference: none was skipped.
    assert!(
        checked.len() >= 60,
        "only {} builtins checked",
        checked.len()
    );
}

/// `int_pow(x, y, z)` by the specification's text (MiniZinc's
/// `flatzinc_builtins.mzn`): "Constrains z = x^y, z is constrained to
/// `1 div pow(x, abs(y))` when y < 0", with `div` rounding toward zero and
/// `1 div 0` undefined. Each row worked out by hand from that sentence:
/// `(x, y, z, holds)`.
const INT_POW_BY_THE_SPECIFICATION: &[(i64, i64, i64, bool)] = &[
    (2, 3, 8, true),
    (-2, 3, -8, true),
    (-2, 2, 4, true),
    (3, 0, 1, true),
    (0, 0, 1, true),
    (0, 2, 0, true),
    (2, 3, 9, false),
    (2, 0, 0, false),
    // y < 0: 1 div x^|y|.
    (1, -1, 1, true),
    (1, -2, 1, true),
    (1, -2, 0, false),
    (-1, -1, -1, true),
    (-1, -1, 1, false),
    (-1, -2, 1, true),
    (-1, -3, -1, true),
    (2, -1, 0, true),
    (2, -1, 1, false),
    (-2, -1, 0, true),
    (3, -2, 0, true),
    (-3, -3, 0, true),
    // 1 div 0^|y|: undefined, so no z holds.
    (0, -1, 0, false),
    (0, -1, 1, false),
    (0, -2, -1, false),
];

#[test]
fn int_pow_with_a_negative_exponent_is_checked_as_the_specification_says() {
    let text = "var -3..3: x; var -3..3: y; var -10..10: z; \
                constraint int_pow(x, y, z); solve satisfy;";
    let instance = resolve(&parse(text).unwrap()).unwrap();
    use Value::Int;
    for &(x, y, z, holds) in INT_POW_BY_THE_SPECIFICATION {
        let got = check(&instance, &[Int(x), Int(y), Int(z)]).is_ok();
        assert_eq!(got, holds, "int_pow({x}, {y}, {z})");
    }
}

#[test]
fn a_value_outside_its_domain_or_a_wrong_fixed_value_is_refused() {
    let text = "var 1..3: x; var {2, 5}: y = 5; constraint int_le(x, y); solve satisfy;";
    let instance = resolve(&parse(text).unwrap()).unwrap();
    use Value::Int;
    assert!(check(&instance, &[Int(3), Int(5)]).is_ok());
    assert_eq!(
        check(&instance, &[Int(4), Int(5)]).unwrap_err().to_string(),
        "x = 4 is outside its domain"
    );
    assert_eq!(
        check(&instance, &[Int(1), Int(2)]).unwrap_err().to_string(),
        "y = 2 is not its fixed value"
    );
    assert_eq!(
        check(&instance, &[Int(1)]).unwrap_err().to_string(),
        "1 values for 2 variables"
    );
}

#[test]
fn a_constraint_the_check_does_not_know_is_never_taken_as_holding() {
    let text = "var 1..3: x; constraint my_global([x]); solve satisfy;";
    let instance = resolve(&parse(text).unwrap()).unwrap();
    let error = check(&instance, &[Value::Int(1)]).unwrap_err().to_string();
    assert_eq!(
        error,
        "line 1, column 14: my_global is not a constraint this check knows"
    );
}

#[test]
fn an_alias_with_a_narrower_domain_constrains_the_variable_it_names() {
    let text = "var 1..9: x :: output_var; var 2..3: y :: output_var = x; solve satisfy;";
    let instance = resolve(&parse(text).unwrap()).unwrap();
    assert_eq!(instance.vars.len(), 1);
    assert!(check(&instance, &[Value::Int(3)]).is_ok());
    assert!(check(&instance, &[Value::Int(4)]).is_err());
    assert_eq!(
        solution_lines(&instance, &[Value::Int(3)]),
        "x = 3;\ny = 3;\n"
    );
}
