//! `puzzles::exact_cover::Builder`: items and options as a user's program
//! declares them, from arbitrary names and item lists.

use std::collections::BTreeSet;

use proptest::prelude::*;
use puzzles::exact_cover::{BuildError, Builder, ExactCover, Item, Representation};

use crate::{assert_memory, assert_short_message};

/// A reference to an item in an option: by name, or an [`Item`] handed
/// out by another builder (whose number may be out of range here).
#[derive(Clone, Debug)]
enum Entry {
    Name(String),
    Alien(usize),
}

#[derive(Clone, Debug)]
struct Declared {
    items: Vec<(String, bool)>,
    options: Vec<Vec<Entry>>,
}

impl Declared {
    /// Bytes a user would write to say it: names and item references.
    fn size(&self) -> usize {
        let names: usize = self.items.iter().map(|(name, _)| name.len() + 1).sum();
        let entries: usize = self.options.iter().map(|o| 8 * o.len() + 8).sum();
        names + entries
    }
}

fn declared() -> impl Strategy<Value = Declared> {
    let name = "[a-f]{0,2}";
    let entry = prop_oneof![
        4 => name.prop_map(Entry::Name),
        1 => (0..16usize).prop_map(Entry::Alien),
    ];
    (
        prop::collection::vec((name, any::<bool>()), 0..14),
        prop::collection::vec(prop::collection::vec(entry, 0..6), 0..24),
    )
        .prop_map(|(items, options)| Declared { items, options })
}

/// What an option should give, by the builder's documented rules, worked
/// out here apart from the builder.
fn expected(items: &[(String, bool)], option: &[Entry]) -> Result<(), &'static str> {
    if option.is_empty() {
        return Err("empty");
    }
    let mut seen = BTreeSet::new();
    let mut primary = false;
    for entry in option {
        let index = match entry {
            Entry::Name(name) => match items.iter().position(|(n, _)| n == name) {
                Some(i) => i,
                None => return Err("unknown"),
            },
            Entry::Alien(i) if *i >= items.len() => return Err("out of range"),
            Entry::Alien(i) => *i,
        };
        if !seen.insert(index) {
            return Err("repeated");
        }
        primary |= items[index].1;
    }
    if primary { Ok(()) } else { Err("no primary") }
}

/// Declares everything; returns the builder and the options it accepted
/// (as item numbers, in the order given).
fn declare(d: &Declared) -> (Builder, Vec<Vec<usize>>) {
    let mut alien = ExactCover::builder();
    let aliens: Vec<Item> = (0..16)
        .map(|i| alien.primary(format!("alien {i}")).unwrap())
        .collect();
    let mut b = ExactCover::builder();
    let mut items: Vec<(String, bool)> = Vec::new();
    for (name, primary) in &d.items {
        let declared = if *primary {
            b.primary(name.as_str())
        } else {
            b.secondary(name.as_str())
        };
        match declared {
            Ok(item) => {
                assert_eq!(item.index(), items.len());
                items.push((name.clone(), *primary));
            }
            Err(e) => {
                assert_eq!(e, BuildError::DuplicateItem(name.clone()));
                assert!(items.iter().any(|(n, _)| n == name));
                assert_short_message(&e.to_string(), "Builder::primary");
            }
        }
    }
    let mut accepted = Vec::new();
    for option in &d.options {
        let mut resolved = Vec::new();
        let mut unknown = None;
        for entry in option {
            match entry {
                Entry::Name(name) => match b.get(name) {
                    Some(item) => resolved.push(item),
                    None => unknown = unknown.or(Some(name.clone())),
                },
                Entry::Alien(i) => resolved.push(aliens[*i]),
            }
        }
        let added = match unknown {
            Some(name) => Err(BuildError::UnknownItem(name)),
            None => b.option(resolved.iter().copied()),
        };
        match (added, expected(&items, option)) {
            (Ok(number), Ok(())) => {
                assert_eq!(number, accepted.len());
                accepted.push(resolved.iter().map(|item| item.index()).collect());
            }
            (Err(e), Err(_)) => assert_short_message(&e.to_string(), "Builder::option"),
            (got, want) => panic!("option {option:?}: got {got:?}, expected {want:?}"),
        }
    }
    (b, accepted)
}

/// Every solution covers each primary item once and each secondary item
/// at most once: checked from the options' item lists alone.
fn assert_exact(items: &[bool], options: &[Vec<usize>], solution: &[usize]) {
    let mut covered = vec![0u32; items.len()];
    for &o in solution {
        for &i in &options[o] {
            covered[i] += 1;
        }
    }
    for (i, &primary) in items.iter().enumerate() {
        let want = if primary { 1..=1 } else { 0..=1 };
        assert!(
            want.contains(&covered[i]),
            "item {i} covered {} times",
            covered[i]
        );
    }
}

fn solutions(cover: ExactCover) -> Vec<Vec<usize>> {
    let mut found = Vec::new();
    let mut search = backtrack::Search::new(cover);
    while let Some(solution) = search.next_solution() {
        found.push(solution.to_vec());
        if found.len() == 64 {
            break;
        }
    }
    found
}

proptest! {
    #![proptest_config(fuzz::cases(2000))]

    #[test]
    fn building_any_declaration(d in declared()) {
        let ((b, accepted), peak) = fuzz::peak_during(|| declare(&d));
        assert_memory(peak, d.size(), "Builder");
        // The items as the builder keeps them: a name declared twice once.
        let mut unique: Vec<(String, bool)> = Vec::new();
        for (name, primary) in &d.items {
            if !unique.iter().any(|(n, _)| n == name) {
                unique.push((name.clone(), *primary));
            }
        }
        let primary: Vec<bool> = unique.iter().map(|&(_, p)| p).collect();
        let links = b.clone().build_as(Representation::Links).unwrap();
        let bits = b.build_as(Representation::Bitset).unwrap();
        // What was declared reads back as it was given.
        prop_assert_eq!(links.options(), accepted.len());
        for (o, option) in accepted.iter().enumerate() {
            let read: Vec<&str> = links.option_items(o).collect();
            let given: Vec<&str> = option.iter().map(|&i| unique[i].0.as_str()).collect();
            prop_assert_eq!(read, given);
        }
        // Both representations find the same exact covers, in one order.
        let found = solutions(links);
        prop_assert_eq!(&solutions(bits), &found);
        for solution in &found {
            assert_exact(&primary, &accepted, solution);
        }
    }
}

#[test]
fn a_long_option_is_checked_in_linear_time() {
    // Looking for a repeated item by scanning the option so far would be
    // quadratic: 200,000 items in one option, then the first one again.
    let mut b = ExactCover::builder();
    let items: Vec<Item> = (0..200_000)
        .map(|i| b.primary(i.to_string()).unwrap())
        .collect();
    assert_eq!(b.option(items.iter().copied()), Ok(0));
    let again = items.iter().copied().chain([items[0]]);
    assert_eq!(b.option(again), Err(BuildError::RepeatedItem("0".into())));
    assert_eq!(backtrack::count(b.build()), 1);
}

#[test]
fn a_long_name_is_cut_in_messages() {
    let name = "x".repeat(1 << 20);
    let mut b = ExactCover::builder();
    b.primary(name.as_str()).unwrap();
    let e = b.primary(name.as_str()).unwrap_err();
    assert_short_message(&e.to_string(), "DuplicateItem");
    let e = b.option_named(["y".repeat(100_000).as_str()]).unwrap_err();
    assert_short_message(&e.to_string(), "UnknownItem");
}
