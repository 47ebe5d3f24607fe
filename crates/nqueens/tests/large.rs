//! The counter where users rely on it most: n = 17 and 18 against OEIS
//! A000170 and A002562, on two threads. A minute of work, so CI runs it as
//! its own step (`cargo test --release -p nqueens --test tests large --
//! --ignored`), not with the quick suite.

use std::sync::Mutex;

use nqueens::Split;

#[test]
#[ignore = "a minute of counting: run by CI's flagship step"]
fn n_17_and_18_match_oeis_on_two_threads() {
    for (n, total, fundamental) in [(17, 95_815_104, 11_977_939), (18, 666_090_624, 83_263_591)] {
        let counts = Split::new(n).unwrap().count(2).unwrap();
        assert_eq!(
            (counts.total, counts.fundamental),
            (total, fundamental),
            "n = {n}"
        );
    }
}

/// The share of work the counter reports tracks the share of time spent:
/// at every report of the n = 17 count, within 0.15 of elapsed/total.
#[test]
#[ignore = "timed against the wall clock: run alone by CI's flagship step"]
fn progress_of_the_17_count_tracks_the_time_it_takes() {
    use std::time::Instant;
    let split = Split::new(17).unwrap();
    let seen = std::sync::Arc::new(Mutex::new(Vec::new()));
    let record = seen.clone();
    let started = Instant::now();
    let options = runner::Options::new().threads(1).progress(move |f| {
        record
            .lock()
            .unwrap()
            .push((started.elapsed().as_secs_f64(), f))
    });
    let finished = runner::run(&split, &options).unwrap();
    let total = started.elapsed().as_secs_f64();
    assert_eq!(
        (finished.value.total, finished.value.fundamental),
        (95_815_104, 11_977_939)
    );
    let seen = seen.lock().unwrap();
    let worst = seen
        .iter()
        .map(|&(at, f)| (f - at / total).abs())
        .fold(0.0, f64::max);
    let trace: Vec<String> = seen
        .iter()
        .step_by((seen.len() / 20).max(1))
        .map(|(at, f)| format!("{:.2}:{f:.2}", at / total))
        .collect();
    assert!(
        worst <= 0.15,
        "progress strays {worst:.3} from the time share; time:progress {trace:?}"
    );
    eprintln!("worst deviation {worst:.3} over {total:.1} s; time:progress {trace:?}");
}
