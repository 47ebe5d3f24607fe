//! The search of a translated instance: solutions in the solver's order,
//! each checked against the instance before it is handed out.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use backtrack::{Limits, Outcome, Search, Stats};

use crate::check::check;
use crate::instance::Instance;
use crate::output::solution_lines;
use crate::translate::Translation;

/// What to search for, as MiniZinc's standard flags say it.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `-a`: every solution of a satisfaction problem; for an optimisation
    /// problem, every improving one as it is found (as `intermediate`).
    pub all: bool,
    /// `-i`: for an optimisation problem, every improving solution as it is
    /// found; no change to a satisfaction problem, which gives one.
    pub intermediate: bool,
    /// `-n K`: at most K solutions; for an optimisation problem, the search
    /// stops after K improving solutions, each given as it is found.
    pub solutions: Option<u64>,
    /// Stop then.
    pub deadline: Option<Instant>,
    /// Stop soon after this flag is raised (by a signal handler, say),
    /// with what was found so far.
    pub cancel: Option<Arc<AtomicBool>>,
    /// `-p N`: search on N threads (0 and 1: on the calling thread
    /// alone; at most 256, each holding a copy of the network). The tree
    /// is cut into subproblems the threads share; the solutions of a
    /// satisfaction problem come out in the order of the search on one
    /// thread (for a search that learns from its failures, dom/wdeg, each
    /// once, in an order that may vary from run to run unless `seed` is
    /// given), and an optimisation shares each improvement among the
    /// threads at once.
    pub threads: usize,
    /// `--lns`: an optimisation problem is searched by large-neighbourhood
    /// search ([`csp::Network::optimize_lns`]), which finds good solutions
    /// of instances too large to prove and proves nothing itself: its
    /// status is [`Status::Complete`] only when its first search, of the
    /// whole instance, finished. With `threads` of 2 or more, one thread
    /// searches so and the others by branch and bound, on one shared
    /// incumbent: their proof of the optimum ends both. No change to a
    /// satisfaction problem.
    pub lns: bool,
    /// `-r SEED`: the seed of the randomised choices of `lns` (its
    /// neighbourhoods); [`DEFAULT_SEED`] without. The values of
    /// `indomain_random` take theirs from the translation's model (see
    /// [`csp::Model::reseed`]), as `fzn-csp -r` sets it.
    pub seed: Option<u64>,
    /// `--learn`: search by lazy clause generation
    /// ([`csp::Network::optimize_learning`]): each failure analysed into a
    /// nogood that prunes the rest of the search. For an optimisation
    /// problem, and for the solutions of a satisfaction problem (the first,
    /// or with `all` or `solutions` each once, excluded by a clause as it
    /// is found: [`csp::Network::solutions_learning`]), on one thread and
    /// without `lns`; with `threads` of 2 or more (3 with
    /// `lns`), an optimisation problem gets one thread that learns beside
    /// branch and bound on the others, all on one incumbent, and its proof
    /// ends the search ([`csp::Network::optimize_learning_shared`]); every
    /// other search ignores it.
    pub learn: bool,
    /// With `learn` on one thread, an optimisation problem's search that
    /// learns and branch and bound take turns on the one core
    /// ([`backtrack::Turns`], a slice of [`TURN`] each, the search that
    /// learns first, for [`OPENING`]), on one incumbent,
    /// as with `threads` of 2; with a search annotation followed (and
    /// `learn_search` the default), a second search that learns takes a
    /// third turn from [`FOLLOWING_AFTER`] on, three times as long as the
    /// others' (three fifths of the core), following the annotation
    /// throughout ([`csp::LearnSearch::Groups`], without restarts: it
    /// proves some schedules the others do not, as Chuffed does by
    /// default). For the
    /// first solution of a satisfaction problem, the search that learns
    /// and depth-first search, the first solution of either ending both.
    /// The searches together are at most about as many times slower as
    /// there are turns than the fastest of them alone, where any one
    /// alone may be many times slower than another. Ignored otherwise (every
    /// solution, or more than one, of a satisfaction problem learns alone).
    pub turns: bool,
    /// When the third search of `turns` joins (`None`:
    /// [`FOLLOWING_AFTER`]).
    pub following_after: Option<std::time::Duration>,
    /// What the search that learns decides on when the instance has a
    /// search annotation ([`csp::LearnSearch`]: by default the activity of
    /// the variables, the annotation's starting first); without one, or
    /// translated without it (`-f`), the activity of the variables alone.
    pub learn_search: csp::LearnSearch,
}

/// The slice of time each search holds the core for with
/// [`Options::turns`]: long beside the cost of a switch (a thread woken),
/// short beside the second or more that a search worth a portfolio takes.
pub const TURN: std::time::Duration = std::time::Duration::from_millis(20);

