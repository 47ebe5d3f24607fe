//! The printed formats of the classic problem statements, byte for byte.
//!
//! Every line ends with `\n` and none has trailing spaces. Columns are
//! 1-based in print. The whole-problem functions ([`checker`], [`boards`],
//! [`list`], [`classic`]) search and write as they go, so output starts at
//! once and memory stays constant; the per-solution writers ([`write_line`],
//! [`write_board`], [`write_classic`]) serve callers with their own search.
//!
//! Pass a buffered writer (a locked stdout is line-buffered only when it is
//! a terminal; wrap it in [`std::io::BufWriter`] for large outputs).

use std::io::{self, Write};
use std::ops::ControlFlow;

use backtrack::Search;

use crate::error::Error;
use crate::problem::NQueens;

/// How many solutions the Checker Challenge prints before the total.
pub const CHECKER_SHOWN: usize = 3;

/// The largest n the statement reproductions accept for [`checker`]. The
/// statement asks for 6 to 13; up to 15 the full count still takes seconds.
pub const CHECKER_MAX: u32 = 15;

/// The largest n the statement reproductions accept for [`boards`]. The
/// statement asks for 1 to 9; n = 12 already prints 14,200 boards (2.4 MB).
pub const BOARDS_MAX: u32 = 12;

/// Writes one solution as 1-based columns separated by single spaces:
/// `2 4 6 1 3 5`.
pub fn write_line(out: &mut impl Write, columns: &[u32]) -> io::Result<()> {
    // Written in pieces of at most this many bytes: a line of ten million
    // columns needs no buffer of its size.
    const PIECE: usize = 64 * 1024;
    let mut line = Vec::with_capacity(PIECE.min(columns.len() * 4 + 1));
    for (i, &col) in columns.iter().enumerate() {
        if i > 0 {
            line.push(b' ');
        }
        push_decimal(&mut line, col + 1);
        if line.len() >= PIECE - 16 {
            out.write_all(&line)?;
            line.clear();
        }
    }
    line.push(b'\n');
    out.write_all(&line)
}

/// Appends `value` in decimal.
fn push_decimal(out: &mut Vec<u8>, mut value: u32) {
    let mut digits = [0u8; 10];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[start..]);
}

/// Writes one board as n lines of `.` and `Q`, then a blank line.
pub fn write_board(out: &mut impl Write, columns: &[u32]) -> io::Result<()> {
    let n = columns.len();
    let mut board = Vec::with_capacity((n + 1) * n + 1);
    for &col in columns {
        let start = board.len();
        board.resize(start + n, b'.');
        board[start + col as usize] = b'Q';
        board.push(b'\n');
    }
    board.push(b'\n');
    out.write_all(&board)
}

/// Writes the textbook print of the `number`-th solution (1-based):
/// `sum=K` on a line, then the 1-based columns, each right-aligned in a
/// field of width 4, on the next.
pub fn write_classic(out: &mut impl Write, number: u64, columns: &[u32]) -> io::Result<()> {
    let mut text = Vec::with_capacity(columns.len() * 4 + 16);
    writeln!(text, "sum={number}")?;
    for col in columns {
        write!(text, "{:>4}", col + 1)?;
    }
    text.push(b'\n');
    out.write_all(&text)
}

/// The Checker Challenge (USACO 1.5; Luogu P1219; AcWing 1432): the first
/// three solutions in lexicographic order, one per line, then the number of
/// solutions. Fewer lines of solutions when fewer exist.
///
/// # Example
///
/// ```
/// let mut out = Vec::new();
/// nqueens::format::checker(&mut out, 6)?;
/// assert_eq!(out, b"2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n4\n");
/// # Ok::<(), nqueens::Error>(())
/// ```
///
/// # Complexity
///
/// A full search of the tree: Q(13) = 73712 solutions take well under a
/// second, but the time grows about sixfold per size.
pub fn checker(out: &mut impl Write, n: u32) -> Result<(), Error> {
    let total = each_solution(n, |number, columns| {
        if number <= CHECKER_SHOWN as u64 {
            write_line(out, columns)?;
        }
        Ok(())
    })?;
    writeln!(out, "{total}")?;
    Ok(())
}

/// Every solution as a board (AcWing 843): n lines of `.` and `Q`, a blank
/// line after each board, in lexicographic order. Nothing for n = 2 and 3.
///
/// # Example
///
/// ```
/// let mut out = Vec::new();
/// nqueens::format::boards(&mut out, 4)?;
/// assert_eq!(out, b".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n\n");
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn boards(out: &mut impl Write, n: u32) -> Result<(), Error> {
    each_solution(n, |_, columns| write_board(out, columns)).map(drop)
}

/// Every solution on its own line, 1-based columns separated by single
/// spaces, in lexicographic order.
///
/// # Example
///
/// ```
/// let mut out = Vec::new();
/// nqueens::format::list(&mut out, 4)?;
/// assert_eq!(out, b"2 4 1 3\n3 1 4 2\n");
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn list(out: &mut impl Write, n: u32) -> Result<(), Error> {
    each_solution(n, |_, columns| write_line(out, columns)).map(drop)
}

/// The 8-queens textbook print of every solution: `sum=K` (K counting from
/// 1), then the columns, each right-aligned in width 4.
///
/// # Example
///
/// ```
/// let mut out = Vec::new();
/// nqueens::format::classic(&mut out, 4)?;
/// assert_eq!(out, b"sum=1\n   2   4   1   3\nsum=2\n   3   1   4   2\n");
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn classic(out: &mut impl Write, n: u32) -> Result<(), Error> {
    each_solution(n, |number, columns| write_classic(out, number, columns)).map(drop)
}

