//! Work that one request holds at a time, and the waits that can never
//! end: a request waiting for work its own thread holds. That happens when
//! a callback run by a computation (a progress callback, or the rules of a
//! game given as code) asks about the game being computed: the callback
//! waits for the computation, which waits for the callback. Such a request
//! is refused at once ([`waits_for_itself`] recognises the refusal), and
//! every other wait hears its [`Watch`], so that a stop (Ctrl-C) is heard
//! while waiting.
//!
//! The same wait arises across threads: a callback that starts a thread
//! and waits for it, while that thread asks about the game. A front end
//! whose callbacks may do so runs them inside [`calling_out`]; a request
//! that arrives while the thread holding its work is calling out is not
//! left waiting: it is refused at once here, and a game's values
//! (`tables.rs`) are computed beside the held ones instead, as is a game
//! given by a front end's functions ([`Exclusive::hold_or_apart`]), whose
//! functions run inside [`calling_out`] too.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, TryLockError};
use std::thread::{self, ThreadId};
use std::time::Duration;

use grundy::{Error, ErrorKind, Result};

use crate::watch::{Event, Watch};

/// How long a waiting request sleeps between two looks at the work it
/// waits for.
const POLL: Duration = Duration::from_millis(10);

/// How the refusal of a request waiting for itself begins.
const REFUSAL: &str = "a request cannot wait for itself:";

/// The refusal of a request for `what` on the thread already computing it.
pub(crate) fn refusal(what: &str) -> Error {
    Error::new(
        ErrorKind::InvalidInput,
        format!(
            "{REFUSAL} this thread is computing {what}, and a callback of that computation (a progress callback, or the game's own rules) asked for it again; a callback cannot ask the solver about the game it is computing, so ask after the computation returns"
        ),
    )
}

/// The refusal of a request for `what` arriving while another thread,
/// holding it, runs a callback (see [`calling_out`]).
pub(crate) fn refusal_across(what: &str) -> Error {
    Error::new(
        ErrorKind::InvalidInput,
        format!(
            "{REFUSAL} another thread is computing {what} and running a callback of that computation, which may be waiting for this request; a callback (or a thread it waits for) cannot ask the solver about the game it is computing, so ask after the computation returns"
        ),
    )
}

/// What a request does about a holder that is calling out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Across {
    /// Refuse, if the holder calls out as the request arrives.
    Refuse,
    /// Go apart, whenever the holder is seen calling out.
    Apart,
}

/// The most computations of one value apart ([`Exclusive::hold_or_apart`])
/// at once. Past it, a request is refused at once: a function that asks
/// its own game from a thread it waits for, in every computation of the
/// game (the apart ones too), would otherwise start threads for ever.
pub const MOST_APART: usize = 64;

/// The refusal of a request for `what` past [`MOST_APART`] computations
/// apart.
fn refusal_apart(what: &str) -> Error {
    Error::new(
        ErrorKind::InvalidInput,
        format!(
            "{REFUSAL} {MOST_APART} computations of {what} are already under way apart, each for a thread asking while another thread ran a callback of that computation; a callback (or a thread it waits for) that asks the solver about the game it is computing, in every computation, would never end, so ask after the computation returns"
        ),
    )
}

/// The threads running a front end's callback now, once for each call in
/// progress (see [`calling_out`]).
static CALLING_OUT: Mutex<Vec<ThreadId>> = Mutex::new(Vec::new());

/// Runs `callback`, a front end's code called by a computation (such as a
/// Python progress callback), with this thread marked as calling out.
/// A request for the work this thread holds, arriving from another thread
/// meanwhile, may come from a thread the callback waits for: it is
/// refused at once (or, for a game's values, computed apart), never left
/// waiting for a computation that waits for it.
///
/// ```
/// use grundy_service::calling_out;
/// assert_eq!(calling_out(|| 6 * 7), 42);
/// ```
pub fn calling_out<R>(callback: impl FnOnce() -> R) -> R {
    /// Unmarks the thread, even if the callback panics.
    struct Back(ThreadId);
    impl Drop for Back {
        fn drop(&mut self) {
            let mut calling = lock(&CALLING_OUT);
            if let Some(i) = calling.iter().rposition(|t| *t == self.0) {
                calling.swap_remove(i);
            }
        }
    }
    let me = requester();
    lock(&CALLING_OUT).push(me);
    let _back = Back(me);
    callback()
}

