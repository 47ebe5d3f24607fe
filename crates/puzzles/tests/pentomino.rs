use backtrack::Parallel;
use puzzles::pentomino::{PIECES, Pentominoes, Tiling, orientations};
use runner::Counts;

/// (classes, tilings) of a count.
fn pair(counts: Counts) -> (u128, u128) {
    (counts.fundamental, counts.total)
}

#[test]
fn there_are_63_fixed_pentominoes() {
    let all: usize = PIECES
        .iter()
        .map(|(_, drawing)| orientations(drawing).len())
        .sum();
    assert_eq!(all, 63);
    for (_, drawing) in PIECES {
        for shape in orientations(drawing) {
            assert_eq!(shape.len(), 5);
        }
    }
}

fn checked_tilings(board: &Pentominoes, reduced: bool) -> Vec<Tiling> {
    backtrack::first(board.problem(reduced), usize::MAX)
        .iter()
        .map(|solution| board.tiling(reduced, solution).expect("a valid tiling"))
        .collect()
}

#[test]
fn the_3x20_board_has_2_tilings_up_to_symmetry() {
    let board = Pentominoes::new(3, 20).unwrap();
    let all = checked_tilings(&board, false);
    assert_eq!(all.len(), 8);
    // The four images of each tiling are all tilings, and distinct.
    for tiling in &all {
        let mut images = tiling.images();
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 4);
        assert!(images.iter().all(|image| all.contains(image)));
    }
    assert_eq!(pair(board.count()), (2, 8));
    // And turned on its side.
    assert_eq!(pair(Pentominoes::new(20, 3).unwrap().count()), (2, 8));
}

#[test]
fn the_reduced_search_finds_a_representative_of_every_class() {
    let board = Pentominoes::new(3, 20).unwrap();
    let reduced = checked_tilings(&board, true);
    for tiling in checked_tilings(&board, false) {
        assert!(tiling.images().iter().any(|image| reduced.contains(image)));
    }
}

#[test]
fn the_4x15_board_has_368_tilings_up_to_symmetry() {
    let board = Pentominoes::new(4, 15).unwrap();
    assert_eq!(pair(board.count()), (368, 1472));
}

/// About 12 s in a debug build; the 6x10 count (2339) is checked by the
/// `puzzles` bench, which `cargo test --benches` runs.
#[test]
fn the_5x12_board_has_1010_tilings_up_to_symmetry() {
    let board = Pentominoes::new(5, 12).unwrap();
    assert_eq!(pair(board.count()), (1010, 4040));
}

#[test]
fn the_parallel_count_agrees() {
    let board = Pentominoes::new(4, 15).unwrap();
    assert_eq!(pair(board.count_on(2)), (368, 1472));
    let problem = Pentominoes::new(3, 20).unwrap().problem(false);
    assert_eq!(
        Parallel::auto().threads(2).count(&problem).complete(),
        Some(8)
    );
}

#[test]
fn boards_without_60_cells_are_refused() {
    let error = Pentominoes::new(7, 9).unwrap_err();
    assert_eq!(
        error.to_string(),
        "a 7x9 board has 63 cells, the twelve pentominoes cover 60"
    );
    assert!(Pentominoes::new(0, 60).is_err());
    // 60 cells but too narrow for most pieces: no tiling, and no panic.
    assert_eq!(pair(Pentominoes::new(2, 30).unwrap().count()), (0, 0));
    assert_eq!(pair(Pentominoes::new(1, 60).unwrap().count()), (0, 0));
}

#[test]
fn a_board_whose_cells_overflow_is_not_said_to_have_60() {
    let error = Pentominoes::new(4, 4611686018427387919).unwrap_err();
    let message = error.to_string();
    assert!(!message.contains("has 60 cells"), "{message}");
    assert!(
        message.contains("more than 18446744073709551615 cells"),
        "{message}"
    );
    assert_eq!(
        Pentominoes::new(7, 9).unwrap_err().to_string(),
        "a 7x9 board has 63 cells, the twelve pentominoes cover 60"
    );
}

/// An exact cover read back from the DLX text: a line of primary items
/// (no secondary ones here), then an option per line.
fn read_dlx(text: &str) -> puzzles::exact_cover::ExactCover {
    let mut lines = text.lines();
    let mut b = puzzles::exact_cover::ExactCover::builder();
    for name in lines.next().expect("the items' line").split(' ') {
        b.primary(name).expect("a new item");
    }
    for line in lines {
        let items: Vec<_> = line
            .split(' ')
            .map(|name| b.get(name).expect("a declared item"))
            .collect();
        b.option(items).expect("an option");
    }
    b.build()
}

#[test]
fn the_dlx_text_of_6x10_has_the_reduced_options_and_reads_back_to_the_same_count() {
    let board = Pentominoes::new(6, 10).unwrap();
    let mut text = Vec::new();
    board.problem(true).write_dlx(&mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    let first = text.lines().next().unwrap();
    assert_eq!(first.split(' ').count(), 72);
    assert!(first.starts_with("F I L N P T U V W X Y Z r1c1 "));
    // X's centre in rows 2..=3, columns 2..=5: eight placements.
    assert_eq!(text.lines().filter(|l| l.starts_with("X ")).count(), 8);
    assert_eq!(text.lines().count(), 1 + board.problem(true).options());
    assert!(text.lines().skip(1).all(|l| l.split(' ').count() == 6));
    // The 3x20 board is quick to count: the text means the same problem.
    let small = Pentominoes::new(3, 20).unwrap();
    let mut text = Vec::new();
    small.problem(true).write_dlx(&mut text).unwrap();
    let back = read_dlx(&String::from_utf8(text).unwrap());
    assert_eq!(
        backtrack::first(back, usize::MAX),
        backtrack::first(small.problem(true), usize::MAX)
    );
}
