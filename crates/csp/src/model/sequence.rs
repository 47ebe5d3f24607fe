//! Constraints on the order and the values of a sequence: `increasing` and
//! `decreasing` (strict or not), `value_precede` and its chain (symmetry
//! breaking for interchangeable values), and `nvalue`.

use std::sync::Arc;

use super::Model;
use crate::error::Error;
use crate::propagator::{Chain, Global, NValue, Precede, Prop, Sorted};
use crate::var::Var;

impl Model {
    /// `xs[0] <= xs[1] <= ...` (nothing for fewer than two variables).
    ///
    /// Propagation: bounds consistency, in one forward pass (each smallest
    /// value at least its predecessor's) and one backward pass (each
    /// largest at most its successor's), `O(n)`; woken by bounds only.
    ///
    /// # Example
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let [x, y] = [m.var(3..=9)?, m.var(0..=5)?];
    /// m.increasing(&[x, y])?;
    /// let network = m.compile();
    /// assert_eq!((network.domain(x), network.domain(y)), (vec![3, 4, 5], vec![3, 4, 5]));
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn increasing(&mut self, xs: &[Var]) -> Result<(), Error> {
        self.sorted(xs, false, false)
    }

    /// `xs[0] >= xs[1] >= ...`: [`increasing`](Model::increasing) over the
    /// list reversed.
    pub fn decreasing(&mut self, xs: &[Var]) -> Result<(), Error> {
        self.sorted(xs, false, true)
    }

