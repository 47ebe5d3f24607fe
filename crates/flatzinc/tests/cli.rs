//! `fzn-csp` as MiniZinc runs it: a real process, with MiniZinc's standard
//! flags, real signals, a full standard error and limits on the size of
//! what a file declares.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::{binary, file, run, stderr, stdout};

/// The solutions printed, each as its lines, in order.
fn solutions(out: &str) -> Vec<String> {
    let mut blocks: Vec<&str> = out.split("----------\n").collect();
    blocks.pop();
    blocks.into_iter().map(str::to_string).collect()
}

/// The value of `name` in a printed solution.
fn value(solution: &str, name: &str) -> i64 {
    let prefix = format!("{name} = ");
    solution
        .lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .and_then(|v| v.strip_suffix(';'))
        .unwrap_or_else(|| panic!("no {name} in {solution:?}"))
        .parse()
        .unwrap()
}

/// x + y <= 12 over 1..10, x maximised with x chosen first, smallest
/// value first: the search climbs x = 1, 2, ..., 10 (with y = 1), ten
/// improving solutions, then proves that 10 is the optimum.
const CLIMB: &str = "var 1..10: x :: output_var;
var 1..10: y :: output_var;
constraint int_lin_le([1,1],[x,y],12);
solve :: int_search([x,y], input_order, indomain_min, complete) maximize x;
";

#[test]
fn num_solutions_stops_an_optimisation_after_that_many_improving_solutions() {
    let (_dir, path) = file(CLIMB);
    for args in [&["-a", "-n", "2"][..], &["-n", "2"], &["-i", "-n", "3"]] {
        let out = run(args, &path);
        assert!(out.status.success(), "{args:?}");
        let k: usize = args.last().unwrap().parse().unwrap();
        let text = stdout(&out);
        let found = solutions(&text);
        assert_eq!(found.len(), k, "{args:?}: {text}");
        // The first k improvements, and no claim of optimality.
        for (i, s) in found.iter().enumerate() {
            assert_eq!(value(s, "x"), i as i64 + 1);
        }
        assert!(!text.contains("=========="), "{args:?}: {text}");
    }
}

#[test]
fn intermediate_on_a_satisfaction_problem_prints_one_solution() {
    let (_dir, path) = file("var 1..5: x :: output_var;\nsolve satisfy;\n");
    let text = stdout(&run(&["-i"], &path));
    assert_eq!(solutions(&text).len(), 1, "{text}");
    assert!(!text.contains("=========="));
    // -a still gives all five, and says the list is complete.
    let text = stdout(&run(&["-a", "-i"], &path));
    assert_eq!(solutions(&text).len(), 5, "{text}");
    assert!(text.ends_with("==========\n"));
}

#[test]
fn intermediate_on_an_optimisation_prints_every_improving_solution() {
    let (_dir, path) = file(CLIMB);
    let text = stdout(&run(&["-i"], &path));
    let xs: Vec<i64> = solutions(&text).iter().map(|s| value(s, "x")).collect();
    assert_eq!(xs, (1..=10).collect::<Vec<_>>());
    assert!(text.ends_with("----------\n==========\n"), "{text}");
    // Without it, the optimum alone.
    let text = stdout(&run(&[], &path));
    assert_eq!(text, "x = 10;\ny = 1;\n----------\n==========\n");
}

#[test]
fn free_search_drops_the_search_annotations() {
    // The annotation asks for the largest value first; free search is the
    // solver's own order, smallest value first.
    let (_dir, path) = file(
        "var 1..3: x :: output_var;
solve :: int_search([x], input_order, indomain_max, complete) satisfy;
",
    );
    // Depth-first search alone: the default takes turns with a search that
    // learns, whose first solution (by activity) a busy machine may print.
    assert_eq!(value(&stdout(&run(&["--learn=off"], &path)), "x"), 3);
    assert_eq!(value(&stdout(&run(&["--learn=off", "-f"], &path)), "x"), 1);
}

