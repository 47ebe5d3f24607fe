//! The csp solver (`flatzinc::solve`, what `fzn-csp` runs) against two
//! oracles on random small FlatZinc models (`fuzz::fzn`): a brute-force
//! enumeration whose every assignment `flatzinc::check` judges, and
//! Gecode's `fzn-gecode` where it is installed. The models use every
//! builtin and native global, the same variable twice in an array,
//! repeated values in covers, tables and arrays, wide and unbounded
//! variables next to small ones, and objectives; the answers compared are
//! every solution (satisfaction, "all solutions"), the proved optimum
//! (optimisation) and UNSATISFIABLE (no solution, either way). The csp
//! oracle also checks its own searches against each other: one solution
//! (or the optimum) without "all solutions", and with `--learn` (the
//! search that learns from its failures), alone and in turns with the
//! search without it (`--learn=auto`, fzn-csp's default).
//!
//! A disagreement fails with the case's seed, a model shrunk to the
//! constraints that still disagree, and each oracle's answer.
//!
//! Set by the environment:
//! - `FZN_DIFF_SEED`: the first case's seed (default fixed; case `i` is
//!   seed + i, so `FZN_DIFF_SEED=S FZN_DIFF_CASES=1` runs case S alone);
//! - `FZN_DIFF_CASES`: how many cases (default 300);
//! - `FZN_DIFF_MZN_CASES`: how many of the models that use a global the
//!   solver's MiniZinc library rewrites (`circuit`, `inverse`,
//!   `cumulative`, `disjunctive`) also go through MiniZinc, compiled with
//!   that library for the solver and with the standard one for Gecode,
//!   where `minizinc` is installed (default 4: a compilation takes about
//!   half a second);
//! - `FZN_DIFF_SECONDS`: no new case after this many seconds (default 60);
//! - `FZN_DIFF_SOLVE_MS`: each solver's time per model (default 2000);
//! - `FZN_DIFF_KNOWN=1`: generate the known disagreements too.

mod minizinc;
mod oracles;

use std::time::{Duration, Instant};

use fuzz::fzn::{Arg, Con, FEATURES, KINDS, Model, Rng, generate};
use oracles::Answer;

/// The features whose disagreements are known and being fixed, left out
/// of the models unless `FZN_DIFF_KNOWN=1`; empty this list as the fixes
/// land, and write a smallest model that shows each one beside it. The
/// last ones (negative exponents of `int_pow`, a value listed twice in a
/// cover, `max` at `i64::MIN`, `var int` past 2^62, `lex_lesseq` of two
/// lengths) are fixed, each with a regression test of its own.
const KNOWN_DISAGREEMENTS: &[&str] = &[];

/// The most assignments the enumeration tries for one model.
const ENUMERATION_LIMIT: usize = 3000;

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    match std::env::var(name) {
        Ok(text) => text
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={text:?} is not a number")),
        Err(_) => default,
    }
}

struct Run {
    time: Duration,
    known: bool,
    gecode: bool,
    /// Through MiniZinc and its libraries, or the FlatZinc text itself.
    minizinc: Option<minizinc::MiniZinc>,
}

/// Every oracle's answer, labelled.
fn answers(run: &Run, model: &Model) -> Vec<(&'static str, Answer)> {
    let text = model.text();
    let instance = match oracles::instance(&text) {
        Ok(i) => i,
        Err(e) => return vec![("reader", Answer::Broken(e))],
    };
    let enumeration = caught(|| oracles::enumerate(model, &instance, ENUMERATION_LIMIT));
    if let Some(mzn) = &run.minizinc {
        let mut out = vec![
            ("enumeration", enumeration),
            ("minizinc csp", caught(|| mzn.csp(model, run.time))),
        ];
        if run.gecode {
            out.push(("minizinc std gecode", mzn.gecode(model, run.time)));
        }
        minizinc::project(&mut out);
        return out;
    }
    let mut out = vec![
        ("enumeration", enumeration),
        ("csp", caught(|| oracles::csp(model, &instance, run.time))),
    ];
    if run.gecode {
        let answer = match model.gecode_text().filter(|_| !model.vars.is_empty()) {
            Some(text) => oracles::gecode(model, &text, run.time),
            None => Answer::Unknown("past Gecode's 32-bit limits".to_string()),
        };
        out.push(("gecode", answer));
    }
    out
}

thread_local! {
    /// Set while a panic is caught, so that the panic hook stays quiet.
    static CATCHING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// `answer()`, or a panic as a broken answer (reported with its model;
/// the default message would only repeat it).
fn caught(answer: impl FnOnce() -> Answer) -> Answer {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !CATCHING.with(|c| c.get()) {
                default(info);
            }
        }));
    });
    CATCHING.with(|c| c.set(true));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(answer));
    CATCHING.with(|c| c.set(false));
    match result {
        Ok(answer) => answer,
        Err(e) => {
            let message = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Answer::Broken(format!("panicked: {message}"))
        }
    }
}

