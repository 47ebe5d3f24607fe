//! What MiniZinc's own test suite (libminizinc's tests/spec, run by
//! `suite/run.sh`) found, each as a small model of its own: valid FlatZinc
//! that was refused, solutions MiniZinc could not read back, another
//! solver's option misread, and the library's half-reified forms.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use flatzinc::solve::{Options, Status, solve};
use flatzinc::{parse, resolve, translate};

/// Every solution of a FlatZinc text (all of them, or the first only), each
/// as its output lines, and the status.
fn run(text: &str, all: bool) -> (Vec<BTreeSet<String>>, Status) {
    let instance = resolve(&parse(text).unwrap()).unwrap();
    let translation = translate(&instance).unwrap();
    let options = Options {
        all,
        ..Options::default()
    };
    let mut found = Vec::new();
    let report = solve(&instance, &translation, &options, |lines| {
        found.push(lines.lines().map(str::to_string).collect());
        Ok(())
    })
    .unwrap();
    (found, report.status)
}

fn solution(lines: &[String]) -> BTreeSet<String> {
    lines.iter().cloned().collect()
}

#[test]
fn bool_lin_eq_with_a_variable_right_hand_side_is_taken() {
    // The FlatZinc specification: bool_lin_eq(array [int] of int: a,
    // array [int] of var bool: b, var int: c), Σ a_i·b_i = c. MiniZinc
    // emits it with c a variable it leaves unbounded.
    let text = "var bool: a :: output_var;\nvar bool: b :: output_var;\n\
        var int: c :: output_var;\nconstraint bool_lin_eq([2, -3], [a, b], c);\nsolve satisfy;\n";
    let mut expected = BTreeSet::new();
    for a in [false, true] {
        for b in [false, true] {
            let c = 2 * i64::from(a) - 3 * i64::from(b);
            expected.insert(solution(&[
                format!("a = {a};"),
                format!("b = {b};"),
                format!("c = {c};"),
            ]));
        }
    }
    let (found, status) = run(text, true);
    assert_eq!(status, Status::Complete);
    assert_eq!(found.len(), 4, "{found:?}");
    assert_eq!(found.into_iter().collect::<BTreeSet<_>>(), expected);
}

#[test]
fn bool_lin_eq_with_a_variable_right_hand_side_in_a_half_reification() {
    // r -> (a + b = c): with r false, c is free; with c bounded to 0..2
    // here, 4 x 3 assignments for r false and the 4 sums for r true.
    let text = "var bool: a :: output_var;\nvar bool: b :: output_var;\n\
        var 0..2: c :: output_var;\nvar bool: r :: output_var;\n\
        constraint bool_lin_eq_imp([1, 1], [a, b], c, r);\nsolve satisfy;\n";
    let (found, status) = run(text, true);
    assert_eq!(status, Status::Complete);
    assert_eq!(found.len(), 4 * 3 + 4, "{found:?}");
}

#[test]
fn an_unbounded_var_int_nothing_constrains_is_not_printed_at_i64_min() {
    // MiniZinc 2.6 cannot read -9223372036854775808 back ("invalid integer
    // literal"): a solution with it is an error for the user, though the
    // value is valid.
    let text = "var int: x :: output_var;\narray [1..2] of var int: y :: output_array([1..2]);\n\
        constraint int_ne(x, 10);\nsolve satisfy;\n";
    let (found, status) = run(text, false);
    assert_eq!(status, Status::Enough);
    let [first] = found.as_slice() else {
        panic!("{found:?}")
    };
    assert!(
        first.iter().all(|l| !l.contains("-9223372036854775808")),
        "{first:?}"
    );
}

#[test]
fn an_unbounded_var_int_keeps_every_i64_value() {
    // Tried from the middle first, still every i64 in the end: i64::MIN is
    // a solution of x <= -2^63 + 1, found below the middle.
    let text = "var int: x :: output_var;\n\
        constraint int_le(x, -9223372036854775807);\nsolve satisfy;\n";
    let (found, status) = run(text, true);
    assert_eq!(status, Status::Complete);
    let expected: BTreeSet<BTreeSet<String>> = [-9223372036854775807_i64, i64::MIN]
        .iter()
        .map(|v| solution(&[format!("x = {v};")]))
        .collect();
    assert_eq!(found.into_iter().collect::<BTreeSet<_>>(), expected);
}