/// The first turn of an optimisation problem's search that learns with
/// [`Options::turns`], before branch and bound's first: learning alone is
/// the faster on most instances it proves within a tenth of a second
/// (measured, fzn-csp's default at 10 s on 98 public instances side by
/// side against a first turn of [`TURN`]: 0.85x the time in geometric
/// mean over the 26 both prove in more than 0.05 s, ghoulomb 3-7-16 0.53x,
/// radiation i6-7 0.57x, mspsp hard_03 0.40x; rcpsp 01 and rcpsp-wet
/// j30_27_5 slower, 1.8x and 1.2x), and a search that branch and bound
/// proves in seconds waits a tenth of one.
pub const OPENING: std::time::Duration = std::time::Duration::from_millis(100);

/// When the third search of [`Options::turns`] (learning that follows
/// the annotation) joins the other two: what they prove within it costs
/// no more than two searches in turns; what takes longer gets the third,
/// for three fifths of the core from then on. 3 s rather than 4: still-life
/// 09, proved by branch and bound alone in 3.7 s, took 1.95x that by default
/// with 4 s (the third search proves it), 1.7x with 3 s.
pub const FOLLOWING_AFTER: std::time::Duration = std::time::Duration::from_secs(3);

/// How long a search of [`Options::turns`] that improved the best solution
/// holds the core three times as long a turn ([`backtrack::Turns::credit`]):
/// the search that found the best solution so far gets three quarters of
/// the core (of two searches) for a second, or until another improves on
/// it.
pub const CREDIT: std::time::Duration = std::time::Duration::from_secs(1);

/// The seed of the randomised choices when [`Options::seed`] gives none.
pub const DEFAULT_SEED: u64 = csp::Lns::DEFAULT_SEED;

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The whole tree was searched: every solution was given (or, when
    /// none was, there is none).
    Complete,
    /// As many solutions as asked were given; more may exist.
    Enough,
    /// A limit stopped the search.
    Stopped,
}

/// What a search did.
#[derive(Clone, Copy, Debug)]
pub struct Report {
    /// How it ended.
    pub status: Status,
    /// The solutions given.
    pub solutions: u64,
    /// The engine's statistics: `solutions` counts every solution found
    /// (given or not), `dead_ends` every failed state, those cut by the
    /// objective's bound included.
    pub stats: Stats,
    /// The time the search took, setup excluded.
    pub solve_time: Duration,
    /// For an optimisation problem: the objective's best value found.
    pub objective: Option<i64>,
    /// For an optimisation problem: the best proved bound on the objective.
    pub bound: Option<i64>,
}

impl Report {
    /// The report of a satisfaction problem's search begun at `started`:
    /// no objective, no bound.
    pub(crate) fn satisfaction(
        status: Status,
        given: u64,
        stats: Stats,
        started: Instant,
    ) -> Report {
        Report {
            status,
            solutions: given,
            stats,
            solve_time: started.elapsed(),
            objective: None,
            bound: None,
        }
    }

    /// What the FlatZinc specification prints after the solutions:
    /// `=====UNSATISFIABLE=====` when a complete search found none,
    /// `==========` when it found some (every solution, or the optimum),
    /// `=====UNKNOWN=====` when a limit stopped it before any; then, with
    /// `statistics`, the `%%%mzn-stat:` lines (`init_time` the time the
    /// setup took) and `%%%mzn-stat-end`. Empty when there is nothing to
    /// say.
    ///
    /// ```
    /// use flatzinc::solve::{Report, Status};
    ///
    /// let report = Report {
    ///     status: Status::Complete,
    ///     solutions: 0,
    ///     stats: backtrack::Stats::default(),
    ///     solve_time: std::time::Duration::ZERO,
    ///     objective: None,
    ///     bound: None,
    /// };
    /// assert_eq!(report.ending(std::time::Duration::ZERO, false), "=====UNSATISFIABLE=====\n");
    /// ```
    pub fn ending(&self, init_time: Duration, statistics: bool) -> String {
        use std::fmt::Write as _;
        let mut end = String::new();
        match self.status {
            Status::Complete if self.solutions == 0 => end.push_str("=====UNSATISFIABLE=====\n"),
            Status::Complete => end.push_str("==========\n"),
            Status::Stopped if self.solutions == 0 => end.push_str("=====UNKNOWN=====\n"),
            Status::Stopped | Status::Enough => {}
        }
        if statistics {
            // Written to a string, which cannot fail.
            let out = &mut end;
            let stats = self.stats;
            let _ = writeln!(out, "%%%mzn-stat: initTime={:.3}", init_time.as_secs_f64());
            let _ = writeln!(
                out,
                "%%%mzn-stat: solveTime={:.3}",
                self.solve_time.as_secs_f64()
            );
            let _ = writeln!(out, "%%%mzn-stat: solutions={}", stats.solutions);
            let _ = writeln!(out, "%%%mzn-stat: nodes={}", stats.nodes);
            let _ = writeln!(out, "%%%mzn-stat: failures={}", stats.dead_ends);
            let _ = writeln!(out, "%%%mzn-stat: peakDepth={}", stats.max_depth);
            if let Some(objective) = self.objective {
                let _ = writeln!(out, "%%%mzn-stat: objective={objective}");
            }
            if let Some(bound) = self.bound {
                let _ = writeln!(out, "%%%mzn-stat: objectiveBound={bound}");
            }
            let _ = writeln!(out, "%%%mzn-stat-end");
        }
        end
    }
}

