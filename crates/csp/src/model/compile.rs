//! From a model to a network: the domains laid out in one array, the watch
//! lists of each variable, the branching order, and the first propagation.

use backtrack::{Limits, Stop};

use super::Model;
use crate::domain::{Advice, COPY_WORDS, Layout, Shifted, State, Static};
use crate::network::Network;
use crate::propagator::{Event, Prop, link_overlaps};

/// How many steps of the lay-out go between two looks at the limits.
const POLL_EVERY: usize = 1 << 12;

impl Model {
    /// [`compile`](Self::compile) within `limits`: the deadline and the
    /// cancel flags are looked at while the network is laid out, during the
    /// propagation at the root (every thousand steps or so, inside the long
    /// propagators too), and once more after it; the node budget is the
    /// search's, not looked at here.
    ///
    /// # Errors
    ///
    /// The limit that was reached first: no network is given, since one
    /// cut short would not be the model.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Instant;
    ///
    /// let mut m = csp::Model::new();
    /// let x = m.var(1..=3)?;
    /// let network = m.compile_with(&backtrack::Limits::default()).unwrap();
    /// assert_eq!(network.domain(x), [1, 2, 3]);
    /// let past = backtrack::Limits::default().deadline(Instant::now());
    /// assert_eq!(m.compile_with(&past).unwrap_err(), backtrack::Stop::Deadline);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn compile_with(&self, limits: &Limits) -> Result<Network, Stop> {
        let network = self.lay_out_within(self.id, limits)?;
        match limits.poll() {
            Some(stop) => Err(stop),
            None => Ok(network),
        }
    }

    /// The model laid out as a network, propagated at the root.
    pub(crate) fn lay_out(&self, id: u64) -> Network {
        match self.lay_out_within(id, &Limits::default()) {
            Ok(network) => network,
            Err(_) => unreachable!("no limit was set"),
        }
    }

    /// [`lay_out`](Self::lay_out), stopped by the deadline or a cancel
    /// flag of `limits` before the propagation at the root.
    fn lay_out_within(&self, id: u64, limits: &Limits) -> Result<Network, Stop> {
        let polling = limits.needs_polling();
        let poll = |step: usize| {
            if polling && step.is_multiple_of(POLL_EVERY) {
                limits.poll().map_or(Ok(()), Err)
            } else {
                Ok(())
            }
        };
        poll(0)?;
        let model = self;
        let n = model.vars.len();
        let mut props: Box<[Prop]> = model.props.clone().into();
        link_overlaps(&mut props, n);
        // After the domains, each user propagator's state cells, then the
        // entailment flags: words like the domains', trailed and copied.
        let mut words = model.words.clone();
        for prop in props.iter_mut() {
            if let Prop::User(user) = prop {
                let cells = user.prop.initial_state();
                user.state = (words.len() as u32, cells.len() as u32);
                words.extend(cells.iter().map(|&c| c as u64));
            }
        }
        let entailed = props.iter().any(Prop::can_entail).then(|| {
            let at = words.len();
            words.resize(at + props.len().div_ceil(64), 0);
            at as u32
        });
        let mut degree = vec![0u32; n];
        // (variable, what to do), in the order of the propagators.
        let places: usize = props.iter().map(|p| p.advised_vars().len()).sum();
        let mut fixes: Vec<(u32, Advice)> = Vec::with_capacity(places);
        let mut changes: Vec<(u32, u32)> = Vec::with_capacity(places);
        let mut bound_changes: Vec<(u32, u32)> = Vec::new();
        // (variable, dense all-different it is in).
        let mut units: Vec<(u32, u32)> = Vec::with_capacity(places);
        // (variable, a peer it differs from by a shift within one word).
        let mut shifts: Vec<(u32, (u32, u32, i32))> = Vec::new();
        let one_word = |v: u32| model.vars[v as usize].len == 1;
        let interval = |v: u32| model.vars[v as usize].len == 0;
        for (p, prop) in props.iter().enumerate() {
            poll(p)?;
            let p = p as u32;
            let scheduled = prop.is_scheduled();
            for &v in prop.vars().iter() {
                degree[v as usize] += 1;
            }
            if let Prop::User(user) = prop {
                for (&v, &event) in user.vars.iter().zip(user.events.iter()) {
                    match event {
                        Event::Fixed => fixes.push((v, Advice::Wake { p })),
                        Event::Bounds => bound_changes.push((v, p)),
                        _ => changes.push((v, p)),
                    }
                }
            } else if scheduled {
                for &v in prop.vars().iter() {
                    if prop.reads_bounds_of(v) {
                        bound_changes.push((v, p));
                    } else {
                        changes.push((v, p));
                    }
                }
            }
            if prop.is_advised() && !scheduled && !matches!(prop, Prop::Predicate(_)) {
                // Advice about a fixed variable removes a value from an
                // interval only at its bounds: one that a bound moves onto
                // later must be removed then (a predicate only checks).
                let vars = prop.vars();
                bound_changes.extend(vars.iter().filter(|&&v| interval(v)).map(|&v| (v, p)));
            }
            if let Prop::NotEqual { x, y, c } = *prop
                && one_word(x)
                && one_word(y)
                && model.vars[x as usize].offset == model.vars[y as usize].offset
                && c.unsigned_abs() < 64
            {
                // The bit of x's value, moved by -c, is y's bit to clear;
                // y's moved by c, x's.
                let c = c as i32;
                let word = |v: u32| model.vars[v as usize].start;
                shifts.push((x, (y, word(y), -c)));
                shifts.push((y, (x, word(x), c)));
            } else if let Prop::NotEqual { x, y, c } = *prop {
                // x fixed to a: y != a - c; y fixed to b: x != b + c.
                fixes.push((x, Advice::Differ { other: y, shift: c }));
                if let Some(shift) = c.checked_neg() {
                    fixes.push((y, Advice::Differ { other: x, shift }));
                } else {
                    // c = i64::MIN: b + c needs no negation to compute.
                    fixes.push((y, Advice::Prop { p, pos: 1 }));
                }
            } else if let Prop::AllDifferent {
                vars,
                dense: Some(_),
            } = prop
            {
                // More variables than the 64 values of a word fails at the
                // root (the Hall check): no advice needed, and the peer
                // lists below stay within 64 per constraint.
                if vars.len() <= 64 {
                    units.extend(vars.iter().map(|&v| (v, p)));
                }
            } else if prop.is_advised() {
                for (pos, &v) in prop.advised_vars().iter().enumerate() {
                    fixes.push((v, Advice::Prop { p, pos: pos as u32 }));
                }
            }
        }
        // Each variable's peers in the dense all-differents, each once; and
        // its shifted peers. A variable with both has one list of peers,
        // each with every shift its bit moves by (0 for the all-different):
        // the columns and both diagonals of N-queens in one pass.
        let (unit_start, units) = by_var(n, units);
        let (shift_start, shifts) = by_var(n, shifts);
        let mut distinct: Vec<(u32, u32)> = Vec::with_capacity(units.len() * 8);
        let mut shifted: Vec<Shifted> = Vec::with_capacity(shifts.len());
        let mut seen = vec![u32::MAX; n];
        // Where each peer of the current variable is in `shifted`.
        let mut slot = vec![(u32::MAX, 0u32); n];
        poll(0)?;
        for v in 0..n {
            poll(v)?;
            let start = distinct.len() as u32;
            for &p in &units[unit_start[v] as usize..unit_start[v + 1] as usize] {
                if let Prop::AllDifferent {
                    vars,
                    dense: Some(dense),
                } = &props[p as usize]
                {
                    for (&u, &w) in vars.iter().zip(dense.words.iter()) {
                        if u as usize != v && seen[u as usize] != v as u32 {
                            seen[u as usize] = v as u32;
                            distinct.push((u, w));
                        }
                    }
                }
            }
            let end = distinct.len() as u32;
            let mine = &shifts[shift_start[v] as usize..shift_start[v + 1] as usize];
            if mine.is_empty() {
                if end > start {
                    fixes.push((v as u32, Advice::Distinct { start, end }));
                }
                continue;
            }
            let first = shifted.len() as u32;
            let peers = distinct[start as usize..].iter().map(|&(u, w)| (u, w, 0));
            for (u, w, shift) in peers.chain(mine.iter().copied()) {
                match slot[u as usize] {
                    (owner, i) if owner == v as u32 => shifted[i as usize].add(shift),
                    _ => {
                        slot[u as usize] = (v as u32, shifted.len() as u32);
                        shifted.push(Shifted::new(u, w, shift));
                    }
                }
            }
            distinct.truncate(start as usize);
            let last = shifted.len() as u32;
            fixes.push((
                v as u32,
                Advice::Shifted {
                    start: first,
                    end: last,
                },
            ));
        }
        poll(0)?;
        let (fix_start, fix_watch) = by_var(n, fixes);
        let (change_range, change_watch) = watch_lists(n, changes);
        let (bounds_range, bounds_watch) = watch_lists(n, bound_changes);
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_by_key(|&v| (std::cmp::Reverse(degree[v as usize]), v));
        let wdeg = model
            .groups
            .iter()
            .any(|g| g.var_order == crate::VarOrder::DomWdeg);
        poll(0)?;
        let stat = Static {
            model: id,
            vars: model
                .vars
                .iter()
                .map(|d| Layout {
                    offset: d.offset,
                    start: d.start,
                    len: d.len,
                })
                .collect(),
            names: model.vars.iter().map(|d| d.name.clone()).collect(),
            props: props.len(),
            distinct: distinct.into(),
            shifted: shifted.into(),
            fix_start,
            fix_watch,
            change_range,
            change_watch,
            bounds_watched: !bounds_watch.is_empty(),
            bounds_range,
            bounds_watch,
            order: order.into(),
            degree: degree.into(),
            copies: words.len() <= COPY_WORDS,
            objective: model.objective,
            groups: model.groups.clone().into(),
            wdeg,
            entailed,
            learn: false,
            word_var: Box::default(),
        };
        let st = State {
            // Room for a deep search without growing.
            trail: Vec::with_capacity(4 * words.len()),
            // Room for 16 levels of copies, if it copies.
            saved: Vec::with_capacity(if words.len() <= COPY_WORDS {
                16 * words.len()
            } else {
                0
            }),
            marks: Vec::with_capacity(n),
            failed: model.infeasible,
            bound: None,
            weights: if wdeg { vec![0; n] } else { Vec::new() },
            fixed: Vec::with_capacity(n),
            dirty: vec![0; stat.props.div_ceil(64)],
            round: vec![0; stat.props.div_ceil(64)],
            round_at: 0,
            scratch: Vec::new(),
            values: Vec::new(),
            running: 0,
            words,
            limits: None,
            poll_in: 1,
            cut: None,
            trace: Default::default(),
        };
        poll(0)?;
        Ok(Network::new(stat, props, st, limits))
    }
}

