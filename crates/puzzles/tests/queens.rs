use backtrack::Parallel;
use nqueens::NQueens;

#[test]
fn exact_cover_counts_equal_the_nqueens_crate() {
    for n in 1..=10u32 {
        let cover = puzzles::queens::exact_cover(n as usize).unwrap();
        let expected = backtrack::count(NQueens::new(n).unwrap());
        assert_eq!(backtrack::count(cover), expected, "n = {n}");
    }
}

#[test]
fn every_exact_cover_solution_is_a_valid_placement() {
    for n in 1..=8usize {
        let cover = puzzles::queens::exact_cover(n).unwrap();
        let mut all: Vec<Vec<u32>> = backtrack::first(cover, usize::MAX)
            .iter()
            .map(|options| {
                let columns: Vec<u32> = puzzles::queens::columns(n, options)
                    .into_iter()
                    .map(|c| c as u32)
                    .collect();
                nqueens::validate(n as u32, &columns).unwrap();
                columns
            })
            .collect();
        all.sort();
        let expected = backtrack::first(NQueens::new(n as u32).unwrap(), usize::MAX);
        assert_eq!(all, expected, "n = {n}");
    }
}

#[test]
fn the_parallel_count_agrees() {
    let cover = puzzles::queens::exact_cover(9).unwrap();
    let sequential = backtrack::count(cover.clone());
    assert_eq!(sequential, 352);
    let parallel = Parallel::auto().threads(2).count(&cover);
    assert_eq!(parallel.complete(), Some(sequential));
    let first = Parallel::auto().threads(2).first(&cover, 5);
    assert_eq!(first.value, backtrack::first(cover, 5));
}
