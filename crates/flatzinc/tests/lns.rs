//! `fzn-csp --lns` as MiniZinc runs it, on a job shop written as MiniZinc
//! flattens one with this solver's library: every printed schedule checked
//! here by code of its own, each strictly shorter than the one before, no
//! claim of optimality, and the same output for the same seed.

mod common;
use common::{file, run, stdout};

/// The job shop `jobs` in FlatZinc: a start per task (`s_J_K`, job `J`'s
/// `K`-th task), each job's tasks in order, a disjunctive per machine,
/// the makespan minimised; the search takes the starts in order, smallest
/// first.
fn jobshop(jobs: &[&[(usize, i64)]]) -> String {
    let horizon: i64 = jobs.iter().flat_map(|j| j.iter().map(|t| t.1)).sum();
    let mut text = String::new();
    let mut machines: Vec<Vec<(String, i64)>> = Vec::new();
    let mut all = Vec::new();
    for (j, job) in jobs.iter().enumerate() {
        for (k, &(machine, d)) in job.iter().enumerate() {
            let name = format!("s_{j}_{k}");
            text += &format!("var 0..{horizon}: {name} :: output_var;\n");
            if machines.len() <= machine {
                machines.resize(machine + 1, Vec::new());
            }
            machines[machine].push((name.clone(), d));
            all.push(name);
        }
    }
    text += &format!("var 0..{horizon}: makespan :: output_var;\n");
    for (j, job) in jobs.iter().enumerate() {
        for (k, &(_, d)) in job.iter().enumerate() {
            let next = if k + 1 < job.len() {
                format!("s_{j}_{}", k + 1)
            } else {
                "makespan".to_owned()
            };
            text += &format!("constraint int_lin_le([1,-1],[s_{j}_{k},{next}],{});\n", -d);
        }
    }
    for tasks in &machines {
        let (names, durations): (Vec<String>, Vec<String>) = tasks
            .iter()
            .map(|(n, d)| (n.clone(), d.to_string()))
            .unzip();
        text += &format!(
            "constraint csp_disjunctive([{}],[{}]);\n",
            names.join(","),
            durations.join(",")
        );
    }
    text += &format!(
        "solve :: int_search([{}], input_order, indomain_min, complete) minimize makespan;\n",
        all.join(",")
    );
    text
}

fn ft06() -> Vec<&'static [(usize, i64)]> {
    csp::puzzle::FT06.iter().map(|j| &j[..]).collect()
}

/// The printed solutions, each as its lines.
fn solutions(out: &str) -> Vec<String> {
    let mut blocks: Vec<&str> = out.split("----------\n").collect();
    blocks.pop();
    blocks.into_iter().map(str::to_string).collect()
}

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

/// Whether a printed solution schedules `jobs`, its makespan past every
/// end: checked task by task, machine by machine.
fn is_schedule(solution: &str, jobs: &[&[(usize, i64)]]) -> bool {
    let makespan = value(solution, "makespan");
    let mut tasks = Vec::new();
    for (j, job) in jobs.iter().enumerate() {
        for (k, &(machine, d)) in job.iter().enumerate() {
            let start = value(solution, &format!("s_{j}_{k}"));
            let next = if k + 1 < job.len() {
                value(solution, &format!("s_{j}_{}", k + 1))
            } else {
                makespan
            };
            if start < 0 || next < start + d {
                return false;
            }
            tasks.push((machine, start, start + d));
        }
    }
    tasks.iter().enumerate().all(|(i, a)| {
        tasks[i + 1..]
            .iter()
            .all(|b| a.0 != b.0 || a.2 <= b.1 || b.2 <= a.1)
    })
}

#[test]
fn lns_prints_only_checked_strictly_shorter_schedules_and_never_claims_the_optimum() {
    let jobs = ft06();
    let (_dir, path) = file(&jobshop(&jobs));
    let out = run(&["--lns", "-a", "-t", "2000"], &path);
    assert!(out.status.success());
    let text = stdout(&out);
    let found = solutions(&text);
    assert!(found.len() >= 2, "{text}");
    for s in &found {
        assert!(is_schedule(s, &jobs), "not a schedule: {s}");
    }
    let spans: Vec<i64> = found.iter().map(|s| value(s, "makespan")).collect();
    assert!(spans.windows(2).all(|w| w[1] < w[0]), "{spans:?}");
    assert!(
        spans.iter().all(|&m| m >= 55),
        "below ft06's optimum: {spans:?}"
    );
    assert!(!text.contains("=========="), "{text}");
}

