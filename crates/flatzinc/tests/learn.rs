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
    let plain = stdout(&run(&["--learn=off"], &path));
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
    for flags in [&["--learn"][..], &[]] {
        assert_eq!(stdout(&run(flags, &path)), "=====UNSATISFIABLE=====\n");
    }
    let (_dir, path) =
        file("var 0..9: x :: output_var;\nconstraint int_lin_le([1],[x],-1);\nsolve minimize x;\n");
    for flags in [&["--learn"][..], &[]] {
        assert_eq!(stdout(&run(flags, &path)), "=====UNSATISFIABLE=====\n");
    }
    // A Golomb ruler of 7 marks shorter than 25, the optimum, as a
    // satisfaction problem: long enough for the default's two searches
    // to take turns.
    let short = golomb(7, 49)
        .replace("solve ::", "constraint int_le(m6, 24);\nsolve ::")
        .replace("minimize m6;", "satisfy;");
    let (_dir, path) = file(&short);
    for flags in [&["--learn=off"][..], &["--learn"], &[]] {
        assert_eq!(
            stdout(&run(flags, &path)),
            "=====UNSATISFIABLE=====\n",
            "{flags:?}"
        );
    }
}

#[test]
fn help_names_the_flag() {
    let (_dir, path) = file("solve satisfy;\n");
    let out = common::run(&["--help"], &path);
    assert!(stdout(&out).contains("--learn"), "{}", stdout(&out));
}

/// Start times of up to a thousand values, one with holes (`B_VALUES`, 0,
/// 1, 2, 7, 9 and 80 to 200): with `--learn` they are intervals (their
/// holes kept by a constraint on the bounds), and the optimum is the same.
const WIDE: &str = "\
var 0..1000: a :: output_var;\nvar B_VALUES: b :: output_var;\n\
var 0..1000: c :: output_var;\nvar 0..2000: end :: output_var;\n\
var bool: ab;\nvar bool: ac;\nvar bool: ca;\nvar bool: bc;\nvar bool: cb;\n\
constraint int_lin_le_reif([1,-1],[a,b],-30,ab);\n\
constraint bool_clause([ab],[]);\n\
constraint int_lin_le_reif([1,-1],[a,c],-30,ac);\n\
constraint int_lin_le_imp([1,-1],[c,a],-45,ca);\n\
constraint bool_clause([ac,ca],[]);\n\
constraint bool_clause([],[ac]);\n\
constraint int_lin_le_reif([1,-1],[b,c],-20,bc);\n\
constraint int_lin_le_imp([1,-1],[c,b],-45,cb);\n\
constraint bool_clause([bc,cb],[]);\n\
constraint int_lin_le([1,-1],[a,end],-30);\n\
constraint int_lin_le([1,-1],[b,end],-20);\n\
constraint int_lin_le([1,-1],[c,end],-45);\n\
constraint int_ne(b, 80);\n\
solve minimize end;\n";

#[test]
fn wide_domains_as_intervals_keep_the_optimum() {
    let listed: Vec<String> = [0, 1, 2, 7, 9]
        .into_iter()
        .chain(80..=200)
        .map(|v: i64| v.to_string())
        .collect();
    let model = WIDE.replace("B_VALUES", &format!("{{{}}}", listed.join(", ")));
    let (_dir, path) = file(&model);
    let plain = stdout(&run(&["--learn=off"], &path));
    let learned = stdout(&run(&["--learn"], &path));
    let values = |out: &str| -> Vec<String> {
        let last = out.rsplit("----------").nth(1).unwrap_or_default();
        last.lines().map(str::to_string).collect()
    };
    assert!(plain.ends_with("----------\n==========\n"), "{plain}");
    assert!(learned.ends_with("----------\n==========\n"), "{learned}");
    let end = |out: &str| values(out).into_iter().find(|l| l.starts_with("end = "));
    // c first at 0..45, then a at 45..75 (c before a), b after a: not
    // at 75, a hole of its domain, nor at 80, which `!=` removes.
    assert_eq!(end(&plain).as_deref(), Some("end = 101;"), "{plain}");
    assert_eq!(end(&learned), end(&plain));
    // The hole of b's domain and its `!=` hold in what --learn printed.
    let b = values(&learned)
        .into_iter()
        .find_map(|l| {
            l.strip_prefix("b = ")?
                .strip_suffix(';')?
                .parse::<i64>()
                .ok()
        })
        .expect("b printed");
    assert!(matches!(b, 0 | 1 | 2 | 7 | 9 | 81..=200), "{learned}");
}

