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
