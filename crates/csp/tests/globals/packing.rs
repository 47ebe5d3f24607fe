//! The packing globals with repeats: bin packing with loads, with
//! capacities and with one capacity; diffn, strict and not, with sizes that
//! are variables (0 and negative among their values).

use csp::{Model, Var};
use proptest::prelude::*;

use super::{agree, domains, objective, pick, positions, vars_at};

/// The weight of the items whose bin is `b`.
fn weight_in(bins: &[i64], weights: &[i64], b: i64) -> i64 {
    bins.iter()
        .zip(weights)
        .filter(|&(&x, _)| x == b)
        .map(|(_, &w)| w)
        .sum()
}

/// MiniZinc's `fzn_bin_packing_load`, bins numbered from `first`.
fn load_holds(loads: &[i64], first: i64, bins: &[i64], weights: &[i64]) -> bool {
    let last = first + loads.len() as i64;
    loads.iter().sum::<i64>() == weights.iter().sum::<i64>()
        && bins.iter().all(|&b| first <= b && b < last)
        && (0..loads.len()).all(|k| loads[k] == weight_in(bins, weights, first + k as i64))
}

/// MiniZinc's `fzn_bin_packing_capa`, bins numbered from `first`.
fn capa_holds(capacities: &[i64], first: i64, bins: &[i64], weights: &[i64]) -> bool {
    let last = first + capacities.len() as i64;
    bins.iter().all(|&b| first <= b && b < last)
        && (0..capacities.len())
            .all(|k| capacities[k] >= weight_in(bins, weights, first + k as i64))
}

/// MiniZinc's `fzn_bin_packing`: every bin from the lowest value of the
/// domains to the highest holds at most `c`.
fn one_capacity_holds(c: i64, domains: &[Vec<i64>], at: &[usize], bins: &[i64], w: &[i64]) -> bool {
    let lo = at.iter().map(|&i| domains[i][0]).min();
    let hi = at.iter().map(|&i| *domains[i].last().unwrap()).max();
    match (lo, hi) {
        (Some(lo), Some(hi)) => (lo..=hi).all(|b| weight_in(bins, w, b) <= c),
        _ => true,
    }
}

