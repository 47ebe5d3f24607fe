//! Reading a model within a search's limits: the deadline and the cancel
//! flags are looked at every few thousand steps of the parser, the
//! resolver and the translation.

use backtrack::{Limits, Stop};

use crate::error::ParseError;
use crate::instance::Instance;
use crate::translate::{TranslateError, Translation};

/// How many steps go between two looks at the clock.
const POLL_EVERY: u32 = 1 << 12;

/// A look at the limits every [`POLL_EVERY`] steps, and the limit that
/// stopped the work, once one did.
#[derive(Debug)]
pub(crate) struct Watch<'a> {
    limits: &'a Limits,
    polling: bool,
    steps: u32,
    pub(crate) stopped: Option<Stop>,
}

impl<'a> Watch<'a> {
    pub(crate) fn new(limits: &'a Limits) -> Self {
        Watch {
            limits,
            polling: limits.needs_polling(),
            steps: 0,
            stopped: None,
        }
    }

    /// One step; `Err` once a limit is reached (and kept in `stopped`).
    pub(crate) fn tick(&mut self) -> Result<(), Stop> {
        if let Some(stop) = self.stopped {
            return Err(stop);
        }
        if !self.polling {
            return Ok(());
        }
        self.steps = self.steps.wrapping_add(1);
        if self.steps.is_multiple_of(POLL_EVERY)
            && let Some(stop) = self.limits.poll()
        {
            self.stopped = Some(stop);
            return Err(stop);
        }
        Ok(())
    }
}

/// Why a model was not read: a mistake in it, or a limit that came first.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// The text leaves the grammar, or its names do not resolve.
    #[error(transparent)]
    Parse(ParseError),
    /// The solver cannot take the model.
    #[error(transparent)]
    Translate(TranslateError),
    /// The deadline passed, or a cancel flag was raised, first.
    #[error("the model was not read: {0}")]
    Stopped(Stop),
}

/// Parses, resolves and translates `text` (see [`parse`](crate::parse),
/// [`resolve`](crate::resolve) and [`translate_with`](crate::translate_with))
/// within the deadline and the cancel flags of `limits`, each looked at
/// every few thousand steps.
///
/// # Errors
///
/// The first mistake in the model, or [`ReadError::Stopped`].
///
/// # Example
///
/// ```
/// use std::time::Instant;
///
/// let text = "var 1..3: x :: output_var;\nsolve satisfy;\n";
/// let (instance, translation) = flatzinc::read(text, true, &backtrack::Limits::default())?;
/// assert_eq!((instance.vars.len(), translation.vars.len()), (1, 1));
///
/// let past = backtrack::Limits::default().deadline(Instant::now());
/// let error = flatzinc::read(text, true, &past).unwrap_err();
/// assert_eq!(error, flatzinc::ReadError::Stopped(backtrack::Stop::Deadline));
/// # Ok::<(), flatzinc::ReadError>(())
/// ```
pub fn read(
    text: &str,
    annotations: bool,
    limits: &Limits,
) -> Result<(Instance, Translation), ReadError> {
    let reading = Reading {
        annotations,
        ..Reading::default()
    };
    read_with(text, &reading, limits)
}

/// How [`read_with`] builds the solver's model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The solve item's search annotations followed (`false`: ignored, as
    /// MiniZinc's free search asks).
    pub annotations: bool,
    /// The variables of more values than this are intervals, bounds only
    /// (see [`csp::Model::intervals_above`]); [`csp::MAX_DOMAIN`] by
    /// default. A search that learns from its failures is faster with few
    /// bitsets: see [`LEARNING_INTERVALS_ABOVE`].
    pub intervals_above: usize,
}

impl Default for Reading {
    fn default() -> Reading {
        Reading {
            annotations: true,
            intervals_above: csp::MAX_DOMAIN,
        }
    }
}

/// The widest domain kept as a bitset for a search that learns (`fzn-csp
/// --learn`): wider ones are intervals. Explaining a bound of a bitset
/// reads every change of its words; on the job shops of MiniZinc's
/// benchmarks, whose start times span some 3,000 values, intervals make
/// the conflicts some 6x as fast (measured side by side on la01), and
/// `jobshop_la01` is proved at 0.65x Chuffed's time instead of not in
/// 20 s (docs/performance.md).
pub const LEARNING_INTERVALS_ABOVE: usize = 64;

/// [`read`], with the model built as `reading` says.
///
/// # Errors
///
/// As [`read`].
///
/// # Example
///
/// ```
/// use flatzinc::Reading;
///
/// let text = "var 1..100: x :: output_var;\nsolve satisfy;\n";
/// let reading = Reading { intervals_above: 64, ..Reading::default() };
/// let (_, translation) = flatzinc::read_with(text, &reading, &backtrack::Limits::default())?;
/// assert_eq!(translation.vars.len(), 1);
/// # Ok::<(), flatzinc::ReadError>(())
/// ```
pub fn read_with(
    text: &str,
    reading: &Reading,
    limits: &Limits,
) -> Result<(Instance, Translation), ReadError> {
    let instance = read_instance(text, limits)?;
    let translation = translate_within(&instance, reading, limits)?;
    Ok((instance, translation))
}

/// The first half of [`read_with`]: `text` parsed and resolved within
/// `limits`, for a program that looks at the instance (what it asks, say)
/// before it chooses a [`Reading`] for [`translate_within`].
///
/// # Errors
///
/// As [`read`].
///
/// # Example
///
/// ```
/// use flatzinc::{Objective, Reading};
///
/// let limits = backtrack::Limits::default();
/// let instance = flatzinc::read_instance("var 1..100: x :: output_var;\nsolve maximize x;\n", &limits)?;
/// let optimising = !matches!(instance.objective, Objective::Satisfy);
/// let reading = Reading { intervals_above: if optimising { 64 } else { csp::MAX_DOMAIN }, ..Reading::default() };
/// let translation = flatzinc::translate_within(&instance, &reading, &limits)?;
/// assert_eq!(translation.vars.len(), 1);
/// # Ok::<(), flatzinc::ReadError>(())
/// ```
pub fn read_instance(text: &str, limits: &Limits) -> Result<Instance, ReadError> {
    if let Some(stop) = limits.poll() {
        return Err(ReadError::Stopped(stop));
    }
    let mut watch = Watch::new(limits);
    let stopped = |watch: &Watch<'_>, e: ReadError| watch.stopped.map_or(e, ReadError::Stopped);
    let model = crate::parse::parse_watched(text, &mut watch)
        .map_err(|e| stopped(&watch, ReadError::Parse(e)))?;
    crate::instance::resolve_watched(&model, &mut watch)
        .map_err(|e| stopped(&watch, ReadError::Parse(e)))
}

/// The second half of [`read_with`]: `instance` translated as `reading`
/// says, within `limits`.
///
/// # Errors
///
/// [`ReadError::Translate`] where the solver cannot take the model, or
/// [`ReadError::Stopped`].
pub fn translate_within(
    instance: &Instance,
    reading: &Reading,
    limits: &Limits,
) -> Result<Translation, ReadError> {
    if let Some(stop) = limits.poll() {
        return Err(ReadError::Stopped(stop));
    }
    let mut watch = Watch::new(limits);
    let translation = crate::translate::translate_watched(
        instance,
        reading.annotations,
        reading.intervals_above,
        &mut watch,
    )
    .map_err(|e| {
        watch
            .stopped
            .map_or(ReadError::Translate(e), ReadError::Stopped)
    })?;
    if let Some(stop) = limits.poll() {
        return Err(ReadError::Stopped(stop));
    }
    Ok(translation)
}
