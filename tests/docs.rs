//! The console blocks of the README and the guide (`docs/`) are real
//! output: each command is run here and its output compared with the
//! block's. A block that cannot be run here (it needs a cluster, MiniZinc,
//! or its times vary) is marked just above with an HTML comment
//! `<!-- not run: why -->`; any other block whose command this test cannot
//! run fails, so no block goes stale unnoticed.

use std::path::{Path, PathBuf};

use crate::process::{Run, example, nqueens_path, run};

/// One `$ command` of a console block and the lines that follow it.
struct Shown {
    file: String,
    line: usize,
    command: String,
    output: String,
}

/// The pages whose console blocks are checked.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![root.join("README.md")];
    let mut guide: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    guide.sort();
    pages.extend(guide);
    pages
}

/// The commands of the console blocks of `text` not marked as not run.
fn console_blocks(file: &str, text: &str) -> Vec<Shown> {
    let lines: Vec<&str> = text.lines().collect();
    let mut shown = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i] != "```console" {
            i += 1;
            continue;
        }
        let marked = i > 0 && lines[i - 1].starts_with("<!-- not run");
        let start = i + 1;
        let end = start + lines[start..].iter().position(|l| *l == "```").unwrap();
        i = end + 1;
        if marked {
            continue;
        }
        for (k, line) in lines[start..end].iter().enumerate() {
            if let Some(command) = line.strip_prefix("$ ") {
                let output: String = lines[start + k + 1..end]
                    .iter()
                    .take_while(|l| !l.starts_with("$ "))
                    .map(|l| format!("{l}\n"))
                    .collect();
                shown.push(Shown {
                    file: file.to_string(),
                    line: start + k + 1,
                    command: command.to_string(),
                    output,
                });
            }
        }
    }
    shown
}

/// Splits a command into words, with '...' and "..." quoting.
fn words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut started = false;
    for ch in command.chars() {
        match (quote, ch) {
            (None, '\'' | '"') => {
                quote = Some(ch);
                started = true;
            }
            (Some(q), _) if ch == q => quote = None,
            (None, ' ') => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            _ => {
                word.push(ch);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

/// The program and arguments of one stage of a pipeline, if it is one of
/// ours.
fn program(stage: &[String]) -> Option<(PathBuf, Vec<String>)> {
    let rest = |from: usize| stage[from..].to_vec();
    match stage {
        [first, ..] if first == "nqueens" => Some((nqueens_path(), rest(1))),
        [c, r, rel, dash, ..]
            if c == "cargo" && r == "run" && rel == "--release" && dash == "--" =>
        {
            Some((nqueens_path(), rest(4)))
        }
        [c, r, rel, ex, name, dash, ..]
            if c == "cargo"
                && r == "run"
                && rel == "--release"
                && ex == "--example"
                && dash == "--" =>
        {
            Some((example(name), rest(6)))
        }
        _ => None,
    }
}

/// The text `printf` prints for its one argument (the escapes `\n` and `\t`).
fn printf(format: &str) -> String {
    format.replace("\\n", "\n").replace("\\t", "\t")
}

/// Runs `command` (`[echo X |] [printf 'X' |] ours [| ours] [| head -n K]`),
/// or says why it cannot.
fn execute(command: &str) -> Result<String, String> {
    let words = words(command);
    let mut stages: Vec<Vec<String>> = words.split(|w| w == "|").map(<[String]>::to_vec).collect();
    let mut input = String::new();
    if let Some(first) = stages.first() {
        match first.first().map(String::as_str) {
            Some("echo") => {
                input = format!("{}\n", first[1..].join(" "));
                stages.remove(0);
            }
            Some("printf") if first.len() == 2 => {
                input = printf(&first[1]);
                stages.remove(0);
            }
            _ => {}
        }
    }
    let mut head = None;
    if let Some(last) = stages.last()
        && last.first().is_some_and(|w| w == "head")
    {
        let k = match &last[1..] {
            [n, k] if n == "-n" => k.parse::<usize>().ok(),
            [k] => k.strip_prefix('-').and_then(|k| k.parse().ok()),
            _ => None,
        };
        head = Some(k.ok_or_else(|| format!("cannot read the head of {command:?}"))?);
        stages.pop();
    }
    if stages.is_empty() {
        return Err(format!("no program in {command:?}"));
    }
    let mut text = String::new();
    for stage in &stages {
        let (path, args) = program(stage).ok_or_else(|| {
            format!(
                "{:?} is not one of this project's programs",
                stage.join(" ")
            )
        })?;
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let Run { stdout, stderr, .. } = run(&path, &args, &input);
        input = stdout.clone();
        text = if stdout.is_empty() || stderr.is_empty() {
            stdout + &stderr
        } else {
            // Both: the block shows them in the order a terminal would,
            // which the test cannot know; it takes the one that matches.
            format!("{stdout}\u{0}{stderr}")
        };
    }
    if let Some(k) = head {
        text = text.lines().take(k).map(|l| format!("{l}\n")).collect();
    }
    Ok(text)
}

/// The seconds a count took, which vary from run to run.
fn without_seconds(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("\"seconds\":") {
        let (before, after) = rest.split_at(at + "\"seconds\":".len());
        out.push_str(before);
        out.push('S');
        rest = after
            .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == 'e' || c == '-');
    }
    out.push_str(rest);
    out
}

fn matches(shown: &str, got: &str) -> bool {
    let shown = without_seconds(shown);
    match got.split_once('\u{0}') {
        Some((out, err)) => {
            shown == without_seconds(&format!("{out}{err}"))
                || shown == without_seconds(&format!("{err}{out}"))
        }
        None => shown == without_seconds(got),
    }
}

#[test]
fn every_console_block_of_the_readme_and_the_guide_is_real_output() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let name = page.file_name().unwrap().to_string_lossy().to_string();
        for shown in console_blocks(&name, &text) {
            checked += 1;
            match execute(&shown.command) {
                Ok(got) if matches(&shown.output, &got) => {}
                Ok(got) => failures.push(format!(
                    "{}:{}: `{}` printed\n{}instead of\n{}",
                    shown.file,
                    shown.line,
                    shown.command,
                    got.replace('\u{0}', ""),
                    shown.output
                )),
                Err(why) => failures.push(format!(
                    "{}:{}: {why}: mark the block `<!-- not run: why -->` if it cannot run here",
                    shown.file, shown.line
                )),
            }
        }
    }
    assert!(checked >= 30, "only {checked} commands found");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn a_console_block_is_read_as_commands_and_their_output() {
    let text = "x\n```console\n$ nqueens one 4\n2 4 1 3\n$ echo 6 | nqueens checker\n```\n\
                <!-- not run: a cluster -->\n```console\n$ sbatch x\n```\n";
    let shown = console_blocks("x.md", text);
    assert_eq!(shown.len(), 2);
    assert_eq!((shown[0].line, shown[0].output.as_str()), (3, "2 4 1 3\n"));
    assert_eq!(
        (shown[1].command.as_str(), shown[1].output.as_str()),
        ("echo 6 | nqueens checker", "")
    );
    assert_eq!(
        words(r#"complete 8 --placed "1:1 2:5" 'a b'"#),
        ["complete", "8", "--placed", "1:1 2:5", "a b"]
    );
    assert!(execute("sbatch --array=17 x").is_err());
    assert_eq!(
        without_seconds(r#"{"n":12,"seconds":0.0123}"#),
        r#"{"n":12,"seconds":S}"#
    );
}
