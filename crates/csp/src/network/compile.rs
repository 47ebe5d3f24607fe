//! From a model to a network: the domains laid out in one array, the watch
//! lists of each variable, the branching order, and the first propagation.

use std::collections::VecDeque;
use std::sync::Arc;

use super::Network;
use super::schedule::Advice;
use super::state::{Fail, Layout, State, Static};
use super::store::Store;
use crate::model::Model;
use crate::propagator::Propagator;

impl Network {
    pub(crate) fn new(model: &Model, id: u64) -> Network {
        let n = model.vars.len();
        let mut starts = Vec::with_capacity(n);
        let mut words = Vec::new();
        for def in &model.vars {
            starts.push(words.len() as u32);
            words.extend_from_slice(&def.words);
        }
        let props: Box<[Propagator]> = model.props.clone().into();
        let mut degree = vec![0u32; n];
        let mut fixes: Vec<Vec<Advice>> = vec![Vec::new(); n];
        let mut changes: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (p, prop) in props.iter().enumerate() {
            let p = p as u32;
            for v in prop.vars() {
                degree[v as usize] += 1;
                if prop.is_scheduled() {
                    changes[v as usize].push(p);
                }
            }
            if let Propagator::NotEqual { x, y, c } = *prop {
                // x fixed to a: y != a - c; y fixed to b: x != b + c.
                fixes[x as usize].push(Advice::Differ { other: y, shift: c });
                if let Some(shift) = c.checked_neg() {
                    fixes[y as usize].push(Advice::Differ { other: x, shift });
                } else {
                    // c = i64::MIN: b + c needs no negation to compute.
                    fixes[y as usize].push(Advice::Propagator { p, pos: 1 });
                }
            } else if prop.is_advised() {
                for (pos, v) in prop.advised_vars().into_iter().enumerate() {
                    fixes[v as usize].push(Advice::Propagator { p, pos: pos as u32 });
                }
            }
        }
        let (fix_start, fix_watch) = flatten(fixes);
        let (change_start, change_watch) = flatten(changes);
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_by_key(|&v| (std::cmp::Reverse(degree[v as usize]), v));
        let stat = Static {
            model: id,
            vars: model
                .vars
                .iter()
                .zip(starts)
                .map(|(d, start)| Layout {
                    offset: d.offset,
                    start,
                    len: d.words.len() as u32,
                })
                .collect(),
            names: model.vars.iter().map(|d| d.name.clone()).collect(),
            props,
            fix_start,
            fix_watch,
            change_start,
            change_watch,
            order: order.into(),
        };
        let queued = vec![false; stat.props.len()];
        let mut network = Network {
            st: State {
                stamps: vec![0; words.len()],
                epoch: 0,
                words,
                trail: Vec::new(),
                marks: Vec::new(),
                failed: model.infeasible,
                fixed: Vec::new(),
                queue: VecDeque::new(),
                queued,
                scratch: Vec::new(),
                values: Vec::new(),
            },
            stat: Arc::new(stat),
        };
        network.propagate_root();
        network
    }

    /// The first propagation: every fixed variable advised, every scheduled
    /// propagator run once. Its changes are the root state, not undoable.
    pub(super) fn propagate_root(&mut self) {
        let stat = &*self.stat;
        let n = stat.vars.len() as u32;
        let mut store = Store {
            stat,
            st: &mut self.st,
        };
        let mut result = Ok(());
        for v in 0..n {
            let (start, end) = store.span(v);
            let size: u32 = store.st.words[start..end]
                .iter()
                .map(|w| w.count_ones())
                .sum();
            match size {
                0 => result = Err(Fail),
                1 => store.st.fixed.push(v),
                _ => {}
            }
        }
        for (p, prop) in stat.props.iter().enumerate() {
            if prop.is_scheduled() {
                store.st.queued[p] = true;
                store.st.queue.push_back(p as u32);
            }
        }
        if store.st.failed || result.and_then(|()| store.propagate()).is_err() {
            store.clear();
            store.st.failed = true;
        }
        store.st.trail.clear();
    }
}

/// Per-variable lists as one array and the start of each list.
fn flatten<T>(lists: Vec<Vec<T>>) -> (Box<[u32]>, Box<[T]>) {
    let mut starts = Vec::with_capacity(lists.len() + 1);
    let mut all = Vec::new();
    starts.push(0);
    for list in lists {
        all.extend(list);
        starts.push(all.len() as u32);
    }
    (starts.into(), all.into())
}