fn fzn_csp(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_fzn-csp"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn another_solvers_option_is_refused_by_its_name_not_read_as_ours_with_a_value() {
    // A MiniZinc parameter file's "backend-flags" gave Gecode's `-node 1`,
    // which was read as `-n ode` ("invalid value 'ode' for
    // '--num-solutions'").
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("model.fzn");
    std::fs::write(&path, "var 1..3: x :: output_var;\nsolve satisfy;\n").unwrap();
    let file = path.to_str().unwrap();
    let out = fzn_csp(&["-node", "1", file]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err.trim_end(),
        "fzn-csp: unknown option '-node' (see fzn-csp --help)"
    );
    // Our own options with their values glued on still work.
    let out = fzn_csp(&["-n2", "-t5000", file]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "x = 1;\n----------\nx = 2;\n----------\n"
    );
}

/// The half-reified forms the library declares: `r -> c` for each, in
/// FlatZinc's argument order, with the boolean last.
fn declared_imps() -> Vec<(String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("mznlib/redefinitions.mzn");
    let text = std::fs::read_to_string(path).unwrap();
    let mut found = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("predicate ") {
        rest = &rest[at + "predicate ".len()..];
        let end = rest.find(';').unwrap();
        let decl = &rest[..end];
        let name = decl[..decl.find('(').unwrap()].trim().to_string();
        if name.ends_with("_imp") {
            found.push((name, decl.split_whitespace().collect::<Vec<_>>().join(" ")));
        }
        rest = &rest[end..];
    }
    found
}