/// `--learn-search`: with `annotation` (or `alternate`, whose first run
/// follows it) the first solution is the one the annotation points to
/// (x at its largest, then y at the largest left); with `activity` the
/// variables start at their smallest values; `-f` drops the annotation,
/// so every mode searches by activity. A mode it does not know is an
/// error that names the modes.
#[test]
fn the_search_that_learns_follows_the_annotation_as_asked() {
    let (_dir, path) = file(
        "var 1..5: x :: output_var;\nvar 1..5: y :: output_var;\n\
         constraint int_lin_le([1,1],[x,y],8);\n\
         solve :: int_search([x,y],input_order,indomain_max,complete) satisfy;\n",
    );
    for (flags, first) in [
        (
            &["--learn", "--learn-search", "annotation"][..],
            "x = 5;\ny = 3;\n",
        ),
        (
            &["--learn", "--learn-search", "alternate"][..],
            "x = 5;\ny = 3;\n",
        ),
        (
            &["--learn", "--learn-search", "activity"][..],
            "x = 1;\ny = 1;\n",
        ),
        (
            &["--learn", "-f", "--learn-search", "annotation"][..],
            "x = 1;\ny = 1;\n",
        ),
    ] {
        let out = stdout(&run(flags, &path));
        assert_eq!(out, format!("{first}----------\n"), "{flags:?}");
    }
    let out = common::run(&["--learn", "--learn-search", "sideways"], &path);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("annotation") && err.contains("activity"),
        "{err}"
    );
}

/// `--learn -a` on a satisfaction model: every solution once (the search
/// that learns excludes each it finds), then `==========`; `-n 2` stops at
/// two, without it.
#[test]
fn every_solution_with_learning_is_every_solution_once() {
    let (_dir, path) = file(
        "var 1..3: x :: output_var;\nvar 1..3: y :: output_var;\nvar 1..3: z :: output_var;\n\
         constraint int_ne(x, y);\nconstraint int_lin_le([1,1,1],[x,y,z],6);\nsolve satisfy;\n",
    );
    let plain = stdout(&run(&["-a"], &path));
    let learned = stdout(&run(&["-a", "--learn"], &path));
    assert!(learned.ends_with("----------\n==========\n"), "{learned}");
    let each = |out: &str| {
        let mut all: Vec<String> = out
            .split("----------\n")
            .filter(|s| s.contains('='))
            .filter(|s| !s.starts_with("=========="))
            .map(str::to_string)
            .collect();
        all.sort();
        all
    };
    let found = each(&learned);
    assert_eq!(found.len(), 12, "{learned}");
    assert_eq!(found, each(&plain));
    let two = stdout(&run(&["-n", "2", "--learn"], &path));
    assert_eq!(two.matches("----------").count(), 2, "{two}");
    assert!(!two.contains("=========="), "{two}");
}

/// The search that learns decides first on the booleans that are the
/// model's choices (`b`, which a half-reification defines), not on those
/// that are another variable's literal (`l`, which is `x <= 2`, though
/// declared first, which wins a tie): `b = false` first, so `l` holds and
/// `x` takes its smallest value. Deciding on `l` first would make it
/// false, then `b` true and `x = 3`.
#[test]
fn the_search_that_learns_decides_on_the_choices_first() {
    let (_dir, path) = file(
        "var 1..5: x :: output_var;\nvar bool: l :: is_defined_var;\n\
         var bool: b :: output_var :: is_defined_var;\n\
         constraint int_le_reif(x, 2, l) :: defines_var(l);\n\
         constraint int_le_imp(3, x, b) :: defines_var(b);\n\
         constraint array_bool_or([l, b], true);\nsolve satisfy;\n",
    );
    let out = stdout(&run(&["--learn"], &path));
    assert_eq!(out, "x = 1;\nb = false;\n----------\n", "{out}");
}

