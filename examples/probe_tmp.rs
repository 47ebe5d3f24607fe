fn main() {
    use puzzles::sudoku::{self, Sudoku};
    let text = std::fs::read_to_string("examples/data/top95.txt").unwrap();
    let puzzles: Vec<Sudoku> = sudoku::read_puzzles(text.as_bytes(), 3)
        .map(|p| p.unwrap().1)
        .collect();
    let mut nodes = 0;
    for p in &puzzles {
        let mut s = backtrack::Search::new(p.clone());
        s.next_solution().unwrap();
        nodes += s.stats().nodes;
    }
    let mut times = vec![];
    for _ in 0..5 {
        let t = std::time::Instant::now();
        for _ in 0..20 {
            for p in &puzzles {
                std::hint::black_box(p.solve().unwrap());
            }
        }
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{} puzzles, {} nodes first solution, median x20 {:.4}s",
        puzzles.len(),
        nodes,
        times[2]
    );
}
