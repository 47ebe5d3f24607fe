//! Checks the fast counter against OEIS and against an independent,
//! deliberately naive counter written here.

use std::collections::HashSet;
use std::sync::Mutex;

use backtrack::{Limits, Outcome, Stop, WorkList};
use nqueens::{Counts, Error, MAX_N, Split, count};

/// OEIS A000170: number of solutions, from n = 1.
const TOTAL: [u128; 27] = [
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2680,
    14200,
    73712,
    365596,
    2279184,
    14772512,
    95815104,
    666090624,
    4968057848,
    39029188884,
    314666222712,
    2691008701644,
    24233937684440,
    227514171973736,
    2207893435808352,
    22317699616364044,
    234907967154122528,
];

/// OEIS A002562: number of solutions up to symmetry, from n = 1.
const FUNDAMENTAL: [u128; 27] = [
    1,
    0,
    0,
    1,
    2,
    1,
    6,
    12,
    46,
    92,
    341,
    1787,
    9233,
    45752,
    285053,
    1846955,
    11977939,
    83263591,
    621012754,
    4878666808,
    39333324973,
    336376244042,
    3029242658210,
    28439272956934,
    275986683743434,
    2789712466510289,
    29363495934315694,
];

fn oeis(n: u32) -> Counts {
    let i = n as usize - 1;
    Counts {
        total: TOTAL[i],
        fundamental: FUNDAMENTAL[i],
        ..Counts::default()
    }
}

/// Largest n checked against OEIS: 17 only where it is cheap (release).
/// Every n up to here is counted in the suite: n = 16 takes a second or two.
const OEIS_MAX: u32 = 16;

#[test]
fn totals_and_fundamentals_match_oeis() {
    for n in 1..=OEIS_MAX {
        assert_eq!(count(n).map(pair).ok(), Some(pair(oeis(n))), "n = {n}");
    }
}

/// Every solution by plain row-by-row search, as column-per-row vectors.
fn all_solutions(n: usize) -> Vec<Vec<usize>> {
    fn place(n: usize, cols: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        let row = cols.len();
        if row == n {
            out.push(cols.clone());
            return;
        }
        for c in 0..n {
            let safe = cols
                .iter()
                .enumerate()
                .all(|(r, &pc)| pc != c && pc.abs_diff(c) != row - r);
            if safe {
                cols.push(c);
                place(n, cols, out);
                cols.pop();
            }
        }
    }
    let mut out = Vec::new();
    place(n, &mut Vec::new(), &mut out);
    out
}

/// The 8 images of a solution under the symmetries of the square, each as
/// a column-per-row vector; the smallest is its canonical form.
fn canonical(sol: &[usize]) -> Vec<usize> {
    let n = sol.len();
    let mut board = vec![vec![false; n]; n];
    for (r, &c) in sol.iter().enumerate() {
        board[r][c] = true;
    }
    let mut best: Option<Vec<usize>> = None;
    for t in 0..8 {
        let mut image = vec![0; n];
        for (r, row) in board.iter().enumerate() {
            for (c, &q) in row.iter().enumerate() {
                if q {
                    let (r2, c2) = match t {
                        0 => (r, c),
                        1 => (c, n - 1 - r),
                        2 => (n - 1 - r, n - 1 - c),
                        3 => (n - 1 - c, r),
                        4 => (r, n - 1 - c),
                        5 => (n - 1 - r, c),
                        6 => (c, r),
                        _ => (n - 1 - c, n - 1 - r),
                    };
                    image[r2] = c2;
                }
            }
        }
        if best.as_ref().is_none_or(|b| image < *b) {
            best = Some(image);
        }
    }
    best.unwrap_or_default()
}

/// The two numbers a count is about.
fn pair(c: Counts) -> (u128, u128) {
    (c.total, c.fundamental)
}

#[test]
fn agrees_with_brute_force_up_to_10() {
    for n in 1..=10 {
        let sols = all_solutions(n);
        let classes: HashSet<Vec<usize>> = sols.iter().map(|s| canonical(s)).collect();
        let brute = (sols.len() as u128, classes.len() as u128);
        assert_eq!(count(n as u32).map(pair).ok(), Some(brute), "n = {n}");
    }
}

#[test]
fn thread_counts_do_not_change_the_result() {
    for n in [1, 4, 5, 8, 11, 14] {
        let split = Split::new(n).unwrap();
        let one = split.count(1).unwrap();
        assert_eq!(pair(one), pair(oeis(n)), "n = {n}");
        assert_eq!(one.tasks, split.len() as u64, "n = {n}");
        for threads in [2, 4, 0] {
            assert_eq!(
                split.count(threads).unwrap(),
                one,
                "n = {n}, {threads} threads"
            );
        }
    }
}

