//! Undo by copies against undo from the trail: the proptests run on models
//! small enough to copy, so here each network is forced both ways.

mod cons;
mod learn_regressions;
mod learn_search;
mod learning;
mod rng;

use backtrack::Problem;

use crate::model::Model;
use crate::network::Network;
use crate::puzzle;

/// The domains and the failure flag of every state of the whole search
/// tree, in the order visited, checking that every undo restores the state
/// before its apply.
fn walk(network: &mut Network, seen: &mut Vec<(Vec<Vec<i64>>, bool)>) {
    let before = (network.domains(), network.is_failed());
    seen.push(before.clone());
    let choices: Vec<_> = network.choices().collect();
    for c in choices {
        network.apply(c);
        walk(network, seen);
        network.undo(c);
        assert_eq!((network.domains(), network.is_failed()), before);
    }
}

/// The states of the whole tree with copies, and from the trail: the same.
fn both_ways(model: &Model) {
    let states: Vec<_> = [true, false]
        .map(|copies| {
            let mut network = model.compile();
            network.force_copies(copies);
            let mut seen = Vec::new();
            walk(&mut network, &mut seen);
            seen
        })
        .into();
    assert!(states[0].len() > 1);
    assert_eq!(states[0], states[1]);
}

#[test]
fn copies_and_trail_undo_the_same_on_queens() {
    both_ways(&puzzle::queens(6).unwrap().0);
}

#[test]
fn copies_and_trail_undo_the_same_on_a_hard_sudoku() {
    // Easter Monster.
    let line = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    let mut givens = [0u8; 81];
    for (g, c) in givens.iter_mut().zip(line.bytes()) {
        *g = if c == b'.' { 0 } else { c - b'0' };
    }
    both_ways(&puzzle::sudoku(&givens).unwrap().0);
}

#[test]
fn copies_and_trail_undo_the_same_on_send_more_money() {
    both_ways(&puzzle::send_more_money().unwrap().0);
}
