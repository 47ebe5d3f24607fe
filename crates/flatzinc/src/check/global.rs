//! The checks of the native globals that take more than a few lines, each
//! from the MiniZinc library's definition.

/// `disjunctive`: every two tasks that are present (`present`, all when
/// `None`) and take time are ordered, `s[i] + d[i] <= s[j]` or `s[j] +
/// d[j] <= s[i]`. Not strict, a task of duration 0 (or less) takes no time
/// (`d[i] = 0 \/ d[j] = 0 \/ ...`); strict, every task takes its place,
/// and every duration, an absent task's too, is at least 0.
pub(super) fn disjunctive(s: &[i128], d: &[i128], present: Option<&[bool]>, strict: bool) -> bool {
    let n = s.len();
    if d.len() != n || present.is_some_and(|p| p.len() != n) {
        return false;
    }
    if strict && d.iter().any(|&d| d < 0) {
        return false;
    }
    let runs = |i: usize| present.is_none_or(|p| p[i]) && (strict || d[i] > 0);
    (0..n).all(|i| {
        (i + 1..n).all(|j| !runs(i) || !runs(j) || s[i] + d[i] <= s[j] || s[j] + d[j] <= s[i])
    })
}

/// `subcircuit`: successors from `offset`; `x[i]` is `i`'s own index for
/// a node left out, and the others form one cycle (none at all when every
/// node is left out).
pub(super) fn subcircuit(offset: i128, x: &[i128]) -> bool {
    let n = x.len();
    let mut next = Vec::with_capacity(n);
    for &v in x {
        match usize::try_from(v - offset).ok().filter(|&j| j < n) {
            Some(j) => next.push(j),
            None => return false,
        }
    }
    let inside: Vec<usize> = (0..n).filter(|&i| next[i] != i).collect();
    let Some(&first) = inside.first() else {
        return true;
    };
    // Follow the successors from the first node in: back to it after
    // visiting exactly the nodes in, each once.
    let mut seen = vec![false; n];
    let mut at = first;
    for _ in 0..inside.len() {
        if seen[at] || next[at] == at {
            return false;
        }
        seen[at] = true;
        at = next[at];
    }
    at == first && inside.iter().all(|&i| seen[i])
}
