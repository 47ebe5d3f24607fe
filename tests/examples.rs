//! The puzzle examples run as processes: their output checked by code that
//! shares nothing with the puzzles crate, their mistakes reported as one
//! line with status 2.

use std::path::Path;

use crate::process::{Run, example};

fn run(name: &str, args: &[&str], stdin: &str) -> Run {
    crate::process::run(&example(name), args, stdin)
}

fn data(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples/data")
            .join(name),
    )
    .unwrap()
}

/// Whether `solved` is a full, valid 9x9 grid that keeps the givens of
/// `puzzle`.
fn solves(puzzle: &str, solved: &str) -> bool {
    let d: Vec<u32> = solved
        .chars()
        .map(|ch| ch.to_digit(10).unwrap_or(0))
        .collect();
    let ok = |cells: Vec<usize>| {
        let mut seen: Vec<u32> = cells.iter().map(|&i| d[i]).collect();
        seen.sort_unstable();
        seen == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    };
    d.len() == 81
        && (0..9).all(|i| {
            ok((0..9).map(|j| i * 9 + j).collect())
                && ok((0..9).map(|j| j * 9 + i).collect())
                && ok((0..9)
                    .map(|j| (i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3)
                    .collect())
        })
        && puzzle
            .chars()
            .zip(solved.chars())
            .all(|(p, s)| !p.is_ascii_digit() || p == '0' || p == s)
}

#[test]
fn sudoku_solves_every_hard_puzzle() {
    let text = data("hard.txt");
    let puzzles: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let run = run("sudoku", &["examples/data/hard.txt"], "");
    assert_eq!((run.status, run.stderr.as_str()), (0, ""));
    let solved: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(solved.len(), puzzles.len());
    for (puzzle, solved) in puzzles.iter().zip(solved) {
        assert!(solves(puzzle, solved), "{puzzle} -> {solved}");
    }
    let unique = self::run("sudoku", &["--max", "2"], &text);
    assert_eq!(unique.stdout, "1 solution (unique)\n".repeat(puzzles.len()));
}

#[test]
fn sudoku_tells_unique_from_ambiguous() {
    // Only the first row given, twice: many solutions; then a full grid.
    let input = "123456789........................................................................\n\
                 417369825632158947958724316825437169791586432346912758289643571573291684164875293\n";
    let run = run("sudoku", &["--max", "2", "-"], input);
    assert_eq!(run.stdout, "2 solutions or more\n1 solution (unique)\n");
    let four = self::run("sudoku", &["--box", "2"], "1.3.....2.......\n");
    assert_eq!(four.status, 0);
    assert_eq!(four.stdout.trim().len(), 16);
    let bad = self::run(
        "sudoku",
        &["--box", "2"],
        "1.3.....2.......\n11..............\n",
    );
    assert_eq!(bad.status, 2);
    assert_eq!(
        bad.stdout.lines().count(),
        1,
        "the first puzzle is solved before the complaint"
    );
    assert_eq!(
        bad.stderr,
        "sudoku: standard input: line 2, character 2 (cell r1c2): the given 1 is already in this row, at character 1 of the line\n"
    );
}

#[test]
fn coloring_prints_the_chromatic_number_and_a_proper_colouring() {
    for (file, chromatic) in [
        ("myciel3.col", 4),
        ("myciel4.col", 5),
        ("queen5_5.col", 5),
        ("queen6_6.col", 7),
        ("queen7_7.col", 7),
        ("queen8_8.col", 9),
        ("queen8_12.col", 12),
    ] {
        let run = run("coloring", &[&format!("examples/data/{file}")], "");
        assert_eq!((run.status, run.stderr.as_str()), (0, ""), "{file}");
        let mut lines = run.stdout.lines();
        assert_eq!(
            lines.next(),
            Some(format!("chromatic number: {chromatic}").as_str())
        );
        let colour: Vec<(usize, usize)> = lines
            .map(|l| {
                let (v, c) = l.split_once(' ').unwrap();
                (v.parse().unwrap(), c.parse().unwrap())
            })
            .collect();
        let text = data(file);
        for line in text.lines().filter(|l| l.starts_with("e ")) {
            let mut words = line
                .split_whitespace()
                .skip(1)
                .map(|w| w.parse::<usize>().unwrap());
            let (u, v) = (words.next().unwrap(), words.next().unwrap());
            assert_eq!((colour[u - 1].0, colour[v - 1].0), (u, v));
            assert_ne!(colour[u - 1].1, colour[v - 1].1, "{file}: edge {u}-{v}");
        }
        let used: std::collections::BTreeSet<usize> = colour.iter().map(|p| p.1).collect();
        assert_eq!(used, (1..=chromatic).collect(), "{file}");
    }
}

#[test]
fn coloring_out_of_time_prints_the_bounds_and_the_best_colouring() {
    let run = run(
        "coloring",
        &["--time", "0.000001", "examples/data/queen8_8.col"],
        "",
    );
    assert_eq!((run.status, run.stderr.as_str()), (0, ""));
    let mut lines = run.stdout.lines();
    let first = lines.next().unwrap();
    // A row of queens is a clique of 8; the greedy colouring needs more.
    assert!(
        first.starts_with("chromatic number: between 8 and ")
            && first.ends_with(" (stopped: time limit reached)"),
        "{first}"
    );
    assert_eq!(lines.count(), 64);
}

#[test]
fn coloring_counts_and_finds() {
    let triangle = "p edge 3 3\ne 1 2\ne 2 3\ne 3 1\n";
    let count = run("coloring", &["--count", "4"], triangle);
    assert_eq!(
        count.stdout,
        "colourings with 4 colours: 24\nup to a renaming of the colours: 1\n"
    );
    let none = run("coloring", &["--colors", "2"], triangle);
    assert_eq!(none.stdout, "no colouring with 2 colours\n");
}

#[test]
fn pentomino_counts_3x20() {
    let run = run("pentomino", &["3x20", "--show"], "");
    assert_eq!(run.status, 0);
    let mut lines = run.stdout.lines();
    assert_eq!(
        lines.next(),
        Some(
            "3x20: 2 tilings up to rotation and reflection (8 counting the symmetric copies apart)"
        )
    );
    assert_eq!(lines.next(), Some(""));
    let board: Vec<&str> = lines.collect();
    assert_eq!(board.len(), 3);
    for letter in "FILNPTUVWXYZ".chars() {
        let count: usize = board.iter().map(|row| row.matches(letter).count()).sum();
        assert_eq!(count, 5, "{letter}");
    }
}

#[test]
fn pentomino_dlx_prints_the_exact_cover_that_the_count_searches() {
    let dlx = run("pentomino", &["6x10", "--dlx"], "");
    assert_eq!(dlx.status, 0, "{}", dlx.stderr);
    let mut lines = dlx.stdout.lines();
    let items: Vec<&str> = lines.next().expect("the items").split(' ').collect();
    assert_eq!(items.len(), 72);
    assert_eq!((items[0], items[11], items[12]), ("F", "Z", "r1c1"));
    let options: Vec<&str> = lines.collect();
    // 63 shapes at every position, X's centre only in the top-left quarter.
    assert_eq!(options.len(), 2032);
    assert_eq!(options.iter().filter(|o| o.starts_with("X ")).count(), 8);
    assert!(options.contains(&"X r1c2 r2c1 r2c2 r2c3 r3c2"));
    let both = run("pentomino", &["6x10", "--dlx", "--show"], "");
    assert_eq!(both.status, 2);
}

#[test]
fn a_long_argument_is_cut_in_the_message() {
    let long = "9".repeat(100_000);
    let cases: [(&str, Vec<&str>); 5] = [
        ("coloring", vec!["--time", &long]),
        ("coloring", vec!["--colors", &long]),
        ("pentomino", vec![&long]),
        ("pentomino", vec!["6x10", "--threads", &long]),
        ("sudoku", vec!["--max", &long]),
    ];
    for (name, args) in cases {
        let run = run(name, &args, "");
        assert_eq!(run.status, 2, "{name}");
        assert_eq!(run.stderr.lines().count(), 1, "{name}");
        assert!(run.stderr.len() < 400, "{name}: {} bytes", run.stderr.len());
        assert!(run.stderr.contains("999..."), "{name}: {}", run.stderr);
    }
}

#[test]
fn mistakes_print_one_line_and_exit_2() {
    let mut line = ".".repeat(81);
    line.replace_range(4..5, "x");
    let cases: [(&str, &[&str], String, &str); 11] = [
        (
            "sudoku",
            &[],
            format!("{}\n{line}\n", ".".repeat(81)),
            "sudoku: line 2, character 5 (cell r1c5): 'x' is not a digit from 1 to 9 or a blank ('.' or '0')",
        ),
        (
            "sudoku",
            &[],
            "12\n".into(),
            "sudoku: line 1: expected 81 cells, got 2",
        ),
        (
            "sudoku",
            &["--max", "0"],
            String::new(),
            "sudoku: --max needs a number of at least 1",
        ),
        (
            "sudoku",
            &["no/such/file"],
            String::new(),
            "sudoku: cannot open no/such/file",
        ),
        (
            "coloring",
            &[],
            "p edge 2 1\ne 1 3\n".into(),
            "coloring: line 2: vertex 3 does not exist",
        ),
        (
            "coloring",
            &["--count", "x"],
            String::new(),
            "coloring: a number of colours from 1",
        ),
        (
            "pentomino",
            &["7x9"],
            String::new(),
            "pentomino: a 7x9 board has 63 cells",
        ),
        (
            "coloring",
            &["--time", "1e300"],
            String::new(),
            "coloring: invalid value '1e300' for '--time <SECONDS>': expected a positive number of seconds",
        ),
        (
            "pentomino",
            &["6x10", "--threads", "10000"],
            String::new(),
            "pentomino: expected a number of threads from 0 (one per core) to 1024",
        ),
        (
            "sudoku",
            &[],
            String::new(),
            "sudoku: no puzzle in standard input",
        ),
        (
            "pentomino",
            &["6by10"],
            String::new(),
            "pentomino: expected a board such as 6x10",
        ),
    ];
    for (name, args, stdin, message) in cases {
        let run = run(name, args, &stdin);
        assert_eq!(run.status, 2, "{name} {args:?}");
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        let (program, message) = message.split_once(": ").unwrap();
        assert!(
            run.stderr.starts_with(&format!("{program}: ")) && run.stderr.contains(message),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn coloring_warns_when_the_declared_edges_differ_and_strict_refuses() {
    let graph = "p edge 3 5\ne 1 2\n";
    let run = run("coloring", &[], graph);
    assert_eq!(run.status, 0, "{}", run.stderr);
    insta::assert_snapshot!("coloring_declared_edges_warning", run.transcript());
    let strict = self::run("coloring", &["--strict"], graph);
    insta::assert_snapshot!("coloring_declared_edges_strict", strict.transcript());
    // Listed both ways is fine.
    let both = self::run("coloring", &["--strict"], "p edge 2 2\ne 1 2\ne 2 1\n");
    assert_eq!((both.status, both.stderr.as_str()), (0, ""));
}

#[test]
fn coloring_refuses_graphs_beyond_its_size_before_allocating() {
    for declared in ["p edge 4000000000 0\n", "p edge 100000000 1\ne 1 2\n"] {
        let run = run("coloring", &[], declared);
        assert_eq!(run.status, 2, "{declared}: {}", run.stderr);
        assert!(
            run.stderr.contains("more than the 1048576"),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn coloring_a_hundred_thousand_isolated_vertices_takes_no_search() {
    // The peeling leaves nothing to search: linear time (the library's
    // test counts it; here the answer).
    let run = run("coloring", &[], "p edge 100000 0\n");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(run.stdout.lines().next(), Some("chromatic number: 1"));
    assert_eq!(run.stdout.lines().count(), 100_001);
}

#[test]
fn help_is_printed_with_status_0() {
    for name in ["sudoku", "coloring", "pentomino"] {
        let run = run(name, &["--help"], "");
        assert_eq!(run.status, 0);
        let text = run.stdout.to_lowercase();
        assert!(
            text.contains("usage:") && text.contains("example"),
            "{name}: {}",
            run.stdout
        );
    }
}

#[test]
fn a_missing_required_argument_is_named() {
    // `--shard 0/2` without `--out` said "the following required arguments
    // were not provided:" and named none.
    for (name, args) in [
        ("pentomino", &["6x10", "--shard", "0/2"][..]),
        ("sudoku", &["--max", "2", "--shard", "0/2", "x"]),
        ("model", &["queens", "8", "--shard", "0/2"]),
    ] {
        let run = run(name, args, "");
        assert_eq!(run.status, 2, "{name}");
        assert_eq!(
            run.stderr,
            format!(
                "{name}: the following required arguments were not provided: --out <DIR> (see '{name} --help')\n"
            )
        );
    }
}