/// A call of `name` over p, q, s (bool), x, y, z (var 0..2) and r, as its
/// declaration's parameters ask.
fn imp_call(name: &str, decl: &str) -> String {
    let params = &decl[decl.find('(').unwrap() + 1..decl.rfind(')').unwrap()];
    let mut args = Vec::new();
    // Split the parameters at top-level commas.
    let (mut depth, mut start) = (0, 0);
    let mut parts = Vec::new();
    for (i, ch) in params.char_indices() {
        match ch {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&params[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&params[start..]);
    let last = parts.len() - 1;
    let (mut bools, mut ints) = (["p", "q"].iter(), ["x", "y", "z"].iter());
    // Two arrays of booleans (bool_clause's) are [p, q] and [s].
    let mut bool_arrays = ["[p, q]", "[s]"].iter();
    for (i, part) in parts.iter().enumerate() {
        let part = part.trim();
        let arg = if i == last {
            "r".to_string()
        } else if part.starts_with("array") && part.contains("of int") {
            "[1, 1]".to_string()
        } else if part.starts_with("array") && part.contains("var bool") {
            bool_arrays.next().unwrap().to_string()
        } else if part.starts_with("array") {
            "[x, y]".to_string()
        } else if part.starts_with("set") {
            "{0, 2}".to_string()
        } else if part.starts_with("int") {
            "1".to_string()
        } else if part.starts_with("var bool") {
            bools.next().unwrap().to_string()
        } else {
            ints.next().unwrap().to_string()
        };
        args.push(arg);
    }
    format!("{name}({})", args.join(", "))
}

#[test]
fn every_half_reification_the_library_declares_is_posted_and_means_r_implies_c() {
    // Declared in mznlib, MiniZinc emits `int_le_imp(5, x, b)` where it
    // wrote `int_le_reif` before (the suite's implied_hr test): fzn-csp
    // must take each. The solutions are judged by flatzinc::check against
    // every assignment of the variables: r false admits all of them.
    let imps = declared_imps();
    assert!(imps.len() >= 20, "{imps:?}");
    for (name, decl) in imps {
        let call = imp_call(&name, &decl);
        let text = format!(
            "var bool: p :: output_var;\nvar bool: q :: output_var;\nvar bool: s :: output_var;\n\
             var 0..2: x :: output_var;\nvar 0..2: y :: output_var;\nvar 0..2: z :: output_var;\n\
             var bool: r :: output_var;\nconstraint {call};\nsolve satisfy;\n"
        );
        let instance = resolve(&parse(&text).unwrap()).unwrap();
        let translation = translate(&instance).unwrap_or_else(|e| panic!("{call}: {e}"));
        let options = Options {
            all: true,
            ..Options::default()
        };
        let mut found = Vec::new();
        solve(&instance, &translation, &options, |lines| {
            found.push(lines.to_string());
            Ok(())
        })
        .unwrap();
        // 2 * 2 * 2 * 27 assignments of p, q, s, x, y, z; r false: all
        // 216 hold.
        let with_r_false = found.iter().filter(|s| s.contains("r = false;")).count();
        assert_eq!(with_r_false, 216, "{call}");
        let with_r_true = found.len() - with_r_false;
        assert!(with_r_true < 216, "{call}: r true constrains nothing");
    }
}

/// The FlatZinc MiniZinc compiles `model` to with csp's library, or `None`
/// where MiniZinc is not installed (the test then says so and passes).
fn compiled(model: &str) -> Option<String> {
    let version = Command::new("minizinc").arg("--version").output().ok()?;
    if !version.status.success() {
        return None;
    }
    let dir = tempfile::tempdir().unwrap();
    let mznlib = concat!(env!("CARGO_MANIFEST_DIR"), "/mznlib");
    let config = format!(
        "{{\"id\": \"org.nqueens.csp-test\", \"name\": \"csp-test\", \"version\": \"0.1.0\", \
         \"mznlib\": \"{mznlib}\", \"executable\": \"fzn-csp\", \"supportsMzn\": false, \
         \"supportsFzn\": true, \"needsSolns2Out\": true}}\n"
    );
    std::fs::write(dir.path().join("csp-test.msc"), config).unwrap();
    let (mzn, fzn) = (dir.path().join("model.mzn"), dir.path().join("model.fzn"));
    std::fs::write(&mzn, model).unwrap();
    let output = Command::new("minizinc")
        .env("MZN_SOLVER_PATH", dir.path())
        .args(["-c", "--solver", "csp-test", "-o"])
        .arg(&fzn)
        .arg(&mzn)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    Some(std::fs::read_to_string(fzn).unwrap())
}

#[test]
fn an_implied_constraint_compiles_to_half_reifications_through_minizinc() {
    // The suite's compilation/implied_hr: `x >= 5 \/ y > 4` as an implied
    // constraint is two int_le_imp, as for a solver declaring them.
    let Some(fzn) = compiled(
        "var int: x;\nvar int: y;\nconstraint implied_constraint(x >= 5 \\/ y > 4);\nsolve satisfy;\n",
    ) else {
        eprintln!("minizinc is not installed: skipped");
        return;
    };
    assert_eq!(fzn.matches("constraint int_le_imp(").count(), 2, "{fzn}");
    assert!(!fzn.contains("_reif("), "{fzn}");
    // And fzn-csp solves it.
    let (found, status) = run(&fzn, false);
    assert_eq!((found.len(), status), (1, Status::Enough), "{fzn}");
}

#[test]
fn bool_lin_eq_with_a_variable_right_hand_side_through_minizinc() {
    // The suite's all_disjoint, at_most1, card_flatten_lb, change_partition
    // and subsets_100 compiled a count of booleans into bool_lin_eq(.., c)
    // with c a variable.
    let Some(fzn) = compiled(
        "array [1..3] of var bool: b;\nvar int: n = sum(i in 1..3)(bool2int(b[i]));\n\
         constraint n = 2;\nsolve satisfy;\n",
    ) else {
        eprintln!("minizinc is not installed: skipped");
        return;
    };
    let (found, status) = run(&fzn, true);
    assert_eq!(status, Status::Complete, "{fzn}");
    assert_eq!(found.len(), 3, "{fzn}");
}

#[test]
fn regular_over_an_unbounded_var_int_is_read_within_its_alphabet() {
    // The suite's globals_regular and bug284: MiniZinc passes `var int`
    // without bounds to fzn_regular; the letters 1..S bound it. States 1..2,
    // letters 1..2, start 1, final {2}; d row by row (0 fails).
    let d = [[2, 1], [0, 2]];
    let text = "var int: x :: output_var;\nvar int: y :: output_var;\n\
        constraint fzn_regular([x, y], 2, 2, [2, 1, 0, 2], 1, {2});\nsolve satisfy;\n";
    // The words the automaton accepts, walked here.
    let mut expected = BTreeSet::new();
    for x in 1..=2 {
        for y in 1..=2 {
            let mut q = 1;
            for letter in [x, y] {
                if q != 0 {
                    q = d[q - 1][letter - 1];
                }
            }
            if q == 2 {
                expected.insert(solution(&[format!("x = {x};"), format!("y = {y};")]));
            }
        }
    }
    let (found, status) = run(text, true);
    assert_eq!(status, Status::Complete);
    assert_eq!(found.into_iter().collect::<BTreeSet<_>>(), expected);
}
