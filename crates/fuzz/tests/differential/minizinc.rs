//! The same models through MiniZinc: compiled with the solver's library
//! (`crates/flatzinc/mznlib`, which rewrites `circuit`, `inverse`,
//! `cumulative` and `disjunctive` into the solver's own calls) and solved
//! by `flatzinc::solve`; and compiled with MiniZinc's standard
//! decompositions for `fzn-gecode` (Debian's Gecode library for MiniZinc
//! does not compile `globals.mzn`).

use std::collections::BTreeSet;
use std::process::Command;
use std::time::Duration;

use fuzz::fzn::Model;

use crate::oracles::{self, Answer};

/// The solver configuration's id, apart from any installed one.
const ID: &str = "org.nqueens.csp-differential";

/// MiniZinc, with the solver's library in a configuration of its own.
#[derive(Debug)]
pub struct MiniZinc {
    solvers: tempfile::TempDir,
}

impl MiniZinc {
    /// `None` where `minizinc` does not run.
    pub fn new() -> Option<MiniZinc> {
        let version = Command::new("minizinc").arg("--version").output().ok()?;
        if !version.status.success() {
            return None;
        }
        let solvers = tempfile::tempdir().unwrap();
        let mznlib = concat!(env!("CARGO_MANIFEST_DIR"), "/../flatzinc/mznlib");
        // Compiled only (-c): the executable is never run.
        let config = format!(
            "{{\"id\": \"{ID}\", \"name\": \"csp-differential\", \"version\": \"0.1.0\", \
             \"mznlib\": \"{mznlib}\", \"executable\": \"fzn-csp\", \"supportsMzn\": false, \
             \"supportsFzn\": true, \"needsSolns2Out\": true}}\n"
        );
        std::fs::write(solvers.path().join("csp-differential.msc"), config).unwrap();
        Some(MiniZinc { solvers })
    }

    /// The model compiled to FlatZinc for `solver`, in a folder of its own.
    fn compile(
        &self,
        model: &Model,
        solver: &str,
        flags: &[&str],
    ) -> Result<(tempfile::TempDir, String), String> {
        let dir = tempfile::tempdir().unwrap();
        let (mzn, fzn) = (dir.path().join("model.mzn"), dir.path().join("model.fzn"));
        std::fs::write(&mzn, model.minizinc_text()).unwrap();
        let output = Command::new("minizinc")
            .env("MZN_SOLVER_PATH", self.solvers.path())
            .args(["-c", "--solver", solver])
            .args(flags)
            .arg("-o")
            .arg(&fzn)
            .arg(&mzn)
            .output()
            .map_err(|e| e.to_string())?;
        if !output.status.success() {
            let err = String::from_utf8_lossy(&output.stderr);
            let line = err
                .lines()
                .find(|l| l.starts_with("Error"))
                .or(err.lines().last());
            return Err(line.unwrap_or("failed").to_string());
        }
        let text = std::fs::read_to_string(&fzn).map_err(|e| e.to_string())?;
        Ok((dir, text))
    }

    /// The csp solver on the model compiled with its library.
    pub fn csp(&self, model: &Model, time: Duration) -> Answer {
        let text = match self.compile(model, ID, &[]) {
            Ok((_, text)) => text,
            Err(e) => return Answer::Unknown(format!("minizinc: {e}")),
        };
        match oracles::instance(&text) {
            Ok(instance) => oracles::csp(model, &instance, time),
            Err(e) => Answer::Broken(format!("cannot read MiniZinc's FlatZinc: {e}")),
        }
    }

    /// Gecode on the model compiled with MiniZinc's standard library.
    pub fn gecode(&self, model: &Model, time: Duration) -> Answer {
        let dir = match self.compile(model, "gecode", &["-G", "std"]) {
            Ok((dir, _)) => dir,
            Err(e) => return Answer::Unknown(format!("minizinc: {e}")),
        };
        let ms = time.as_millis().to_string();
        let mut command = Command::new("fzn-gecode");
        command
            .args(["-a", "-time", &ms])
            .arg(dir.path().join("model.fzn"));
        oracles::run(model, command, "fzn-gecode", time)
    }
}

/// The solutions of every answer on the variables all of them print:
/// MiniZinc prints a variable it fixed from its output model, not from
/// the FlatZinc a solver reads.
pub fn project(answers: &mut [(&str, Answer)]) {
    let name = |line: &str| line.split(" = ").next().unwrap_or_default().to_string();
    let mut common: Option<BTreeSet<String>> = None;
    for (_, answer) in answers.iter() {
        if let Answer::All(set) = answer
            && let Some(first) = set.iter().next()
        {
            let names: BTreeSet<String> = first.iter().map(|l| name(l)).collect();
            common = Some(match common {
                Some(c) => c.intersection(&names).cloned().collect(),
                None => names,
            });
        }
    }
    let Some(common) = common else { return };
    for (_, answer) in answers.iter_mut() {
        if let Answer::All(set) = answer {
            *set = set
                .iter()
                .map(|s| {
                    s.iter()
                        .filter(|l| common.contains(&name(l)))
                        .cloned()
                        .collect()
                })
                .collect();
        }
    }
}
