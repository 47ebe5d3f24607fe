//! The search above the region: a bitmask depth-first search over the rows
//! the border queens leave free, joined with a bottom table at the region.

use backtrack::Limits;

use super::geometry::{Q, diag_down, diag_up, window_bit};
use super::table::{Probe, Table};

/// One row of the upper search: the step to the next row to fill.
#[derive(Clone, Copy, Default)]
struct Level {
    /// Rows advanced (more than 1 past a side queen's row).
    shift: u32,
    /// Pre-placed queens' diagonals on that next row.
    ld: u32,
    rd: u32,
}

/// A pending node: level, free squares of its row, used columns, diagonals.
#[derive(Clone, Copy, Default)]
pub(super) struct Node {
    level: u32,
    free: u32,
    cols: u32,
    ld: u32,
    rd: u32,
}

/// Reusable search stack, the limits that stop a search early, and what
/// the searches so far did.
#[derive(Default)]
pub(super) struct Scratch {
    pub(super) stack: Vec<Node>,
    /// The deadline and cancel flags, polled every [`CANCEL_POLL`] nodes.
    pub(super) limits: Limits,
    /// Nodes expanded so far.
    pub(super) nodes: u64,
    /// Whether a limit cut a search short: its count is then too low.
    pub(super) stopped: Option<backtrack::Stop>,
}

/// How many nodes a search visits between two looks at its cancel flag:
/// a few milliseconds of work.
const CANCEL_POLL: u32 = 1 << 16;

/// Stack slots for a search of `depth` levels of at most `width` squares:
/// one level pops a node and pushes at most `width`, so `width * depth + 1`
/// never wrap; a power of two so that an index wraps by a mask. Sized to
/// the search, not to the largest board: every task clears its stack.
fn stack_size(depth: usize, width: u32) -> usize {
    (width.min(32) as usize * depth + 1).next_power_of_two()
}

/// The upper search of a task, ready to run: its levels and its root.
struct Upper {
    levels: [Level; 32],
    depth: usize,
    root: Node,
}

/// Sets up the search of the pre-placed `queens` above a region of `k`
/// rows (0: no region); or, when no row is left above the region, gives
/// the used columns and the attacked squares of its first row.
fn setup(n: u32, queens: &[Q], k: u32) -> Result<Upper, (u32, u32, u32)> {
    let m = n - 1;
    let window = (1u32 << (n - 2)) - 1;
    let first_region_row = m - k;
    let rows_used = queens.iter().fold(0u64, |acc, q| acc | 1 << q.0);
    let free_rows: Vec<u8> = (1..first_region_row as u8)
        .filter(|&r| rows_used & 1 << r == 0)
        .collect();
    let cols = queens
        .iter()
        .fold(!window, |acc, q| acc | window_bit(m, q.1));
    let ld_at = |r: u8| diag_down(m, queens, r);
    let rd_at = |r: u8| diag_up(m, queens, r);

    let Some(&top) = free_rows.first() else {
        let r = first_region_row as u8;
        return Err((cols, ld_at(r), rd_at(r)));
    };
    let mut levels = [Level::default(); 32];
    for (i, &row) in free_rows.iter().enumerate() {
        let next = match (free_rows.get(i + 1), k > 0) {
            (Some(&r), _) => r,
            (None, true) => first_region_row as u8,
            // Last row and nothing below: a zero step makes the look-ahead
            // test the row itself.
            (None, false) => row,
        };
        levels[i] = Level {
            shift: u32::from(next - row),
            ld: if next == row { 0 } else { ld_at(next) },
            rd: if next == row { 0 } else { rd_at(next) },
        };
    }
    let (ld, rd) = (ld_at(top), rd_at(top));
    let root = Node {
        level: 0,
        free: !(cols | ld | rd),
        cols,
        ld,
        rd,
    };
    Ok(Upper {
        levels,
        depth: free_rows.len(),
        root,
    })
}

/// Completions of the pre-placed `queens`: the rows above the region by
/// search, the region by `table` (no table: no region, search to the end).
/// A `u64` suffices: one task would need decades to count past it.
pub(super) fn complete(n: u32, queens: &[Q], table: Option<&Table>, scratch: &mut Scratch) -> u64 {
    let upper = match setup(n, queens, table.map_or(0, |t| t.k)) {
        Ok(upper) => upper,
        Err((cols, ld, rd)) => {
            return match table {
                Some(t) => t.join(cols, ld, rd),
                None => u64::from(cols == u32::MAX),
            };
        }
    };
    match table {
        Some(t) => search(&upper.levels, upper.depth, upper.root, scratch, {
            let mut probes = [Probe::default(); 32];
            move |c, l, r, shift, free| t.join_row((c, l, r), shift, free, &mut probes)
        }),
        None => search(
            &upper.levels,
            upper.depth,
            upper.root,
            scratch,
            // No region: the last level is the board's last row, and
            // each of its safe squares completes the board.
            |_, _, _, _, free| u64::from(free.count_ones()),
        ),
    }
}

