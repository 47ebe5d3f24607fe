//! How the program ends after an error: the README's table of exit
//! statuses, the same as the `nqueens` tool's.

use runner::eprintln;
use std::io;
use std::process::ExitCode;

/// Prints `e` as one line (one per problem for a refused merge) and gives
/// the status: 0 when the reader of the output went away, 1 when the
/// output cannot be written, a search was stopped by `--time` or
/// `--nodes`, or a merge (`merging`) refuses the shards, 2 for a mistake
/// in the arguments, the files or the model asked for.
pub fn report(e: &anyhow::Error, merging: bool) -> ExitCode {
    // Only writing the output gives an `io::Error` here: what is read
    // reports its errors in words.
    if let Some(e) = e.downcast_ref::<io::Error>() {
        return match runner::write_failure(e) {
            None => ExitCode::SUCCESS,
            Some(message) => {
                eprintln!("model: {message}");
                ExitCode::FAILURE
            }
        };
    }
    // A search stopped by --time or --nodes: what it found is printed.
    if let Some(stopped) = e.downcast_ref::<crate::limit::Stopped>() {
        eprintln!("model: {stopped}");
        return ExitCode::FAILURE;
    }
    // A merge that refuses the shards is a "no": status 1.
    if let (true, Some(runner::Error::Refused(lines))) = (merging, e.downcast_ref()) {
        for line in lines {
            eprintln!("model: {line}");
        }
        return ExitCode::FAILURE;
    }
    // The runner's messages say their cause already.
    let text = match e.downcast_ref::<runner::Error>() {
        Some(e) => e.to_string(),
        None => format!("{e:#}"),
    };
    eprintln!("model: {}", text.replace('\n', "; "));
    ExitCode::from(2)
}
