//! `fzn-csp --learn`: the search that learns from its failures gives the
//! same optimum, the same verdict, and ends its output as the FlatZinc
//! specification says (a first solution of a satisfaction problem is not
//! every solution).

mod common;

use common::{file, run, stdout};

/// A small schedule: three tasks of durations 3, 2 and 4, some pairs
/// ordered one way or the other by a boolean, the last end minimised.
const SCHEDULE: &str = "\
var 0..20: a :: output_var;\nvar 0..20: b :: output_var;\nvar 0..20: c :: output_var;\n\
var 0..30: end :: output_var;\n\
var bool: ab;\nvar bool: ac;\nvar bool: bc;\n\
constraint int_lin_le_reif([1,-1],[a,b],-3,ab);\n\
constraint int_lin_le_imp([1,-1],[b,a],-2,bc);\n\
constraint int_lin_le_reif([1,-1],[a,c],-3,ac);\n\
constraint int_lin_le_imp([1,-1],[c,a],-4,bc);\n\
constraint int_lin_le([1,-1],[b,c],-2);\n\
constraint int_lin_le([1,-1],[a,end],-3);\n\
constraint int_lin_le([1,-1],[b,end],-2);\n\
constraint int_lin_le([1,-1],[c,end],-4);\n\
solve minimize end;\n";

#[test]
fn the_optimum_with_learning_is_the_optimum_without() {
    let (_dir, path) = file(SCHEDULE);
    let plain = stdout(&run(&[], &path));
    let learned = stdout(&run(&["--learn"], &path));
    assert!(plain.ends_with("----------\n==========\n"), "{plain}");
    assert!(learned.ends_with("----------\n==========\n"), "{learned}");
    let end = |out: &str| {
        out.lines()
            .find(|l| l.starts_with("end = "))
            .map(str::to_string)
    };
    assert!(end(&plain).is_some(), "{plain}");
    assert_eq!(end(&learned), end(&plain));
}

#[test]
fn a_first_solution_is_not_every_solution() {
    let (_dir, path) = file(
        "var 1..3: x :: output_var;\nvar 1..3: y :: output_var;\n\
         constraint int_ne(x, y);\nsolve satisfy;\n",
    );
    let out = stdout(&run(&["--learn"], &path));
    assert_eq!(out.matches("----------").count(), 1, "{out}");
    assert!(!out.contains("=========="), "{out}");
}

#[test]
fn an_unsatisfiable_model_is_proved_so() {
    let (_dir, path) = file(
        "var 1..2: x;\nvar 1..2: y;\nvar 1..2: z;\n\
         constraint int_ne(x, y);\nconstraint int_ne(y, z);\nconstraint int_ne(x, z);\n\
         solve satisfy;\n",
    );
    assert_eq!(
        stdout(&run(&["--learn"], &path)),
        "=====UNSATISFIABLE=====\n"
    );
    let (_dir, path) =
        file("var 0..9: x :: output_var;\nconstraint int_lin_le([1],[x],-1);\nsolve minimize x;\n");
    assert_eq!(
        stdout(&run(&["--learn"], &path)),
        "=====UNSATISFIABLE=====\n"
    );
}

#[test]
fn help_names_the_flag() {
    let (_dir, path) = file("solve satisfy;\n");
    let out = common::run(&["--help"], &path);
    assert!(stdout(&out).contains("--learn"), "{}", stdout(&out));
}
