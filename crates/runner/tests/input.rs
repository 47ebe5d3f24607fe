//! The bounded line reader: each limit refused at one byte over it, met
//! exactly at it, whatever the reader's buffer size.

use std::io::{BufReader, Read};

use runner::{LineError, LineLimits, Lines, read_text};

fn lines(text: &[u8], limits: LineLimits, capacity: usize) -> Result<Vec<String>, LineError> {
    let mut lines = Lines::new(BufReader::with_capacity(capacity, text), limits);
    let mut out = Vec::new();
    while let Some(line) = lines.next_line() {
        out.push(line?.1.to_owned());
    }
    Ok(out)
}

const WIDE: LineLimits = LineLimits {
    line: 1 << 20,
    total: 1 << 30,
};

#[test]
fn lines_come_without_their_newline_and_a_last_line_needs_none() {
    for capacity in [1, 2, 3, 8192] {
        let read = lines(b"ab\n\ncd\r\nef", WIDE, capacity).unwrap();
        assert_eq!(read, ["ab", "", "cd\r", "ef"], "capacity {capacity}");
    }
    assert!(lines(b"", WIDE, 8).unwrap().is_empty());
}

#[test]
fn a_line_one_byte_over_the_maximum_is_refused_with_its_number() {
    let limits = LineLimits {
        line: 5,
        total: 1 << 20,
    };
    for capacity in [1, 4, 8192] {
        assert_eq!(lines(b"# ok\n12345\n", limits, capacity).unwrap().len(), 2);
        let error = lines(b"# ok\n123456\n", limits, capacity).unwrap_err();
        assert!(
            matches!(error, LineError::LineTooLong { line: 2, max: 5 }),
            "{error:?}"
        );
        assert_eq!(error.to_string(), "line 2 is longer than 5 bytes");
    }
}

#[test]
fn a_text_one_byte_over_the_maximum_is_refused_with_the_line_reached() {
    let limits = LineLimits {
        line: 100,
        total: 6,
    };
    assert_eq!(lines(b"ab\ncd\n", limits, 2).unwrap().len(), 2);
    let error = lines(b"ab\ncd\ne", limits, 2).unwrap_err();
    assert!(
        matches!(error, LineError::TooLarge { line: 3, max: 6 }),
        "{error:?}"
    );
}

#[test]
fn an_endless_line_of_zeros_is_refused_after_the_maximum() {
    // /dev/zero, cut at 64 MiB in case the maximum were not checked.
    let zero = std::fs::File::open("/dev/zero").unwrap().take(64 << 20);
    let limits = LineLimits {
        line: 1 << 16,
        total: 1 << 30,
    };
    let mut lines = Lines::new(BufReader::new(zero), limits);
    let error = lines.next_line().unwrap().unwrap_err();
    assert_eq!(error.line(), 1);
    assert!(matches!(error, LineError::LineTooLong { .. }), "{error:?}");
    assert!(lines.next_line().is_none());
}

#[test]
fn a_line_that_is_not_utf8_is_named() {
    let error = lines(b"ok\n\xff\xfe\n", WIDE, 8).unwrap_err();
    assert_eq!(error.to_string(), "line 2 is not UTF-8 text");
}

#[test]
fn read_text_ends_every_line_with_a_newline() {
    assert_eq!(read_text(&b"a\r\nb"[..], WIDE).unwrap(), "a\r\nb\n");
}
