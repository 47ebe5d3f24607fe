//! `fzn-csp --estimate`: Knuth's estimate of the tree, the speed of a
//! sample of the search, and the time on one thread and on shards, printed
//! for people or as JSON; on trees whose size is known, the interval
//! holds it.

mod common;
use common::{file, run, stdout};

/// The number after `"key":` inside the object after `"within":{`.
fn number(json: &str, within: &str, key: &str) -> f64 {
    let object = &json[json.find(&format!("\"{within}\":{{")).unwrap()..];
    let at = object.find(&format!("\"{key}\":")).unwrap() + key.len() + 3;
    let rest = &object[at..];
    let end = rest.find([',', '}']).unwrap();
    rest[..end].parse().unwrap()
}

/// Five binary choices, x = 0 | x != 0 each: a uniform tree of 63 nodes,
/// which one probe measures exactly.
const BITS: &str = "var 0..1: a :: output_var;\nvar 0..1: b;\nvar 0..1: c;\nvar 0..1: d;\nvar 0..1: e;\n\
solve :: int_search([a,b,c,d,e], input_order, indomain_min, complete) satisfy;\n";

/// Four variables of 1..4 summing to at most 8, the largest first value
/// maximised: a tree whose branches differ.
const UNEVEN: &str = "var 1..4: a :: output_var;\nvar 1..4: b;\nvar 1..4: c;\nvar 1..4: d;\n\
constraint int_lin_le([1,1,1,1],[a,b,c,d],8);\n\
solve :: int_search([a,b,c,d], input_order, indomain_min, complete) maximize a;\n";

#[test]
fn estimate_prints_the_tree_the_speed_one_thread_and_the_shards() {
    let (_dir, path) = file(UNEVEN);
    let out = run(&["--estimate", "--shards", "3"], &path);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert!(
        lines[0].starts_with("tree: about ") && lines[0].contains("99% interval"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("objective: the tree without the bound's pruning"),
        "{text}"
    );
    assert!(
        lines[2].starts_with("speed: ") && lines[2].contains("nodes/s"),
        "{text}"
    );
    assert!(lines[3].starts_with("one thread: about "), "{text}");
    assert!(lines[4].starts_with("3 shards: about "), "{text}");
    let (_dir, path) = file(BITS);
    let text = stdout(&run(&["--estimate"], &path));
    assert!(!text.contains("objective:"), "{text}");
    assert!(text.contains("\n8 shards: "), "{text}");
}

#[test]
fn a_uniform_tree_is_estimated_exactly() {
    let (_dir, path) = file(BITS);
    let json = stdout(&run(&["--estimate", "--json"], &path));
    assert_eq!(number(&json, "nodes", "estimate"), 63.0, "{json}");
    assert_eq!(number(&json, "nodes", "error"), 0.0, "{json}");
    // The sample searched the whole tree: the same 63.
    assert_eq!(number(&json, "sample", "nodes"), 63.0, "{json}");
    assert!(json.contains("\"exact\":true"), "{json}");
}

#[test]
fn the_interval_of_an_uneven_tree_holds_its_size() {
    let (_dir, path) = file(UNEVEN);
    for seed in ["1", "2", "3"] {
        let json = stdout(&run(&["--estimate", "--json", "-r", seed], &path));
        assert!(json.contains("\"exact\":true"), "{json}");
        let truth = number(&json, "sample", "nodes");
        let (low, high) = (
            number(&json, "nodes", "low"),
            number(&json, "nodes", "high"),
        );
        assert!(
            low <= truth && truth <= high,
            "seed {seed}: {truth} outside {low}..{high}: {json}"
        );
        assert!(
            number(&json, "nodes", "error") > 0.0,
            "the tree is uneven: {json}"
        );
    }
}

#[test]
fn zero_shards_is_a_usage_error() {
    let (_dir, path) = file(BITS);
    let out = run(&["--estimate", "--shards", "0"], &path);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("fzn-csp: ") && err.lines().count() == 1,
        "{err}"
    );
}
