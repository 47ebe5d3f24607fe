//! A job's identity is made of its problem, not of its name: a checkpoint
//! or a shard of a problem that differs from this one only below the cut
//! (the tasks at the cut are the same) is refused, whatever the names say.

use std::time::Duration;

use backtrack::Problem;
use proptest::prelude::*;
use runner::{Counts, Job, Options, Shard, Subproblems};

/// Words of `len` letters from the first `letters` of the alphabet in
/// which `then` never follows `after`.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
struct Words {
    len: usize,
    letters: u8,
    after: u8,
    then: u8,
    word: Vec<u8>,
}

impl Problem for Words {
    type Choice = u8;
    type Choices = std::vec::IntoIter<u8>;
    fn choices(&self) -> Self::Choices {
        let last = self.word.last().copied();
        (0..self.letters)
            .filter(|&letter| !(last == Some(self.after) && letter == self.then))
            .collect::<Vec<_>>()
            .into_iter()
    }
    fn apply(&mut self, letter: u8) {
        self.word.push(letter);
    }
    fn undo(&mut self, _: u8) {
        self.word.pop();
    }
    fn is_solution(&self) -> bool {
        self.word.len() == self.len
    }
}

/// The cut's depth and a problem deeper than it.
fn problem() -> impl Strategy<Value = (usize, Words)> {
    (1..4usize, 2..4u8).prop_flat_map(|(depth, letters)| {
        (
            Just(depth),
            (depth + 1..depth + 7, 0..letters, 0..letters).prop_map(move |(len, after, then)| {
                Words {
                    len,
                    letters,
                    after,
                    then,
                    word: Vec::new(),
                }
            }),
        )
    })
}

/// The other problems with the same tasks at the cut: only what matters
/// below it is changed (the length, the rule when it first applies below
/// the cut). Listed, not drawn and filtered, so a problem with few of them
/// does not exhaust proptest's rejections.
fn others(depth: usize, words: &Words) -> Vec<Words> {
    let cut = |w: &Words| backtrack::subproblems(w.clone(), depth);
    let mine = cut(words);
    let mut found = Vec::new();
    for len in depth + 1..depth + 7 {
        for after in 0..words.letters {
            for then in 0..words.letters {
                let other = Words {
                    len,
                    after,
                    then,
                    ..words.clone()
                };
                if other != *words && cut(&other) == mine {
                    found.push(other);
                }
            }
        }
    }
    found
}

/// A depth, a problem, and another with the same tasks at that depth.
fn two_problems() -> impl Strategy<Value = (usize, Words, Words)> {
    problem()
        .prop_map(|(depth, words)| {
            let others = others(depth, &words);
            (depth, words, others)
        })
        .prop_filter(
            "a problem with no other of the same tasks",
            |(_, _, others)| !others.is_empty(),
        )
        .prop_flat_map(|(depth, words, others)| {
            (Just(depth), Just(words), prop::sample::select(others))
        })
}

fn job(depth: usize, words: &Words) -> Subproblems<Words> {
    // One name for both: the name cannot tell them apart.
    Subproblems::new("words", words.clone(), depth)
}

proptest! {
    #![proptest_config(proptest::test_runner::Config {
        // Each case writes and flushes files and cuts two trees: a long run
        // takes at most 1,000, which keeps it within the fuzz step's time.
        cases: fuzz::file_cases(64).cases.min(1000),
        // Problems with no other of the same tasks are set aside whole.
        max_global_rejects: 1 << 20,
        ..fuzz::file_cases(64)
    })]

    #[test]
    fn a_checkpoint_of_a_problem_that_differs_below_the_cut_is_refused(
        (depth, words, other) in two_problems()
    ) {
        let (ours, theirs) = (job(depth, &words), job(depth, &other));
        prop_assert_ne!(ours.identity(), theirs.identity());
        let dir = tempfile::tempdir().unwrap();
        let checkpoint = dir.path().join("words.journal");
        let options = Options::new()
            .checkpoint(&checkpoint)
            .compact_every(Duration::from_secs(3600));
        runner::run(&theirs, &options).unwrap();
        let resumed = runner::run(&ours, &options);
        prop_assert!(
            matches!(resumed, Err(runner::Error::Refused(_))),
            "resumed: {:?}", resumed.map(|f| f.value.total)
        );
    }

    #[test]
    fn a_shard_of_a_problem_that_differs_below_the_cut_is_refused(
        (depth, words, other) in two_problems()
    ) {
        let (ours, theirs) = (job(depth, &words), job(depth, &other));
        let tasks = ours.paths().len() as u64;
        prop_assume!(tasks >= 2);
        let dir = tempfile::tempdir().unwrap();
        let shard = |index| Shard::new(index, 2).unwrap();
        runner::run(&ours, &Options::new().shard(shard(0), dir.path())).unwrap();
        runner::run(&theirs, &Options::new().shard(shard(1), dir.path())).unwrap();
        // The program checks the work list against its own problem.
        let identity = ours.identity();
        let merged = runner::merge::<Counts>(dir.path(), |claimed| {
            if *claimed == identity { Ok(()) } else { Err("not this problem".into()) }
        });
        prop_assert!(matches!(merged, Err(runner::Error::Refused(_))), "{:?}", merged);
    }
}
