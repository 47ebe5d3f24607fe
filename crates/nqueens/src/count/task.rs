//! Tasks: the independent pieces the count is split into, a constellation
//! representative with possibly one more queen.

use super::constellation::{MIN_CONSTELLATION_N, Stabilizer, constellations, join_row};
use super::geometry::{Q, attacks};

/// Most queens a task fixes: four border queens and one more.
const TASK_QUEENS: usize = 5;

/// One independent piece of the count: a board with a few queens already
/// placed (the border queens of a constellation representative, possibly one
/// more queen on the first row the search fills).
///
/// Tasks come from [`Split::tasks`](crate::Split::tasks) in a fixed order;
/// [`Split::solve_task`](crate::Split::solve_task) counts one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Task {
    n: u8,
    stabilizer: Stabilizer,
    len: u8,
    queens: [(u8, u8); TASK_QUEENS],
}

impl Task {
    /// The board size the task belongs to.
    pub fn n(&self) -> u32 {
        u32::from(self.n)
    }

    /// The pre-placed queens as `(row, column)`, 0-based, in the orientation
    /// the search uses. Empty for the single task of a board below 4×4,
    /// which is counted exhaustively.
    pub fn queens(&self) -> &[(u8, u8)] {
        &self.queens[..usize::from(self.len)]
    }

    /// Which turns of the board leave the task's constellation in place.
    pub fn stabilizer(&self) -> Stabilizer {
        self.stabilizer
    }

    pub(super) fn new(n: u32, stabilizer: Stabilizer, queens: &[Q]) -> Task {
        let mut q = [(0, 0); TASK_QUEENS];
        q[..queens.len()].copy_from_slice(queens);
        Task {
            n: n as u8,
            stabilizer,
            len: queens.len() as u8,
            queens: q,
        }
    }
}

/// The deterministic list of independent tasks the count of `n` is split
/// into (`1 <= n <= MAX_N`); the same list, in the same order, on every
/// call. A board below 4x4 is one task with no queen placed.
pub(super) fn tasks(n: u32) -> Vec<Task> {
    if n < MIN_CONSTELLATION_N {
        return vec![Task::new(n, Stabilizer::None, &[])];
    }
    let m = (n - 1) as u8;
    let mut out = Vec::new();
    for (queens, stabilizer) in constellations(n) {
        let rows_used = queens.iter().fold(0u64, |acc, q| acc | 1 << q.0);
        let first_free = (1..m).find(|&r| rows_used & 1 << r == 0);
        let split_row = match (stabilizer, first_free) {
            (Stabilizer::None, Some(r)) if r < join_row(n, &queens) => Some(r),
            _ => None,
        };
        match split_row {
            None => out.push(Task::new(n, stabilizer, &queens)),
            Some(r) => {
                for c in 1..m {
                    let q = (r, c);
                    if queens.iter().all(|&p| !attacks(p, q)) {
                        let mut more = queens.clone();
                        more.push(q);
                        out.push(Task::new(n, stabilizer, &more));
                    }
                }
            }
        }
    }
    out
}
