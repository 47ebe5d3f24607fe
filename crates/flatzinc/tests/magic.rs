//! Magic sequences: `count(x, i, x[i])` for each `i`, the count of each
//! value one of the counted variables, as MiniZinc's `magicseq` benchmark
//! compiles it for this solver's library (one `fzn_count_eq` per value).

use std::process::{Command, Stdio};

/// The FlatZinc of a magic sequence of length `n`, searched in input
/// order, smallest value first.
fn magic(n: usize) -> String {
    let mut text = String::new();
    for i in 0..n {
        text += &format!("var 0..{n}: x{i};\n");
    }
    let list: Vec<String> = (0..n).map(|i| format!("x{i}")).collect();
    let list = list.join(",");
    text += &format!(
        "array [1..{n}] of var int: x :: output_array([0..{}]) = [{list}];\n",
        n - 1
    );
    for i in 0..n {
        text += &format!("constraint fzn_count_eq(x,{i},x{i});\n");
    }
    text += "solve :: int_search(x, input_order, indomain_min, complete) satisfy;\n";
    text
}

/// The solution printed and the number of nodes it took.
fn solve(n: usize) -> (String, u64) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("magic.fzn");
    std::fs::write(&path, magic(n)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_fzn-csp"))
        // Depth-first search alone (the default takes turns with a search
        // that learns, whose nodes the statistics add).
        .args(["-s", "--learn=off"])
        .arg(&path)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let nodes = text
        .lines()
        .find_map(|l| l.strip_prefix("%%%mzn-stat: nodes="))
        .unwrap_or_else(|| panic!("no node count: {text}"))
        .parse()
        .unwrap();
    let solution = text
        .lines()
        .find(|l| l.starts_with("x = "))
        .unwrap_or("")
        .to_string();
    (solution, nodes)
}

/// The magic sequence of length `n >= 7`: `n - 4` zeros, two ones, one two
/// and one `n - 4` (the definition, checked below, not the solver's).
fn expected(n: usize) -> Vec<i64> {
    let mut x = vec![0; n];
    x[0] = n as i64 - 4;
    x[1] = 2;
    x[2] = 1;
    x[n - 4] = 1;
    for (i, &c) in x.iter().enumerate() {
        assert_eq!(x.iter().filter(|&&v| v == i as i64).count() as i64, c);
    }
    x
}

#[test]
fn magic_sequence_of_20_and_50_with_variable_counts_within_gecodes_nodes() {
    // Gecode 6.2 (`fzn-gecode -s`) on the same FlatZinc, with its native
    // `count` for `fzn_count_eq`: 127 nodes for 20, 367 for 50. Those
    // counts need the count's bounds from the sure and possible
    // occurrences, and both rules at the bounds, at every node.
    for (n, gecode) in [(20, 127), (50, 367)] {
        let (solution, nodes) = solve(n);
        let want: Vec<String> = expected(n).iter().map(i64::to_string).collect();
        assert_eq!(
            solution,
            format!("x = array1d(0..{}, [{}]);", n - 1, want.join(", "))
        );
        assert!(nodes <= gecode, "{n}: {nodes} nodes, Gecode {gecode}");
    }
}