/// Whether two answers that are both answers differ, or one is broken.
fn disagree(answers: &[(&str, Answer)]) -> bool {
    let known: Vec<&Answer> = answers
        .iter()
        .map(|(_, a)| a)
        .filter(|a| !matches!(a, Answer::Unknown(_)))
        .collect();
    known.iter().any(|a| matches!(a, Answer::Broken(_))) || known.windows(2).any(|w| w[0] != w[1])
}

/// The model with as few constraints and variables as still disagree.
fn shrink(run: &Run, model: &Model) -> Model {
    let mut best = model.clone();
    loop {
        let mut smaller = None;
        for k in (0..best.cons.len()).rev() {
            // A definition goes only with its variable, once nothing else
            // uses it.
            let candidate = best.without(k).used_only();
            let defined = |v: usize| candidate.cons.iter().any(|c| c.defines == Some(v));
            if (0..candidate.vars.len()).any(|v| candidate.vars[v].def.is_some() && !defined(v)) {
                continue;
            }
            if disagree(&answers(run, &candidate)) {
                smaller = Some(candidate);
                break;
            }
        }
        match smaller {
            Some(m) => best = m,
            None => break,
        }
    }
    let mut satisfy = best.clone();
    satisfy.goal = fuzz::fzn::Goal::Satisfy;
    if satisfy.goal != best.goal && disagree(&answers(run, &satisfy.used_only())) {
        best = satisfy;
    }
    let used = best.used_only();
    if disagree(&answers(run, &used)) {
        used
    } else {
        best
    }
}

/// The report of one disagreement.
fn report(run: &Run, seed: u64, model: &Model) -> String {
    let small = shrink(run, model);
    let mut out = format!(
        "seed {seed} (rerun: FZN_DIFF_SEED={seed} {}=1 FZN_DIFF_KNOWN={} \
         cargo test -p fuzz --test differential {}), features {:?}\n",
        if run.minizinc.is_some() {
            "FZN_DIFF_MZN_CASES"
        } else {
            "FZN_DIFF_CASES"
        },
        u8::from(run.known),
        if run.minizinc.is_some() {
            "the_minizinc"
        } else {
            "the_solver"
        },
        small.features()
    );
    out += &format!(
        "--- model, shrunk from {} constraints:\n{}",
        model.cons.len(),
        small.text()
    );
    let answers = answers(run, &small);
    for (name, answer) in &answers {
        out += &format!("--- {name}: {}\n", answer.summary());
    }
    // The solutions one side has and the enumeration lacks, or the other way.
    if let Some((_, Answer::All(reference))) = answers.first() {
        for (name, answer) in &answers[1..] {
            if let Answer::All(set) = answer {
                for (what, a, b) in [("only", set, reference), ("missing", reference, set)] {
                    for s in a.difference(b).take(3) {
                        let lines: Vec<&str> = s.iter().map(String::as_str).collect();
                        out += &format!("    {name} {what}: {}\n", lines.join(" "));
                    }
                }
            }
        }
    }
    if run.minizinc.is_some() {
        out += &format!("--- in MiniZinc:\n{}", small.minizinc_text());
    } else if let Some(text) = small.gecode_text().filter(|_| run.gecode) {
        out += &format!("--- for gecode:\n{text}");
    }
    out
}

#[test]
fn the_solver_agrees_with_enumeration_and_gecode_on_random_models() {
    let run = Run {
        time: Duration::from_millis(env("FZN_DIFF_SOLVE_MS", 2000)),
        known: env("FZN_DIFF_KNOWN", 0u8) == 1,
        gecode: oracles::gecode_installed(),
        minizinc: None,
    };
    if !run.gecode {
        println!("note: fzn-gecode is not installed; Gecode is not compared");
    }
    campaign(&run, env("FZN_DIFF_CASES", 300), &|_| true);
}

/// The globals MiniZinc's library of the solver rewrites, and those a
/// model through MiniZinc must use one of.
const REWRITTEN: &[&str] = &[
    "csp_circuit",
    "csp_inverse",
    "csp_disjunctive",
    "csp_cumulative",
];

