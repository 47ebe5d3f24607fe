//! `fzn-csp merge DIR [--status]`: the answer of a model solved in shards.

use std::process::ExitCode;

use clap::Parser;

use super::{Printer, say, usage_line};

/// `fzn-csp merge DIR [--status]`.
#[derive(Parser, Debug)]
#[command(
    name = "fzn-csp merge",
    bin_name = "fzn-csp merge",
    about = "Add up the shard files fzn-csp --shard wrote into DIR and print the answer, once every shard is there, once, \
of one model and options (a missing, duplicate or foreign shard is named, and nothing is printed: status 1)."
)]
struct MergeArgs {
    /// The directory of the shard files.
    dir: std::path::PathBuf,
    /// Say which shards are done and which are missing, and what is wrong.
    #[arg(long)]
    status: bool,
}

pub(crate) fn merge() -> ExitCode {
    // "merge" stands where a program's name would: clap skips it.
    let args = match MergeArgs::try_parse_from(std::env::args_os().skip(1)) {
        Ok(args) => args,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            say(&usage_line(&e));
            return ExitCode::from(2);
        }
    };
    let text = if args.status {
        flatzinc::job::status(&args.dir)
    } else {
        flatzinc::job::merge(&args.dir)
    };
    match text {
        Ok(text) => match Printer::default().print(&text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                say(&format!("cannot write the output: {e}"));
                ExitCode::from(1)
            }
        },
        Err(e) => {
            e.to_string().lines().for_each(say);
            ExitCode::from(1)
        }
    }
}