/// Calls `write` with the 1-based number and the columns of every solution
/// in order, stopping at the first error; returns the number of solutions.
fn each_solution(
    n: u32,
    mut write: impl FnMut(u64, &[u32]) -> io::Result<()>,
) -> Result<u64, Error> {
    let mut number = 0;
    let mut result = Ok(());
    Search::new(NQueens::new(n)?).for_each(|_, columns| {
        number += 1;
        result = write(number, columns);
        stop_on_error(&result)
    });
    result?;
    Ok(number)
}

fn stop_on_error(result: &io::Result<()>) -> ControlFlow<()> {
    match result {
        Ok(()) => ControlFlow::Continue(()),
        Err(_) => ControlFlow::Break(()),
    }
}

/// The largest board [`write_svg`] draws: beyond it the picture is mostly a
/// grey blur of a few megabytes.
pub const SVG_MAX: u32 = 10_000;

/// The largest board [`write_svg`] labels with row and column numbers and
/// draws queens as crowns; above it, queens are dark squares.
const SVG_LABELS_MAX: u64 = 40;

/// The largest board [`write_svg`] colours as a checkerboard; above it the
/// squares are too small to be seen and would only blur.
const SVG_CHECKERED_MAX: u64 = 100;

/// Writes a picture of one placement as a standalone SVG document: a
/// checkerboard, a crown for each queen, and the 1-based row and column
/// numbers along the top and left sides. Larger boards leave out what would
/// be too small to see: above 40 columns the labels go and queens become
/// dark squares, above 100 the checkering goes.
///
/// The squares are one pattern, not one element each, so the document grows
/// with n, not n squared.
///
/// # Errors
///
/// [`Error::TooLarge`] above [`SVG_MAX`] columns; [`Error::Io`] if writing
/// fails.
///
/// # Example
///
/// ```
/// let mut svg = Vec::new();
/// nqueens::format::write_svg(&mut svg, &[1, 3, 0, 2])?;
/// let svg = String::from_utf8(svg).unwrap();
/// assert!(svg.starts_with("<svg "));
/// assert_eq!(svg.matches("<use ").count(), 4, "a crown per queen");
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn write_svg(out: &mut impl Write, columns: &[u32]) -> Result<(), Error> {
    let n = columns.len() as u64;
    if n > u64::from(SVG_MAX) {
        return Err(Error::TooLarge {
            n,
            max: SVG_MAX.into(),
        });
    }
    let labelled = n <= SVG_LABELS_MAX;
    // Board units: a square is 1; a margin of one square on the top and
    // left holds the labels, a thin one on the other sides the border.
    let margin = if labelled { 1 } else { 0 };
    let extent = n as f64 + margin as f64 + 0.25;
    let pixels = ((extent * 48.0) as u64).clamp(96, 960);
    let mut svg = Vec::with_capacity(1024 + columns.len() * 48);
    writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{pixels}" height="{pixels}" viewBox="0 0 {extent} {extent}" shape-rendering="crispEdges">"#
    )?;
    writeln!(svg, "<title>{n}-queens</title>")?;
    svg.extend_from_slice(
        br##"<defs>
<pattern id="squares" width="2" height="2" patternUnits="userSpaceOnUse">
<rect width="2" height="2" fill="#f0d9b5"/>
<rect x="1" width="1" height="1" fill="#b58863"/>
<rect y="1" width="1" height="1" fill="#b58863"/>
</pattern>
<symbol id="queen" viewBox="0 0 100 100" shape-rendering="geometricPrecision">
<path d="M18 80 L12 36 L33 58 L50 22 L67 58 L88 36 L82 80 Z M20 84 H80 V93 H20 Z" fill="#202020" stroke="#fafafa" stroke-width="4" stroke-linejoin="round"/>
<circle cx="12" cy="32" r="6" fill="#202020" stroke="#fafafa" stroke-width="3"/>
<circle cx="50" cy="18" r="6" fill="#202020" stroke="#fafafa" stroke-width="3"/>
<circle cx="88" cy="32" r="6" fill="#202020" stroke="#fafafa" stroke-width="3"/>
</symbol>
</defs>
"##,
    );
    if labelled {
        svg.extend_from_slice(
            br##"<g font-family="sans-serif" font-size="0.45" fill="#404040" text-anchor="middle" dominant-baseline="central">
"##,
        );
        for i in 1..=n {
            let centre = i as f64 + 0.5;
            writeln!(svg, r#"<text x="{centre}" y="0.5">{i}</text>"#)?;
            writeln!(svg, r#"<text x="0.5" y="{centre}">{i}</text>"#)?;
        }
        svg.extend_from_slice(b"</g>\n");
    }
    writeln!(svg, r#"<g transform="translate({margin} {margin})">"#)?;
    let fill = if n <= SVG_CHECKERED_MAX {
        "url(#squares)"
    } else {
        "#f0d9b5"
    };
    writeln!(
        svg,
        r##"<rect width="{n}" height="{n}" fill="{fill}" stroke="#404040" stroke-width="{}"/>"##,
        (n as f64 / 400.0).max(0.02)
    )?;
    for (row, col) in columns.iter().enumerate() {
        if labelled {
            writeln!(
                svg,
                r##"<use href="#queen" xlink:href="#queen" x="{col}" y="{row}" width="1" height="1"/>"##
            )?;
        } else {
            writeln!(
                svg,
                r##"<rect x="{col}" y="{row}" width="1" height="1" fill="#7a1010"/>"##
            )?;
        }
    }
    svg.extend_from_slice(b"</g>\n</svg>\n");
    out.write_all(&svg)?;
    Ok(())
}