/// `--learn` alone is `--learn=on`: learning alone; `--learn=off` never
/// learns; by default (`--learn=auto`) both searches run in turns, so the
/// first solution, or the improving ones, are either's (depth-first search
/// starts on a satisfaction problem, learning on an optimisation; on
/// these small models the first to start usually ends before the other
/// begins, but a busy machine may give the other a turn first). A value
/// it does not know is an error that names the values.
#[test]
fn by_default_learning_and_the_search_without_it_take_turns() {
    // Without learning the annotation gives the first solution (x at its
    // largest); the search that learns starts from the smallest values.
    let (_dir, sat) = file(
        "var 1..5: x :: output_var;\nvar 1..5: y :: output_var;\n\
         constraint int_lin_le([1,1],[x,y],8);\n\
         solve :: int_search([x,y],input_order,indomain_max,complete) satisfy;\n",
    );
    let (plain, learned) = (
        "x = 5;\ny = 3;\n----------\n",
        "x = 1;\ny = 1;\n----------\n",
    );
    for (flags, first) in [
        (&["--learn=off"][..], plain),
        (&["--learn"][..], learned),
        (&["--learn=on"][..], learned),
    ] {
        assert_eq!(stdout(&run(flags, &sat)), first, "{flags:?}");
    }
    for flags in [&[][..], &["--learn=auto"]] {
        let out = stdout(&run(flags, &sat));
        assert!(out == plain || out == learned, "{flags:?}: {out}");
    }
    // Every solution never learns by default: the annotation's order.
    let out = stdout(&run(&["-a"], &sat));
    assert!(out.starts_with(plain), "{out}");
    assert!(out.ends_with("==========\n"), "{out}");
    // The same annotation on an optimisation problem: branch and bound
    // improves it one step at a time (15 solutions); the search that
    // learns follows it to the first solution only, then decides by
    // activity at the smallest values.
    let (_dir, opt) = file(
        "var 1..9: x :: output_var;\nvar 1..9: y :: output_var;\nvar 2..18: z :: output_var;\n\
         constraint int_lin_eq([1,1,-1],[x,y,z],0);\nconstraint int_ne(x, y);\n\
         solve :: int_search([x,y],input_order,indomain_max,complete) minimize z;\n",
    );
    let solutions = |flags: &[&str]| -> usize {
        let flags: Vec<&str> = flags.iter().copied().chain(["-a"]).collect();
        let out = stdout(&run(&flags, &opt));
        assert!(out.ends_with("z = 3;\n----------\n==========\n"), "{out}");
        out.matches("----------").count()
    };
    assert_eq!(solutions(&["--learn=off"]), 15);
    assert_eq!(solutions(&["--learn"]), 3);
    for flags in [&[][..], &["--learn=auto"]] {
        let n = solutions(flags);
        assert!((3..=15).contains(&n), "{flags:?}: {n} improvements");
    }
    // --checkpoint splits the search into subproblems, which do not learn:
    // asked to, it still answers.
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = dir.path().join("cp");
    let out = run(
        &["--checkpoint", checkpoint.to_str().unwrap(), "--learn"],
        &opt,
    );
    assert!(out.status.success(), "{}", common::stderr(&out));
    assert!(stdout(&out).contains("z = 3;"), "{}", stdout(&out));
    let out = common::run(&["--learn=sometimes"], &sat);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        ["auto", "on", "off"].iter().all(|v| err.contains(v)),
        "{err}"
    );
}

/// A Golomb ruler of `m` marks in `0..=n` as FlatZinc: the marks
/// increasing from 0, their differences all different, the first
/// difference below the last, the last mark minimised.
fn golomb(m: usize, n: usize) -> String {
    let mut fzn = String::new();
    for i in 0..m {
        fzn += &format!("var 0..{n}: m{i} :: output_var;\n");
    }
    let mut diffs = Vec::new();
    for i in 0..m {
        for j in i + 1..m {
            fzn += &format!("var 1..{n}: d{i}_{j};\n");
            diffs.push(format!("d{i}_{j}"));
        }
    }
    fzn += "constraint int_eq(m0, 0);\n";
    for i in 0..m - 1 {
        fzn += &format!("constraint int_lt(m{i}, m{});\n", i + 1);
    }
    for i in 0..m {
        for j in i + 1..m {
            fzn += &format!("constraint int_lin_eq([1,-1,1],[d{i}_{j},m{j},m{i}],0);\n");
        }
    }
    fzn += &format!("constraint fzn_all_different_int([{}]);\n", diffs.join(","));
    fzn += &format!(
        "constraint int_lt({}, {});\n",
        diffs[0],
        diffs[diffs.len() - 1]
    );
    fzn += &format!(
        "solve :: int_search([{}],input_order,indomain_min,complete) minimize m{};\n",
        (0..m)
            .map(|i| format!("m{i}"))
            .collect::<Vec<_>>()
            .join(","),
        m - 1
    );
    fzn
}

