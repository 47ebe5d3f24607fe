//! Every puzzle of the workspace, wrapped in a problem that forwards the
//! four methods of `Problem` the obvious way, searches the same tree: the
//! choices stand on their own, so nothing else needs forwarding.

use backtrack::Problem;
use puzzles::pentomino::Pentominoes;
use puzzles::sudoku::{self, Sudoku};

/// A wrapper written the obvious way: the four required methods forwarded,
/// nothing else.
#[derive(Clone)]
struct Forward<P>(P);

impl<P: Problem> Problem for Forward<P> {
    type Choice = P::Choice;
    type Choices = P::Choices;

    fn choices(&self) -> P::Choices {
        self.0.choices()
    }

    fn apply(&mut self, choice: P::Choice) {
        self.0.apply(choice)
    }

    fn undo(&mut self, choice: P::Choice) {
        self.0.undo(choice)
    }

    fn is_solution(&self) -> bool {
        self.0.is_solution()
    }
}

/// The same count, and the same first solutions, wrapped or not.
fn same<P: Problem + Clone>(name: &str, problem: P)
where
    P::Choice: PartialEq + std::fmt::Debug,
{
    let direct = backtrack::count(problem.clone());
    assert!(direct > 0, "{name}: the check needs solutions");
    assert_eq!(backtrack::count(Forward(problem.clone())), direct, "{name}");
    assert_eq!(
        backtrack::first(Forward(problem.clone()), 3),
        backtrack::first(problem, 3),
        "{name}"
    );
}

#[test]
fn every_puzzle_searches_the_same_tree_through_a_forwarding_wrapper() {
    for n in [1, 6, 8, 10] {
        same(&format!("{n}-queens"), nqueens::NQueens::new(n).unwrap());
        same(
            &format!("{n}-queens, wide"),
            nqueens::WideQueens::new(n).unwrap(),
        );
    }
    same(
        "queens as exact cover",
        puzzles::queens::exact_cover(8).unwrap(),
    );
    let board = Pentominoes::new(3, 20).unwrap();
    same("pentomino 3x20", board.problem(false));
    let hard = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/data/hard.txt"),
    )
    .unwrap();
    for puzzle in sudoku::read_puzzles(hard.as_bytes(), 3).take(3) {
        let (_, puzzle): (usize, Sudoku) = puzzle.unwrap();
        same("a hard sudoku", puzzle);
    }
    let graph = puzzles::coloring::Graph::mycielski(4);
    same(
        "colouring myciel4 with 5 colours",
        puzzles::coloring::Coloring::new(&graph, 5).unwrap(),
    );
    let (model, _) = csp::puzzle::queens(8).unwrap();
    same("8-queens as a model", model.compile());
}

/// Wide boards work out their choices a word at a time: the first
/// solutions through the wrapper are the same, and valid.
#[test]
fn wide_queens_boards_search_the_same_tree_through_a_forwarding_wrapper() {
    for n in [65, 130] {
        let problem = nqueens::WideQueens::new(n).unwrap();
        let mut wrapped = backtrack::Search::new(Forward(problem.clone()))
            .with_limits(backtrack::Limits::default().nodes(200_000));
        let mut direct = backtrack::Search::new(problem)
            .with_limits(backtrack::Limits::default().nodes(200_000));
        let a = wrapped.first(1);
        let b = direct.first(1);
        assert_eq!(a, b, "n = {n}");
        assert_eq!(wrapped.stats(), direct.stats(), "n = {n}");
        for solution in &a.value {
            nqueens::validate(n, solution).unwrap();
        }
    }
}