/// As [`calling_out`], for a callback that a library's worker thread runs
/// on behalf of the request of thread `request` (the thread that holds
/// the work, [`this_request`]): that request is marked as calling out,
/// since it is the one another request would wait for.
///
/// ```
/// use grundy_service::{calling_out_for, this_request};
/// let me = this_request();
/// let answer = std::thread::scope(|s| s.spawn(|| calling_out_for(me, || 6 * 7)).join());
/// assert_eq!(answer.unwrap(), 42);
/// ```
pub fn calling_out_for<R>(request: ThreadId, callback: impl FnOnce() -> R) -> R {
    acting_for(request, || calling_out(callback))
}

/// The thread of the request running here, as [`Exclusive`] knows it: for
/// [`calling_out_for`].
pub fn this_request() -> ThreadId {
    requester()
}

/// Whether `thread` is running a front end's callback now.
pub(crate) fn is_calling_out(thread: ThreadId) -> bool {
    lock(&CALLING_OUT).contains(&thread)
}

/// Whether `e` is the refusal of a request that would wait for itself,
/// for a front end to raise in its own terms.
///
/// ```
/// use grundy_service::{Exclusive, Watch, waits_for_itself};
/// let work = Exclusive::new(0u64);
/// let held = work.hold("the game", &mut Watch::silent())?;
/// let again = work.hold("the game", &mut Watch::silent()).unwrap_err();
/// assert!(waits_for_itself(&again));
/// drop(held);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn waits_for_itself(e: &Error) -> bool {
    e.kind() == ErrorKind::InvalidInput && e.message().starts_with(REFUSAL)
}

/// A value that one request works on at a time, such as the values a
/// front end keeps with a game it was given as code. The others wait,
/// hearing their [`Watch`]; a request on the thread that holds it is
/// refused at once (see [`waits_for_itself`]), since it would wait for
/// ever.
#[derive(Debug, Default)]
pub struct Exclusive<T> {
    value: Mutex<T>,
    /// The thread holding `value`, set while it is held.
    holder: Mutex<Option<ThreadId>>,
    /// How many requests are answered apart now ([`Apart`]).
    apart: AtomicUsize,
}

/// What [`Exclusive::hold_or_apart`] gives: the value, or leave to answer
/// apart.
#[derive(Debug)]
pub enum Turn<'a, T> {
    /// The value, held.
    Held(Held<'a, T>),
    /// Answer apart, on a value of the caller's own.
    Apart(Apart<'a>),
}

/// A request answered apart, counted until dropped (see [`MOST_APART`]).
#[derive(Debug)]
pub struct Apart<'a> {
    count: &'a AtomicUsize,
}

impl Drop for Apart<'_> {
    fn drop(&mut self) {
        self.count.fetch_sub(1, Ordering::Relaxed);
    }
}

/// An [`Exclusive`] value held: given back when dropped.
#[derive(Debug)]
pub struct Held<'a, T> {
    value: MutexGuard<'a, T>,
    holder: &'a Mutex<Option<ThreadId>>,
}

impl<T> Exclusive<T> {
    /// `value`, held by no one.
    pub const fn new(value: T) -> Self {
        Exclusive {
            value: Mutex::new(value),
            holder: Mutex::new(None),
            apart: AtomicUsize::new(0),
        }
    }