/// MiniZinc's `fzn_diffn` (`strict`) or `fzn_diffn_nonstrict`, rectangle
/// by rectangle `[x, y, dx, dy]`.
fn diffn_holds(r: &[[i64; 4]], strict: bool) -> bool {
    (0..r.len()).all(|i| {
        (i + 1..r.len()).all(|j| {
            let ([xi, yi, dxi, dyi], [xj, yj, dxj, dyj]) = (r[i], r[j]);
            (!strict && [dxi, dxj, dyi, dyj].contains(&0))
                || xi + dxi <= xj
                || yi + dyi <= yj
                || xj + dxj <= xi
                || yj + dyj <= yi
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn bin_packing_load_with_loads_among_the_bins_and_repeated_items(
        (d, loads, first, bins, weights, goal) in (1usize..=6).prop_flat_map(|n| (
            domains(n),
            positions(n, 3),
            -1i64..=1,
            positions(n, 4),
            prop::collection::vec(0i64..=3, 4),
            objective(n),
        )),
    ) {
        let weights = &weights[..bins.len()];
        agree(
            &d,
            &|m, v| m.bin_packing_load(&vars_at(v, &loads), first, &vars_at(v, &bins), weights),
            &|a| load_holds(&pick(a, &loads), first, &pick(a, &bins), weights),
            &goal,
        )?;
    }

    #[test]
    fn bin_packing_capa_with_repeated_items_and_capacities_below_0(
        (d, capacities, first, bins, weights, goal) in (1usize..=5).prop_flat_map(|n| (
            domains(n),
            prop::collection::vec(-1i64..=4, 0..=4),
            -1i64..=1,
            positions(n, 5),
            prop::collection::vec(0i64..=3, 5),
            objective(n),
        )),
    ) {
        let weights = &weights[..bins.len()];
        agree(
            &d,
            &|m, v| m.bin_packing_capa(&capacities, first, &vars_at(v, &bins), weights),
            &|a| capa_holds(&capacities, first, &pick(a, &bins), weights),
            &goal,
        )?;
    }

    #[test]
    fn bin_packing_with_one_capacity_and_weights_of_0(
        (d, c, bins, weights, goal) in (1usize..=5).prop_flat_map(|n| (
            domains(n),
            -1i64..=5,
            positions(n, 5),
            prop::collection::vec(0i64..=3, 5),
            objective(n),
        )),
    ) {
        let weights = &weights[..bins.len()];
        agree(
            &d,
            &|m, v| m.bin_packing(c, &vars_at(v, &bins), weights),
            &|a| one_capacity_holds(c, &d, &bins, &pick(a, &bins), weights),
            &goal,
        )?;
    }

    #[test]
    fn diffn_strict_and_not_with_variable_sizes_of_0_and_below(
        (d, rects, strict, goal) in (2usize..=6).prop_flat_map(|n| (
            domains(n),
            prop::collection::vec(prop::array::uniform4(0..n), 0..=3),
            any::<bool>(),
            objective(n),
        )),
    ) {
        let column = |c: usize| rects.iter().map(|r| r[c]).collect::<Vec<_>>();
        let [x, y, dx, dy] = [0, 1, 2, 3].map(column);
        agree(
            &d,
            &|m, v| {
                let [x, y, dx, dy] = [&x, &y, &dx, &dy].map(|c| vars_at(v, c));
                if strict { m.diffn(&x, &y, &dx, &dy) } else { m.diffn_nonstrict(&x, &y, &dx, &dy) }
            },
            &|a| {
                let r: Vec<[i64; 4]> = rects.iter().map(|r| r.map(|i| a[i])).collect();
                diffn_holds(&r, strict)
            },
            &goal,
        )?;
    }
}

/// The domains of `vars` after the root's propagation.
fn root(m: &Model, vars: &[Var]) -> Vec<Vec<i64>> {
    let network = m.compile();
    vars.iter().map(|&v| network.domain(v)).collect()
}

#[test]
fn bin_packing_load_bounds_a_load_by_the_items_sure_and_possible_in_its_bin() {
    // Items 2 and 3; the 2 in bin 0: bin 0's load is 2 or 5.
    let mut m = Model::new();
    let loads = m.vars(2, 0..=9).unwrap();
    let bins = [m.var(0..=0).unwrap(), m.var(0..=1).unwrap()];
    m.bin_packing_load(&loads, 0, &bins, &[2, 3]).unwrap();
    let network = m.compile();
    assert_eq!(network.bounds(loads[0]), Some((2, 5)));
    assert_eq!(network.bounds(loads[1]), Some((0, 3)));
}

#[test]
fn bin_packing_capa_takes_an_item_out_of_a_bin_it_no_longer_fits() {
    // Capacities 3, 9 and 9; a 2 in bin 0 leaves no room there for
    // another, which no bin needs.
    let mut m = Model::new();
    let bins = [m.var(0..=0).unwrap(), m.var(0..=2).unwrap()];
    m.bin_packing_capa(&[3, 9, 9], 0, &bins, &[2, 2]).unwrap();
    assert_eq!(root(&m, &bins), [vec![0], vec![1, 2]]);
}

#[test]
fn bin_packing_load_puts_the_items_a_load_needs_into_its_bin() {
    // Bin 0 must weigh 5: only the 3 and the 2 may go there, while the
    // other bins' loads still have room for either.
    let mut m = Model::new();
    let loads = [
        m.var(5..=5).unwrap(),
        m.var(0..=9).unwrap(),
        m.var(0..=9).unwrap(),
    ];
    let bins = [
        m.var_in([0, 1]).unwrap(),
        m.var_in([0, 2]).unwrap(),
        m.var_in([1, 2]).unwrap(),
    ];
    m.bin_packing_load(&loads, 0, &bins, &[3, 2, 4]).unwrap();
    assert_eq!(root(&m, &bins), [vec![0], vec![0], vec![1, 2]]);
}

#[test]
fn bin_packing_load_bounds_a_load_by_the_total_less_the_others_smallest_loads() {
    // Two 3s, bin 1 weighing at least 3: bin 0 at most 3.
    let mut m = Model::new();
    let loads = [m.var(0..=9).unwrap(), m.var(3..=9).unwrap()];
    let bins = m.vars(2, 0..=1).unwrap();
    m.bin_packing_load(&loads, 0, &bins, &[3, 3]).unwrap();
    assert_eq!(m.compile().bounds(loads[0]), Some((0, 3)));
}

#[test]
fn bin_packing_load_places_the_items_a_load_needs_and_keeps_the_others_out() {
    // Bin 0 must weigh 5 out of 3, 2 and 1: the 3 and the 2 are needed
    // there, which leaves no room for the 1.
    let mut m = Model::new();
    let loads = [m.var(5..=5).unwrap(), m.var(0..=9).unwrap()];
    let bins = m.vars(3, 0..=1).unwrap();
    m.bin_packing_load(&loads, 0, &bins, &[3, 2, 1]).unwrap();
    assert_eq!(root(&m, &bins), [vec![0], vec![0], vec![1]]);
    assert_eq!(root(&m, &loads[1..]), [vec![1]]);
}

/// Squares `a` and `b` of side 2 at x = 1, y in 0..=2, and a rectangle `c`
/// of width `w` and height 2 anywhere in x 0..=2, y 0..=2.
fn strip(w: i64) -> (Model, Var) {
    let mut m = Model::new();
    let x = [
        m.var(1..=1).unwrap(),
        m.var(1..=1).unwrap(),
        m.var(0..=2).unwrap(),
    ];
    let y = m.vars(3, 0..=2).unwrap();
    let (two, w) = (m.var(2..=2).unwrap(), m.var(w..=w).unwrap());
    m.diffn(&x, &y, &[two, two, w], &[two, two, two]).unwrap();
    (m, x[2])
}

#[test]
fn diffn_moves_a_rectangle_off_the_columns_that_others_fill_to_their_extent() {
    // a and b fill x 1..3 over the height 4 their bounds span, though no
    // pair alone says so: c of width 1 goes to x = 0, and one of width 2
    // has no place at the root.
    let (m, x) = strip(1);
    assert_eq!(m.compile().domain(x), [0]);
    let (m, _) = strip(2);
    assert!(m.compile().is_failed());
}

#[test]
fn diffn_pushes_a_rectangle_past_another_it_cannot_be_above_or_below() {
    let mut m = Model::new();
    let x = [m.var(0..=0).unwrap(), m.var(0..=3).unwrap()];
    let y = [m.var(0..=1).unwrap(), m.var(0..=1).unwrap()];
    let two = m.var(2..=2).unwrap();
    m.diffn(&x, &y, &[two, two], &[two, two]).unwrap();
    assert_eq!(m.compile().domain(x[1]), [2, 3]);
}

#[test]
fn packing_near_the_ends_of_i64_sums_past_them_without_overflow() {
    // Two items of i64::MAX: one bin of that capacity cannot take both,
    // two can, one each.
    let big = i64::MAX;
    for (capacities, expected) in [(vec![big], 0), (vec![big, big], 2)] {
        let mut m = Model::new();
        let bins = m.vars(2, 0..=1).unwrap();
        m.bin_packing_capa(&capacities, 0, &bins, &[big, big])
            .unwrap();
        assert_eq!(m.compile().solutions(9).len(), expected, "{capacities:?}");
    }
    // A rectangle of width i64::MAX at x = i64::MAX - 1 leaves no room to
    // its right, nor to its left for one that starts at i64::MAX - 1 or
    // later: the two at the same height overlap.
    let mut m = Model::new();
    let x = [
        m.var(big - 1..=big - 1).unwrap(),
        m.var(big - 1..=big).unwrap(),
    ];
    let y = [m.var(0..=0).unwrap(), m.var(0..=0).unwrap()];
    let (wide, one) = (m.var(big..=big).unwrap(), m.var(1..=1).unwrap());
    m.diffn(&x, &y, &[wide, one], &[one, one]).unwrap();
    assert!(m.compile().solutions(1).is_empty());
    // A bin numbered past i64::MAX is refused.
    let mut m = Model::new();
    let loads = m.vars(2, 0..=9).unwrap();
    let bins = m.vars(1, 0..=1).unwrap();
    assert_eq!(
        m.bin_packing_load(&loads, big, &bins, &[1]),
        Err(csp::Error::Overflow)
    );
    assert!(matches!(
        m.bin_packing_load(&loads, 0, &bins, &[-1]),
        Err(csp::Error::NegativeWeight {
            item: 0,
            weight: -1
        })
    ));
}
