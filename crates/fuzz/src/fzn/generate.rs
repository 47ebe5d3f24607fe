//! The random models: a few small variables, perhaps wide ones defined
//! from them, a few constraints of any kind in [`KINDS`], and a goal.

mod kinds;
mod wide;

use super::{Arg, Con, Def, Dom, Goal, Model, Rng, Search, Var};

/// Every builtin and native global that `fzn-csp` takes, as generated.
pub const KINDS: &[&str] = &[
    "int_eq",
    "int_ne",
    "int_le",
    "int_lt",
    "bool_eq",
    "bool_le",
    "bool_lt",
    "int_lin_eq",
    "int_lin_ne",
    "int_lin_le",
    "bool_lin_eq",
    "bool_lin_le",
    "set_in",
    "bool_clause",
    "array_bool_and",
    "array_bool_or",
    "array_bool_xor",
    "bool_and",
    "bool_or",
    "bool_xor",
    "bool_not",
    "bool2int",
    "int_plus",
    "int_times",
    "int_div",
    "int_mod",
    "int_min",
    "int_max",
    "int_abs",
    "int_pow",
    "array_int_element",
    "array_var_int_element",
    "array_bool_element",
    "array_var_bool_element",
    "array_int_maximum",
    "array_int_minimum",
    "fzn_all_different_int",
    "fzn_table_int",
    "fzn_count_eq",
    "fzn_count_eq_par",
    "fzn_among",
    "fzn_global_cardinality",
    "fzn_regular",
    "csp_circuit",
    "csp_inverse",
    "csp_disjunctive",
    "csp_cumulative",
    "fzn_lex_lesseq_int",
    "fzn_lex_lesseq_bool",
];

/// The features a model may be generated with or without, each with what
/// it means: a test leaves out those it knows to disagree.
pub const FEATURES: &[(&str, &str)] = &[
    (
        "int_pow_negative_exponent",
        "int_pow with an exponent that can be negative",
    ),
    (
        "repeated_cover_value",
        "global_cardinality with a value twice in its cover",
    ),
    (
        "lex_different_lengths",
        "lex_lesseq of arrays of different lengths",
    ),
    (
        "past_2^62",
        "a wide variable's value or bound past plus or minus 2^62",
    ),
    ("i64_min", "a wide variable that can take i64::MIN"),
    (
        "search_annotations",
        "int_search and bool_search on the solve item",
    ),
];

const SMALL_VARS: usize = 7;

struct Gen<'a> {
    rng: &'a mut Rng,
    allow: &'a dyn Fn(&str) -> bool,
    m: Model,
    /// The product of the small domains' sizes so far.
    size: usize,
    limit: usize,
    /// The features of the constraint being made.
    features: Vec<&'static str>,
}

/// A random model from `rng`, with the features `allow` accepts, whose
/// small domains multiply to at most `limit` assignments.
pub fn generate(rng: &mut Rng, allow: &dyn Fn(&str) -> bool, limit: usize) -> Model {
    let mut g = Gen {
        rng,
        allow,
        m: Model {
            vars: Vec::new(),
            cons: Vec::new(),
            goal: Goal::Satisfy,
            search: Vec::new(),
        },
        size: 1,
        limit,
        features: Vec::new(),
    };
    for _ in 0..2 + g.rng.below(2) {
        let values = g.small_values();
        g.new_small(values);
    }
    for _ in 0..g.rng.below(3) {
        g.new_bool();
    }
    if g.rng.chance(45) {
        for _ in 0..1 + g.rng.below(2) {
            g.wide();
        }
        for _ in 0..g.rng.below(3) {
            g.wide_relation();
        }
    }
    for _ in 0..1 + g.rng.below(3) {
        let kind = g.rng.pick(KINDS);
        g.constraint(kind);
    }
    let ints: Vec<usize> = (0..g.m.vars.len())
        .filter(|&v| g.m.vars[v].dom != Dom::Bool)
        .collect();
    g.m.goal = match g.rng.below(3) {
        0 => Goal::Satisfy,
        1 => Goal::Minimize(g.rng.pick(&ints)),
        _ => Goal::Maximize(g.rng.pick(&ints)),
    };
    if (g.allow)("search_annotations") && g.rng.chance(50) {
        g.search(&ints);
    }
    g.m
}

