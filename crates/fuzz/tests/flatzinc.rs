//! `flatzinc::parse` and `flatzinc::resolve`, the FlatZinc reader of
//! `fzn-csp`, on arbitrary text, on token soup and on mutations of files
//! MiniZinc wrote; what resolves is translated for the solver too.

use proptest::prelude::*;

use crate::{assert_memory, assert_short_message, mutate, mutations};

const QUEENS: &str = include_str!("../../flatzinc/tests/data/queens6.fzn");
const KNAPSACK: &str = include_str!("../../flatzinc/tests/data/knapsack.fzn");

/// Words and signs of FlatZinc, to be strung together at random.
const TOKENS: &[&str] = &[
    "var",
    "array",
    "of",
    "int",
    "bool",
    "float",
    "set",
    "solve",
    "satisfy",
    "minimize",
    "constraint",
    "predicate",
    "x",
    "y",
    "int_le",
    "int_lin_eq",
    "output_var",
    "1",
    "3",
    "-2",
    "-99999999999999999999",
    "1.5e3",
    "..",
    "::",
    ":",
    ";",
    ",",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "=",
    "\"s\"",
    "% c\n",
    "true",
    "x[1]",
];

fn check(text: &str) {
    let (result, peak) = fuzz::peak_during(|| {
        flatzinc::parse(text).map(|model| (flatzinc::resolve(&model), model.declarations.len()))
    });
    assert_memory(peak, text.len(), "flatzinc::parse");
    match result {
        Err(e) => {
            assert_short_message(&e.to_string(), "flatzinc::parse");
            assert!(e.pos.line >= 1 && e.pos.column >= 1, "{e}");
        }
        Ok((Err(e), _)) => assert_short_message(&e.to_string(), "flatzinc::resolve"),
        Ok((Ok(instance), _)) => {
            if instance.vars.len() <= 32
                && let Err(e) = flatzinc::translate(&instance)
            {
                assert_short_message(&e.to_string(), "flatzinc::translate");
            }
        }
    }
}

proptest! {
    #![proptest_config(fuzz::cases(3000))]

    #[test]
    fn parse_of_any_text(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        check(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn parse_of_flatzinc_tokens(tokens in prop::collection::vec(prop::sample::select(TOKENS), 0..60)) {
        check(&tokens.join(" "));
    }

    #[test]
    fn parse_of_mutated_minizinc_output(
        which in any::<bool>(),
        mutations in mutations(),
    ) {
        let base = if which { QUEENS } else { KNAPSACK };
        let bytes = mutate(base.as_bytes().to_vec(), &mutations);
        check(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn deep_nesting_stays_within_the_memory_bound() {
    let text = format!(
        "int: x = {}1{};\nsolve satisfy;",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    check(&text);
}

/// A FlatZinc model of about `bytes` bytes as MiniZinc writes them: one
/// declaration per variable, then linear, reified and global constraints
/// over them, and an objective.
fn generated_model(bytes: usize) -> String {
    use std::fmt::Write as _;
    let vars = bytes / 200;
    let mut text = String::new();
    for i in 0..vars {
        let _ = writeln!(text, "var 1..10: x{i} :: output_var;");
        let _ = writeln!(text, "var bool: b{i};");
    }
    let mut i = 0u64;
    while text.len() < bytes {
        // A fixed walk over the variables, not random: the same file every run.
        let (a, c) = (
            (i * 7919) as usize % vars,
            (i * 104_729 + 1) as usize % vars,
        );
        let _ = match i % 4 {
            0 => writeln!(text, "constraint int_lin_le([1,-1],[x{a},x{c}],5);"),
            1 => writeln!(text, "constraint int_le_reif(x{a},x{c},b{a});"),
            2 => writeln!(text, "constraint bool_clause([b{a},b{c}],[]);"),
            _ => writeln!(
                text,
                "constraint fzn_all_different_int([x{a},x{c},x{}]);",
                (a + 1) % vars
            ),
        };
        i += 1;
    }
    text.push_str("solve minimize x0;\n");
    text
}

/// Reading, resolving, translating and compiling `text`, as fzn-csp does
/// before its search; the peak of memory on the way.
fn read_and_compile(text: &str) -> (bool, usize) {
    let limits = backtrack::Limits::default();
    let (ok, peak) = fuzz::peak_during(|| match flatzinc::read(text, true, &limits) {
        Ok((_, translation)) => translation.model.compile_with(&limits).is_ok(),
        Err(e) => {
            assert_short_message(&e.to_string(), "flatzinc::read");
            false
        }
    });
    (ok, peak)
}

#[test]
fn a_large_model_stays_within_the_memory_bound_from_the_text_to_the_network() {
    for bytes in [100_000, 1_000_000, 4_000_000] {
        let text = generated_model(bytes);
        let (ok, peak) = read_and_compile(&text);
        assert!(ok, "the generated model of {bytes} bytes compiles");
        assert_memory(peak, text.len(), "flatzinc::read and compile");
    }
}

#[test]
fn an_array_of_a_trillion_fresh_variables_is_refused_before_anything_is_allocated() {
    let text = "array [1..1000000000000] of var 1..3: a;\nsolve satisfy;\n";
    let (result, peak) = fuzz::peak_during(|| flatzinc::resolve(&flatzinc::parse(text).unwrap()));
    let message = result.unwrap_err().to_string();
    assert!(message.contains("1000000000000"), "{message}");
    assert!(
        message.contains(&flatzinc::FRESH_MAX.to_string()),
        "{message}"
    );
    assert_short_message(&message, "flatzinc::resolve");
    assert_memory(peak, text.len(), "flatzinc::resolve");
}

/// What a variable of an array declared without a value may take, from the
/// text to the network: such a variable has no text of its own to count.
const FRESH_VAR_BYTES: usize = 512;

#[test]
fn the_most_fresh_variables_stay_within_their_own_memory_bound() {
    let n = flatzinc::FRESH_MAX;
    let text = format!("array [1..{n}] of var 1..3: a;\nsolve satisfy;\n");
    let (ok, peak) = read_and_compile(&text);
    assert!(ok);
    assert!(
        peak <= fuzz::memory_bound(text.len()) + FRESH_VAR_BYTES * n as usize,
        "{peak}"
    );
    let more = format!("array [1..{}] of var 1..3: a;\nsolve satisfy;\n", n + 1);
    assert!(!read_and_compile(&more).0);
}
