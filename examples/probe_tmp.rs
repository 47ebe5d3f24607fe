fn main() {
    use puzzles::pentomino::Pentominoes;
    let b = Pentominoes::new(6, 10).unwrap();
    let mut ts = vec![];
    for _ in 0..3 {
        let t = std::time::Instant::now();
        let c = b.count();
        assert_eq!(c.classes, 2339);
        ts.push(t.elapsed().as_secs_f64());
    }
    ts.sort_by(f64::total_cmp);
    println!("6x10 count median {:.3}s {:?}", ts[1], ts);
}
