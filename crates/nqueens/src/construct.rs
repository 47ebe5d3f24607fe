//! One solution for any board that has one, without search.

use crate::solution::{Solution, validate};

/// A solution of the n x n board, built directly: O(n) time and memory, no
/// search. Every n except 2 and 3 has one.
///
/// Returns `None` for n = 2 and n = 3, which have no solution, and for
/// n = 0. The result is validated (by [`validate`], in O(n)) before it is
/// returned, so a `Some` is always a solution.
///
/// # The construction
///
/// Rows and columns are numbered from 1 here; the solution is given as the
/// column of each row's queen.
///
/// **n mod 6 is 0 or 4** (n even, m = n/2): rows 1..m take the even columns
/// 2, 4, .., n and rows m+1..n the odd columns 1, 3, .., n-1, that is
/// (i, 2i) and (m+i, 2i-1) for i = 1..m. Columns are all different. Two
/// queens of the same half differ by d rows and 2d columns, so they share no
/// diagonal. A queen (i, 2i) of the first half and (m+j, 2j-1) of the
/// second, with d = j - i, share a diagonal when m + d = ±(2d - 1): either
/// d = m + 1, out of range, or 3d = 1 - m, which needs m = 1 (mod 3), that
/// is n = 2 (mod 6). So for n = 0 or 4 (mod 6) the placement is a solution.
///
/// **n mod 6 is 1 or 5**: take the solution for n - 1 (which is 0 or 4 mod 6)
/// and add a queen in the corner (n, n). Its row and column are new, its
/// anti-diagonal has no other square, and its diagonal is the main one,
/// (i, i), which the n - 1 placement leaves empty: 2i = i and 2i - 1 = m + i
/// have no solution with 1 <= i <= m.
///
/// **n mod 6 is 2 or 3**, where the above fails: the even columns and the
/// odd columns are listed apart and reordered (the construction of Hoffman,
/// Loessi and Moore, 1969). For n = 2 (mod 6) the odd list starts 3, 1 and
/// has 5 moved to its end: 2, 4, .., n, 3, 1, 7, 9, .., n-1, 5. For n = 3
/// (mod 6) the even list has 2 moved to its end and the odd list 1 and 3:
/// 4, 6, .., n-1, 2, 5, 7, .., n, 1, 3. These are checked by the same
/// validation as every other case, and the tests validate every n up to 200
/// and several above a million.
///
/// # Complexity
///
/// O(n) time and memory: one pass to build, one to validate.
///
/// # Example
///
/// ```
/// let solution = nqueens::construct(8).unwrap();
/// assert_eq!(solution.columns(), [1, 3, 5, 7, 2, 0, 6, 4]);
/// assert!(nqueens::construct(3).is_none());
/// assert_eq!(nqueens::construct(10_000_000).unwrap().size(), 10_000_000);
/// ```
pub fn construct(n: u32) -> Option<Solution> {
    let columns = match n {
        0 | 2 | 3 => return None,
        _ => columns(n),
    };
    // The argument above says this cannot fail; the check makes sure no
    // mistake in the code ever hands out a placement that is not a solution.
    match validate(n, &columns) {
        Ok(()) => Some(Solution::from_columns(columns)),
        Err(conflict) => unreachable!("construct({n}) built an invalid placement: {conflict}"),
    }
}

/// The 0-based columns of the construction, row by row (n >= 4, or 1).
fn columns(n: u32) -> Vec<u32> {
    let mut one_based: Vec<u32> = Vec::with_capacity(n as usize);
    match n % 6 {
        2 => {
            one_based.extend((2..=n).step_by(2));
            one_based.extend([3, 1]);
            one_based.extend((7..=n).step_by(2));
            one_based.push(5);
        }
        3 => {
            one_based.extend((4..=n).step_by(2));
            one_based.push(2);
            one_based.extend((5..=n).step_by(2));
            one_based.extend([1, 3]);
        }
        _ => {
            // Evens then odds: for odd n the last odd is n itself, the
            // corner queen (n, n).
            one_based.extend((2..=n).step_by(2));
            one_based.extend((1..=n).step_by(2));
        }
    }
    for c in &mut one_based {
        *c -= 1;
    }
    one_based
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_up_to_200_with_a_solution_gets_one() {
        for n in 1..=200 {
            match construct(n) {
                Some(solution) => {
                    assert_eq!(validate(n, solution.columns()), Ok(()), "n = {n}");
                    assert!(n == 1 || n >= 4);
                }
                None => assert!(n == 2 || n == 3, "n = {n}"),
            }
        }
    }

    #[test]
    fn large_boards_of_every_residue() {
        for n in 1_000_000..1_000_006 {
            assert_eq!(construct(n).map(|s| s.size()), Some(n));
        }
    }

    #[test]
    fn the_simple_case_fails_exactly_where_the_argument_says() {
        // Evens then odds is a solution unless n = 2 or 3 (mod 6).
        for n in 4..=120u32 {
            let simple: Vec<u32> = (2..=n)
                .step_by(2)
                .chain((1..=n).step_by(2))
                .map(|c| c - 1)
                .collect();
            assert_eq!(
                validate(n, &simple).is_ok(),
                n % 6 != 2 && n % 6 != 3,
                "n = {n}"
            );
        }
    }

    #[test]
    fn zero_has_no_solution() {
        assert!(construct(0).is_none());
    }
}
