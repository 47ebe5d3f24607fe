//! The counts of queens, magic, langford and takuzu: on one thread, on
//! several, with a checkpoint or in shards (through the `runner` crate),
//! and `merge DIR`, which adds the shards up.

use std::io::Write;

use anyhow::bail;
use csp::{Network, Solution, puzzle};
use runner::eprintln;

use crate::Cli;
use crate::limit::Bound;
use crate::show::each;

/// The count (on `cli.threads` threads, with a checkpoint or in a shard
/// if asked), or the first K solutions each printed by `show`, within
/// `bound`.
pub fn count_or_show(
    network: &Network,
    name: &str,
    cli: &Cli,
    bound: &Bound,
    out: &mut dyn Write,
    show: impl Fn(&Solution) -> String,
) -> anyhow::Result<()> {
    let files = cli.checkpoint.is_some() || cli.shard.is_some();
    match cli.first {
        Some(_) if files => bail!("--checkpoint and --shard are for counts, not with --first"),
        Some(_) if cli.threads != 1 => {
            bail!("--threads is for counts: --first K lists the solutions on one thread")
        }
        None if cli.threads != 1 || files => {
            // The runner gives each task the node budget: not a limit on
            // the whole count.
            if bound.has_nodes() {
                bail!(
                    "--nodes bounds a count on one thread; with --threads, --checkpoint or --shard, give --time"
                );
            }
            let job = runner::Subproblems::with_root(
                name,
                network.clone(),
                SPLIT_DEPTH,
                &network.domains(),
            );
            let mut options = runner::Options::new()
                .threads(cli.threads)
                .limits(bound.limits().clone())
                .program(format!("model {}", env!("CARGO_PKG_VERSION")));
            if let Some(path) = &cli.checkpoint {
                options = options.checkpoint(path);
            }
            if let (Some(shard), Some(dir)) = (&cli.shard, &cli.out) {
                options = options.shard(runner::Shard::parse(shard)?, dir);
            }
            let finished = runner::run(&job, &options)?;
            bound.check(finished.outcome, || {
                let kept = if cli.checkpoint.is_some() {
                    ", the checkpoint keeps the tasks finished"
                } else {
                    ""
                };
                format!(
                    "the count of {name} did not finish: no count printed{kept}{}",
                    if cli.shard.is_some() {
                        ", no shard written"
                    } else {
                        ""
                    }
                )
            })?;
            match finished.shard_file {
                Some(path) => eprintln!("model: shard written to {}", path.display()),
                None => writeln!(out, "{}", finished.value.total)?,
            }
        }
        None => {
            let report = backtrack::Search::new(network.clone())
                .with_limits(bound.limits().clone())
                .count();
            bound.check(report.outcome, || {
                format!(
                    "the count of {name} did not finish: {} solutions so far, no count printed",
                    report.value
                )
            })?;
            writeln!(out, "{}", report.value)?;
        }
        Some(k) => {
            each(network, k, bound, out, |out, _, s| {
                writeln!(out, "{}", show(s))
            })?;
        }
    }
    Ok(())
}

/// How deep the tree of a count is cut into tasks.
const SPLIT_DEPTH: usize = 3;

/// `merge DIR`: the shards' total, once each of them is there, all of one
/// count this program splits the same way.
pub fn merge(dir: &std::path::Path, out: &mut dyn Write) -> anyhow::Result<()> {
    let merged = runner::merge::<runner::Counts>(dir, check_identity)?;
    writeln!(out, "{}", merged.value.total)?;
    Ok(())
}

/// Whether `identity` is that of a count this program makes: its name
/// (`queens 12`) is rebuilt into the model, split again, and compared.
fn check_identity(identity: &runner::Identity) -> Result<(), String> {
    use runner::Job as _;
    // `Subproblems` names its work list `NAME depth=D`.
    let name = identity
        .problem
        .strip_suffix(&format!(" depth={SPLIT_DEPTH}"))
        .unwrap_or_default();
    let words: Vec<&str> = name.split(' ').collect();
    let network = match words[..] {
        [name, n] => match n.parse::<usize>() {
            Ok(n) => counted_model(name, n).map_err(|e| e.to_string())?,
            Err(_) => None,
        },
        _ => None,
    };
    let Some(network) = network else {
        return Err(format!(
            "{} is not a count of this program",
            runner::echo(&identity.problem)
        ));
    };
    // The cut is searched again only as far as the file's claim goes: a
    // file cannot make the merge search a tree larger than it says, nor
    // for longer than a few seconds.
    let limits = backtrack::Limits::default()
        .nodes(identity.tasks.saturating_mul(16).saturating_add(100_000))
        .time(std::time::Duration::from_secs(10));
    let domains = network.domains();
    let job = runner::Subproblems::within(
        name,
        network,
        SPLIT_DEPTH,
        &domains,
        &limits,
        identity.tasks,
    )
    .map_err(|e| format!("it cannot be checked: {e}"))?;
    if job.identity() != *identity {
        return Err(
            "this program splits that count otherwise: count the shards again with it".into(),
        );
    }
    Ok(())
}

/// The network of a model that `merge` can check, by name and size.
fn counted_model(name: &str, n: usize) -> anyhow::Result<Option<Network>> {
    let model = match name {
        "queens" if (1..=64).contains(&n) => puzzle::queens(n)?.0,
        "magic" if (1..=16).contains(&n) => puzzle::magic_square(n)?.0,
        "langford" if (1..=32).contains(&n) => puzzle::langford(n)?.0,
        "takuzu" if (2..=12).contains(&n) && n.is_multiple_of(2) => puzzle::takuzu(n)?.0,
        _ => return Ok(None),
    };
    Ok(Some(model.compile()))
}