/// The `%%%mzn-stat:` lines, as name and value.
fn statistics(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|l| l.strip_prefix("%%%mzn-stat: "))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn stat(stats: &[(String, String)], name: &str) -> u64 {
    let found = stats.iter().find(|(k, _)| k == name);
    found
        .unwrap_or_else(|| panic!("no {name} in {stats:?}"))
        .1
        .parse()
        .unwrap()
}

#[test]
fn statistics_of_an_optimisation_count_every_solution_and_failure() {
    let (_dir, path) = file(CLIMB);
    // Branch and bound (the default would learn, and count otherwise).
    let text = stdout(&run(&["-s", "--learn=off"], &path));
    assert!(text.ends_with("%%%mzn-stat-end\n"), "{text}");
    let stats = statistics(&text);
    // Ten improving solutions were found, one printed; each improvement
    // leaves states that the new bound fails, and proving the optimum
    // fails at least once.
    assert_eq!(stat(&stats, "solutions"), 10, "{text}");
    assert!(stat(&stats, "failures") >= 1, "{text}");
    assert!(stat(&stats, "nodes") > 10, "{text}");
    assert_eq!(stat(&stats, "objective"), 10);
    assert_eq!(stat(&stats, "objectiveBound"), 10);
    for name in ["initTime", "solveTime", "peakDepth"] {
        assert!(stats.iter().any(|(k, _)| k == name), "{name}: {text}");
    }
}

/// An optimisation that runs for minutes: y >= x over 0..10^9, x
/// maximised, y then x chosen smallest value first, so each improvement
/// raises x by one.
const LONG: &str = "var 0..1000000000: x :: output_var;
var 0..1000000000: y :: output_var;
constraint int_lin_le([1,-1],[x,y],0);
solve :: int_search([y,x], input_order, indomain_min, complete) maximize x;
";

/// Runs [`LONG`], sends `signal` after `wait`, and returns what it
/// printed once it ended.
fn signalled(signal: &str, args: &[&str], wait: Duration) -> String {
    let (_dir, path) = file(LONG);
    let mut child = Command::new(binary())
        .args(args)
        .arg(&path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read as it comes: with -a the solutions would fill the pipe.
    let mut pipe = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        pipe.read_to_string(&mut text).unwrap();
        text
    });
    std::thread::sleep(wait);
    let sent = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let start = Instant::now();
    let status = child.wait().unwrap();
    assert!(start.elapsed() < Duration::from_secs(5), "it stops at once");
    let text = reader.join().unwrap();
    assert!(status.success(), "{signal}: {status:?}, {text}");
    text
}

fn signal_during_an_optimisation(signal: &str, args: &[&str]) {
    // A signal that comes before the search began (on a loaded machine)
    // gets an honest =====UNKNOWN=====: then again, later.
    let mut text = String::new();
    for wait in [500, 2000, 5000] {
        text = signalled(signal, args, Duration::from_millis(wait));
        if text != "=====UNKNOWN=====\n" {
            break;
        }
    }
    // The best so far, a solution of the model, with no claim of
    // optimality.
    let found = solutions(&text);
    let best = found
        .last()
        .unwrap_or_else(|| panic!("{signal}: nothing printed: {text:?}"));
    assert!(value(best, "x") <= value(best, "y"));
    assert!(value(best, "x") > 0, "{best}");
    assert!(text.ends_with("----------\n"), "{text}");
    assert!(!text.contains("=========="));
}

#[test]
fn sigterm_during_an_optimisation_prints_the_best_solution_so_far() {
    signal_during_an_optimisation("-TERM", &[]);
}

#[test]
fn sigint_during_an_optimisation_prints_the_best_solution_so_far() {
    signal_during_an_optimisation("-INT", &[]);
    signal_during_an_optimisation("-INT", &["-a"]);
}

#[test]
fn an_error_while_standard_error_is_full_exits_with_the_error_status() {
    let (_dir, path) = file("var 1..3: x\nsolve satisfy;\n");
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let status = Command::new(binary())
        .arg(&path)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(full)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(1), "{status:?}");
}

