//! fzn-csp's command line: its options, and what they make of a model.

use clap::Parser;

#[derive(Parser, Debug, Clone)]
#[command(
    name = "fzn-csp",
    version,
    about = "Solve a FlatZinc model with the csp solver (the executable MiniZinc runs as '--solver csp').",
    after_help = "Output: each solution's output variables ('x = 3;', 'a = array1d(1..3, [1, 2, 3]);') then '----------'; \
'==========' once the search is complete (all solutions given with -a, or the optimum proved); \
'=====UNSATISFIABLE=====' when there is none; '=====UNKNOWN=====' when a limit stopped the search first. \
Every solution is checked against the model's constraints before it is printed. \
SIGINT or SIGTERM stops the search: the best solution found so far is printed (or '=====UNKNOWN====='), and a second one ends at once.

In pieces (a cluster job): --shard I/M --out DIR solves the tasks i with i mod M = I of the model's subproblems (cut at --depth D, or about 1024 of them) and writes their result to a checksummed file in DIR; 'fzn-csp merge DIR' checks that every shard is there once, all of one model and options, and prints the answer (the first or best solution, '==========' when every task was searched to the end, the count of solutions as '%%%mzn-stat: solutions=N'); 'fzn-csp merge DIR --status' says which shards are done. --checkpoint FILE (with or without --shard) records each task as it finishes, so a run killed even with kill -9 resumes exactly. -a counts every solution, -p N solves tasks on N threads, -t stops a run (a shard stopped so writes no file; its checkpoint keeps the tasks done). A file named 'merge' is './merge'."
)]
pub(crate) struct Args {
    /// The FlatZinc file.
    pub(crate) file: std::path::PathBuf,
    /// All solutions (for an optimisation problem: every improving one).
    #[arg(short = 'a', long = "all-solutions")]
    pub(crate) all: bool,
    /// At most K solutions (for an optimisation problem: stop after K
    /// improving ones, each printed).
    #[arg(short = 'n', long = "num-solutions", value_name = "K")]
    pub(crate) solutions: Option<u64>,
    /// Free search: ignore the search annotations, and search as for a
    /// model without any: dom/wdeg over the variables no constraint
    /// defines, each choice x = min | x != min.
    #[arg(short = 'f', long = "free-search")]
    pub(crate) free: bool,
    /// Print statistics as '%%%mzn-stat:' lines.
    #[arg(short = 's', long = "statistics")]
    pub(crate) statistics: bool,
    /// Stop after MS milliseconds, parsing and setup included.
    #[arg(short = 't', long = "time-limit", value_name = "MS")]
    pub(crate) time: Option<u64>,
    /// Search on N threads (0 or 1: on one; at most 256). The tree is
    /// cut into subproblems the threads share: the solutions of a
    /// satisfaction problem are printed in the order one thread finds
    /// them, and each improvement of an optimisation prunes every thread
    /// at once.
    #[arg(short = 'p', long = "parallel", value_name = "N")]
    pub(crate) threads: Option<u32>,
    /// Random seed (default 24301) of every randomised choice: the values
    /// of indomain_random, --lns's neighbourhoods, --estimate's probes.
    /// The same seed gives the same search on one thread with --learn=on
    /// or off; the default's searches take turns timed by the clock, so
    /// which of them finds a solution first, and which solution, may vary
    /// from run to run (the verdict and the optimum do not).
    #[arg(short = 'r', long = "random-seed", value_name = "SEED")]
    pub(crate) seed: Option<u64>,
    /// Large-neighbourhood search for an optimisation problem: from the
    /// best solution so far, most decision variables fixed and the rest
    /// searched for a better one, round after round, until -t, -n or a
    /// signal; '==========' only if its first search, of the whole
    /// model, proved the optimum. With -p N, one thread of it beside N-1
    /// of branch and bound on the same best solution, whose proof ends
    /// both. Ignored, without an error, for a satisfaction problem.
    #[arg(long = "lns")]
    pub(crate) lns: bool,
    /// Learn from failures (lazy clause generation): each failure is
    /// analysed into a nogood that prunes the rest of the search, which
    /// jumps back, follows the variables of recent failures (the model's
    /// choices, its booleans that are not an integer's literal, before the
    /// integers) and restarts. auto (the default): an optimisation problem
    /// is searched both ways, learning and branch and bound taking turns
    /// of 20 ms on one core, learning first for 100 ms, and sharing the
    /// best solution (whichever
    /// proves the optimum ends both; with a search annotation, from 3 s on
    /// a third search learns following it throughout, without restarts,
    /// as Chuffed does by default, in turns three times as long as the
    /// others'; the search that found the best solution so far holds the
    /// core three times as long a turn, for a second or until another
    /// improves on it),
    /// and so is the first solution of a
    /// satisfaction problem on one thread, depth-first search in turns of
    /// 30 ms beside the learning search's 20 (whichever finds one ends
    /// both);
    /// every solution (-a, -n) does not learn. As measured here
    /// (docs/minizinc.md): learning proves schedules branch and bound does
    /// not, branch and bound is many times faster on some (golomb, and
    /// most first solutions), and learning counts solutions slower. on (--learn alone): learning alone, also for the
    /// first solution, or every solution (-a, -n, each excluded by a
    /// clause once found), of a satisfaction problem. off: branch and
    /// bound. With -p N (N of 2 or more, 3 with --lns), one thread learns
    /// beside branch and bound on the others, all sharing the best
    /// solution, and its proof ends the search. For the search that
    /// learns, variables of more than 64 values keep only their bounds
    /// (interval domains): a bound is cheaper to explain. With --learn,
    /// every search of the run reads them so; by default the search beside
    /// it reads a translation of its own, with bitsets. --shard,
    /// --checkpoint and --estimate never learn
    #[arg(long = "learn", value_name = "WHEN", value_enum, num_args = 0..=1,
          require_equals = true, default_value_t = LearnWhen::Auto, default_missing_value = "on")]
    pub(crate) learn: LearnWhen,
    /// With --learn and a search annotation (not dropped by -f): what the
    /// search that learns decides on. activity: the annotation to the
    /// first solution of an optimisation problem, then the variables of
    /// recent failures (the default, measured best here: docs/minizinc.md);
    /// annotation: the annotation's
    /// variables as it asks, one branch each (the other is learned), then
    /// the most active of the rest, without restarts (as Chuffed does by
    /// default);
    /// alternate: the annotation and activity in turn, switching at every
    /// second restart (as Chuffed's -f). Without an annotation, activity
    #[arg(long = "learn-search", value_name = "MODE", value_enum, default_value_t = LearnSearchArg::Activity)]
    pub(crate) learn_search: LearnSearchArg,
    /// Do not solve: print Knuth's estimate of the search tree's size, the
    /// nodes per second of a 1 s sample of the search, and the time that
    /// makes on one thread and on --shards shards.
    #[arg(long = "estimate")]
    pub(crate) estimate: bool,
    /// The shards of --estimate's plan.
    #[arg(long = "shards", value_name = "M", default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) shards: u64,
    /// --estimate's report as one line of JSON.
    #[arg(long = "json")]
    pub(crate) json: bool,
    /// Intermediate solutions of an optimisation problem (the same as -a
    /// there); a satisfaction problem still gives one.
    #[arg(short = 'i', long = "intermediate")]
    pub(crate) intermediate: bool,
    /// Check overload in every cumulative constraint, beside time-tabling
    /// (off by default: it paid off on few public scheduling instances).
    #[arg(long = "cumulative-overload")]
    pub(crate) cumulative_overload: bool,
    /// Solve shard I of M of the model's subproblems (the tasks i with
    /// i mod M = I) and write its result into --out DIR; I/M, slurm or
    /// slurm/M (from the Slurm array's variables).
    #[arg(long, value_name = "I/M", requires = "out")]
    pub(crate) shard: Option<String>,
    /// The directory of the shard files (with --shard).
    #[arg(long, value_name = "DIR", requires = "shard")]
    pub(crate) out: Option<std::path::PathBuf>,
    /// Record each finished task in FILE and resume from it: the search
    /// is split into subproblems, the answer printed as 'merge' prints it.
    #[arg(long, value_name = "FILE")]
    pub(crate) checkpoint: Option<std::path::PathBuf>,
    /// Cut the search into the subproblems at depth D (with --shard or
    /// --checkpoint; default: the engine's pick, about 1024 of them).
    #[arg(long, value_name = "D")]
    pub(crate) depth: Option<usize>,
}

impl Args {
    /// Whether the search is split into subproblems (--shard,
    /// --checkpoint, --depth): a job, not one search.
    pub(crate) fn split(&self) -> bool {
        self.shard.is_some() || self.checkpoint.is_some() || self.depth.is_some()
    }
}

/// The values of `--learn`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum LearnWhen {
    Auto,
    On,
    Off,
}

/// The modes of `--learn-search`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum LearnSearchArg {
    Annotation,
    Alternate,
    Activity,
}

/// Whether the search learns: `--learn`, whose `auto` learns on an
/// optimisation problem, and for the first solution of a satisfaction
/// problem on one thread (in turns with a search that does not); never in
/// the searches split into subproblems (--shard, --checkpoint, --depth) or
/// --estimate, which do not learn.
pub(crate) fn learns(args: &Args, objective: &flatzinc::Objective) -> bool {
    !args.split()
        && !args.estimate
        && match args.learn {
            LearnWhen::On => true,
            LearnWhen::Off => false,
            LearnWhen::Auto => {
                !matches!(objective, flatzinc::Objective::Satisfy)
                    || (!args.all
                        && args.solutions.is_none_or(|n| n == 1)
                        && args.threads.is_none_or(|n| n <= 1))
            }
        }
}
