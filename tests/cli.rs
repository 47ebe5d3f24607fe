//! The real `nqueens` binary and the `judge` example, run as processes:
//! standard input in, standard output, standard error and the exit status
//! out, compared byte for byte with the library's formats and recorded as
//! insta snapshots.

use std::process::{Command, Stdio};

use crate::process::{Run, example, nqueens, run};

fn judge(args: &[&str], stdin: &str) -> Run {
    run(&example("judge"), args, stdin)
}

fn expected(write: fn(&mut Vec<u8>, u32) -> Result<(), nqueens::Error>, n: u32) -> String {
    let mut out = Vec::new();
    write(&mut out, n).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn judge_checker_is_byte_exact_for_every_statement_n() {
    for n in 6..=13 {
        let run = judge(&["checker"], &format!("{n}\n"));
        assert_eq!(run.status, 0, "{}", run.stderr);
        assert_eq!(run.stdout, expected(nqueens::format::checker, n), "n = {n}");
        assert_eq!(run.stderr, "");
    }
    insta::assert_snapshot!("judge_checker_6", judge(&["checker"], "6\n").transcript());
}

#[test]
fn judge_boards_is_byte_exact_for_every_statement_n() {
    for n in 1..=9 {
        let run = judge(&["boards"], &format!("{n}\n"));
        assert_eq!(run.status, 0, "{}", run.stderr);
        assert_eq!(run.stdout, expected(nqueens::format::boards, n), "n = {n}");
    }
    insta::assert_snapshot!("judge_boards_4", judge(&["boards"], "4\n").transcript());
}

#[test]
fn judge_takes_input_as_judges_give_it() {
    let plain = judge(&["checker"], "8\n").stdout;
    for input in ["8", " 8 \n", "8\r\n", "\n8\n\n", "\t8"] {
        assert_eq!(judge(&["checker"], input).stdout, plain, "{input:?}");
    }
}

#[test]
fn judge_rejects_bad_input_with_one_line() {
    let cases: [(&str, &[&str], &str); 10] = [
        ("empty", &["checker"], ""),
        ("not_a_number", &["checker"], "six\n"),
        ("zero", &["boards"], "0\n"),
        ("negative", &["boards"], "-4\n"),
        ("too_large", &["boards"], "13\n"),
        ("two_numbers", &["checker"], "6 7\n"),
        ("unknown_mode", &["queens"], "6\n"),
        ("no_mode", &[], "6\n"),
        ("extra_argument", &["checker", "7"], "6\n"),
        ("unknown_flag", &["checker", "--fast"], "6\n"),
    ];
    for (name, args, stdin) in cases {
        let run = judge(args, stdin);
        assert_eq!(run.status, 2, "{name}");
        assert_eq!(run.stdout, "", "{name}");
        assert_eq!(run.stderr.lines().count(), 1, "{name}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{name}");
        insta::assert_snapshot!(format!("judge_error_{name}"), run.transcript());
    }
}

#[test]
fn judge_help_is_usage_and_status_0() {
    let run = judge(&["--help"], "");
    assert_eq!((run.status, run.stderr.as_str()), (0, ""));
    assert!(run.stdout.contains("Usage: judge"), "{}", run.stdout);
    assert!(run.stdout.contains("checker"), "{}", run.stdout);
}

#[test]
fn cli_statements_match_the_judge() {
    for n in 6..=13 {
        let stdin = format!("{n}\n");
        let from_stdin = nqueens(&["checker"], &stdin);
        assert_eq!(from_stdin.status, 0);
        assert_eq!(
            from_stdin.stdout,
            judge(&["checker"], &stdin).stdout,
            "n = {n}"
        );
        assert_eq!(
            nqueens(&["checker", &n.to_string()], "").stdout,
            from_stdin.stdout
        );
    }
    for n in 1..=9 {
        let stdin = format!("{n}\n");
        let from_stdin = nqueens(&["boards"], &stdin);
        assert_eq!(
            from_stdin.stdout,
            expected(nqueens::format::boards, n),
            "n = {n}"
        );
        assert_eq!(
            nqueens(&["boards", &n.to_string()], "").stdout,
            from_stdin.stdout
        );
    }
    insta::assert_snapshot!(
        "cli_checker_6_stdin",
        nqueens(&["checker"], "6\n").transcript()
    );
    insta::assert_snapshot!("cli_boards_4", nqueens(&["boards", "4"], "").transcript());
}

#[test]
fn cli_solve_and_count() {
    assert_eq!(
        nqueens(&["solve", "8"], "").stdout,
        expected(nqueens::format::list, 8)
    );
    assert_eq!(
        nqueens(&["solve", "8", "--format", "classic"], "").stdout,
        expected(nqueens::format::classic, 8)
    );
    assert_eq!(
        nqueens(&["solve", "6", "-f", "boards"], "").stdout,
        expected(nqueens::format::boards, 6)
    );
    insta::assert_snapshot!("cli_solve_6", nqueens(&["solve", "6"], "").transcript());
    insta::assert_snapshot!("cli_count_10", nqueens(&["count", "10"], "").transcript());
}

#[test]
fn cli_rejects_bad_input_with_one_line_and_status_2() {
    let cases: [(&str, &[&str], &str); 32] = [
        ("checker_empty_stdin", &["checker"], ""),
        ("checker_not_a_number", &["checker"], "abc\n"),
        ("checker_too_large", &["checker", "16"], ""),
        ("boards_negative", &["boards", "-2"], ""),
        ("solve_missing_n", &["solve"], ""),
        ("solve_zero", &["solve", "0"], ""),
        ("solve_not_a_number", &["solve", "eight"], ""),
        (
            "solve_unknown_format",
            &["solve", "8", "--format", "xml"],
            "",
        ),
        ("count_negative", &["count", "-1"], ""),
        ("count_too_large", &["count", "33"], ""),
        ("unknown_command", &["frobnicate"], ""),
        ("unknown_flag", &["count", "8", "--fast"], ""),
        (
            "count_bad_timeout",
            &["count", "8", "--timeout", "soon"],
            "",
        ),
        ("count_zero_timeout", &["count", "8", "--timeout", "0"], ""),
        (
            "count_bad_threads",
            &["count", "8", "--threads", "many"],
            "",
        ),
        ("solve_too_large", &["solve", "1001"], ""),
        (
            "solve_svg_limit",
            &["solve", "8", "--format", "svg", "--limit", "2"],
            "",
        ),
        ("solve_negative_limit", &["solve", "8", "--limit", "-1"], ""),
        ("one_zero", &["one", "0"], ""),
        ("one_negative", &["one", "-5"], ""),
        ("one_not_a_number", &["one", "1e6"], ""),
        ("one_too_large", &["one", "100000001"], ""),
        (
            "one_svg_too_large",
            &["one", "10001", "--format", "svg"],
            "",
        ),
        ("verify_empty", &["verify"], ""),
        ("verify_zero_column", &["verify"], "2 0 4\n"),
        ("verify_not_a_number", &["verify"], "2 4 1 3\n1 x 2\n"),
        (
            "verify_missing_file",
            &["verify", "/nonexistent/placement.txt"],
            "",
        ),
        (
            "count_checkpoint_unwritable",
            &["count", "10", "--checkpoint", "/nonexistent/ck.json"],
            "",
        ),
        (
            "count_out_without_shard",
            &["count", "10", "--out", "results"],
            "",
        ),
        (
            "count_engine_with_shard",
            &[
                "count", "10", "--engine", "--shard", "0/2", "--out", "results",
            ],
            "",
        ),
        (
            "count_too_many_shards",
            &["count", "10", "--shard", "0/4000001", "--out", "results"],
            "",
        ),
        (
            "merge_missing_directory",
            &["merge", "/nonexistent/results"],
            "",
        ),
    ];
    for (name, args, stdin) in cases {
        let run = nqueens(args, stdin);
        assert_eq!(run.status, 2, "{name}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{name}");
        assert_eq!(run.stderr.lines().count(), 1, "{name}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{name}");
        insta::assert_snapshot!(format!("cli_error_{name}"), run.transcript());
    }
}

#[test]
fn cli_help_is_there_for_every_command() {
    for command in ["checker", "boards", "solve", "count", "one", "verify"] {
        let run = nqueens(&[command, "--help"], "");
        assert_eq!(run.status, 0, "{command}");
        assert!(run.stdout.contains("Usage: nqueens"), "{command}");
        assert!(run.stdout.contains("Example"), "{command}");
    }
    insta::assert_snapshot!("cli_help", nqueens(&["--help"], "").transcript());
    assert!(nqueens(&["--version"], "").stdout.starts_with("nqueens "));
}

/// Runs `nqueens args`, reads the first bytes of its output and closes the
/// pipe, as `| head -c 16` does.
fn reader_goes_away(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn cli_ends_quietly_when_the_reader_goes_away() {
    // `nqueens solve 14 | head -n 1`: the pipe closes after one line.
    assert_eq!(reader_goes_away(&["solve", "14"]), (Some(0), String::new()));
}

#[test]
fn json_output_ends_quietly_when_the_reader_goes_away() {
    // serde_json wraps the write error in its own: it was printed as
    // "error: Broken pipe (os error 32)", status 1.
    for args in [
        &["solve", "20", "--format", "json"][..],
        &["one", "100000", "--format", "json"][..],
    ] {
        assert_eq!(reader_goes_away(args), (Some(0), String::new()), "{args:?}");
    }
}

#[test]
fn solve_streams_json_lines_that_parse_back() {
    let run = nqueens(&["solve", "8", "--format", "json"], "");
    assert_eq!(run.status, 0);
    let lines: Vec<serde_json::Value> = run
        .stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 92);
    for (index, line) in lines.iter().enumerate() {
        assert_eq!(line["n"], 8);
        assert_eq!(line["index"], index);
        let columns: Vec<u32> = line["columns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap() as u32 - 1)
            .collect();
        nqueens::validate(8, &columns).unwrap();
    }
    assert_eq!(
        run.stdout.lines().next().unwrap(),
        r#"{"n":8,"index":0,"columns":[1,5,8,6,3,7,2,4]}"#
    );
}

#[test]
fn solve_skip_and_limit_select_a_window() {
    let all: Vec<String> = nqueens(&["solve", "9"], "")
        .stdout
        .lines()
        .map(String::from)
        .collect();
    let window = nqueens(&["solve", "9", "--skip", "100", "--limit", "5"], "").stdout;
    assert_eq!(window.lines().collect::<Vec<_>>(), all[100..105]);
    let classic = nqueens(&["solve", "9", "--skip", "351", "--format", "classic"], "").stdout;
    assert!(classic.starts_with("sum=352\n"), "{classic}");
    assert_eq!(nqueens(&["solve", "9", "--skip", "352"], "").stdout, "");
    assert_eq!(nqueens(&["solve", "9", "--limit", "0"], "").stdout, "");
}

#[test]
fn solve_with_a_limit_stops_the_search_early() {
    let run = nqueens(&["solve", "12", "--limit", "3", "--stats"], "");
    assert_eq!(run.status, 0);
    assert_eq!(run.stdout.lines().count(), 3);
    let nodes: u64 = run
        .stderr
        .strip_prefix("nodes ")
        .and_then(|rest| rest.split(',').next())
        .and_then(|nodes| nodes.parse().ok())
        .unwrap_or_else(|| panic!("no node count in {:?}", run.stderr));
    // The whole tree of 12-queens has 856,189 nodes.
    assert!(nodes < 1_000, "{nodes} nodes for three solutions");
    assert!(run.stderr.contains("stopped early"));
    let full = nqueens(&["solve", "12", "--stats"], "");
    assert!(
        full.stderr.starts_with("nodes 856189, solutions 14200,"),
        "{}",
        full.stderr
    );
    assert!(full.stderr.contains("search complete"));
}

#[test]
fn svg_pictures_are_well_formed_xml() {
    for args in [
        &["solve", "8", "--format", "svg"][..],
        &["solve", "8", "--format", "svg", "--skip", "91"][..],
        &["one", "8", "--format", "svg"][..],
        &["one", "60", "--format", "svg"][..],
        &["one", "500", "--format", "svg"][..],
    ] {
        let run = nqueens(args, "");
        assert_eq!(run.status, 0, "{args:?}: {}", run.stderr);
        let doc =
            roxmltree::Document::parse(&run.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        assert_eq!(
            root.tag_name().namespace(),
            Some("http://www.w3.org/2000/svg")
        );
        let n: usize = args[1].parse().unwrap();
        // One mark per queen: crowns on small boards, squares on large ones.
        let queens = doc
            .descendants()
            .filter(|node| {
                node.has_tag_name("use")
                    || (node.has_tag_name("rect") && node.attribute("fill") == Some("#7a1010"))
            })
            .count();
        assert_eq!(queens, n, "{args:?}");
    }
    insta::assert_snapshot!(
        "cli_one_6_svg",
        nqueens(&["one", "6", "--format", "svg"], "").stdout
    );
}

#[test]
fn one_gives_a_valid_solution_for_every_n_that_has_one() {
    for n in (1..=60).chain([97, 200, 1_000_000]) {
        let run = nqueens(&["one", &n.to_string()], "");
        if n == 2 || n == 3 {
            assert_eq!(run.status, 1);
            assert_eq!(run.stdout, "");
            assert!(run.stderr.starts_with("no solution"), "{}", run.stderr);
            continue;
        }
        assert_eq!(run.status, 0, "n = {n}: {}", run.stderr);
        let columns: Vec<u32> = run
            .stdout
            .split_whitespace()
            .map(|c| c.parse::<u32>().unwrap() - 1)
            .collect();
        nqueens::validate(n, &columns).unwrap_or_else(|e| panic!("n = {n}: {e}"));
        assert!(run.stdout.ends_with('\n') && !run.stdout.ends_with(" \n"));
    }
    insta::assert_snapshot!("cli_one_3", nqueens(&["one", "3"], "").transcript());
    insta::assert_snapshot!("cli_one_8", nqueens(&["one", "8"], "").transcript());
}

#[test]
fn one_json_parses_back() {
    let run = nqueens(&["one", "1000", "--format", "json"], "");
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(value["n"], 1000);
    let columns: Vec<u32> = value["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap() as u32 - 1)
        .collect();
    nqueens::validate(1000, &columns).unwrap();
}

#[test]
fn verify_says_which_queens_attack() {
    let cases: [(&str, &[&str], &str); 6] = [
        ("ok", &[], "2 4 1 3\n"),
        ("first_of_two", &[], "1 2 3 4\n2 4 1 3\n"),
        ("diagonal", &[], "1 3 2\n"),
        ("column", &[], "2 4 2 3\n"),
        ("out_of_range", &[], "2 4 1 5\n"),
        ("several_lines", &["-"], "2 4 1 3\n\n3 1 4 2\n1 2 3 4\n"),
    ];
    for (name, args, stdin) in cases {
        let mut all = vec!["verify"];
        all.extend_from_slice(args);
        insta::assert_snapshot!(
            format!("cli_verify_{name}"),
            nqueens(&all, stdin).transcript()
        );
    }
    let listed = nqueens(&["solve", "10"], "").stdout;
    let run = nqueens(&["verify"], &listed);
    assert_eq!(run.status, 0);
    assert_eq!(
        run.stdout,
        "ok: 724 placements, all solutions of 10-queens\n"
    );
}

#[test]
fn verify_reads_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("one-5000.txt");
    std::fs::write(&path, nqueens(&["one", "5000"], "").stdout).unwrap();
    let run = nqueens(&["verify", path.to_str().unwrap()], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "ok: a solution of 5000-queens\n");
}

#[test]
fn count_json_and_fundamental() {
    let run = nqueens(
        &["count", "10", "--json", "--fundamental", "--threads", "2"],
        "",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(value["n"], 10);
    assert_eq!(value["total"], 724);
    assert_eq!(value["fundamental"], 92);
    assert_eq!(value["threads"], 2);
    assert!(value["seconds"].as_f64().unwrap() >= 0.0);
    assert_eq!(
        nqueens(&["count", "10", "--fundamental"], "").stdout,
        "724 92\n"
    );
    let plain: serde_json::Value =
        serde_json::from_str(&nqueens(&["count", "6", "--json"], "").stdout).unwrap();
    assert_eq!(plain["total"], 4);
    assert!(plain.get("fundamental").is_none());
}

#[test]
fn count_is_the_same_on_any_number_of_threads() {
    for threads in ["1", "2", "4"] {
        for engine in [false, true] {
            let mut args = vec!["count", "11", "--fundamental", "--threads", threads];
            if engine {
                args.push("--engine");
            }
            assert_eq!(nqueens(&args, "").stdout, "2680 341\n", "{args:?}");
        }
    }
}

#[test]
fn a_count_that_runs_out_of_time_gives_no_result() {
    for engine in [false, true] {
        let mut args = vec!["count", "24", "--timeout", "0.2", "--threads", "1"];
        if engine {
            args.push("--engine");
        }
        let started = std::time::Instant::now();
        let run = nqueens(&args, "");
        assert_eq!(run.status, 1, "{args:?}");
        assert_eq!(run.stdout, "", "no partial count is printed");
        assert_eq!(run.stderr.lines().count(), 1);
        assert!(run.stderr.contains("did not finish"), "{}", run.stderr);
        assert!(started.elapsed() < std::time::Duration::from_secs(20));
    }
}

#[test]
fn verify_names_every_bad_line_including_the_first() {
    // The first placement's conflict was left out when more followed.
    let run = nqueens(&["verify"], "1 2 3 4\n2 4 1 3\n4 3 2 1\n");
    assert_eq!(run.status, 1);
    assert_eq!(
        run.stdout,
        "line 1: not a solution: the queens in rows 1 and 2 (columns 1 and 2) attack each other along a diagonal\n\
         line 3: not a solution: the queens in rows 1 and 2 (columns 4 and 3) attack each other along an anti-diagonal\n\
         2 of 3 placements are not solutions\n"
    );
}

#[test]
fn solve_of_a_large_board_warns_up_front_and_honours_a_timeout() {
    let started = std::time::Instant::now();
    let run = nqueens(&["solve", "40", "--limit", "1", "--timeout", "0.5"], "");
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    assert_eq!(run.status, 1);
    assert_eq!(run.stdout, "");
    assert_eq!(run.stderr.lines().count(), 2, "{}", run.stderr);
    insta::assert_snapshot!("cli_solve_40_timeout", run.transcript());
    // Below the threshold there is no note; a timeout that does not expire
    // changes nothing.
    let full = nqueens(&["solve", "8", "--timeout", "60"], "");
    assert_eq!((full.status, full.stderr.as_str()), (0, ""));
    assert_eq!(full.stdout, expected(nqueens::format::list, 8));
    let small = nqueens(&["solve", "29", "--limit", "1"], "");
    assert_eq!((small.status, small.stderr.as_str()), (0, ""));
    // Above 64 columns the board is in bit sets: the same listing, the
    // same timeout.
    for n in ["65", "1000"] {
        let wide = nqueens(&["solve", n, "--limit", "1", "--timeout", "0.3"], "");
        assert_eq!((wide.status, wide.stdout.as_str()), (1, ""), "n = {n}");
        assert!(
            wide.stderr.contains("did not finish within 0.3 s"),
            "{}",
            wide.stderr
        );
    }
    let trace = nqueens(&["trace", "100", "--max-nodes", "3"], "");
    assert_eq!(trace.status, 0, "{}", trace.stderr);
    assert!(
        trace.stdout.contains("\n  row 2: column 3\n"),
        "{}",
        trace.stdout
    );
}

#[test]
fn solve_timeout_keeps_what_it_printed_and_says_it_is_incomplete() {
    let run = nqueens(&["solve", "16", "--timeout", "0.2"], "");
    assert_eq!(run.status, 1);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        run.stderr.contains("did not finish within 0.2 s"),
        "{}",
        run.stderr
    );
    // 16-queens has 14,772,512 solutions; far fewer fit in 0.2 s, and each
    // one printed is whole and valid.
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(lines.len() < 14_772_512);
    for line in lines {
        let columns = nqueens::parse_placement(line).unwrap().unwrap();
        nqueens::validate(16, &columns).unwrap();
    }
}

#[test]
fn svg_with_no_solution_to_draw_says_so() {
    // Both printed nothing and exited with status 0.
    for (name, args) in [
        ("no_solution", &["solve", "2", "--format", "svg"][..]),
        (
            "skipped_past_the_end",
            &["solve", "8", "--format", "svg", "--skip", "100"][..],
        ),
    ] {
        let run = nqueens(args, "");
        assert_eq!(run.status, 1, "{name}");
        assert_eq!(run.stdout, "", "{name}");
        assert_eq!(run.stderr.lines().count(), 1, "{name}");
        insta::assert_snapshot!(format!("cli_svg_{name}"), run.transcript());
    }
}

#[test]
fn statements_read_n_after_any_amount_of_blank_space() {
    // 64 KiB of blanks before the number was read as "the input is empty".
    let padded = format!("{}6\n", " \n".repeat(64 * 1024));
    let six = expected(nqueens::format::checker, 6);
    for run in [judge(&["checker"], &padded), nqueens(&["checker"], &padded)] {
        assert_eq!((run.status, run.stderr.as_str()), (0, ""));
        assert_eq!(run.stdout, six);
    }
    let run = nqueens(&["boards"], &padded);
    assert_eq!(run.stdout, expected(nqueens::format::boards, 6));
}

#[test]
fn a_huge_token_is_echoed_cut_to_one_short_line() {
    // The whole token used to be repeated on standard error.
    let token = "a".repeat(1 << 20);
    let cases = [
        ("judge", judge(&["checker"], &token)),
        ("checker", nqueens(&["checker"], &token)),
        ("verify", nqueens(&["verify"], &token)),
        (
            "verify_second_line",
            nqueens(&["verify"], &format!("1\n{token}\n")),
        ),
    ];
    for (name, run) in cases {
        assert_eq!(run.status, 2, "{name}");
        assert_eq!(run.stderr.lines().count(), 1, "{name}");
        assert!(run.stderr.len() < 200, "{name}: {} bytes", run.stderr.len());
        insta::assert_snapshot!(format!("huge_token_{name}"), run.transcript());
    }
}

#[test]
fn a_huge_argument_is_echoed_cut_to_one_short_line() {
    // Clap quoted the whole value in its message.
    let token = "9".repeat(100_000);
    let letters = "x".repeat(100_000);
    let cases = [
        ("solve_n", nqueens(&["solve", &token], "")),
        ("one_n", nqueens(&["one", &letters], "")),
        (
            "solve_limit",
            nqueens(&["solve", "8", "--limit", &letters], ""),
        ),
        ("judge_mode", judge(&[&letters], "6\n")),
        ("judge_extra", judge(&["checker", &letters], "6\n")),
    ];
    for (name, run) in cases {
        assert_eq!(run.status, 2, "{name}");
        assert_eq!(run.stderr.lines().count(), 1, "{name}");
        assert!(run.stderr.len() < 300, "{name}: {}", run.stderr);
        insta::assert_snapshot!(format!("huge_argument_{name}"), run.transcript());
    }
}

#[test]
fn trace_4_tells_the_walk_in_words() {
    let run = nqueens(&["trace", "4"], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains("solution 1: 2 4 1 3"));
    assert!(run.stdout.ends_with("2 solutions in 17 nodes\n"));
    insta::assert_snapshot!("cli_trace_4", run.transcript());
    let cut = nqueens(&["trace", "8", "--max-nodes", "12"], "");
    insta::assert_snapshot!("cli_trace_8_cut", cut.transcript());
}

/// The SVG's node groups by class.
fn svg_nodes(svg: &str) -> (usize, usize, usize) {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let classes: Vec<&str> = doc
        .descendants()
        .filter(|node| node.tag_name().name() == "g")
        .filter_map(|node| node.attribute("class"))
        .filter(|class| class.starts_with("node"))
        .collect();
    let solutions = classes.iter().filter(|c| c.ends_with("solution")).count();
    let dead_ends = classes.iter().filter(|c| c.ends_with("dead-end")).count();
    (classes.len(), solutions, dead_ends)
}

#[test]
fn trace_svg_draws_the_whole_tree_of_4_and_marks_a_cut() {
    let run = nqueens(&["trace", "4", "--format", "svg"], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    // 17 nodes, 2 solutions, 4 dead ends: the engine's statistics.
    let mut search = backtrack::Search::new(nqueens::NQueens::new(4).unwrap());
    let _ = search.count();
    let stats = search.stats();
    assert_eq!(
        svg_nodes(&run.stdout),
        (
            stats.nodes as usize,
            stats.solutions as usize,
            stats.dead_ends as usize
        )
    );
    insta::assert_snapshot!("cli_trace_4_svg", run.stdout);
    let cut = nqueens(&["trace", "8", "--format", "svg", "--max-nodes", "30"], "");
    assert_eq!(svg_nodes(&cut.stdout).0, 30);
    assert!(cut.stdout.contains("cut after 30 nodes"));
}

#[test]
fn complete_keeps_the_queens_placed_in_every_format() {
    let run = nqueens(&["complete", "8", "--placed", "1:1 2:5"], "");
    assert_eq!(
        (run.status, run.stdout.as_str()),
        (0, "1 5 8 6 3 7 2 4\n"),
        "{}",
        run.stderr
    );
    let run = nqueens(&["complete", "30", "--placed", "3:7, 10:2 30:30"], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let columns: Vec<u32> = run
        .stdout
        .split_whitespace()
        .map(|c| c.parse::<u32>().unwrap() - 1)
        .collect();
    nqueens::validate(30, &columns).unwrap();
    assert_eq!((columns[2], columns[9], columns[29]), (6, 1, 29));
    let board = ".Q..\n....\n....\n....\n";
    insta::assert_snapshot!(
        "cli_complete_board_stdin",
        nqueens(&["complete", "4", "--format", "boards"], board).transcript()
    );
    let json = nqueens(
        &["complete", "6", "--placed", "1:2", "--format", "json"],
        "",
    );
    assert_eq!(
        json.stdout,
        "{\"n\":6,\"index\":0,\"columns\":[2,4,6,1,3,5]}\n"
    );
    let svg = nqueens(&["complete", "6", "--placed", "1:2", "--format", "svg"], "");
    roxmltree::Document::parse(&svg.stdout).unwrap();
}

#[test]
fn complete_counts_and_says_when_there_is_none() {
    for (args, expected) in [
        (&["complete", "8", "--placed", "1:1", "--count"][..], "4\n"),
        (
            &[
                "complete",
                "8",
                "--placed",
                "1:1",
                "--count",
                "--threads",
                "1",
            ][..],
            "4\n",
        ),
        (&["complete", "10", "--placed", "", "--count"][..], "724\n"),
    ] {
        let run = nqueens(args, "");
        assert_eq!(
            (run.status, run.stdout.as_str()),
            (0, expected),
            "{args:?}: {}",
            run.stderr
        );
    }
    insta::assert_snapshot!(
        "cli_complete_none",
        nqueens(&["complete", "6", "--placed", "1:1 2:3"], "").transcript()
    );
}

#[test]
fn complete_refuses_bad_boards_with_one_line_and_status_2() {
    let cases: [(&str, &[&str], &str); 8] = [
        (
            "off_board",
            &["complete", "8", "--placed", "1:1 9:3 2:10"],
            "",
        ),
        ("attack", &["complete", "8", "--placed", "1:1 5:2 3:3"], ""),
        ("same_row", &["complete", "8", "--placed", "2:1 2:7"], ""),
        ("zero", &["complete", "8", "--placed", "0:3"], ""),
        ("not_a_pair", &["complete", "8", "--placed", "1-3"], ""),
        ("board_short", &["complete", "4"], ".Q..\n....\n"),
        (
            "board_letter",
            &["complete", "4"],
            ".Q..\n..x.\n....\n....\n",
        ),
        ("too_large", &["complete", "129", "--placed", "1:1"], ""),
    ];
    for (name, args, stdin) in cases {
        let run = nqueens(args, stdin);
        assert_eq!(run.status, 2, "{name}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{name}: {}", run.stderr);
        insta::assert_snapshot!(format!("cli_error_complete_{name}"), run.transcript());
    }
}

#[test]
fn estimate_prints_counts_time_and_a_plan() {
    let run = nqueens(&["estimate", "11", "--samples", "8", "--threads", "1"], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{}", run.stdout);
    assert!(lines[0].starts_with("n = 11: ") && lines[0].contains("random sample, seed 1"));
    assert!(lines[1].starts_with("Q(11) ≈ ") && lines[1].contains("99% interval"));
    assert!(lines[2].starts_with("fundamental ≈ "));
    assert!(lines[3].starts_with("CPU time on this machine ≈ "));
    assert!(
        lines[4].starts_with("plan: with 1 shard of 1 thread each"),
        "{}",
        lines[4]
    );
    // All the tasks: exact, with no spread.
    let json = nqueens(&["estimate", "10", "--samples", "100000", "--json"], "");
    let value: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(value["method"], "task sample");
    assert_eq!(value["total"]["estimate"], 724.0);
    assert_eq!(value["total"]["error"], 0.0);
    assert_eq!(value["fundamental"]["estimate"], 92.0);
    assert!(value["plan"]["shards"].as_u64() == Some(1));
    // Beyond n = 22: Knuth's probes, said so.
    let knuth = nqueens(&["estimate", "23", "--samples", "4", "--json"], "");
    let value: serde_json::Value = serde_json::from_str(&knuth.stdout).unwrap();
    assert_eq!(
        (value["method"].as_str(), value["samples"].as_u64()),
        (Some("knuth probes"), Some(12_500))
    );
    let estimate = value["total"]["estimate"].as_f64().unwrap();
    assert!((1e13..1e15).contains(&estimate), "{estimate}"); // Q(23) = 2.4e14
}

#[test]
fn estimate_and_trace_refuse_bad_input_with_one_line_and_status_2() {
    let cases: [(&str, &[&str]); 5] = [
        ("estimate_too_large", &["estimate", "65"]),
        (
            "estimate_per_task",
            &["estimate", "10", "--per-task", "soon"],
        ),
        ("estimate_no_samples", &["estimate", "10", "--samples", "0"]),
        ("trace_no_nodes", &["trace", "4", "--max-nodes", "0"]),
        ("trace_too_large", &["trace", "1001"]),
    ];
    for (name, args) in cases {
        let run = nqueens(args, "");
        assert_eq!(run.status, 2, "{name}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{name}: {}", run.stderr);
        insta::assert_snapshot!(format!("cli_error_{name}"), run.transcript());
    }
}

/// Knuth's exact cover example (TAOCP 7.2.2.1, items a to g) traced by
/// the same code as the queens: the picture in the README.
#[test]
fn the_exact_cover_trace_in_the_docs_is_current_and_matches_the_engine() {
    use puzzles::exact_cover::ExactCover;
    let mut builder = ExactCover::builder();
    let items: Vec<_> = ["a", "b", "c", "d", "e", "f", "g"]
        .iter()
        .map(|name| builder.primary(*name).unwrap())
        .collect();
    let options = ["ce", "adg", "bcf", "adf", "bg", "deg"];
    for option in options {
        let picked = option.bytes().map(|b| items[usize::from(b - b'a')]);
        builder.option(picked).unwrap();
    }
    let cover = builder.build();
    let trace = backtrack::trace(cover.clone(), 1000, |_, option| options[option].to_owned());
    let mut search = backtrack::Search::new(cover);
    let _ = search.count();
    let stats = search.stats();
    assert_eq!(trace.nodes.len() as u64, stats.nodes);
    assert_eq!(trace.count(backtrack::Kind::Solution), 1);
    let svg = trace.svg();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/trace-cover.svg");
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&path, &svg).unwrap();
    }
    assert_eq!(
        std::fs::read_to_string(&path).unwrap_or_default(),
        svg,
        "docs/trace-cover.svg is stale: run this test with UPDATE_DOCS=1"
    );
    assert_eq!(svg_nodes(&svg).0 as u64, stats.nodes);
}
