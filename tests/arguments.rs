//! Arguments as a careless user types them: the queens of `complete`
//! given twice, off the board or by the thousand, a board on standard
//! input past its limit, and `--shard` without `--out` in every program.

use crate::process::{Run, example, nqueens, run};

/// `nqueens complete N --placed PLACED`.
fn placed(n: &str, placed: &str) -> Run {
    nqueens(&["complete", n, "--placed", placed], "")
}

/// A refusal: status 2, one line on standard error, nothing on standard
/// output; the line.
fn refused(run: &Run) -> &str {
    assert_eq!((run.status, run.stdout.as_str()), (2, ""), "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    run.stderr.trim_end()
}

#[test]
fn complete_called_the_same_square_twice_an_attack_along_a_row() {
    assert_eq!(
        refused(&placed("8", "1:1 1:1")),
        "error: the queen at 1:1 is given twice: a square holds one queen"
    );
    // Two squares of one row are still an attack along it.
    assert_eq!(
        refused(&placed("8", "1:1 1:2")),
        "error: the queens at 1:1 and 1:2 attack each other along a row"
    );
}

#[test]
fn complete_took_a_negative_row_for_an_option() {
    for (given, line) in [
        (
            "-1:1",
            "error: a queen lies off the 8x8 board (rows and columns go from 1 to 8): -1:1",
        ),
        (
            "2:3 -1:-1 0:3 9:1 99999999999999999999999:1",
            "error: queens lie off the 8x8 board (rows and columns go from 1 to 8): -1:-1 0:3 9:1 99999999999999999999999:1",
        ),
    ] {
        assert_eq!(refused(&placed("8", given)), line, "{given}");
    }
    let attached = nqueens(&["complete", "8", "--placed=-1:1"], "");
    assert_eq!(
        refused(&attached),
        "error: a queen lies off the 8x8 board (rows and columns go from 1 to 8): -1:1"
    );
    // What is not a number at all is still not a pair.
    assert_eq!(
        refused(&placed("8", "-x:1")),
        "error: --placed takes 1-based ROW:COL pairs such as \"1:1 3:5\", got \"-x:1\""
    );
}

#[test]
fn complete_named_14000_off_board_queens_in_a_line_of_100_000_characters() {
    let many: Vec<String> = (0..14_000).map(|i| format!("{}:1", 9 + i)).collect();
    let line = refused(&placed("8", &many.join(" "))).to_owned();
    assert_eq!(
        line,
        "error: queens lie off the 8x8 board (rows and columns go from 1 to 8): 9:1 10:1 11:1 12:1 13:1 14:1 15:1 16:1 and 13992 more"
    );
    // A single token of 100,000 digits is cut as every echo is.
    let long = format!("{}:1", "9".repeat(100_000));
    assert!(refused(&placed("8", &long)).len() < 200);
}

/// A 4x4 board with one queen, then `fill` up to `total` bytes.
fn board_of(total: usize, fill: &str) -> String {
    let mut text = String::from(".Q..\n....\n....\n....\n");
    while text.len() + fill.len() <= total {
        text.push_str(fill);
    }
    text
}

#[test]
fn complete_read_only_the_first_mebibyte_of_standard_input() {
    const MIB: usize = 1 << 20;
    // Exactly the limit, blank (ideographic spaces, three bytes each, and
    // spaces) after the board: read whole and completed.
    let mut text = board_of(MIB, "\u{3000}");
    text.push_str(&" ".repeat(MIB - text.len()));
    assert_eq!(text.len(), MIB);
    let run = nqueens(&["complete", "4"], &text);
    assert_eq!(
        (run.status, run.stdout.as_str()),
        (0, "2 4 1 3\n"),
        "{}",
        run.stderr
    );
    // One character across the limit: refused for its size (it was called
    // invalid text), and junk past it is no longer ignored.
    text.pop();
    text.push('\u{3000}');
    for input in [text, board_of(3 * MIB, "junk\n")] {
        let run = nqueens(&["complete", "4"], &input);
        assert_eq!(
            refused(&run),
            "error: the board on standard input is longer than 1048576 bytes (1 MiB), the most complete reads"
        );
    }
}

#[test]
fn shard_without_out_named_no_argument() {
    let count = nqueens(&["count", "8", "--shard", "0/2"], "");
    assert!(
        refused(&count).contains("not provided: --out <DIR>"),
        "{}",
        count.stderr
    );
    for (program, args) in [
        ("model", &["queens", "8", "--shard", "0/2"][..]),
        ("pentomino", &["--shard", "0/2"]),
        ("sudoku", &["--max", "2", "--shard", "0/2"]),
    ] {
        let run = run(&example(program), args, "");
        assert!(
            refused(&run).ends_with(&format!(
                "the following required arguments were not provided: --out <DIR> (see '{program} --help')"
            )),
            "{program}: {}",
            run.stderr
        );
    }
}