#[test]
fn the_minizinc_library_agrees_with_enumeration_and_gecode_on_random_models() {
    let Some(minizinc) = minizinc::MiniZinc::new() else {
        println!("note: minizinc is not installed; the library is not compared");
        return;
    };
    let run = Run {
        time: Duration::from_millis(env("FZN_DIFF_SOLVE_MS", 2000)),
        known: env("FZN_DIFF_KNOWN", 0u8) == 1,
        gecode: oracles::gecode_installed(),
        minizinc: Some(minizinc),
    };
    // MiniZinc has no half-reified builtins to call, nor bool_lin_*_reif.
    // Its standard library takes a circuit of one node to be no circuit
    // (x[i] != i for every i), where Gecode, the solver and the check
    // take x[1] = 1 as one: those are left out.
    let through_the_library = |m: &Model| {
        let lacking = |c: &Con| {
            c.name.ends_with("_imp")
                || (c.name.starts_with("bool_lin") && c.name.ends_with("_reif"))
        };
        let one_node =
            |c: &Con| c.kind == "csp_circuit" && matches!(&c.args[1], Arg::Vars(v) if v.len() == 1);
        m.cons.iter().any(|c| REWRITTEN.contains(&c.kind))
            && !m.cons.iter().any(|c| lacking(c) || one_node(c))
    };
    campaign(&run, env("FZN_DIFF_MZN_CASES", 4), &through_the_library);
}

/// `cases` models from `FZN_DIFF_SEED` on (those `accept` takes), each
/// answered by every oracle of `run` and compared.
fn campaign(run: &Run, cases: u64, accept: &dyn Fn(&Model) -> bool) {
    let base: u64 = env("FZN_DIFF_SEED", 0x5eed_2026);
    let seconds: u64 = env("FZN_DIFF_SECONDS", 60);
    for feature in KNOWN_DISAGREEMENTS {
        assert!(FEATURES.iter().any(|(f, _)| f == feature), "{feature}");
    }
    let allow = |feature: &str| run.known || !KNOWN_DISAGREEMENTS.contains(&feature);
    let started = Instant::now();
    let mut failures = Vec::new();
    let mut reported: Vec<Vec<&str>> = Vec::new();
    let mut seen = vec![0usize; KINDS.len()];
    let mut unknown: std::collections::BTreeMap<String, usize> = Default::default();
    let mut verdicts: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut done = 0;
    let mut slowest = (Duration::ZERO, base);
    let mut seed = base;
    while done < cases {
        if started.elapsed() > Duration::from_secs(seconds) {
            println!("note: stopped after {seconds} s");
            break;
        }
        let model = generate(&mut Rng::new(seed), &allow, ENUMERATION_LIMIT);
        seed = seed.wrapping_add(1);
        if !accept(&model) {
            continue;
        }
        let seed = seed.wrapping_sub(1);
        for con in &model.cons {
            if let Some(k) = KINDS.iter().position(|&k| k == con.kind) {
                seen[k] += 1;
            }
        }
        let case_started = Instant::now();
        let answers = answers(run, &model);
        slowest = slowest.max((case_started.elapsed(), seed));
        if std::env::var_os("FZN_DIFF_SHOW").is_some() {
            println!("== seed {seed}\n{}", model.text());
            for (name, answer) in &answers {
                println!("-- {name}: {}", answer.summary());
            }
        }
        let verdict = match &answers[0].1 {
            Answer::All(set) if set.is_empty() => "unsatisfiable",
            Answer::Best(None) => "unsatisfiable",
            Answer::All(_) => "satisfiable",
            Answer::Best(_) => "optimised",
            _ => "not enumerated",
        };
        *verdicts.entry(verdict).or_default() += 1;
        for (name, answer) in &answers {
            if let Answer::Unknown(why) = answer {
                *unknown.entry(format!("{name}: {why}")).or_default() += 1;
            }
        }
        if disagree(&answers) {
            // Two shrunk reports for each set of features, a line for
            // the others.
            let features = model.features();
            let said: Vec<String> = answers
                .iter()
                .map(|(name, a)| format!("{name}: {}", a.summary()))
                .collect();
            println!(
                "disagreement at seed {seed} {features:?}: {}",
                said.join("; ")
            );
            let same = reported.iter().filter(|f| **f == features).count();
            if same < 2 && reported.len() < 12 {
                failures.push(report(run, seed, &model));
            } else {
                failures.push(format!("seed {seed} {features:?}: {}", said.join("; ")));
            }
            reported.push(features);
        }
        done += 1;
    }
    println!(
        "{done} cases from seed {base} in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    println!(
        "  {verdicts:?}; the slowest, seed {}, {:?}",
        slowest.1, slowest.0
    );
    for (why, n) in &unknown {
        println!("  {n} without an answer from {why}");
    }
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
    if run.minizinc.is_none() && done == cases && cases >= 300 {
        let missing: Vec<&str> = (0..KINDS.len())
            .filter(|&k| seen[k] == 0)
            .map(|k| KINDS[k])
            .collect();
        assert!(missing.is_empty(), "never generated: {missing:?}");
    }
}
