use backtrack::{Parallel, Search};
use proptest::prelude::*;
use puzzles::exact_cover::{BuildError, ExactCover, Representation};
use puzzles::pentomino::Pentominoes;

/// Random problems: `items` items, the first `primary` of them primary,
/// and options as lists of item numbers.
#[derive(Clone, Debug)]
struct Random {
    items: usize,
    primary: usize,
    options: Vec<Vec<usize>>,
}

fn build(p: &Random) -> ExactCover {
    let mut b = ExactCover::builder();
    // Declared interleaved, to check that primary and secondary items may
    // come in any order.
    let items: Vec<_> = (0..p.items)
        .map(|i| {
            if i < p.primary {
                b.primary(format!("p{i}")).unwrap()
            } else {
                b.secondary(format!("s{i}")).unwrap()
            }
        })
        .collect();
    for option in &p.options {
        b.option(option.iter().map(|&i| items[i])).unwrap();
    }
    b.build()
}

/// Whether `chosen` covers every primary item exactly once and every
/// secondary one at most once.
fn is_exact_cover(p: &Random, chosen: &[usize]) -> bool {
    let mut covered = vec![0; p.items];
    for &o in chosen {
        for &i in &p.options[o] {
            covered[i] += 1;
        }
    }
    covered
        .iter()
        .enumerate()
        .all(|(i, &n)| if i < p.primary { n == 1 } else { n <= 1 })
}

/// Every subset of options that is an exact cover, by brute force.
fn brute_force(p: &Random) -> Vec<Vec<usize>> {
    let n = p.options.len();
    (0u32..1 << n)
        .map(|set| (0..n).filter(|&o| set >> o & 1 == 1).collect::<Vec<_>>())
        .filter(|chosen| is_exact_cover(p, chosen))
        .collect()
}

fn random_problem() -> impl Strategy<Value = Random> {
    (1usize..7, 0usize..4).prop_flat_map(|(primary, secondary)| {
        let items = primary + secondary;
        // At least one primary item each, as the builder asks.
        let option = (0..primary, proptest::collection::btree_set(0..items, 0..=2)).prop_map(
            |(first, mut rest)| {
                rest.insert(first);
                rest.into_iter().collect::<Vec<_>>()
            },
        );
        proptest::collection::vec(option, 0..12).prop_map(move |options| Random {
            items,
            primary,
            options,
        })
    })
}

/// Larger random problems, where the two representations must make the
/// same choices at many levels.
fn larger_problem() -> impl Strategy<Value = Random> {
    (4usize..16, 0usize..6).prop_flat_map(|(primary, secondary)| {
        let items = primary + secondary;
        let option = (0..primary, proptest::collection::btree_set(0..items, 0..=3)).prop_map(
            |(first, mut rest)| {
                rest.insert(first);
                rest.into_iter().collect::<Vec<_>>()
            },
        );
        proptest::collection::vec(option, 0..40).prop_map(move |options| Random {
            items,
            primary,
            options,
        })
    })
}

