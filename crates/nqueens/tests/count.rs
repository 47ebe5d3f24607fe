//! Checks the fast counter against OEIS and against an independent,
//! deliberately naive counter written here.

use std::collections::HashSet;
use std::sync::Mutex;

use nqueens::{CountError, CountOptions, Counts, MAX_N, count, count_with, solve_task, tasks};

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
    }
}

/// Largest n checked against OEIS: 17 only where it is cheap (release).
/// Every n up to here is counted in the suite: n = 16 takes a second or two.
const OEIS_MAX: u32 = 16;

#[test]
fn totals_and_fundamentals_match_oeis() {
    for n in 1..=OEIS_MAX {
        assert_eq!(count(n), Ok(oeis(n)), "n = {n}");
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

#[test]
fn agrees_with_brute_force_up_to_10() {
    for n in 1..=10 {
        let sols = all_solutions(n);
        let classes: HashSet<Vec<usize>> = sols.iter().map(|s| canonical(s)).collect();
        let brute = Counts {
            total: sols.len() as u128,
            fundamental: classes.len() as u128,
        };
        assert_eq!(count(n as u32), Ok(brute), "n = {n}");
    }
}

#[test]
fn thread_counts_do_not_change_the_result() {
    for n in [1, 4, 5, 8, 11, 14] {
        let one = count_with(n, &CountOptions::new().threads(1));
        let two = count_with(n, &CountOptions::new().threads(2));
        let four = count_with(n, &CountOptions::new().threads(4));
        let all = count_with(n, &CountOptions::new().threads(0));
        assert_eq!(one, Ok(oeis(n)), "n = {n}");
        assert_eq!(two, one, "n = {n}");
        assert_eq!(four, one, "n = {n}");
        assert_eq!(all, one, "n = {n}");
    }
}

#[test]
fn tasks_sum_to_the_count() {
    for n in 1..=13 {
        let list = tasks(n).unwrap();
        assert!(!list.is_empty(), "n = {n}");
        let sum: Counts = list.iter().map(|t| solve_task(n, t)).sum();
        assert_eq!(Ok(sum), count(n), "n = {n}");
    }
}

#[test]
fn tasks_are_deterministic_and_numerous() {
    for n in [1, 6, 12, 16] {
        assert_eq!(tasks(n), tasks(n), "n = {n}");
    }
    // Enough independent pieces to keep many threads or machines busy.
    assert!(tasks(16).unwrap().len() > 10_000);
    for task in tasks(12).unwrap() {
        assert_eq!(task.n(), 12);
        assert!((3..=5).contains(&task.queens().len()));
        assert!([8, 4, 2].contains(&task.symmetry().weight()));
    }
}

#[test]
fn tasks_exist_for_every_n() {
    for n in 1..=MAX_N {
        let list = tasks(n).unwrap();
        assert!(!list.is_empty(), "n = {n}");
        assert!(list.iter().all(|t| t.n() == n));
    }
}

#[test]
fn a_task_from_another_board_contributes_nothing() {
    let task = tasks(9).unwrap()[0];
    assert_eq!(solve_task(10, &task), Counts::default());
    assert_eq!(solve_task(0, &task), Counts::default());
    assert_eq!(solve_task(MAX_N + 1, &task), Counts::default());
}

#[test]
fn progress_is_monotone_and_ends_at_one() {
    for threads in [1, 2] {
        let seen = Mutex::new(Vec::new());
        let record = |f: f64| seen.lock().unwrap().push(f);
        let options = CountOptions::new().threads(threads).progress(&record);
        assert_eq!(count_with(12, &options), Ok(oeis(12)));
        let seen = seen.into_inner().unwrap();
        assert!(!seen.is_empty());
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
        assert!(seen.iter().all(|f| (0.0..=1.0).contains(f)));
        assert_eq!(seen.last(), Some(&1.0));
    }
}

#[test]
fn sizes_out_of_range_are_errors() {
    for n in [0, MAX_N + 1, u32::MAX] {
        let expected = Err(CountError::BoardSize { n });
        assert_eq!(count(n), expected);
        assert_eq!(count_with(n, &CountOptions::new().threads(1)), expected);
        assert_eq!(tasks(n).map(|t| t.len()), expected.map(|_: Counts| 0));
    }
    let message = CountError::BoardSize { n: 0 }.to_string();
    assert!(message.contains("between 1 and 32"), "{message}");
}

/// The fast counter's doc names its naive equivalent: a plain count with
/// the backtracking engine. They agree.
#[test]
fn agrees_with_the_engine_up_to_12() {
    for n in 1..=12 {
        let plain = backtrack::count(nqueens::NQueens::new(n).unwrap());
        assert_eq!(count(n).unwrap().total, u128::from(plain), "n = {n}");
    }
}

#[test]
fn a_raised_cancel_flag_stops_a_task_and_says_so() {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let list = tasks(14).unwrap();
    let flag = Arc::new(AtomicBool::new(false));
    let done = nqueens::solve_task_until(14, &list[0], &flag).unwrap();
    assert_eq!(done.counts, solve_task(14, &list[0]));
    assert!(done.nodes > 0);
    flag.store(true, std::sync::atomic::Ordering::Relaxed);
    assert_eq!(nqueens::solve_task_until(14, &list[0], &flag), None);
}

/// The split's fingerprint is part of every shard result and checkpoint:
/// if this changes, tasks() changed, and SPLIT_VERSION must go up so that
/// old results are refused rather than mixed in.
#[test]
fn the_split_of_12_is_the_one_results_were_made_with() {
    let split = nqueens::Split::new(12).unwrap();
    assert_eq!(
        (nqueens::SPLIT_VERSION, split.len(), split.hash()),
        (1, PINNED_LEN, PINNED_HASH)
    );
}
const PINNED_LEN: usize = 3298;
const PINNED_HASH: u64 = 0x9efa_e029_4d6a_9ad2;
