//! What the examples read: endless lines refused at the line maximum (not
//! with an 8 GiB allocation and an abort), empty puzzle files as mistakes,
//! refused merges and out-of-time counts as a "no". Each input is bounded,
//! a line one byte over the maximum or a head of `/dev/zero`, so a broken
//! limit fails the test without taking the machine's memory.

use std::path::Path;

use crate::process::{Run, example};

/// The longest line the readers take (`puzzles::sudoku::READ_LIMITS`,
/// `puzzles::coloring::READ_LIMITS`, the model's file limits).
const LINE_MAX: usize = 1 << 16;

fn run(name: &str, args: &[&str], stdin: &str) -> Run {
    crate::process::run(&example(name), args, stdin)
}

/// A text of bytes as the programs get it on standard input.
fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap()
}

fn refused_as_long(run: &Run, program: &str, input: &str) {
    assert_eq!(run.status, 2, "{program}: {}", run.stderr);
    assert_eq!(
        run.stderr,
        format!("{program}: {input}: line 1 is longer than {LINE_MAX} bytes\n")
    );
    assert_eq!(run.stdout, "");
}

fn file(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_owned()
}

#[test]
fn sudoku_dev_zero_is_refused_at_the_line_maximum() {
    // `sudoku /dev/zero` aborted; a head of it, 1 MiB of zeros.
    let zeros = text(vec![0; 1 << 20]);
    refused_as_long(&run("sudoku", &[], &zeros), "sudoku", "standard input");
}

#[test]
fn sudoku_a_line_of_dots_without_a_newline_is_refused() {
    // `yes . | tr -d '\n' | sudoku`, one byte over the maximum.
    let dots = ".".repeat(LINE_MAX + 1);
    refused_as_long(&run("sudoku", &[], &dots), "sudoku", "standard input");
}

#[test]
fn sudoku_an_endless_comment_line_is_refused() {
    let comment = format!("#{}\n", " ".repeat(LINE_MAX));
    let run = run("sudoku", &["--max", "2"], &comment);
    refused_as_long(&run, "sudoku", "standard input");
    // At the maximum a comment is skipped, and the puzzle after it read.
    let fits = format!("#{}\n1.3.....2.......\n", " ".repeat(LINE_MAX - 1));
    let ok = self::run("sudoku", &["--box", "2"], &fits);
    assert_eq!((ok.status, ok.stderr.as_str()), (0, ""));
}

#[test]
fn sudoku_a_comments_only_file_is_a_mistake_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = file(dir.path(), "comments.txt", b"# nothing\n\n# here\n");
    let run = run("sudoku", &[&path], "");
    assert_eq!(run.status, 2);
    assert_eq!(run.stderr, format!("sudoku: no puzzle in {path}\n"));
}

#[test]
fn coloring_dev_zero_is_refused_at_the_line_maximum() {
    let zeros = text(vec![0; 1 << 20]);
    refused_as_long(&run("coloring", &[], &zeros), "coloring", "standard input");
}

#[test]
fn coloring_an_endless_c_line_is_refused() {
    let comment = format!("c{}\np edge 1 0\n", " ".repeat(LINE_MAX));
    refused_as_long(
        &run("coloring", &[], &comment),
        "coloring",
        "standard input",
    );
}

#[test]
fn coloring_count_honours_time() {
    // `coloring --count 3 --time 1` counted on past the time: a count
    // that takes minutes, stopped after 0.2 s with no answer.
    let started = std::time::Instant::now();
    let run = run(
        "coloring",
        &[
            "--count",
            "12",
            "--time",
            "0.2",
            "examples/data/queen8_8.col",
        ],
        "",
    );
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
    assert_eq!(run.status, 1, "{}", run.stderr);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr
            .starts_with("coloring: the search did not finish within 0.2 s (--time)"),
        "{}",
        run.stderr
    );
    // With time to spare the count is printed.
    let done = self::run(
        "coloring",
        &["--count", "3", "--time", "60", "examples/data/myciel3.col"],
        "",
    );
    assert_eq!((done.status, done.stderr.as_str()), (0, ""));
    assert!(done.stdout.starts_with("colourings with 3 colours: "));
}