    /// `xs[0] < xs[1] < ...`. A variable listed twice can never hold.
    ///
    /// Propagation: as [`increasing`](Model::increasing)'s, each bound one
    /// past its neighbour's; a bound that falls in a hole of a domain moves
    /// to the next value there, and the next variable's bound from that.
    ///
    /// # Example
    ///
    /// Three values from `{0, 2, 3, 4}` and `0..=4`, strictly increasing:
    /// `y` skips the hole at 1.
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let x = m.var(0..=9)?;
    /// let y = m.var_in([0, 2, 3, 4])?;
    /// let z = m.var(0..=4)?;
    /// m.strictly_increasing(&[x, y, z])?;
    /// let network = m.compile();
    /// assert_eq!(network.domain(x), [0, 1, 2]);
    /// assert_eq!(network.domain(y), [2, 3]);
    /// assert_eq!(network.domain(z), [3, 4]);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn strictly_increasing(&mut self, xs: &[Var]) -> Result<(), Error> {
        self.sorted(xs, true, false)
    }

    /// `xs[0] > xs[1] > ...`: [`strictly_increasing`](Model::strictly_increasing)
    /// over the list reversed.
    pub fn strictly_decreasing(&mut self, xs: &[Var]) -> Result<(), Error> {
        self.sorted(xs, true, true)
    }

    fn sorted(&mut self, xs: &[Var], strict: bool, reverse: bool) -> Result<(), Error> {
        let mut xs = self.check_all(xs)?.into_vec();
        if reverse {
            xs.reverse();
        }
        if xs.len() < 2 {
            return Ok(());
        }
        let mut once = xs.clone();
        once.sort_unstable();
        once.dedup();
        if strict && once.len() < xs.len() {
            // x < ... < x.
            self.infeasible = true;
            return Ok(());
        }
        self.props
            .push(Prop::Global(Arc::new(Global::Sorted(Sorted {
                xs: xs.into(),
                strict,
            }))));
        Ok(())
    }

    /// If some variable of `xs` takes `t`, an earlier one takes `s`
    /// (MiniZinc's `value_precede`): of two interchangeable values, `s` is
    /// used first. With `s == t`, no variable takes `s`.
    ///
    /// Propagation: domain consistency (when no variable repeats; an
    /// interval loses `t` only at its bounds) in one pass, `O(n)`: no
    /// variable up to the first that can be `s` keeps `t`, and that one
    /// is fixed to `s` when a later variable is fixed to `t` and none in
    /// between can be `s` (after Law and Lee, 2004).
    ///
    /// # Example
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let [x, y, z] = [m.var(0..=2)?, m.var(0..=2)?, m.var(2..=2)?];
    /// m.value_precede(1, 2, &[x, y, z])?;
    /// let network = m.compile();
    /// // The 1 before z's 2 is x or y; x cannot be 2 (no 1 before it).
    /// assert_eq!(network.domain(x), [0, 1]);
    /// assert_eq!(backtrack::count(network), 4);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn value_precede(&mut self, s: i64, t: i64, xs: &[Var]) -> Result<(), Error> {
        let xs = self.check_all(xs)?;
        if xs.is_empty() {
            return Ok(());
        }
        self.props
            .push(Prop::Global(Arc::new(Global::Precede(Precede {
                s,
                t,
                xs,
            }))));
        Ok(())
    }

    /// Each value of `values` precedes the next in `xs`
    /// ([`value_precede`](Model::value_precede) for each consecutive pair,
    /// MiniZinc's `value_precede_chain`): interchangeable values, such as
    /// colours, are used in the order listed.
    ///
    /// Propagation: the fixpoint of each pair's, domain consistent on its
    /// own; the chain as a whole is not (a pair does not see the others).
    /// Distinct values are one propagator, one pass over `xs` a run
    /// (`O(n * m)` for `m` values); a chain that repeats a value is its
    /// pairs.
    ///
    /// # Example
    ///
    /// Three nodes, each with one of three interchangeable colours: of the
    /// 27 colourings, 5 use the colours in order (one per partition of the
    /// nodes), and the first node takes colour 1.
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let nodes = m.vars(3, 1..=3)?;
    /// m.value_precede_chain(&[1, 2, 3], &nodes)?;
    /// let network = m.compile();
    /// assert_eq!(network.domain(nodes[0]), [1]);
    /// assert_eq!(backtrack::count(network), 5);
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn value_precede_chain(&mut self, values: &[i64], xs: &[Var]) -> Result<(), Error> {
        // Checked first: a chain of one value or none posts nothing.
        let vars = self.check_all(xs)?;
        let mut once = values.to_vec();
        once.sort_unstable();
        once.dedup();
        if once.len() < values.len() || vars.is_empty() {
            for pair in values.windows(2) {
                self.value_precede(pair[0], pair[1], xs)?;
            }
        } else if values.len() >= 2 {
            self.props.push(Prop::Global(Arc::new(Global::Chain(Chain {
                values: values.into(),
                xs: vars,
            }))));
        }
        Ok(())
    }

    /// `n` is the number of distinct values taken by `xs` (0 for no
    /// variables). `n` may be one of `xs`, and a variable may repeat.
    ///
    /// Propagation, on the variables' bounds: `min(n)` rises to the fewest
    /// values any assignment within them takes (a greedy cover of their
    /// intervals by points, exact for intervals); `max(n)` falls to the
    /// distinct fixed values plus one per unfixed variable, no more than
    /// the union of the domains has. When `max(n)` is the fewest, a value
    /// stays only if some assignment of the others within their bounds
    /// with it uses no more (domain consistency of "at most `max(n)`
    /// values" on the others' bounds); when `min(n)` needs a new value
    /// from every unfixed variable, they lose the fixed values. After
    /// Beldiceanu (2001) and Bessiere et al. (2006). `O(n log n)` a run.
    ///
    /// # Example
    ///
    /// `x` is 1 and `y` is 3, so at most two values leave `z` in `{1, 3}`.
    ///
    /// ```
    /// let mut m = csp::Model::new();
    /// let [x, y, z] = [m.var(1..=1)?, m.var(3..=3)?, m.var(0..=4)?];
    /// let n = m.var(0..=2)?;
    /// m.nvalue(n, &[x, y, z])?;
    /// let network = m.compile();
    /// assert_eq!((network.domain(z), network.domain(n)), (vec![1, 3], vec![2]));
    /// # Ok::<(), csp::Error>(())
    /// ```
    pub fn nvalue(&mut self, n: Var, xs: &[Var]) -> Result<(), Error> {
        let n = self.check(n)?;
        let xs = self.check_all(xs)?;
        self.props
            .push(Prop::Global(Arc::new(Global::NValue(NValue { n, xs }))));
        Ok(())
    }
}
