//! Search strategies: which variables the search branches on, in which
//! order, and how it splits their domains.

/// How the next variable of a group is picked among its unfixed ones. Ties
/// go to the variable listed first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum VarOrder {
    /// The first unfixed variable, in the order given.
    Input,
    /// The fewest values left.
    SmallestDomain,
    /// The smallest value left in its domain.
    SmallestValue,
    /// The largest value left in its domain.
    LargestValue,
    /// The fewest values left per failure seen on its constraints
    /// (dom/wdeg): each time propagation fails, the variables of the
    /// constraint that failed (or the variable whose domain ran empty)
    /// weigh one more. The weights live in the network and grow over the
    /// whole search, deterministically.
    DomWdeg,
    /// The most values left (MiniZinc's `anti_first_fail`).
    LargestDomain,
    /// The fewest values left, ties going to the variable in the most
    /// constraints (MiniZinc's `most_constrained`), then to the first
    /// listed.
    MostConstrained,
    /// The variable in the most constraints (MiniZinc's `occurrence`).
    Occurrence,
    /// The largest difference between its two smallest values (MiniZinc's
    /// `max_regret`).
    MaxRegret,
}

/// How the picked variable's domain is branched on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ValueOrder {
    /// The smallest value: `x = min`, else `x != min` (and a variable
    /// chosen again).
    Min,
    /// The largest value: `x = max`, else `x != max`.
    Max,
    /// The median value (the lower one of two): `x = m`, else `x != m`.
    Median,
    /// Two branches: `x <= m`, then `x > m`, with `m` the middle of the
    /// bounds (rounded down): the domain halved, which wide domains need.
    Split,
    /// Two branches: `x > m`, then `x <= m`.
    SplitUpper,
    /// A value drawn from the domain by the seed (MiniZinc's
    /// `indomain_random`): `x = r`, else `x != r`. The draw is a hash of
    /// the seed, the variable and its domain's bounds and size, so the same
    /// seed gives the same search every time, on one thread or several,
    /// and another seed another order. [`Model::reseed`](crate::Model::reseed)
    /// gives every such group of a model one seed.
    Random(u64),
}

/// One group of decision variables (see [`Model::branch`](crate::Model::branch)).
#[derive(Clone, Debug)]
pub(crate) struct Group {
    pub(crate) vars: Box<[u32]>,
    pub(crate) var_order: VarOrder,
    pub(crate) value_order: ValueOrder,
}

/// The pseudo-random number of [`ValueOrder::Random`] for a variable and
/// its domain: the seed, the variable and the domain mixed by SplitMix64's
/// finaliser, so that the same state always draws the same value.
pub(crate) fn draw(seed: u64, v: u32, lo: i64, hi: i64, size: u64) -> u64 {
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut h = mix(seed ^ 0x9e37_79b9_7f4a_7c15);
    for word in [u64::from(v), lo as u64, hi as u64, size] {
        h = mix(h ^ word);
    }
    h
}

/// What a search that learns from its failures decides on (see
/// [`Network::learn_search`](crate::Network::learn_search)) when the model
/// has groups of decision variables ([`Model::branch`](crate::Model::branch),
/// a FlatZinc search annotation); without groups it always follows the
/// activity of the variables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LearnSearch {
    /// The groups' variables first, each group's as it asks (one branch,
    /// the other learned from its failures), then the most active of the
    /// rest, at their last values, without restarts but those that keep
    /// the store of learned clauses bounded (each follows the groups
    /// again): as Chuffed follows a search annotation.
    Groups,
    /// The groups and activity in turn, switching at every second restart
    /// (Luby's, 100 failures a unit): the groups lead the first run, then
    /// the variables of recent failures. Chuffed's free search (`-f`).
    Alternate,
    /// The groups to the first solution of an optimisation problem (the
    /// first bound, found as the model's author asked), then activity
    /// alone, restarting on Luby's sequence: the most active variable of
    /// the first tier ([`Network::learn_first`](crate::Network::learn_first),
    /// by default the booleans), else the most active of the rest; the
    /// groups' variables only start the most active, in their order. A
    /// problem without an objective is searched by activity from the
    /// start. The default: measured on 41 public MiniZinc instances
    /// (docs/performance.md), it solves more in 20 s than following the
    /// groups throughout or in turn.
    #[default]
    Activity,
}

/// The first variable with the smallest key (a group's tie goes to the
/// first listed).
pub(crate) fn min_by<K: Ord>(
    items: impl Iterator<Item = u32>,
    key: impl Fn(u32) -> K,
) -> Option<u32> {
    let mut best: Option<(u32, K)> = None;
    for v in items {
        let k = key(v);
        if best.as_ref().is_none_or(|(_, b)| k < *b) {
            best = Some((v, k));
        }
    }
    best.map(|(v, _)| v)
}
