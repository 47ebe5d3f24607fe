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