    /// The value, once no other request holds it. While waiting, `watch`
    /// is told [`Event::Waiting`] every few milliseconds, so that it may
    /// stop the wait (a deadline, Ctrl-C), and [`Event::Resumed`] after.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] at once, without waiting, if this
    /// thread holds it already, or the thread holding it is running a
    /// callback as the request arrives ([`calling_out`]);
    /// [`waits_for_itself`] recognises both, and `what` names the value in
    /// the message. [`ErrorKind::Interrupted`] if `watch` says stop while
    /// waiting.
    pub fn hold(&self, what: &str, watch: &mut Watch) -> Result<Held<'_, T>> {
        match self.wait_for(what, watch, Across::Refuse)? {
            Some(held) => Ok(held),
            None => Err(refusal_across(what)),
        }
    }

    /// The value, as [`hold`](Self::hold) gives it, or [`Turn::Apart`] where the
    /// thread holding it runs a callback ([`calling_out`]) as the request
    /// arrives or at any look while it waits: the caller then answers
    /// apart, on a value of its own, without the held one.
    ///
    /// This is for work that a front end can always redo apart, such as a
    /// game given by its functions: a request cannot tell whether the
    /// callback it sees is waiting for it (a function that starts a
    /// thread asking its own game, and joins it) or it merely arrived at
    /// the wrong moment (a thread asking while another computes). Refusing
    /// would fail the second; waiting would hang the first for ever.
    /// Answering apart is right in both: the functions are the same, so
    /// the answer is, and only the work is done twice. A request already
    /// waiting when the callback begins goes apart too, at its next look,
    /// since the callback may be waiting for a thread that asked before it
    /// began.
    ///
    /// ```
    /// use grundy_service::{Exclusive, Turn, Watch};
    /// let work = Exclusive::new(0u64);
    /// let turn = work.hold_or_apart("the game", &mut Watch::silent())?;
    /// assert!(matches!(turn, Turn::Held(_)));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`hold`](Self::hold), except that a holder calling out gives
    /// [`Turn::Apart`], not an error; and, at once, the refusal that
    /// [`waits_for_itself`] recognises where [`MOST_APART`] requests are
    /// answered apart already.
    pub fn hold_or_apart(&self, what: &str, watch: &mut Watch) -> Result<Turn<'_, T>> {
        match self.wait_for(what, watch, Across::Apart)? {
            Some(held) => Ok(Turn::Held(held)),
            None => {
                let apart = Apart { count: &self.apart };
                if self.apart.fetch_add(1, Ordering::Relaxed) >= MOST_APART {
                    return Err(refusal_apart(what));
                }
                Ok(Turn::Apart(apart))
            }
        }
    }

    /// The value once free, or `None` where the holder is calling out, as
    /// `across` says when to look.
    fn wait_for(
        &self,
        what: &str,
        watch: &mut Watch,
        across: Across,
    ) -> Result<Option<Held<'_, T>>> {
        let me = requester();
        let mut told = false;
        loop {
            let value = match self.value.try_lock() {
                Ok(value) => value,
                Err(TryLockError::Poisoned(e)) => e.into_inner(),
                Err(TryLockError::WouldBlock) => {
                    let holder = *lock(&self.holder);
                    if holder == Some(me) {
                        return Err(refusal(what));
                    }
                    // For a refusal, only as the request arrives: one
                    // already waiting was not asked by the callback, and
                    // waits on. Answering apart is right at any look.
                    let look = !told || across == Across::Apart;
                    if look && holder.is_some_and(is_calling_out) {
                        if told {
                            let _ = watch.tell(Event::Resumed);
                        }
                        return Ok(None);
                    }
                    told = true;
                    if watch.tell(Event::Waiting).is_break() {
                        return Err(Error::new(
                            ErrorKind::Interrupted,
                            format!("stopped on request while waiting for {what}"),
                        ));
                    }
                    thread::sleep(POLL);
                    continue;
                }
            };
            *lock(&self.holder) = Some(me);
            if told {
                let _ = watch.tell(Event::Resumed);
            }
            return Ok(Some(Held {
                value,
                holder: &self.holder,
            }));
        }
    }

    /// The value if no request holds it now, without waiting.
    pub fn try_hold(&self) -> Option<Held<'_, T>> {
        let value = match self.value.try_lock() {
            Ok(value) => value,
            Err(TryLockError::Poisoned(e)) => e.into_inner(),
            Err(TryLockError::WouldBlock) => return None,
        };
        *lock(&self.holder) = Some(requester());
        Some(Held {
            value,
            holder: &self.holder,
        })
    }
}

impl<T> std::ops::Deref for Held<'_, T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T> std::ops::DerefMut for Held<'_, T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.value
    }
}

impl<T> Drop for Held<'_, T> {
    /// Forgets the holder before the value is given back (the guard drops
    /// after this), so that no thread ever sees itself as the holder of a
    /// value it does not hold.
    fn drop(&mut self) {
        *lock(self.holder) = None;
    }
}

/// `mutex` locked, even if a thread panicked holding it: the holder it
/// guards is written in one step.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

thread_local! {
    /// The thread of the request a worker thread runs a callback for
    /// ([`acting_for`]).
    static ACTING_FOR: std::cell::Cell<Option<std::thread::ThreadId>> =
        const { std::cell::Cell::new(None) };
}

/// The thread of the request running here: this thread, or the one a
/// worker thread runs a callback for ([`calling_out_for`]). A request
/// asked from such a callback (the game being computed, asked again) is
/// then seen as that computation's own and refused, not left waiting for
/// itself, and the callback is marked calling out for that request.
pub(crate) fn requester() -> std::thread::ThreadId {
    ACTING_FOR
        .with(std::cell::Cell::get)
        .unwrap_or_else(|| std::thread::current().id())
}

/// Runs `f` on this thread as the request of thread `who`; the thread is
/// its own again afterwards, even if `f` panics.
pub(crate) fn acting_for<T>(who: std::thread::ThreadId, f: impl FnOnce() -> T) -> T {
    struct Restore(Option<std::thread::ThreadId>);
    impl Drop for Restore {
        fn drop(&mut self) {
            ACTING_FOR.with(|a| a.set(self.0));
        }
    }
    let _restore = Restore(ACTING_FOR.with(|a| a.replace(Some(who))));
    f()
}