#[test]
fn an_array_of_a_trillion_fresh_variables_is_refused_in_one_line_naming_its_size() {
    for n in ["1000000000000", "10000000"] {
        let (_dir, path) = file(&format!("array [1..{n}] of var 1..3: a;\nsolve satisfy;\n"));
        let start = Instant::now();
        let out = run(&[], &path);
        assert!(start.elapsed() < Duration::from_secs(5));
        assert_eq!(out.status.code(), Some(1));
        let message = stderr(&out);
        assert_eq!(message.lines().count(), 1, "{message}");
        assert!(message.contains(n), "{message}");
        assert!(message.contains("65536"), "{message}");
    }
}

#[test]
fn a_time_limit_stops_reading_a_large_file_and_says_unknown() {
    // 600,000 declarations and as many constraints: seconds of reading.
    let mut text = String::new();
    let n: usize = 600_000;
    for i in 0..n {
        text.push_str(&format!("var 1..10: x{i} :: output_var;\n"));
    }
    for i in 0..n {
        text.push_str(&format!(
            "constraint int_lin_le([1,-1],[x{i},x{}],5);\n",
            (i * 7919 + 1) % n
        ));
    }
    text.push_str("solve minimize x0;\n");
    let (_dir, path) = file(&text);
    let start = Instant::now();
    let out = run(&["-t", "300"], &path);
    let took = start.elapsed();
    assert!(out.status.success());
    assert_eq!(stdout(&out), "=====UNKNOWN=====\n");
    assert!(took < Duration::from_millis(1500), "{took:?} for -t 300");
}

#[test]
fn output_array_of_no_dimension_and_output_var_given_twice_print_as_minizinc_does() {
    let (_dir, path) = file(
        "var 1..1: x :: output_var :: output_var;
array [1..0] of var int: e :: output_array([]);
array [1..0] of var int: f :: output_array([1..0]);
solve satisfy;
",
    );
    assert_eq!(
        stdout(&run(&["-a"], &path)),
        "x = 1;\ne = array1d(1..0, []);\nf = array1d(1..0, []);\n----------\n==========\n"
    );
}

#[test]
fn a_byte_order_mark_at_the_start_of_a_file_is_skipped() {
    let (_dir, path) = file("\u{feff}var 1..1: x :: output_var;\nsolve satisfy;\n");
    assert_eq!(
        stdout(&run(&["-a"], &path)),
        "x = 1;\n----------\n==========\n"
    );
    let (_dir, path) = file("\u{feff}@");
    let message = stderr(&run(&[], &path));
    assert_eq!(
        message,
        "fzn-csp: line 1, column 1: unexpected character @\n"
    );
}

#[test]
fn a_bad_argument_holding_a_large_set_is_cut_in_its_message() {
    let set: Vec<String> = (0..100_000).map(|i| (2 * i).to_string()).collect();
    let (_dir, path) = file(&format!(
        "var 1..3: x;\nconstraint int_le({{{}}}, x);\nsolve satisfy;\n",
        set.join(",")
    ));
    let out = run(&[], &path);
    assert_eq!(out.status.code(), Some(1));
    let message = stderr(&out);
    assert_eq!(message.lines().count(), 1);
    assert!(message.len() < 200, "{} characters", message.len());
    assert!(message.contains("..."), "{message}");
}