/// Every solution of `cover` in both representations, in the engine's
/// order; they must be equal.
fn both(cover: &ExactCover) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let bits = cover.with_representation(Representation::Bitset).unwrap();
    let links = cover.with_representation(Representation::Links).unwrap();
    (
        backtrack::first(bits, usize::MAX),
        backtrack::first(links, usize::MAX),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Bitsets and dancing links give the same solutions in the same
    /// order, and those are the exact covers.
    #[test]
    fn bitset_and_links_agree_in_order(p in larger_problem()) {
        let cover = build(&p);
        prop_assert_eq!(cover.representation(), Representation::Bitset);
        let (bits, links) = both(&cover);
        prop_assert_eq!(&bits, &links);
        for s in &bits {
            let mut s = s.clone();
            s.sort_unstable();
            prop_assert!(is_exact_cover(&p, &s), "{:?}", s);
        }
        // Each cover once (brute force over 40 options is out of reach;
        // the small problems above are checked against it).
        let mut found: Vec<Vec<usize>> = bits.into_iter().map(|mut s| { s.sort_unstable(); s }).collect();
        found.sort();
        let before = found.len();
        found.dedup();
        prop_assert_eq!(found.len(), before);
    }

    /// Dancing links finds exactly the exact covers that brute force finds,
    /// each once, and the parallel count agrees.
    #[test]
    fn dancing_links_equals_brute_force(p in random_problem()) {
        let mut found: Vec<Vec<usize>> = backtrack::first(build(&p), usize::MAX)
            .into_iter()
            .map(|mut s| { s.sort_unstable(); s })
            .collect();
        for s in &found {
            prop_assert!(is_exact_cover(&p, s), "{:?}", s);
        }
        found.sort();
        let mut expected = brute_force(&p);
        expected.sort();
        prop_assert_eq!(&found, &expected);
        let parallel = Parallel::auto().threads(2).count(&build(&p));
        prop_assert_eq!(parallel.complete(), Some(expected.len() as u128));
    }

    /// After any number of steps, the search gives the problem back as it
    /// was: undo restores every link.
    #[test]
    fn undo_restores_the_links(p in random_problem(), steps in 0usize..20) {
        let mut problem = build(&p);
        let before = backtrack::first(&mut problem, usize::MAX);
        let mut search = Search::new(&mut problem);
        for _ in 0..steps {
            if search.next_solution().is_none() {
                break;
            }
        }
        let _ = search.into_problem();
        prop_assert_eq!(backtrack::first(&mut problem, usize::MAX), before);
    }
}

#[test]
fn knuths_example_has_one_cover() {
    let mut b = ExactCover::builder();
    for name in ["a", "b", "c", "d", "e", "f", "g"] {
        b.primary(name).unwrap();
    }
    let options: [&[&str]; 6] = [
        &["c", "e"],
        &["a", "d", "g"],
        &["b", "c", "f"],
        &["a", "d", "f"],
        &["b", "g"],
        &["d", "e", "g"],
    ];
    for option in options {
        b.option_named(option.iter().copied()).unwrap();
    }
    let cover = b.build();
    assert_eq!(cover.options(), 6);
    assert_eq!(cover.items(), 7);
    assert_eq!(cover.option_items(3).collect::<Vec<_>>(), ["a", "d", "f"]);
    let mut search = Search::new(cover);
    let mut solution = search.next_solution().unwrap().to_vec();
    solution.sort_unstable();
    assert_eq!(solution, [0, 3, 4]);
    assert_eq!(search.count().complete(), Some(0));
    // Choosing the item with the fewest options leaves no dead end here
    // but the one branch that fails.
    assert!(search.stats().nodes <= 6, "{:?}", search.stats());
}

#[test]
fn builder_mistakes_are_errors() {
    let mut b = ExactCover::builder();
    let a = b.primary("a").unwrap();
    let x = b.secondary("x").unwrap();
    assert_eq!(b.primary("a"), Err(BuildError::DuplicateItem("a".into())));
    assert_eq!(b.secondary("x"), Err(BuildError::DuplicateItem("x".into())));
    assert_eq!(b.option([]), Err(BuildError::EmptyOption));
    assert_eq!(
        b.option([a, x, a]),
        Err(BuildError::RepeatedItem("a".into()))
    );
    assert_eq!(
        b.option_named(["a", "nope"]),
        Err(BuildError::UnknownItem("nope".into()))
    );
    let mut other = ExactCover::builder();
    for name in ["p", "q", "r"] {
        other.primary(name).unwrap();
    }
    let r = other.get("r").unwrap();
    assert_eq!(b.option([r]), Err(BuildError::ItemOutOfRange(2, 2)));
    // The failed options left nothing behind.
    assert_eq!(b.option([a, x]), Ok(0));
    let cover = b.build();
    assert_eq!(cover.options(), 1);
    assert_eq!(cover.is_primary("a"), Some(true));
    assert_eq!(cover.is_primary("x"), Some(false));
    assert_eq!(cover.is_primary("y"), None);
    assert_eq!(backtrack::count(cover), 1);
}

