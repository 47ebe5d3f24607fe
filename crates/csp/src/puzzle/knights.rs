//! The knight's tour: a closed tour of a board by knight's moves.

use crate::error::Error;
use crate::model::Model;
use crate::var::Var;

/// A closed knight's tour of an `n` by `n` board: `succ[i]` is the square
/// (`row * n + column`) the knight jumps to from square `i`, each square's
/// domain its knight moves, and a [`circuit`](Model::circuit) through them
/// all. (None exists for odd `n`, nor for `n` below 6.)
///
/// # Errors
///
/// [`Error::DomainTooLarge`] for boards of more than
/// [`MAX_DOMAIN`](crate::MAX_DOMAIN) squares.
pub fn knights_tour(n: usize) -> Result<(Model, Vec<Var>), Error> {
    if n * n > crate::MAX_DOMAIN {
        return Err(Error::DomainTooLarge {
            size: (n * n) as u128,
        });
    }
    let mut m = Model::new();
    let size = n as i64;
    let mut succ = Vec::with_capacity(n * n);
    for r in 0..size {
        for c in 0..size {
            let moves = [
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ]
            .into_iter()
            .map(|(dr, dc)| (r + dr, c + dc))
            .filter(|&(r, c)| (0..size).contains(&r) && (0..size).contains(&c))
            .map(|(r, c)| r * size + c);
            // One range for every square, narrowed by a table of one
            // column: the all-different of the circuit then sees domains of
            // one layout (its fast path, up to 8 by 8).
            let square = m.var(0..=size * size - 1)?;
            m.table(&[square], moves.map(|to| [to]))?;
            succ.push(square);
        }
    }
    m.circuit(&succ)?;
    Ok((m, succ))
}
