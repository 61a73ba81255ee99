//! Heap misère play charged to the process's memory accountant as it
//! grows: the genera, the judge and a quotient's construction tell the
//! bytes they hold in their progress ([`grundy::misere::Progress`]), and
//! each report is charged ([`Growing`]) before the engine allocates past
//! it. Where the accountant refuses (others hold the memory, after the
//! idle tables were dropped to make room), the engine is stopped and the
//! refusal is the computation's error. What was charged is given back
//! when the computation ends.

use std::ops::ControlFlow;

use grundy::Result;
use grundy::misere::Progress;

use crate::core::Core;
use crate::memory::Growing;
use crate::watch::{Event, Watch};

/// Runs `compute` with a progress callback that charges the bytes it is
/// told to the accountant, as `what`, and tells `watch` each report as
/// `event` makes it.
///
/// # Errors
/// The accountant's refusal ([`grundy::ErrorKind::TooLarge`],
/// [`grundy::Detail::MemoryInUse`] where others hold the memory) where a
/// report would pass the budget: `compute`'s own answer (the engine's
/// stop) is then dropped.
pub(crate) fn charged<T>(
    core: &Core,
    what: &'static str,
    watch: &mut Watch,
    event: impl Fn(Progress) -> Event,
    compute: impl FnOnce(&mut dyn FnMut(Progress) -> ControlFlow<()>) -> T,
) -> Result<T> {
    let make_room = || core.make_room();
    let mut held = Growing::new(&core.config.accountant, what, &make_room);
    let answer = compute(&mut |p: Progress| {
        if held.charge(p.bytes).is_break() {
            return ControlFlow::Break(());
        }
        watch.tell(event(p))
    });
    match held.refusal() {
        Some(refused) => Err(refused),
        None => Ok(answer),
    }
}

/// A misère computation's progress as heaps done, for a front end's
/// progress bar.
pub(crate) fn heaps_done(p: Progress) -> Event {
    Event::Values {
        done: p.done,
        total: p.total,
    }
}