#[test]
fn options_need_a_primary_item() {
    let mut b = ExactCover::builder();
    let x = b.secondary("x").unwrap();
    assert_eq!(b.option([x]), Err(BuildError::NoPrimaryItem));
    // With no primary item at all, the empty set is the one cover.
    assert_eq!(backtrack::first(b.build(), 10), [Vec::<usize>::new()]);
}

#[test]
fn bitset_and_links_agree_on_the_pentomino_boards() {
    for (rows, cols, classes) in [(3, 20, 2), (4, 15, 368), (5, 12, 1010), (6, 10, 2339)] {
        let board = Pentominoes::new(rows, cols).unwrap();
        let cover = board.problem(true);
        assert_eq!(cover.representation(), Representation::Bitset);
        let (bits, links) = both(&cover);
        assert_eq!(bits, links, "{rows}x{cols}");
        // The reduced problem keeps one or two tilings per class.
        assert!(bits.len() >= classes, "{rows}x{cols}");
        assert!(
            bits.iter()
                .all(|s| board.tiling(true, s).is_some_and(|t| t.is_valid()))
        );
    }
}

#[test]
fn large_problems_use_dancing_links() {
    // 16-queens' 32 lines and 62 diagonals fit a bitset.
    let queens = puzzles::queens::exact_cover(16).unwrap();
    assert_eq!(queens.representation(), Representation::Bitset);
    // A strip of 300 cells tiled by monominoes and dominoes does not.
    let mut b = ExactCover::builder();
    let cells: Vec<_> = (0..300)
        .map(|i| b.primary(format!("c{i}")).unwrap())
        .collect();
    for i in 0..300 {
        b.option([cells[i]]).unwrap();
        if i + 1 < 300 {
            b.option([cells[i], cells[i + 1]]).unwrap();
        }
    }
    let strip = b.build();
    assert_eq!(strip.representation(), Representation::Links);
    assert_eq!(
        strip
            .with_representation(Representation::Bitset)
            .unwrap_err(),
        BuildError::TooManyForBitset(300)
    );
    // The first tilings: all monominoes, then a domino at the far end.
    let first = backtrack::first(strip, 2);
    assert_eq!(first[0], (0..300).map(|i| 2 * i).collect::<Vec<_>>());
    assert_eq!(first[1].len(), 299);
}

#[test]
fn the_fewest_options_are_found_past_the_counters_planes() {
    // Item a has 32 options and b 17, both more than the bitset's counter
    // holds (32 wraps it to 0, 17 to 1): the search must still branch on
    // b first, though a comes first and wraps lower.
    let mut b = ExactCover::builder();
    let (a, item_b) = (b.primary("a").unwrap(), b.primary("b").unwrap());
    let a_options: Vec<usize> = (0..32).map(|_| b.option([a]).unwrap()).collect();
    let b_options: Vec<usize> = (0..17).map(|_| b.option([item_b]).unwrap()).collect();
    let cover = b.build();
    assert_eq!(cover.representation(), Representation::Bitset);
    let (bits, links) = both(&cover);
    assert_eq!(bits, links);
    assert_eq!(bits.len(), 32 * 17);
    assert_eq!(bits[0], [b_options[0], a_options[0]]);
    assert_eq!(bits[1], [b_options[0], a_options[1]]);
}

#[test]
fn bitset_and_links_agree_on_queens_with_many_options_per_item() {
    // 20 options for every row and column at the root, past the counter's
    // planes; 40 queens need the four-word masks.
    for (n, k) in [(20, 50), (40, 5)] {
        let cover = puzzles::queens::exact_cover(n).unwrap();
        let bits = cover.with_representation(Representation::Bitset).unwrap();
        let links = cover.with_representation(Representation::Links).unwrap();
        assert_eq!(
            backtrack::first(bits, k),
            backtrack::first(links, k),
            "{n} queens"
        );
    }
}