/// An estimate of the work [`complete`] does for these `queens`, in units
/// of about one node of the upper search: Knuth's estimator (random
/// root-to-leaf probes, the cost at each level weighted by the product of
/// the branching factors above it), averaged over `probes` probes drawn
/// from `seed`. Each placement that reaches a region of `k` rows costs
/// `leaf` more: the scan of its bucket of the table.
pub(super) fn estimate(n: u32, queens: &[Q], k: u32, leaf: f64, probes: u32, seed: u64) -> f64 {
    let Ok(upper) = setup(n, queens, k) else {
        return 1.0 + leaf;
    };
    if upper.root.free == 0 {
        return 1.0;
    }
    // The engine's fixed generator: the estimate is the same on every run.
    let mut random = backtrack::Rng::new(seed);
    let last = upper.depth as u32 - 1;
    let mut sum = 0.0;
    for _ in 0..probes {
        let mut node = upper.root;
        let mut paths = 1.0f64;
        let mut cost = 0.0;
        loop {
            let lv = upper.levels[node.level as usize & 31];
            let mut free = node.free;
            if node.level == last {
                let mut here = 0.0;
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free ^= bit;
                    here += 1.0 + leaf;
                }
                cost += paths * here;
                break;
            }
            let ahead = upper.levels[(node.level as usize + 1) & 31];
            let mut children = [Node::default(); 32];
            let mut count = 0;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                let cols = node.cols | bit;
                let ld = ((node.ld | bit) << lv.shift) | lv.ld;
                let rd = ((node.rd | bit) >> lv.shift) | lv.rd;
                let next = !(cols | ld | rd);
                let after =
                    !(cols | (ld << ahead.shift) | ahead.ld | (rd >> ahead.shift) | ahead.rd);
                if next != 0 && after != 0 {
                    children[count & 31] = Node {
                        level: node.level + 1,
                        free: next,
                        cols,
                        ld,
                        rd,
                    };
                    count += 1;
                }
            }
            cost += paths * (1.0 + node.free.count_ones() as f64);
            if count == 0 {
                break;
            }
            paths *= count as f64;
            node = children[random.below(count as u64) as usize & 31];
        }
        sum += cost;
    }
    sum / f64::from(probes.max(1))
}

/// Depth-first search over `depth` levels; `finish(cols, ld, rd, shift,
/// free)` counts the completions of the placements that fill the last
/// level: one more queen on a square of `free`, its diagonals shifted by
/// `shift` into `ld` and `rd` (already moved to the row below).
#[inline(always)]
fn search(
    levels: &[Level; 32],
    depth: usize,
    root: Node,
    scratch: &mut Scratch,
    mut finish: impl FnMut(u32, u32, u32, u32, u32) -> u64,
) -> u64 {
    if root.free == 0 {
        return 0;
    }
    let size = stack_size(depth, root.cols.count_zeros());
    let wrap = size - 1;
    let stack = &mut scratch.stack;
    stack.clear();
    stack.resize(size, Node::default());
    let stack = &mut stack[..size];
    stack[0] = root;
    let mut top = 1usize;
    let mut count = 0u64;
    let last = depth as u32 - 1;
    let mut until_poll = CANCEL_POLL;
    // Nodes are counted by the poll countdown: nothing more per node.
    let mut polls = 0u64;
    while top > 0 {
        until_poll -= 1;
        if until_poll == 0 {
            until_poll = CANCEL_POLL;
            polls += 1;
            // The count of a stopped search is only a part: the caller
            // reports it as such.
            if let Some(stop) = scratch.limits.poll() {
                scratch.stopped = Some(stop);
                break;
            }
        }
        top -= 1;
        let node = stack[top & wrap];
        let lv = levels[node.level as usize & 31];
        let mut free = node.free;
        if node.level == last {
            count += finish(
                node.cols,
                (node.ld << lv.shift) | lv.ld,
                (node.rd >> lv.shift) | lv.rd,
                lv.shift,
                free,
            );
            continue;
        }
        let ahead = levels[(node.level as usize + 1) & 31];
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let cols = node.cols | bit;
            let ld = ((node.ld | bit) << lv.shift) | lv.ld;
            let rd = ((node.rd | bit) >> lv.shift) | lv.rd;
            let next = !(cols | ld | rd);
            // Also require a free square one row further: cheap, and it
            // prunes most dead ends before they are pushed.
            let after = !(cols | (ld << ahead.shift) | ahead.ld | (rd >> ahead.shift) | ahead.rd);
            stack[top & wrap] = Node {
                level: node.level + 1,
                free: next,
                cols,
                ld,
                rd,
            };
            top += usize::from(next != 0 && after != 0);
        }
    }
    scratch.nodes += polls * u64::from(CANCEL_POLL) + u64::from(CANCEL_POLL - until_poll);
    count
}
