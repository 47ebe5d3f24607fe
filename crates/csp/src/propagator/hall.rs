//! All different with bounds consistency, from scratch: Hall intervals.
//!
//! An interval `[lo, hi]` holding the bounds of as many variables as it has
//! values is a Hall interval: those variables take all its values, so the
//! others cannot take any, and their bounds move out of it. More variables
//! than values fails. Every interval between a smallest and a largest
//! value is tried, to a fixpoint: `O(n^3)` per run (the `O(n log n)`
//! algorithms of the literature are not built).

use crate::network::{Fail, Store};

/// `vars` all different, on bounds.
#[derive(Clone, Debug)]
pub(crate) struct Hall {
    pub(crate) vars: Box<[u32]>,
}

impl Hall {
    pub(crate) fn run(&self, s: &mut Store<'_>) -> Result<(), Fail> {
        loop {
            let bounds: Vec<(i64, i64)> = self.vars.iter().map(|&v| (s.min(v), s.max(v))).collect();
            let mut changed = false;
            for &(lo, _) in &bounds {
                for &(_, hi) in &bounds {
                    if lo > hi {
                        continue;
                    }
                    let inside = bounds.iter().filter(|&&(a, b)| lo <= a && b <= hi).count();
                    // hi - lo + 1 values; the bounds fit in i64, the width
                    // in i128.
                    let width = hi as i128 - lo as i128 + 1;
                    if inside as i128 > width {
                        return Err(Fail);
                    }
                    if inside as i128 == width {
                        for (&v, &(a, b)) in self.vars.iter().zip(&bounds) {
                            if lo <= a && b <= hi {
                                continue;
                            }
                            if lo <= s.min(v) && s.min(v) <= hi {
                                changed |= s.set_min(v, hi.saturating_add(1))?;
                            }
                            if lo <= s.max(v) && s.max(v) <= hi {
                                changed |= s.set_max(v, lo.saturating_sub(1))?;
                            }
                        }
                    }
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }
}
