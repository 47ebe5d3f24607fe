//! The profile of the compulsory parts: a list of steps, not an array over
//! time, so that a horizon of a trillion units costs what one of ten does.

/// A step of the profile: the compulsory parts use `load` over
/// `[from, to)`. Times and loads are 128-bit: a start near `i64::MAX` plus
/// its duration ends past it, and demands near `i64::MAX` add up past it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Step {
    pub(crate) from: i128,
    pub(crate) to: i128,
    pub(crate) load: i128,
}

/// The parts `((from, to), load)`, each non-empty with a positive load, as
/// steps of positive load in order of time, each as long as the load stays.
pub(crate) fn profile(parts: impl Iterator<Item = ((i128, i128), i128)>) -> Vec<Step> {
    let mut events: Vec<(i128, i128)> = Vec::new();
    for ((from, to), load) in parts {
        events.push((from, load));
        events.push((to, -load));
    }
    events.sort_unstable();
    let mut steps = Vec::with_capacity(events.len());
    let mut load = 0i128;
    let mut i = 0;
    while i < events.len() {
        let at = events[i].0;
        while i < events.len() && events[i].0 == at {
            // At most 2^32 demands below 2^63 each: within 2^95.
            load += events[i].1;
            i += 1;
        }
        if load > 0 {
            // The load rises only at a start of a part, so a part ends
            // after this one: there is a next event.
            steps.push(Step {
                from: at,
                to: events[i].0,
                load,
            });
        }
    }
    steps
}