#[test]
fn tasks_sum_to_the_count() {
    for n in 1..=13 {
        let split = Split::new(n).unwrap();
        assert!(!split.is_empty(), "n = {n}");
        let sum: Counts = (0..split.len()).map(|i| split.solve(i)).sum();
        assert_eq!(pair(sum), pair(count(n).unwrap()), "n = {n}");
        let by_task: Counts = split
            .tasks()
            .iter()
            .map(|t| split.solve_task(t).unwrap())
            .sum();
        assert_eq!(by_task, sum, "n = {n}");
    }
}

#[test]
fn tasks_are_numerous_and_well_formed() {
    // Enough independent pieces to keep many threads or machines busy.
    assert!(Split::new(16).unwrap().len() > 10_000);
    let split = Split::new(12).unwrap();
    for task in split.tasks() {
        assert_eq!(task.n(), 12);
        assert!((3..=5).contains(&task.queens().len()));
        assert!([8, 4, 2].contains(&task.stabilizer().weight()));
    }
}

#[test]
fn tasks_exist_for_every_n() {
    for n in 1..=MAX_N {
        let split = Split::new(n).unwrap();
        assert!(!split.is_empty(), "n = {n}");
        assert!(split.tasks().iter().all(|t| t.n() == n));
    }
}

#[test]
fn a_task_from_another_board_is_an_error() {
    let nine = Split::new(9).unwrap();
    let ten = Split::new(10).unwrap();
    let err = ten.solve_task(&nine.tasks()[0]).unwrap_err();
    assert!(matches!(err, Error::OtherBoard { task: 9, n: 10 }), "{err}");
    assert!(err.to_string().contains("n = 9"), "{err}");
}

#[test]
fn progress_is_monotone_and_ends_at_one() {
    for threads in [1, 2] {
        let seen = std::sync::Arc::new(Mutex::new(Vec::new()));
        let record = seen.clone();
        let split = Split::new(12).unwrap();
        let options = runner::Options::new()
            .threads(threads)
            .progress(move |f| record.lock().unwrap().push(f));
        let finished = runner::run(&split, &options).unwrap();
        assert_eq!(pair(finished.value), pair(oeis(12)));
        let seen = seen.lock().unwrap();
        assert!(!seen.is_empty());
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
        assert!(seen.iter().all(|f| (0.0..=1.0).contains(f)));
        assert_eq!(seen.last(), Some(&1.0));
    }
}

#[test]
fn sizes_out_of_range_are_errors() {
    assert!(matches!(count(0), Err(Error::ZeroSize)));
    for n in [MAX_N + 1, u32::MAX] {
        assert!(matches!(count(n), Err(Error::TooLarge { .. })), "n = {n}");
        assert!(Split::new(n).is_err(), "n = {n}");
    }
    let message = count(33).unwrap_err().to_string();
    assert!(message.contains("at most 32"), "{message}");
}

/// The fast counter's doc names its naive equivalent: a plain count with
/// the backtracking engine. They agree.
#[test]
fn agrees_with_the_engine_up_to_12() {
    for n in 1..=12 {
        let plain = backtrack::count(nqueens::NQueens::new(n).unwrap());
        assert_eq!(count(n).unwrap().total, plain, "n = {n}");
    }
}

#[test]
fn a_raised_cancel_flag_stops_a_task_and_says_so() {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let split = Split::new(14).unwrap();
    let flag = Arc::new(AtomicBool::new(false));
    let limits = Limits::default().cancel_flag(flag.clone());
    let done = WorkList::solve(&split, 0, &limits);
    assert_eq!(done.outcome, Outcome::Complete);
    assert_eq!(done.value, split.solve(0));
    assert!(done.value.nodes > 0);
    flag.store(true, std::sync::atomic::Ordering::Relaxed);
    // A task solved with the flag up stops and says so.
    let largest = (0..split.len())
        .max_by_key(|&i| split.solve(i).nodes)
        .unwrap();
    let stopped = WorkList::solve(&split, largest, &limits);
    assert_eq!(stopped.outcome, Outcome::Stopped(Stop::Cancelled));
}

/// The split's fingerprint is part of every shard result and checkpoint:
/// if this changes, the task list changed, and SPLIT_VERSION must go up so
/// that old results are refused rather than mixed in.
#[test]
fn the_split_of_12_is_the_one_results_were_made_with() {
    let split = nqueens::Split::new(12).unwrap();
    assert_eq!(
        (nqueens::SPLIT_VERSION, split.len(), split.hash()),
        (1, PINNED_LEN, PINNED_HASH)
    );
}
const PINNED_LEN: usize = 3298;
const PINNED_HASH: u64 = 0x5eef_2a8e_5085_86d8;
