//! `fzn-csp -p N` against `-p 1`: the same solutions in the same order,
//! the same verdicts and optima, and limits that stop every thread.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::{binary, file, run};

/// A FlatZinc file of tests/data/parallel, compiled by MiniZinc from
/// tests/minizinc's models (queens of 8 and 10 with and without their
/// search annotation, golomb with 7 marks, the 3x3 job shop, unsat).
fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/parallel")
        .join(format!("{name}.fzn"))
}

/// What `fzn-csp ARGS -p THREADS PATH` prints, checked to have succeeded.
fn printed(args: &[&str], threads: &str, path: &Path) -> String {
    let mut all = args.to_vec();
    all.extend(["-p", threads]);
    let out = run(&all, path);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{all:?}: {text}");
    text
}

/// The solutions printed, each as its lines, in order.
fn solutions(out: &str) -> Vec<&str> {
    let mut blocks: Vec<&str> = out.split("----------\n").collect();
    blocks.pop();
    blocks
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

/// A `%%%mzn-stat:` value.
fn stat(out: &str, name: &str) -> i64 {
    let prefix = format!("%%%mzn-stat: {name}=");
    out.lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no {name} in {out}"))
        .parse()
        .unwrap()
}

/// Three digits adding up to 12, with their product's last digit: 73
/// solutions, x then y then z, smallest first.
const DIGITS: &str = "var 0..9: x :: output_var;
var 0..9: y :: output_var;
var 0..9: z :: output_var;
constraint int_lin_eq([1,1,1],[x,y,z],12);
solve :: int_search([x,y,z], input_order, indomain_min, complete) satisfy;
";

#[test]
fn all_solutions_on_several_threads_print_exactly_what_one_thread_prints() {
    let (_dir, digits) = file(DIGITS);
    for (path, count) in [
        (data("queens8"), 92),
        (data("queens10"), 724),
        (digits.clone(), 73),
    ] {
        let one = printed(&["-a"], "1", &path);
        assert_eq!(solutions(&one).len(), count, "{path:?}");
        assert!(one.ends_with("==========\n"), "{one}");
        for threads in ["2", "3"] {
            let many = printed(&["-a"], threads, &path);
            assert_eq!(many, one, "{path:?} on {threads} threads");
        }
    }
}

#[test]
fn statistics_add_up_over_the_threads() {
    let one = printed(&["-a", "-s"], "1", &data("queens10"));
    let two = printed(&["-a", "-s"], "2", &data("queens10"));
    assert_eq!(stat(&two, "solutions"), 724);
    assert_eq!(stat(&two, "peakDepth"), stat(&one, "peakDepth"));
    // The subproblems' nodes: the tree's, but for the few above the cut.
    let (nodes, all) = (stat(&two, "nodes"), stat(&one, "nodes"));
    assert!(nodes <= all && nodes * 10 > all * 9, "{nodes} of {all}");
}

#[test]
fn no_thread_count_changes_what_is_printed() {
    // 0 is one thread, as is no -p at all; past 256 the threads are 256.
    let one = printed(&["-a"], "1", &data("queens8"));
    for threads in ["0", "1000"] {
        assert_eq!(
            printed(&["-a"], threads, &data("queens8")),
            one,
            "-p {threads}"
        );
    }
}

#[test]
fn the_first_solutions_on_two_threads_are_the_first_on_one() {
    for args in [&[][..], &["-n", "5"], &["-n", "100"]] {
        let one = printed(args, "1", &data("queens10"));
        let two = printed(args, "2", &data("queens10"));
        assert_eq!(two, one, "{args:?}");
        assert!(!one.contains("=========="), "{args:?}: {one}");
    }
}

#[test]
fn a_search_that_learns_from_its_failures_prints_every_solution_once() {
    // Without an annotation the search is dom/wdeg, whose weights grow as
    // it goes: each thread's subproblems start from the root's, so the
    // order may differ, never the solutions.
    let one = printed(&["-a"], "1", &data("queens10-free"));
    let two = printed(&["-a"], "2", &data("queens10-free"));
    let sorted = |text: &str| {
        let mut all: Vec<String> = solutions(text).into_iter().map(str::to_owned).collect();
        all.sort();
        all
    };
    let (a, b) = (sorted(&one), sorted(&two));
    assert_eq!(a.len(), 724);
    assert_eq!(b, a);
    assert!(two.ends_with("==========\n"));
}

#[test]
fn unsatisfiability_is_proved_on_two_threads_as_on_one() {
    for args in [&[][..], &["-a"]] {
        let one = printed(args, "1", &data("unsat"));
        let two = printed(args, "2", &data("unsat"));
        assert_eq!(one, "=====UNSATISFIABLE=====\n");
        assert_eq!(two, one);
    }
}

#[test]
fn the_optimum_proved_on_two_threads_is_the_one_proved_on_one() {
    for (name, objective, optimum) in [("golomb7", "mark", 25), ("jobshop", "makespan", 9)] {
        // With --learn on several threads, one thread learns beside branch
        // and bound (beside --lns too, on three).
        let runs: [(&[&str], &str); 6] = [
            (&["-a", "-s"], "1"),
            (&["-a", "-s"], "2"),
            (&["-a", "-s"], "4"),
            (&["-a", "-s", "--learn"], "2"),
            (&["-a", "-s", "--learn"], "3"),
            (&["-a", "-s", "--learn", "--lns"], "3"),
        ];
        for (args, threads) in runs {
            let text = printed(args, threads, &data(name));
            let found = solutions(&text);
            let last = found.last().unwrap_or_else(|| panic!("{name}: {text}"));
            if name == "jobshop" {
                assert_eq!(value(last, objective), optimum, "{name} -p {threads}");
            } else {
                assert!(last.contains(", 25]);"), "{name} -p {threads}: {last}");
            }
            assert!(text.contains("----------\n==========\n"), "{text}");
            assert_eq!(stat(&text, "objective"), optimum, "{name} -p {threads}");
            assert_eq!(stat(&text, "objectiveBound"), optimum, "{args:?}: {text}");
            // Each printed solution strictly improves on the one before.
            assert_eq!(stat(&text, "solutions"), found.len() as i64, "{text}");
            assert!(stat(&text, "nodes") > 0);
        }
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

/// Nine digits, every assignment a solution: 10^9 of them.
const MANY: &str = "array [1..9] of var 0..9: d :: output_array([1..9]);
solve :: int_search(d, input_order, indomain_min, complete) satisfy;
";

#[test]
fn a_time_limit_stops_every_thread_with_what_was_found() {
    let (_long_dir, long) = file(LONG);
    let (_many_dir, many) = file(MANY);
    for (path, args) in [
        (&long, &["-t", "700"][..]),
        (&long, &["-a", "-t", "700"]),
        (&many, &["-a", "-t", "700"]),
    ] {
        let start = Instant::now();
        let text = printed(args, "2", path);
        let took = start.elapsed();
        assert!(took < Duration::from_secs(3), "{args:?} took {took:?}");
        assert!(!text.contains("=========="), "{args:?}");
        assert!(
            text.ends_with("----------\n"),
            "{args:?}: {:?}",
            text.get(text.len().saturating_sub(200)..)
        );
        assert!(!solutions(&text).is_empty());
    }
    // The solutions printed before the limit come in the order of one
    // thread's search: the first of them are one thread's first.
    let two = printed(&["-a", "-t", "700"], "2", &many);
    let first = printed(&["-n", "50"], "1", &many);
    assert!(two.starts_with(&first), "{:?}", &two[..200.min(two.len())]);
}

#[test]
fn sigint_on_two_threads_prints_the_best_solution_so_far() {
    let (_dir, path) = file(LONG);
    let mut child = Command::new(binary())
        .args(["-a", "-p", "2"])
        .arg(&path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        pipe.read_to_string(&mut text).unwrap();
        text
    });
    std::thread::sleep(Duration::from_millis(1500));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let start = Instant::now();
    let status = child.wait().unwrap();
    assert!(start.elapsed() < Duration::from_secs(5), "it stops at once");
    let text = reader.join().unwrap();
    assert!(status.success(), "{status:?}");
    let found = solutions(&text);
    let best = found
        .last()
        .unwrap_or_else(|| panic!("nothing printed: {text:?}"));
    assert!(value(best, "x") <= value(best, "y"));
    assert!(text.ends_with("----------\n"));
    assert!(!text.contains("=========="));
    // Every improvement strictly better than the one before.
    let xs: Vec<i64> = found.iter().map(|s| value(s, "x")).collect();
    assert!(xs.windows(2).all(|w| w[0] < w[1]), "{xs:?}");
}

#[test]
fn a_time_limit_stops_the_thread_that_learns_too() {
    let (_long_dir, long) = file(LONG);
    let start = Instant::now();
    let text = printed(&["--learn", "-t", "700"], "2", &long);
    let took = start.elapsed();
    assert!(took < Duration::from_secs(3), "took {took:?}");
    assert!(!text.contains("=========="), "{text}");
    assert!(text.ends_with("----------\n"), "{text}");
}