#[test]
fn model_sudoku_and_samurai_of_dev_zero_are_refused_at_the_line_maximum() {
    // `model sudoku /dev/zero` reached 4 GiB: a head of it, in a file.
    let dir = tempfile::tempdir().unwrap();
    let zeros = file(dir.path(), "zeros", &vec![0; 1 << 20]);
    let long = file(dir.path(), "long", &vec![b'#'; LINE_MAX + 1]);
    for model in ["sudoku", "samurai", "kakuro", "hidato"] {
        for path in [&zeros, &long] {
            let run = run("model", &[model, path], "");
            refused_as_long(&run, "model", path);
        }
    }
}

#[test]
fn model_an_empty_kakuro_or_hidato_file_is_a_mistake_naming_it() {
    // They printed nothing with status 0; so did a comments-only sudoku.
    let dir = tempfile::tempdir().unwrap();
    let empty = file(dir.path(), "empty.txt", b"");
    let blank = file(dir.path(), "blank.txt", b"\n  \n");
    let comments = file(dir.path(), "comments.txt", b"# none\n");
    for (model, path) in [
        ("kakuro", &empty),
        ("kakuro", &blank),
        ("hidato", &empty),
        ("hidato", &blank),
        ("sudoku", &comments),
        ("sudoku", &empty),
    ] {
        let run = run("model", &[model, path], "");
        assert_eq!((run.status, run.stdout.as_str()), (2, ""), "{model} {path}");
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        assert!(
            run.stderr.starts_with(&format!("model: {path}: no ")),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn pentomino_a_board_whose_cells_overflow_is_not_said_to_have_60() {
    // 4 x 4611686018427387919 wraps to 60 in 64 bits.
    let run = run("pentomino", &["4x4611686018427387919"], "");
    assert_eq!(run.status, 2);
    assert!(!run.stderr.contains("60 cells"), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("has more than 18446744073709551615 cells"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_refused_merge_exits_1_in_every_example() {
    // The examples exited 2, the README's table says 1.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    for program in ["sudoku", "pentomino", "model"] {
        let run = run(program, &["merge", out], "");
        assert_eq!(run.status, 1, "{program}: {}", run.stderr);
        assert_eq!(
            run.stderr,
            format!("{program}: no shard results in {out}\n")
        );
    }
    // A shard missing.
    let shard = run("pentomino", &["3x20", "--shard", "0/2", "--out", out], "");
    assert_eq!(shard.status, 0, "{}", shard.stderr);
    let merged = run("pentomino", &["merge", out], "");
    assert_eq!(merged.status, 1, "{}", merged.stderr);
    assert!(
        merged.stderr.contains("missing shards of 2: 1"),
        "{}",
        merged.stderr
    );
}

/// The one shard file in `dir`, its problem name `from` replaced by `to`.
fn rename_shard(dir: &Path, from: &str, to: &str) {
    let shard = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .find(|path| path.extension().is_some_and(|e| e == "json"))
        .unwrap();
    let text = std::fs::read_to_string(&shard).unwrap();
    assert!(text.contains(from), "{text}");
    std::fs::write(&shard, text.replace(from, to)).unwrap();
}

#[test]
fn a_long_problem_name_in_a_shard_is_cut_in_the_message() {
    // A shard whose name is 100 KB long: the sudoku and pentomino merges
    // repeated it whole.
    let name = "x".repeat(100_000);
    let cases = [
        (
            "sudoku",
            vec!["--max", "2", "--shard", "0/1", "examples/data/hard.txt"],
            "sudoku box=3",
        ),
        (
            "pentomino",
            vec!["3x20", "--shard", "0/1"],
            "pentomino 3x20",
        ),
    ];
    for (program, mut args, problem) in cases {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().to_str().unwrap();
        args.extend(["--out", out]);
        let shard = run(program, &args, "");
        assert_eq!(shard.status, 0, "{}", shard.stderr);
        rename_shard(dir.path(), problem, &name);
        let run = run(program, &["merge", out], "");
        assert_eq!(run.status, 1, "{program}: {}", run.stderr);
        assert!(
            run.stderr.len() < 1000,
            "{program}: {} bytes",
            run.stderr.len()
        );
        // Cut, or refused for its length before it is repeated at all.
        assert!(
            run.stderr.contains("xxx...")
                || run.stderr.contains("more than the 4096 a name may have"),
            "{program}: {}",
            run.stderr
        );
    }
}