/// Each variable's propagators to schedule, as `(range, entries)`: the
/// entries of variable `v` are `entries[range[v].0..range[v].1]`, each a
/// word of the dirty bits and the bits to set in it.
#[allow(clippy::type_complexity)]
fn watch_lists(n: usize, pairs: Vec<(u32, u32)>) -> (Box<[(u32, u32)]>, Box<[(u32, u64)]>) {
    // A variable's propagators come in increasing order (a propagator may
    // repeat): those in one word of the dirty bits become one entry.
    let (start, props) = by_var(n, pairs);
    let mut watch: Vec<(u32, u64)> = Vec::with_capacity(props.len());
    let mut range = Vec::with_capacity(n);
    for v in 0..n {
        let first = watch.len();
        for &p in &props[start[v] as usize..start[v + 1] as usize] {
            let (word, bit) = (p / 64, 1u64 << (p % 64));
            match watch[first..].last_mut() {
                Some((w, mask)) if *w == word => *mask |= bit,
                _ => watch.push((word, bit)),
            }
        }
        range.push((first as u32, watch.len() as u32));
    }
    (range.into(), watch.into())
}

/// `(variable, item)` pairs grouped by variable, each group in its original
/// order: the start of each variable's group, and the items.
fn by_var<T: Copy>(n: usize, pairs: Vec<(u32, T)>) -> (Box<[u32]>, Box<[T]>) {
    let mut starts = vec![0u32; n + 1];
    for &(v, _) in &pairs {
        starts[v as usize + 1] += 1;
    }
    for v in 0..n {
        starts[v + 1] += starts[v];
    }
    let mut next = starts.clone();
    let mut items = Vec::with_capacity(pairs.len());
    items.resize(pairs.len(), None);
    for (v, item) in pairs {
        items[next[v as usize] as usize] = Some(item);
        next[v as usize] += 1;
    }
    (starts.into(), items.into_iter().flatten().collect())
}
