//! The printed formats, byte for byte: insta snapshots (reviewed files under
//! `tests/snapshots/`), and the printed solutions parsed back and validated.

use nqueens::format;

fn print(write: fn(&mut Vec<u8>, u32) -> Result<(), nqueens::Error>, n: u32) -> String {
    let mut out = Vec::new();
    write(&mut out, n).unwrap();
    String::from_utf8(out).unwrap()
}

/// No trailing spaces, every line ends with `\n`.
fn assert_clean_lines(text: &str) {
    assert!(text.is_empty() || text.ends_with('\n'), "{text:?}");
    for line in text.lines() {
        assert_eq!(line, line.trim_end(), "trailing whitespace in {line:?}");
        assert!(!line.contains('\r'));
    }
}

#[test]
fn checker_6_is_the_statement() {
    assert_eq!(
        print(format::checker, 6),
        "2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n4\n"
    );
}

#[test]
fn checker_snapshots() {
    for n in 6..=13 {
        let text = print(format::checker, n);
        assert_clean_lines(&text);
        insta::assert_snapshot!(format!("checker_{n}"), text);
    }
}

#[test]
fn checker_prints_fewer_lines_when_fewer_solutions_exist() {
    assert_eq!(print(format::checker, 1), "1\n1\n");
    assert_eq!(print(format::checker, 2), "0\n");
    assert_eq!(print(format::checker, 3), "0\n");
    assert_eq!(print(format::checker, 4), "2 4 1 3\n3 1 4 2\n2\n");
}

#[test]
fn boards_snapshots() {
    for n in 1..=9 {
        let text = print(format::boards, n);
        assert_clean_lines(&text);
        insta::assert_snapshot!(format!("boards_{n}"), text);
    }
}

#[test]
fn boards_print_nothing_without_solutions() {
    assert_eq!(print(format::boards, 2), "");
    assert_eq!(print(format::boards, 3), "");
}

#[test]
fn list_snapshots() {
    for n in 1..=8 {
        let text = print(format::list, n);
        assert_clean_lines(&text);
        insta::assert_snapshot!(format!("list_{n}"), text);
    }
}

#[test]
fn classic_snapshot() {
    let text = print(format::classic, 8);
    assert_clean_lines(&text);
    assert!(text.starts_with("sum=1\n   1   5   8   6   3   7   2   4\n"));
    assert!(text.ends_with("sum=92\n   8   4   1   3   6   2   7   5\n"));
    insta::assert_snapshot!("classic_8", text);
}

/// The boards parsed back: n rows of n cells, one `Q` per row, each board
/// a valid solution, each followed by a blank line, in lexicographic order.
#[test]
fn boards_parse_back_to_valid_solutions() {
    for n in 1..=9u32 {
        let text = print(format::boards, n);
        let mut solutions = Vec::new();
        for block in text.split_terminator("\n\n") {
            let columns: Vec<u32> = block
                .lines()
                .map(|row| {
                    assert_eq!(row.len(), n as usize);
                    assert!(row.bytes().all(|b| b == b'.' || b == b'Q'));
                    assert_eq!(row.matches('Q').count(), 1, "{row:?}");
                    row.find('Q').unwrap() as u32
                })
                .collect();
            nqueens::validate(n, &columns).unwrap();
            solutions.push(columns);
        }
        assert!(solutions.windows(2).all(|w| w[0] < w[1]));
        let total = backtrack::count(nqueens::NQueens::new(n).unwrap()) as usize;
        assert_eq!(solutions.len(), total);
        // A blank line after every board, the last one included (insta
        // compares without trailing newlines, so this is checked here).
        assert_eq!(text.matches("\n\n").count(), total, "n = {n}");
        assert!(total == 0 || text.ends_with("Q\n\n") || text.ends_with(".\n\n"));
        assert!(!text.ends_with("\n\n\n"));
    }
}

/// The list and classic prints parsed back to the same valid solutions.
#[test]
fn list_and_classic_parse_back_to_valid_solutions() {
    for n in 1..=8u32 {
        let list: Vec<Vec<u32>> = print(format::list, n)
            .lines()
            .map(|line| {
                line.split(' ')
                    .map(|c| c.parse::<u32>().unwrap() - 1)
                    .collect()
            })
            .collect();
        let classic: Vec<Vec<u32>> = print(format::classic, n)
            .lines()
            .collect::<Vec<_>>()
            .chunks(2)
            .enumerate()
            .map(|(i, pair)| {
                assert_eq!(pair[0], format!("sum={}", i + 1));
                assert_eq!(pair[1].len(), 4 * n as usize);
                pair[1]
                    .split_whitespace()
                    .map(|c| c.parse::<u32>().unwrap() - 1)
                    .collect()
            })
            .collect();
        assert_eq!(list, classic, "n = {n}");
        for columns in &list {
            nqueens::validate(n, columns).unwrap();
        }
    }
}

#[test]
fn a_failing_writer_stops_the_search_with_the_error() {
    struct Full;
    impl std::io::Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let err = format::list(&mut Full, 10).unwrap_err();
    assert!(matches!(err, nqueens::Error::Io(e) if e.kind() == std::io::ErrorKind::BrokenPipe));
    assert!(matches!(
        format::boards(&mut Vec::new(), 0),
        Err(nqueens::Error::ZeroSize)
    ));
}

#[test]
fn write_line_prints_every_width_of_number() {
    let mut out = Vec::new();
    format::write_line(&mut out, &[0, 8, 9, 99, 999_999, u32::MAX - 1]).unwrap();
    assert_eq!(out, b"1 9 10 100 1000000 4294967295\n");
    // A line longer than the pieces it is written in.
    let columns: Vec<u32> = (0..100_000).collect();
    let mut out = Vec::new();
    format::write_line(&mut out, &columns).unwrap();
    let expected: Vec<String> = (1..=100_000).map(|c| c.to_string()).collect();
    assert_eq!(String::from_utf8(out).unwrap(), expected.join(" ") + "\n");
}