/// By default an optimisation problem is searched by learning and by
/// branch and bound in turns (long enough here for several turns): the
/// same proved optimum as each alone, and the statistics of both.
#[test]
fn learning_and_branch_and_bound_in_turns_prove_the_optimum_of_each() {
    let (_dir, path) = file(&golomb(7, 49));
    let last = |out: &str| {
        out.lines()
            .rev()
            .find(|l| l.starts_with("m6 = "))
            .map(str::to_string)
    };
    let mut seen = Vec::new();
    for flags in [
        &["--learn=off"][..],
        &["--learn"],
        &[],
        &["--learn=auto", "-s"],
    ] {
        let out = stdout(&run(flags, &path));
        assert!(out.contains("----------\n=========="), "{flags:?}: {out}");
        seen.push(last(&out));
        if flags.contains(&"-s") {
            assert!(out.contains("%%%mzn-stat: nodes="), "{out}");
        }
    }
    assert_eq!(seen[0].as_deref(), Some("m6 = 25;"), "{seen:?}");
    assert!(seen.iter().all(|s| *s == seen[0]), "{seen:?}");
}

/// Domains wider than the search that learns keeps as bitsets: by default
/// it reads a translation with intervals, and the search beside it (branch
/// and bound, or depth-first search) one with bitsets. Each reads its own
/// solutions back: the same optimum, and the one solution.
#[test]
fn the_searches_in_turns_each_read_their_own_translation() {
    let (_dir, path) = file(&golomb(7, 90));
    let plain = stdout(&run(&["--learn=off"], &path));
    let paired = stdout(&run(&[], &path));
    assert!(
        plain.contains("m6 = 25;\n----------\n=========="),
        "{plain}"
    );
    assert!(
        paired.contains("m6 = 25;\n----------\n=========="),
        "{paired}"
    );
    let (_dir, path) = file(
        "var 0..200: x :: output_var;\nvar 0..200: y :: output_var;\n\
         constraint int_lin_eq([1,1],[x,y],300);\n\
         constraint int_lin_eq([1,-1],[x,y],42);\nsolve satisfy;\n",
    );
    for flags in [&[][..], &["--learn"], &["--learn=off"]] {
        let out = stdout(&run(flags, &path));
        assert_eq!(out, "x = 171;\ny = 129;\n----------\n", "{flags:?}");
    }
}

/// With a search annotation, a third search (learning that follows it, no
/// restarts) joins the turns; here from the start: the same proved
/// optimum, on either translation.
#[test]
fn the_third_turn_that_follows_the_annotation_proves_the_same_optimum() {
    use flatzinc::solve::{Options, Status, solve_paired};
    let limits = backtrack::Limits::default();
    for n in [49, 90] {
        let instance = flatzinc::read_instance(&golomb(7, n), &limits).unwrap();
        let learning = flatzinc::Reading {
            intervals_above: flatzinc::LEARNING_INTERVALS_ABOVE,
            ..flatzinc::Reading::default()
        };
        let learning = flatzinc::translate_within(&instance, &learning, &limits).unwrap();
        let plain =
            flatzinc::translate_within(&instance, &flatzinc::Reading::default(), &limits).unwrap();
        for following_after in [Some(std::time::Duration::ZERO), None] {
            let options = Options {
                learn: true,
                turns: true,
                following_after,
                ..Options::default()
            };
            let mut last = String::new();
            let report = solve_paired(&instance, &learning, Some(&plain), &options, |lines| {
                last = lines.to_string();
                Ok(())
            })
            .unwrap();
            assert_eq!(report.status, Status::Complete, "{n} {following_after:?}");
            assert_eq!(report.objective, Some(25), "{n} {following_after:?}");
            assert!(last.contains("m6 = 25;"), "{last}");
        }
    }
}
