//! Wide and unbounded variables, each defined by a constraint from the
//! variables before it, and relations between them.

use super::{Arg, Con, Def, Dom, Gen};

/// A quarter of 2^64 (2^62), the edge the features name.
const EDGE: i128 = 1 << 62;

impl Gen<'_> {
    fn defined(&self) -> Vec<usize> {
        (0..self.m.vars.len())
            .filter(|&v| self.m.vars[v].def.is_some())
            .collect()
    }

    /// A random value the variable can take, from a random assignment of
    /// the variables before it.
    fn sample(&mut self, v: usize) -> Option<i64> {
        let mut values = Vec::with_capacity(v + 1);
        for var in &self.m.vars[..=v] {
            let value = match (&var.dom, &var.def) {
                (_, Some(def)) => super::super::eval(def, &values)?,
                (Dom::Small(vs), None) => vs[self.rng.below(vs.len())],
                _ => self.rng.range(0, 1),
            };
            values.push(value);
        }
        values.last().copied()
    }

    /// A new wide or unbounded variable, with its defining constraint.
    pub(super) fn wide(&mut self) {
        let past = self.allowed("past_2^62");
        let min = self.allowed("i64_min");
        let mut domains = vec![
            Dom::Wide(0, 100_000),
            Dom::Wide(-5000, 5000),
            Dom::Wide(-1_000_000_000_000, 1_000_000_000_000),
            Dom::Unbounded,
            Dom::Unbounded,
        ];
        if past {
            domains.push(Dom::Wide(i64::MAX - 100_000, i64::MAX));
            domains.push(Dom::Wide(-i64::MAX, -i64::MAX + 100_000));
        }
        if past && min {
            domains.push(Dom::Wide(i64::MIN, i64::MIN + 100_000));
        }
        let dom = domains[self.rng.below(domains.len())].clone();
        // Past 2^62 only where allowed: a few tries, then a small sum.
        for _ in 0..10 {
            let vars = self.m.vars.len();
            let (def, name, args) = self.definition(&dom, past, min);
            let (lo, hi) = self.range_of(&def);
            if past || (-EDGE..=EDGE).contains(&lo) && (-EDGE..=EDGE).contains(&hi) {
                return self.define(dom, def, name, args);
            }
            self.m.vars.truncate(vars);
        }
        let x = self.small();
        let args = vec![
            Arg::Ints(vec![1, -1]),
            Arg::Vars(vec![usize::MAX, x]),
            Arg::Int(0),
        ];
        self.define(dom, Def::Lin(vec![(1, x)], 0), "int_lin_eq", args);
    }

    /// The values a definition can give, from its variables' bounds.
    fn range_of(&self, def: &Def) -> (i128, i128) {
        let of = |v: &usize| -> (i128, i128) {
            match (&self.m.vars[*v].dom, &self.m.vars[*v].def) {
                (_, Some(def)) => self.range_of(def),
                (Dom::Small(values), None) => {
                    let lo = values.first().copied().unwrap_or(0);
                    (lo.into(), values.last().copied().unwrap_or(0).into())
                }
                _ => (0, 1),
            }
        };
        let times = |(a, b): (i128, i128), (c, d): (i128, i128)| {
            let products = [
                a.saturating_mul(c),
                a.saturating_mul(d),
                b.saturating_mul(c),
                b.saturating_mul(d),
            ];
            (
                products.into_iter().min().unwrap_or(0),
                products.into_iter().max().unwrap_or(0),
            )
        };
        match def {
            Def::Lin(terms, c) => terms.iter().fold((*c, *c), |(lo, hi), (a, x)| {
                let (l, h) = times((i128::from(*a), i128::from(*a)), of(x));
                (lo + l, hi + h)
            }),
            Def::Times(u, v) => times(of(u), of(v)),
            Def::Abs(u) => {
                let (lo, hi) = of(u);
                let most = lo.abs().max(hi.abs());
                if lo <= 0 && hi >= 0 {
                    (0, most)
                } else {
                    (lo.abs().min(hi.abs()), most)
                }
            }
            Def::Max(vs) | Def::Min(vs) => {
                let ranges: Vec<(i128, i128)> = vs.iter().map(of).collect();
                let pick = |f: fn(i128, i128) -> i128, r: &dyn Fn(&(i128, i128)) -> i128| {
                    ranges.iter().map(r).reduce(f).unwrap_or(0)
                };
                if matches!(def, Def::Max(_)) {
                    (pick(i128::max, &|r| r.0), pick(i128::max, &|r| r.1))
                } else {
                    (pick(i128::min, &|r| r.0), pick(i128::min, &|r| r.1))
                }
            }
        }
    }

    /// A random definition for a new variable of `dom`: its definition,
    /// and the defining constraint's name and arguments (`usize::MAX`
    /// where the new variable goes, or the variable appended).
    fn definition(&mut self, dom: &Dom, past: bool, min: bool) -> (Def, &'static str, Vec<Arg>) {
        let earlier = self.defined();
        let kind = if earlier.is_empty() {
            self.rng.below(2)
        } else {
            self.rng.below(5)
        };
        let (def, name, args) = match kind {
            0 | 1 if kind == 0 || earlier.is_empty() => {
                // w = Σ a·x + c, c where w's values lie.
                let n = 1 + self.rng.below(2);
                let xs = self.vars(n, Gen::small);
                let scales = [1, -1, 2, 3, 1000, -1000, 100_000];
                let terms: Vec<(i64, usize)> =
                    xs.iter().map(|&x| (self.rng.pick(&scales), x)).collect();
                let span: i128 = terms
                    .iter()
                    .map(|&(a, x)| {
                        let values = self.values_of(x);
                        let most = values.iter().map(|v| v.unsigned_abs()).max().unwrap_or(0);
                        i128::from(a.unsigned_abs()) * i128::from(most)
                    })
                    .sum();
                let c = self.constant(dom, span, past, min);
                let mut coeffs = vec![1];
                coeffs.extend(terms.iter().map(|(a, _)| -a));
                let mut vars = vec![usize::MAX];
                vars.extend(terms.iter().map(|(_, x)| *x));
                let def = Def::Lin(terms, c);
                let args = vec![Arg::Ints(coeffs), Arg::Vars(vars), Arg::Int(c as i64)];
                (def, "int_lin_eq", args)
            }
            1 => {
                let (u, v) = (self.rng.pick(&earlier), self.small());
                (
                    Def::Times(u, v),
                    "int_times",
                    vec![Arg::Var(u), Arg::Var(v)],
                )
            }
            2 => {
                let u = self.rng.pick(&earlier);
                (Def::Abs(u), "int_abs", vec![Arg::Var(u)])
            }
            _ => {
                let n = 1 + self.rng.below(3);
                let mut xs = vec![self.rng.pick(&earlier)];
                for _ in 1..n {
                    let x = if self.rng.chance(50) {
                        self.rng.pick(&earlier)
                    } else {
                        self.small()
                    };
                    xs.push(x);
                }
                let max = kind == 3;
                let def = if max {
                    Def::Max(xs.clone())
                } else {
                    Def::Min(xs.clone())
                };
                if n == 2 && self.rng.chance(50) {
                    let name = if max { "int_max" } else { "int_min" };
                    (def, name, vec![Arg::Var(xs[0]), Arg::Var(xs[1])])
                } else {
                    let name = if max {
                        "array_int_maximum"
                    } else {
                        "array_int_minimum"
                    };
                    (def, name, vec![Arg::Vars(xs)])
                }
            }
        };
        (def, name, args)
    }

    /// Adds the variable and its defining constraint.
    fn define(&mut self, dom: Dom, def: Def, name: &'static str, mut args: Vec<Arg>) {
        let features = self.wide_features(&dom, &def);
        let w = self.push("w", dom, Some(def));
        match name {
            "int_lin_eq" => {
                if let Arg::Vars(vars) = &mut args[1] {
                    vars[0] = w;
                }
            }
            "array_int_maximum" | "array_int_minimum" => args.insert(0, Arg::Var(w)),
            _ => args.push(Arg::Var(w)),
        }
        self.m.cons.push(Con {
            kind: "wide_definition",
            name: name.to_string(),
            args,
            ann: None,
            defines: Some(w),
            features,
        });
    }

    /// A constant for `w = Σ a·x + c` that puts `w` in its domain, often
    /// at its edges, the terms taking at most `span` either way.
    fn constant(&mut self, dom: &Dom, span: i128, past: bool, min: bool) -> i128 {
        let near = |rng: &mut crate::fzn::Rng, at: i128| at + i128::from(rng.range(-3, 3));
        let c = match *dom {
            Dom::Wide(lo, hi) => match self.rng.below(3) {
                0 => near(self.rng, i128::from(lo) + span),
                1 => near(self.rng, i128::from(hi) - span),
                _ => i128::from(self.rng.range(lo, hi)),
            },
            _ => {
                let mut at = vec![0, 0, 0, 5000, -5000, 1_000_000_000_000, EDGE / 2, -EDGE / 2];
                if past {
                    at.extend([
                        EDGE,
                        -EDGE,
                        5_000_000_000_000_000_000,
                        -5_000_000_000_000_000_000,
                    ]);
                    at.extend([i128::from(i64::MAX), -i128::from(i64::MAX)]);
                }
                if min {
                    at.push(i128::from(i64::MIN));
                }
                let at = self.rng.pick(&at);
                near(self.rng, at)
            }
        };
        c.clamp(i64::MIN.into(), i64::MAX.into())
    }

    /// The features a wide variable's domain and definition use.
    fn wide_features(&self, dom: &Dom, def: &Def) -> Vec<&'static str> {
        let mut features = Vec::new();
        if let Dom::Wide(lo, hi) = *dom
            && (i128::from(lo) < -EDGE || i128::from(hi) > EDGE)
        {
            features.push("past_2^62");
        }
        let (lo, hi) = self.range_of(def);
        if lo < -EDGE || hi > EDGE {
            features.push("past_2^62");
        }
        if lo <= i128::from(i64::MIN) || matches!(dom, Dom::Wide(i64::MIN, _)) {
            features.push("i64_min");
        }
        // A definition from a variable that uses a feature uses it too.
        let from: Vec<usize> = match def {
            Def::Lin(terms, _) => terms.iter().map(|t| t.1).collect(),
            Def::Times(u, v) => vec![*u, *v],
            Def::Abs(u) => vec![*u],
            Def::Max(vs) | Def::Min(vs) => vs.clone(),
        };
        for con in &self.m.cons {
            if con.defines.is_some_and(|w| from.contains(&w)) {
                features.extend(con.features.iter().copied());
            }
        }
        features.sort_unstable();
        features.dedup();
        features
    }

    /// A relation between a wide variable and another variable or a
    /// value it can take.
    pub(super) fn wide_relation(&mut self) {
        let wide = self.defined();
        let w = self.rng.pick(&wide);
        let other = if self.rng.chance(50) {
            let near = self.sample(w).unwrap_or(0);
            Arg::Int(near.saturating_add(self.rng.range(-1, 1)))
        } else if wide.len() > 1 && self.rng.chance(50) {
            let others: Vec<usize> = wide.iter().copied().filter(|&v| v != w).collect();
            Arg::Var(self.rng.pick(&others))
        } else {
            Arg::Var(self.small())
        };
        let name = self.rng.pick(&["int_eq", "int_ne", "int_le", "int_lt"]);
        let args = if self.rng.chance(50) {
            vec![Arg::Var(w), other]
        } else {
            vec![other, Arg::Var(w)]
        };
        let (name, args) = self.reified(name, args);
        let mut features: Vec<&'static str> = Vec::new();
        for con in &self.m.cons {
            if con.defines == Some(w) {
                features.extend(con.features.iter().copied());
            }
        }
        self.features = features;
        self.post("wide_relation", name, args);
    }
}