#[test]
fn the_smallest_integer_is_read_in_decimal_and_in_hexadecimal() {
    let (_dir, path) = file(
        "var -0x8000000000000000..-9223372036854775807: x :: output_var;
var -9223372036854775808..-0o777777777777777777777: y :: output_var;
constraint int_eq(x, -9223372036854775807);
constraint int_eq(y, -0x8000000000000000);
solve satisfy;
",
    );
    let out = run(&["-a"], &path);
    assert_eq!(
        stdout(&out),
        "x = -9223372036854775807;\ny = -9223372036854775808;\n----------\n==========\n",
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_wide_alias_and_set_in_of_a_wide_range_are_read_as_bounds() {
    let (_dir, path) = file(
        "var -5..5: x :: output_var;
var bool: b :: output_var;
var bool: c :: output_var;
var 0..2000000: y :: output_var = x;
constraint set_in_reif(x, 1..2000000, b);
constraint set_in_imp(x, -2000000..-3, c);
constraint set_in(x, -4000000..4);
solve satisfy;
",
    );
    let out = run(&["-a"], &path);
    let text = stdout(&out);
    assert!(text.ends_with("==========\n"), "{text}{}", stderr(&out));
    let mut found: Vec<(i64, bool, bool)> = solutions(&text)
        .iter()
        .map(|s| {
            (
                value(s, "x"),
                s.contains("b = true;"),
                s.contains("c = true;"),
            )
        })
        .collect();
    found.sort_unstable();
    // Every assignment, kept where each constraint holds by its meaning.
    let mut expected = Vec::new();
    for x in -5..=5i64 {
        for b in [false, true] {
            for c in [false, true] {
                let alias = (0..=2_000_000).contains(&x);
                let reif = b == (1..=2_000_000).contains(&x);
                let imp = !c || (-2_000_000..=-3).contains(&x);
                let plain = (-4_000_000..=4).contains(&x);
                if alias && reif && imp && plain {
                    expected.push((x, b, c));
                }
            }
        }
    }
    assert_eq!(found, expected);
}

#[test]
fn a_time_limit_holds_while_a_step_that_does_not_look_at_the_clock_runs() {
    // Bounds propagation of 2x - 2y = 1 over wide domains could narrow one
    // step a round at the root: the program ends soon after the limit
    // whatever the step (the propagation looks at the clock, and a watch
    // ends a late program). No solution exists: 2 does not divide 1; a
    // solver that sees it answers so at once.
    let (_dir, path) = file(
        "var -1000000000..1000000000: x :: output_var;
var -1000000000..1000000000: y :: output_var;
constraint int_lin_eq([2,-2],[x,y],1);
solve satisfy;
",
    );
    let start = Instant::now();
    let out = run(&["-t", "500"], &path);
    let took = start.elapsed();
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text == "=====UNKNOWN=====\n" || text == "=====UNSATISFIABLE=====\n",
        "{text}"
    );
    assert!(took < Duration::from_millis(2500), "{took:?} for -t 500");
}

#[test]
fn a_time_limit_stops_a_long_root_propagation_which_answers_unknown_itself() {
    // `x = |y|` and `x < y` over 0..10^9 narrow one value a round at the
    // root: a billion rounds. The propagation looks at the clock, so the
    // solver prints its own answer and statistics (the watch that ends a
    // late program prints neither), and no false UNSATISFIABLE.
    let (_dir, path) = file(
        "var 0..1000000000: x :: output_var;
var 0..1000000000: y :: output_var;
constraint int_abs(y, x);
constraint int_lt(x, y);
solve satisfy;
",
    );
    let start = Instant::now();
    let out = run(&["-s", "-t", "500"], &path);
    let took = start.elapsed();
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.starts_with("=====UNKNOWN=====\n"), "{text}");
    assert!(text.contains("%%%mzn-stat: solveTime="), "{text}");
    assert!(took < Duration::from_millis(2500), "{took:?} for -t 500");
}

#[test]
fn cumulative_overload_checks_the_energy_of_a_window_and_keeps_the_optimum() {
    // Three tasks of 2 units using 1 each within [0, 4): no part is
    // compulsory, but 6 units of energy over 4 need a capacity of 2,
    // which the overload check proves at the root.
    let (_dir, path) = file(
        "array [1..3] of var 0..2: s :: output_array([1..3]);
var 1..3: c :: output_var;
constraint csp_cumulative_var(s, [2, 2, 2], [1, 1, 1], c);
solve minimize c;
",
    );
    let failures = |text: &str| -> u64 {
        let line = text
            .lines()
            .find_map(|l| l.strip_prefix("%%%mzn-stat: failures="))
            .unwrap_or_else(|| panic!("no failures in {text}"));
        line.parse().unwrap()
    };
    // One search (the default's turns would add the other's failures as
    // the timing falls).
    let plain = stdout(&run(&["-s", "--learn"], &path));
    let checked = stdout(&run(&["-s", "--learn", "--cumulative-overload"], &path));
    for text in [&plain, &checked] {
        assert!(text.contains("c = 2;\n----------\n=========="), "{text}");
    }
    assert!(failures(&checked) < failures(&plain), "{plain}\n{checked}");
}