impl Gen<'_> {
    /// One or two `int_search` groups over some of `ints` (perhaps one
    /// twice), and perhaps a `bool_search`.
    fn search(&mut self, ints: &[usize]) {
        const SELECTIONS: &[&str] = &[
            "input_order",
            "first_fail",
            "anti_first_fail",
            "smallest",
            "largest",
            "dom_w_deg",
        ];
        const CHOICES: &[&str] = &[
            "indomain_min",
            "indomain_max",
            "indomain_median",
            "indomain_split",
            "indomain_reverse_split",
            "indomain_random",
        ];
        for _ in 0..1 + self.rng.below(2) {
            let n = 1 + self.rng.below(ints.len());
            let vars = self.vars(n, |g| g.rng.pick(ints));
            let (selection, choice) = (self.rng.pick(SELECTIONS), self.rng.pick(CHOICES));
            self.m.search.push(Search {
                vars,
                selection,
                choice,
            });
        }
        let bools: Vec<usize> = (0..self.m.vars.len())
            .filter(|&v| self.m.vars[v].dom == Dom::Bool)
            .collect();
        if !bools.is_empty() && self.rng.chance(50) {
            let choice = self.rng.pick(&["indomain_min", "indomain_max"]);
            self.m.search.push(Search {
                vars: bools,
                selection: "input_order",
                choice,
            });
        }
    }

    fn small_values(&mut self) -> Vec<i64> {
        // Now and then the ends of i64, where those features are allowed.
        if self.allowed("i64_min") && self.rng.chance(3) {
            return vec![i64::MIN, i64::MIN + 1];
        }
        if self.allowed("past_2^62") && self.rng.chance(3) {
            return vec![i64::MAX - 1, i64::MAX];
        }
        if self.rng.chance(70) {
            let lo = self.rng.range(-3, 2);
            (lo..=lo + self.rng.range(0, 3)).collect()
        } else {
            let n = 2 + self.rng.below(2);
            self.subset(-4, 5, n)
        }
    }

    /// `n` distinct sorted values of `lo..=hi` (at least one, at most
    /// all of them).
    fn subset(&mut self, lo: i64, hi: i64, n: usize) -> Vec<i64> {
        let mut all: Vec<i64> = (lo..=hi).collect();
        let mut values = Vec::new();
        while values.len() < n.max(1) && !all.is_empty() {
            values.push(all.swap_remove(self.rng.below(all.len())));
        }
        values.sort_unstable();
        values
    }

    fn push(&mut self, prefix: &str, dom: Dom, def: Option<Def>) -> usize {
        let v = self.m.vars.len();
        self.m.vars.push(Var {
            name: format!("{prefix}{v}"),
            dom,
            def,
        });
        v
    }

    fn smalls(&self) -> Vec<usize> {
        (0..self.m.vars.len())
            .filter(|&v| {
                matches!(self.m.vars[v].dom, Dom::Small(_)) && self.m.vars[v].def.is_none()
            })
            .collect()
    }

    fn room(&self, n: usize) -> bool {
        self.smalls().len() < SMALL_VARS && self.size.saturating_mul(n) <= self.limit
    }

    /// A new small variable over `values`, or an existing one when the
    /// budget is spent.
    fn new_small(&mut self, values: Vec<i64>) -> usize {
        if !self.room(values.len()) && !self.smalls().is_empty() {
            return self.small();
        }
        self.size = self.size.saturating_mul(values.len());
        self.push("x", Dom::Small(values), None)
    }

    fn new_bool(&mut self) -> usize {
        let bools: Vec<usize> = (0..self.m.vars.len())
            .filter(|&v| self.m.vars[v].dom == Dom::Bool)
            .collect();
        if !bools.is_empty() && (self.size.saturating_mul(2) > self.limit || bools.len() >= 4) {
            return self.rng.pick(&bools);
        }
        self.size = self.size.saturating_mul(2);
        self.push("b", Dom::Bool, None)
    }

    /// An existing small variable (a new one, rarely).
    fn small(&mut self) -> usize {
        let smalls = self.smalls();
        if smalls.is_empty() || (self.rng.chance(15) && self.room(4)) {
            let values = self.small_values();
            return self.new_small(values);
        }
        self.rng.pick(&smalls)
    }

    /// A small variable, or sometimes a wide one.
    fn int_var(&mut self) -> usize {
        let wide: Vec<usize> = (0..self.m.vars.len())
            .filter(|&v| self.m.vars[v].def.is_some())
            .collect();
        if !wide.is_empty() && self.rng.chance(20) {
            return self.rng.pick(&wide);
        }
        self.small()
    }

    fn bool_var(&mut self) -> usize {
        let bools: Vec<usize> = (0..self.m.vars.len())
            .filter(|&v| self.m.vars[v].dom == Dom::Bool)
            .collect();
        if bools.is_empty() || self.rng.chance(15) {
            return self.new_bool();
        }
        self.rng.pick(&bools)
    }

    fn int_term(&mut self, wide: bool) -> Arg {
        if self.rng.chance(15) {
            Arg::Int(self.rng.range(-3, 3))
        } else if wide {
            Arg::Var(self.int_var())
        } else {
            Arg::Var(self.small())
        }
    }

    /// `n` variables from `pick`, the same one twice now and then.
    fn vars(&mut self, n: usize, mut pick: impl FnMut(&mut Self) -> usize) -> Vec<usize> {
        let mut vs: Vec<usize> = Vec::with_capacity(n);
        for _ in 0..n {
            match vs.last() {
                Some(&last) if self.rng.chance(15) => vs.push(last),
                _ => vs.push(pick(self)),
            }
        }
        vs
    }

    fn result(&mut self) -> usize {
        if self.rng.chance(50) {
            let lo = self.rng.range(-6, 3);
            let hi = lo + self.rng.range(1, 5);
            self.new_small((lo..=hi).collect())
        } else {
            self.small()
        }
    }

    /// `name`, `name_reif` or `name_imp` with its boolean appended.
    fn reified(&mut self, name: &str, mut args: Vec<Arg>) -> (String, Vec<Arg>) {
        match self.rng.below(4) {
            0 => {
                args.push(Arg::Var(self.bool_var()));
                (format!("{name}_reif"), args)
            }
            1 => {
                args.push(Arg::Var(self.bool_var()));
                (format!("{name}_imp"), args)
            }
            _ => (name.to_string(), args),
        }
    }

    fn post(&mut self, kind: &'static str, name: String, args: Vec<Arg>) {
        let mut features = std::mem::take(&mut self.features);
        // A variable at an end of i64 brings its feature along.
        let mut vars = Vec::new();
        for arg in &args {
            match arg {
                Arg::Var(v) => vars.push(*v),
                Arg::Vars(vs) => vars.extend(vs),
                _ => {}
            }
        }
        for v in vars {
            if let Dom::Small(values) = &self.m.vars[v].dom {
                if values.first() == Some(&i64::MIN) {
                    features.extend(["i64_min", "past_2^62"]);
                }
                if values.last() == Some(&i64::MAX) {
                    features.push("past_2^62");
                }
            }
        }
        features.sort_unstable();
        features.dedup();
        self.m.cons.push(Con {
            kind,
            name,
            args,
            ann: None,
            defines: None,
            features,
        });
    }

    fn allowed(&mut self, feature: &'static str) -> bool {
        (self.allow)(feature)
    }

    fn constraint(&mut self, kind: &'static str) {
        let (name, args) = kinds::args(self, kind);
        self.post(kind, name, args);
        if kind == "fzn_all_different_int" {
            let ann = self.rng.pick(&[None, Some("domain"), Some("bounds")]);
            if let Some(con) = self.m.cons.last_mut() {
                con.ann = ann;
            }
        }
    }
}
