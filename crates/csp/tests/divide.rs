//! `div` and `mod` against generate-and-test, on small domains with
//! negative values, and as a chain where one's result divides the next.

use csp::Model;
use proptest::prelude::*;

use crate::constraints::{Constraint, generate_and_test, model};

fn domain() -> impl Strategy<Value = Vec<i64>> {
    prop::sample::subsequence((-7i64..=7).collect::<Vec<_>>(), 0..=15)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn div_and_mod_find_exactly_the_generated_solutions(
        domains in prop::collection::vec(domain(), 4),
        chain in prop::collection::vec((0usize..4, 0usize..4, 0usize..4, any::<bool>()), 1..=2),
    ) {
        let constraints: Vec<Constraint> = chain
            .iter()
            .map(|&(x, y, z, modulo)| Constraint::Divide(x, y, z, modulo))
            .collect();
        let (m, vars) = model(false, &domains, &constraints);
        let mut got: Vec<Vec<i64>> = m
            .compile()
            .solutions(usize::MAX)
            .iter()
            .map(|s| vars.iter().map(|&v| s[v]).collect())
            .collect();
        got.sort();
        prop_assert_eq!(got, generate_and_test(&domains, &constraints), "{:?} {:?}", domains, chain);
    }
}

#[test]
fn a_divisor_of_zero_is_never_taken() {
    let mut m = Model::new();
    let (x, y, z) = (
        m.var(0..=0).unwrap(),
        m.var(0..=0).unwrap(),
        m.var(-5..=5).unwrap(),
    );
    m.div(x, y, z).unwrap();
    assert!(m.compile().is_failed());
    let mut m = Model::new();
    let (x, y, z) = (
        m.var(3..=3).unwrap(),
        m.var(-1..=1).unwrap(),
        m.var(-5..=5).unwrap(),
    );
    m.modulo(x, y, z).unwrap();
    let network = m.compile();
    assert_eq!(network.domain(y), [-1, 1]);
    assert_eq!(network.domain(z), [0]);
}

#[test]
fn bounds_narrow_before_any_choice() {
    // x in 0..=100, x div 7 = 3: x in 21..=27.
    let mut m = Model::new();
    let (x, y, z) = (
        m.var(0..=100).unwrap(),
        m.var(7..=7).unwrap(),
        m.var(3..=3).unwrap(),
    );
    m.div(x, y, z).unwrap();
    let network = m.compile();
    assert_eq!(network.domain(x), (21..=27).collect::<Vec<_>>());
    // x mod 7 = 3 with x in 5..=30: from 10 to 24.
    let mut m = Model::new();
    let (x, y, z) = (
        m.var(5..=30).unwrap(),
        m.var(7..=7).unwrap(),
        m.var(3..=3).unwrap(),
    );
    m.modulo(x, y, z).unwrap();
    let network = m.compile();
    let d = network.domain(x);
    assert_eq!((d[0], d[d.len() - 1]), (10, 24));
}