/// A 10x10 job shop drawn by a fixed generator: durations 1 to 20, each
/// job through the machines in an order of its own.
fn ten_by_ten() -> Vec<Vec<(usize, i64)>> {
    let mut state = 12_345u64;
    let mut next = |bound: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % bound
    };
    (0..10)
        .map(|_| {
            let mut order: Vec<usize> = (0..10).collect();
            for i in (1..10).rev() {
                order.swap(i, next(i as u64 + 1) as usize);
            }
            order
                .into_iter()
                .map(|m| (m, 1 + next(20) as i64))
                .collect()
        })
        .collect()
}

#[test]
fn the_same_seed_gives_the_same_improvements() {
    let jobs = ten_by_ten();
    let jobs: Vec<&[(usize, i64)]> = jobs.iter().map(|j| &j[..]).collect();
    let (_dir, path) = file(&jobshop(&jobs));
    // -n counts improvements, not time: the same ones each run, past those
    // of the first search (which the seed does not touch).
    let args = ["--lns", "-a", "-n", "12", "-r", "9", "-t", "30000"];
    let first = stdout(&run(&args, &path));
    assert_eq!(solutions(&first).len(), 12, "{first}");
    assert_eq!(first, stdout(&run(&args, &path)));
    let plain = stdout(&run(&["-a", "-n", "12", "-t", "30000"], &path));
    assert_ne!(first, plain, "every improvement came from the first search");
}

#[test]
fn lns_leaves_a_satisfaction_problem_as_it_was() {
    let text = "var 1..3: x :: output_var;\nvar 1..3: y :: output_var;\n\
                constraint int_lin_le([1,1],[x,y],3);\nsolve satisfy;\n";
    let (_dir, path) = file(text);
    for args in [&["-a"][..], &[]] {
        let with: Vec<&str> = args.iter().copied().chain(["--lns"]).collect();
        let plain = run(args, &path);
        let lns = run(&with, &path);
        assert!(lns.status.success() && lns.stderr.is_empty());
        assert_eq!(stdout(&plain), stdout(&lns), "{args:?}");
    }
}

#[test]
fn lns_on_a_model_proved_by_its_first_search_says_optimal() {
    // Ten values: the first search, of the whole model, proves 10 optimal.
    let text = "var 1..10: x :: output_var;\nvar 1..10: y :: output_var;\n\
                constraint int_lin_le([1,1],[x,y],12);\n\
                solve :: int_search([x,y], input_order, indomain_min, complete) maximize x;\n";
    let (_dir, path) = file(text);
    let text = stdout(&run(&["--lns", "-t", "5000"], &path));
    assert_eq!(text, "x = 10;\ny = 1;\n----------\n==========\n");
}

#[test]
fn lns_beside_a_complete_search_on_two_threads_proves_the_optimum() {
    let jobs = ft06();
    let (_dir, path) = file(&jobshop(&jobs));
    let out = run(&["--lns", "-p", "2", "-a", "-t", "60000"], &path);
    assert!(out.status.success());
    let text = stdout(&out);
    let found = solutions(&text);
    for s in &found {
        assert!(is_schedule(s, &jobs), "not a schedule: {s}");
    }
    let spans: Vec<i64> = found.iter().map(|s| value(s, "makespan")).collect();
    // Improvements of both searches, printed only when they improve.
    assert!(spans.windows(2).all(|w| w[1] < w[0]), "{spans:?}");
    assert_eq!(spans.last(), Some(&55), "ft06's optimum: {spans:?}");
    // The complete search's proof, as on one thread without --lns.
    assert!(text.ends_with("==========\n"), "{text}");
    let one = stdout(&run(&["-t", "60000"], &path));
    assert!(one.ends_with("==========\n"), "{one}");
    assert_eq!(value(&solutions(&one)[0], "makespan"), 55);
}

#[test]
fn lns_on_two_threads_stops_at_the_number_of_improvements_asked_for() {
    let jobs = ten_by_ten();
    let jobs: Vec<&[(usize, i64)]> = jobs.iter().map(|j| &j[..]).collect();
    let (_dir, path) = file(&jobshop(&jobs));
    let out = run(&["--lns", "-p", "2", "-n", "5", "-t", "30000"], &path);
    assert!(out.status.success());
    let text = stdout(&out);
    let found = solutions(&text);
    assert_eq!(found.len(), 5, "{text}");
    assert!(found.iter().all(|s| is_schedule(s, &jobs)));
    assert!(!text.contains("=========="), "{text}");
}