/// Why a search was given up.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The solver produced an assignment that breaks the model: a bug of
    /// the solver, reported instead of a wrong answer.
    #[error("the solver found an assignment that is not a solution ({0}); it is not printed")]
    Wrong(crate::check::Violation),
    /// The consumer of the solutions failed.
    #[error("cannot write the output: {0}")]
    Output(std::io::Error),
}

/// Searches `translation` of `instance`, calling `emit` with the printed
/// lines of each solution (without the `----------` after them).
///
/// Without an objective: the first solution, the first `solutions`, or
/// every one (`all`). With one: branch and bound, each improving solution
/// emitted as it is found with `all`, otherwise the best alone at the end;
/// [`Status::Complete`] then means the last solution is proved optimal.
///
/// # Errors
///
/// A solution that fails [`check`] (never printed), or an error of `emit`.
pub fn solve(
    instance: &Instance,
    translation: &Translation,
    options: &Options,
    emit: impl FnMut(&str) -> std::io::Result<()>,
) -> Result<Report, SolveError> {
    solve_paired(instance, translation, None, options, emit)
}

/// [`solve`], with `translation` made for the search that learns (with
/// few bitsets: [`LEARNING_INTERVALS_ABOVE`](crate::LEARNING_INTERVALS_ABOVE))
/// and `plain`, the same instance translated as the searches without
/// learning are fastest on (bitsets up to [`csp::MAX_DOMAIN`] values), for
/// those: branch and bound, or depth-first search, in turns with the
/// search that learns ([`Options::turns`]) or on the threads beside it,
/// and every search when `options.learn` is off. Without `plain`, every
/// search reads `translation`. `fzn-csp`'s default translates twice when
/// the two would differ ([`csp::Model::widest_bitset`]).
///
/// # Errors
///
/// As [`solve`].
///
/// # Example
///
/// ```
/// use flatzinc::Reading;
/// use flatzinc::solve::{Options, Status, solve_paired};
///
/// let text = "var 0..100: x :: output_var;\nvar 0..100: y :: output_var;\n\
///             constraint int_lin_le([1, 1], [x, y], 150);\nsolve maximize x;\n";
/// let limits = backtrack::Limits::default();
/// let instance = flatzinc::read_instance(text, &limits)?;
/// let learning = Reading { intervals_above: flatzinc::LEARNING_INTERVALS_ABOVE, ..Reading::default() };
/// let learning = flatzinc::translate_within(&instance, &learning, &limits)?;
/// let plain = flatzinc::translate_within(&instance, &Reading::default(), &limits)?;
/// let options = Options { learn: true, turns: true, ..Options::default() };
/// let mut printed = String::new();
/// let report = solve_paired(&instance, &learning, Some(&plain), &options, |lines| {
///     printed = lines.to_string();
///     Ok(())
/// })?;
/// assert_eq!((report.status, report.objective), (Status::Complete, Some(100)));
/// assert!(printed.starts_with("x = 100;"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_paired(
    instance: &Instance,
    translation: &Translation,
    plain: Option<&Translation>,
    options: &Options,
    mut emit: impl FnMut(&str) -> std::io::Result<()>,
) -> Result<Report, SolveError> {
    // Nothing learns: the plain translation alone.
    let (translation, plain) = match plain {
        Some(plain) if !options.learn => (plain, None),
        _ => (translation, plain),
    };
    let started = Instant::now();
    let wanted = match (options.all, options.solutions) {
        (_, Some(k)) => k,
        (true, None) => u64::MAX,
        (false, None) => 1,
    };
    let mut limits = Limits::default();
    if let Some(deadline) = options.deadline {
        limits = limits.deadline(deadline);
    }
    if let Some(flag) = &options.cancel {
        limits = limits.cancel_flag(Arc::clone(flag));
    }
    // Raised here: a wrong solution, an output error, or enough solutions.
    let cancel = Arc::new(AtomicBool::new(false));
    limits = limits.cancel_flag(Arc::clone(&cancel));
    let stopped = |stop| Report {
        status: if stop == backtrack::Stop::Requested {
            Status::Enough
        } else {
            Status::Stopped
        },
        solutions: 0,
        stats: Stats::default(),
        solve_time: started.elapsed(),
        objective: None,
        bound: None,
    };
    if wanted == 0 {
        return Ok(stopped(backtrack::Stop::Requested));
    }
    let network = match translation.model.compile_with(&limits) {
        Ok(network) => network.learn_search(if translation.annotated {
            options.learn_search
        } else {
            csp::LearnSearch::Activity
        }),
        Err(stop) => return Ok(stopped(stop)),
    };
    // The booleans the search that learns decides on first: the model's
    // choices, not the literals of its integers.
    let network = if options.learn {
        let first = crate::learn::choices(instance, translation, &network);
        network.learn_first(&first)
    } else {
        network
    };
    let mut run = Run {
        instance,
        translation,
        limits: &limits,
        cancel: &cancel,
        // Without -n, the search goes on to the optimum.
        wanted: options.solutions.unwrap_or(u64::MAX),
        started,
    };
    // The searches without learning beside the one that learns: their
    // own translation and network, if given.
    let beside = || -> Result<Option<Plain<'_>>, backtrack::Stop> {
        let Some(plain) = plain else { return Ok(None) };
        let network = plain.model.compile_with(&limits)?;
        Ok(Some(Plain {
            translation: plain,
            network,
        }))
    };
    let single = options.threads <= 1 && !options.lns;
    if options.learn && single && (translation.optimize || wanted == 1) {
        if !options.turns {
            return crate::learn::solve(&run, network, options, emit);
        }
        let plain = match beside() {
            Ok(plain) => plain,
            Err(stop) => return Ok(stopped(stop)),
        };
        if translation.optimize {
            return crate::parallel::optimize(&run, network, plain, options, emit);
        }
        return crate::turns::first(&run, network, plain, emit);
    }
    if options.learn && single && !translation.optimize {
        return crate::learn::every(&run, network, emit);
    }
    // From here on, no search learns but the thread beside branch and
    // bound's with an objective on threads.
    let plain = match beside() {
        Ok(plain) => plain,
        Err(stop) => return Ok(stopped(stop)),
    };
    if translation.optimize && options.threads > 1 {
        return crate::parallel::optimize(&run, network, plain, options, emit);
    }
    let network = match plain {
        Some(plain) => {
            run.translation = plain.translation;
            plain.network
        }
        None => network,
    };
    let translation = run.translation;
    match (translation.optimize, options.threads > 1) {
        (true, _) if options.lns => return crate::lns::optimize(&run, network, options, emit),
        (true, _) => return crate::optimize::optimize(&run, network, options, emit),
        (false, true) => {
            run.wanted = wanted;
            let fresh = options.seed.is_some();
            return crate::parallel::satisfy(&run, network, options.threads, fresh, emit);
        }
        (false, false) => {}
    }
    let mut search = Search::new(network).with_limits(limits.clone());
    let mut given = 0;
    let mut failure = None;
    let outcome = search.for_each(|network, _| {
        let Some(solution) = network.solution() else {
            return ControlFlow::Continue(());
        };
        let values = translation.values(&solution);
        if let Err(violation) = check(instance, &values) {
            failure = Some(SolveError::Wrong(violation));
            return ControlFlow::Break(());
        }
        if let Err(e) = emit(&solution_lines(instance, &values)) {
            failure = Some(SolveError::Output(e));
            return ControlFlow::Break(());
        }
        given += 1;
        if given >= wanted {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if let Some(failure) = failure {
        return Err(failure);
    }
    let status = match outcome {
        Outcome::Complete => Status::Complete,
        // Stopped at the last solution wanted: more may exist.
        Outcome::Stopped(backtrack::Stop::Requested) => Status::Enough,
        Outcome::Stopped(_) => Status::Stopped,
    };
    Ok(Report::satisfaction(status, given, search.stats(), started))
}

/// The search without learning beside the one that learns, on a
/// translation of its own ([`solve_paired`]).
pub(crate) struct Plain<'a> {
    pub(crate) translation: &'a Translation,
    pub(crate) network: csp::Network,
}

/// What an optimisation needs of [`solve`]'s setup.
#[derive(Clone, Copy)]
pub(crate) struct Run<'a> {
    pub(crate) instance: &'a Instance,
    pub(crate) translation: &'a Translation,
    pub(crate) limits: &'a Limits,
    /// Raised to stop the search from its callback.
    pub(crate) cancel: &'a AtomicBool,
    /// How many solutions to find at most.
    pub(crate) wanted: u64,
    pub(crate) started: Instant,
}

/// Raises `flag`, which stops the search soon.
pub(crate) fn raise(flag: &AtomicBool) {
    flag.store(true, Ordering::Relaxed);
}
