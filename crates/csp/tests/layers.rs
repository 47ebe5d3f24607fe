//! The crate's files are layered: the domains and the store at the bottom,
//! the propagators above them, the network and its search above those, the
//! model on top, the puzzles above the model. A file names only modules of
//! its own layer or below (its own module's files among themselves), so
//! there is no cycle; and no file is over 500 lines.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The crate's top-level modules, from the bottom up: each may use those
/// before it.
const LAYERS: &[&[&str]] = &[
    &["var", "branch", "goal"],
    &["domain"],
    &["error"],
    &["automaton"],
    &["solution"],
    &["propagator"],
    &["learn"],
    &["network"],
    &["model"],
    &["puzzle"],
    &["tests"],
];

fn rank(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("the source folder reads") {
        let path = entry.expect("a folder entry reads").path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The module each name re-exported at the crate root comes from, read
/// from `lib.rs`'s `pub use module::{A, B};` lines.
fn reexports(lib: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for line in lib.lines() {
        let Some(rest) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let rest = rest.trim_end_matches(';');
        let Some((module, names)) = rest.split_once("::") else {
            continue;
        };
        let names = names.trim_start_matches('{').trim_end_matches('}');
        for name in names.split(',') {
            map.insert(name.trim().to_string(), module.to_string());
        }
    }
    map
}

/// The top-level modules named as `crate::...` outside comments.
fn uses(code: &str, reexported: &BTreeMap<String, String>) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (i, line) in code.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let module = reexported.get(&name).cloned().unwrap_or(name);
            found.push((i + 1, module));
        }
    }
    found
}

#[test]
fn every_file_uses_only_its_own_layer_or_below_and_is_under_500_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = fs::read_to_string(src.join("lib.rs")).expect("lib.rs reads");
    let reexported = reexports(&lib);
    assert!(
        reexported.get("Network").is_some_and(|m| m == "network"),
        "the re-exports are read from lib.rs"
    );
    let mut files = Vec::new();
    sources(&src, &mut files);
    assert!(files.len() > 40, "every source file is found");
    let mut wrong = Vec::new();
    for path in &files {
        let relative = path.strip_prefix(&src).expect("under src");
        let first = relative
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .expect("a file name");
        let module = first.trim_end_matches(".rs");
        let code = fs::read_to_string(path).expect("a source file reads");
        let lines = code.lines().count();
        if lines > 500 {
            wrong.push(format!("{}: {lines} lines", relative.display()));
        }
        if module == "lib" {
            continue;
        }
        let Some(mine) = rank(module) else {
            wrong.push(format!(
                "{}: module {module} has no layer",
                relative.display()
            ));
            continue;
        };
        for (line, used) in uses(&code, &reexported) {
            match rank(&used) {
                Some(theirs) if theirs < mine || used == module => {}
                _ => wrong.push(format!(
                    "{}:{line}: {module} uses {used}, which is not below it",
                    relative.display()
                )),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_checker_sees_a_use_from_above() {
    let reexported = reexports("pub use model::{MAX_DOMAIN, Model};\n");
    let found = uses(
        "use crate::Model;\n// crate::network in a comment\nlet x = crate::MAX_DOMAIN;\n",
        &reexported,
    );
    assert_eq!(found, [(1, "model".to_string()), (3, "model".to_string())]);
}
