//! The process's one memory accountant: every computation that sizes its
//! tables up front sets their bytes aside here before it allocates them,
//! so that the memory budget holds for the whole process (every request of
//! a server, every call of a Python program, a command line's run), not
//! for each computation alone.
//!
//! A [`Reservation`] gives its bytes back when dropped. A reservation that
//! would pass the budget is refused at once, before anything is allocated,
//! with the budget's error ([`ErrorKind::TooLarge`]):
//! [`Detail::OverBudget`] where it needs more than the whole budget,
//! [`Detail::MemoryInUse`] where it would fit but other computations hold
//! too much of the budget now (asking again later may succeed; the web
//! server answers it 503).
//!
//! What is counted: the tables a question sizes before it computes (values
//! listed, a count's histogram, the tables of a multi-heap scan or move,
//! values past memory), each for as long as the question runs; a board or
//! misère search's table as it grows, while it searches, and a board
//! search's table for as long as it is kept; and value tables for as long
//! as the solver keeps them in memory. Where a reservation is
//! refused because others hold the memory, the solver first drops the
//! value tables and board searches no request is using (the store keeps
//! them) and tries again. A board search's table stays charged while it
//! is kept between requests. A certificate's check is charged the window it
//! recomputes before it starts. Heap misère play (genera, quotients, the
//! judge) is charged as it grows too, from the bytes the library's misère
//! engines report ([`crate::misere_charge`]), each within its own share of
//! the budget; charging that whole share up front made concurrent
//! computations refuse each other (eight test threads: five spurious
//! refusals), so it is not.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use grundy::values::{Budget, human_bytes};
use grundy::{Detail, Error, ErrorKind, Result};

use crate::watch::{Event, Watch};

/// The memory budget of a process, and how much of it computations hold
/// now. Share one among every solver of the process (the default
/// [`Accountant::process`] is shared so).
///
/// ```
/// use std::sync::Arc;
/// use grundy_service::Accountant;
/// let accountant = Arc::new(Accountant::new(1000));
/// let first = accountant.reserve(600, "a table")?;
/// assert_eq!(accountant.in_use(), 600);
/// assert!(accountant.reserve(600, "another table").is_err());
/// drop(first);
/// assert!(accountant.reserve(600, "another table").is_ok());
/// # Ok::<(), grundy_service::Error>(())
/// ```
#[derive(Debug)]
pub struct Accountant {
    budget: u64,
    in_use: AtomicU64,
}

impl Accountant {
    /// An accountant of `budget` bytes, none of them held.
    pub fn new(budget: u64) -> Self {
        Accountant {
            budget,
            in_use: AtomicU64::new(0),
        }
    }

    /// The process's accountant of the default budget
    /// ([`Budget::default`]): the same one for every caller, so that
    /// solvers made with [`Config::default`](crate::Config) share it.
    pub fn process() -> Arc<Accountant> {
        static PROCESS: OnceLock<Arc<Accountant>> = OnceLock::new();
        Arc::clone(PROCESS.get_or_init(|| Arc::new(Accountant::new(Budget::default().max_bytes()))))
    }

    /// The budget in bytes.
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// The bytes held now by reservations not yet dropped.
    pub fn in_use(&self) -> u64 {
        self.in_use.load(Ordering::Acquire)
    }

    /// Sets `bytes` aside for `what` (words naming the table, for the
    /// refusal), until the reservation is dropped.
    ///
    /// # Errors
    /// [`ErrorKind::TooLarge`] at once, nothing held, where `bytes` and
    /// what is held now pass the budget: [`Detail::OverBudget`] where
    /// `bytes` alone does, [`Detail::MemoryInUse`] otherwise.
    pub fn reserve(self: &Arc<Self>, bytes: u64, what: &str) -> Result<Reservation> {
        self.take(bytes, what)?;
        Ok(Reservation {
            accountant: Arc::clone(self),
            bytes,
        })
    }

    /// Adds `bytes` to what is held, unless that passes the budget.
    fn take(&self, bytes: u64, what: &str) -> Result<()> {
        let mut held = self.in_use.load(Ordering::Acquire);
        loop {
            let total = held.checked_add(bytes).filter(|&t| t <= self.budget);
            let Some(total) = total else {
                return Err(self.refusal(bytes, held, what));
            };
            match self.in_use.compare_exchange_weak(
                held,
                total,
                Ordering::AcqRel,
                Ordering::Acquire,
            ) {
                Ok(_) => return Ok(()),
                Err(now) => held = now,
            }
        }
    }

    fn refusal(&self, need: u64, in_use: u64, what: &str) -> Error {
        let budget = self.budget;
        if need > budget {
            return Error::new(
                ErrorKind::TooLarge,
                format!(
                    "{what} needs {}, over the memory budget of {}",
                    human_bytes(need),
                    human_bytes(budget)
                ),
            )
            .with_detail(Detail::OverBudget {
                need,
                budget,
                fits: None,
            });
        }
        Error::new(
            ErrorKind::TooLarge,
            format!(
                "{what} needs {}, but computations running now hold {} of the memory budget of {}; ask again when they have finished",
                human_bytes(need),
                human_bytes(in_use),
                human_bytes(budget)
            ),
        )
        .with_detail(Detail::MemoryInUse {
            need,
            in_use,
            budget,
        })
    }
}

/// Bytes set aside with an [`Accountant`], given back when dropped.
#[derive(Debug)]
#[must_use = "the bytes are given back as soon as the reservation is dropped"]
pub struct Reservation {
    accountant: Arc<Accountant>,
    bytes: u64,
}

impl Reservation {
    /// The bytes set aside.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Gives back what is held past `bytes`.
    pub(crate) fn shrink_to(&mut self, bytes: u64) {
        if bytes < self.bytes {
            self.accountant
                .in_use
                .fetch_sub(self.bytes - bytes, Ordering::AcqRel);
            self.bytes = bytes;
        }
    }

    /// Takes `other`'s bytes into this reservation: both are given back
    /// together.
    pub(crate) fn absorb(&mut self, mut other: Reservation) {
        self.bytes += other.bytes;
        other.bytes = 0;
    }

    /// Sets more aside, so that `bytes` are in all (nothing where as many
    /// are already): for a table whose size is known only as it grows.
    ///
    /// # Errors
    /// As [`Accountant::reserve`] of the difference; the reservation
    /// keeps what it had.
    pub fn grow_to(&mut self, bytes: u64, what: &str) -> Result<()> {
        if bytes > self.bytes {
            self.accountant.take(bytes - self.bytes, what)?;
            self.bytes = bytes;
        }
        Ok(())
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        self.accountant
            .in_use
            .fetch_sub(self.bytes, Ordering::AcqRel);
    }
}

/// Sets `bytes` aside for `what` with `accountant` and tells `watch`
/// ([`Event::Reserved`]) before anything is allocated, so that a front end
/// can count the computation as heavy or stop it. Where others hold the
/// memory, `make_room` is called (to drop what no request uses) and the
/// reservation tried once more.
///
/// # Errors
/// As [`Accountant::reserve`]; [`ErrorKind::Interrupted`] if `watch`
/// said stop (the bytes are given back).
pub(crate) fn reserve(
    accountant: &Arc<Accountant>,
    watch: &mut Watch,
    bytes: u64,
    what: &str,
    make_room: &dyn Fn(),
) -> Result<Reservation> {
    let reservation = match accountant.reserve(bytes, what) {
        Err(e) if matches!(e.detail(), Some(Detail::MemoryInUse { .. })) => {
            make_room();
            accountant.reserve(bytes, what)?
        }
        reserved => reserved?,
    };
    if watch.tell(Event::Reserved { bytes }).is_break() {
        return Err(Error::new(
            ErrorKind::Interrupted,
            format!("stopped before {what} was allocated"),
        ));
    }
    Ok(reservation)
}

/// The steps in which a growing table is charged: a megabyte.
const GROWTH_STEP: u64 = 1 << 20;

/// The table of a search, charged to the accountant as it grows (from the
/// bytes its progress reports give), and given back when dropped: a search
/// whose table would pass the process's budget is stopped, and its error
/// is the accountant's refusal.
pub(crate) struct Growing<'a> {
    reservation: Reservation,
    what: &'static str,
    make_room: &'a dyn Fn(),
    refused: Option<Error>,
}

impl<'a> Growing<'a> {
    /// Nothing charged yet for `what`; `make_room` is called where others
    /// hold the memory, before the charge is tried once more.
    pub(crate) fn new(
        accountant: &Arc<Accountant>,
        what: &'static str,
        make_room: &'a dyn Fn(),
    ) -> Self {
        Growing {
            reservation: Reservation {
                accountant: Arc::clone(accountant),
                bytes: 0,
            },
            what,
            make_room,
            refused: None,
        }
    }

    /// A table kept from an earlier request, charged `kept` already
    /// (nothing where `None`), charged from there as it grows.
    pub(crate) fn kept(
        kept: Option<Reservation>,
        accountant: &Arc<Accountant>,
        what: &'static str,
        make_room: &'a dyn Fn(),
    ) -> Self {
        let mut growing = Growing::new(accountant, what, make_room);
        if let Some(kept) = kept {
            growing.reservation.absorb(kept);
        }
        growing
    }

    /// The charge of a table kept after its search, holding `bytes` now
    /// (rounded up to a megabyte): charged up to them, what was charged
    /// past them given back. `None` where they do not fit what others
    /// hold: the table must then not be kept.
    pub(crate) fn keep(mut self, bytes: u64) -> Option<Reservation> {
        let rounded = bytes.div_ceil(GROWTH_STEP).saturating_mul(GROWTH_STEP);
        self.charge(rounded).is_continue().then(|| {
            self.reservation.shrink_to(rounded);
            self.reservation
        })
    }

    /// Charges the table's `bytes` now (rounded up to a megabyte);
    /// [`ControlFlow::Break`](std::ops::ControlFlow::Break), remembering
    /// the refusal, where they would pass the budget.
    pub(crate) fn charge(&mut self, bytes: u64) -> std::ops::ControlFlow<()> {
        let rounded = bytes.div_ceil(GROWTH_STEP).saturating_mul(GROWTH_STEP);
        let mut grown = self.reservation.grow_to(rounded, self.what);
        if matches!(&grown, Err(e) if matches!(e.detail(), Some(Detail::MemoryInUse { .. }))) {
            (self.make_room)();
            grown = self.reservation.grow_to(rounded, self.what);
        }
        match grown {
            Ok(()) => std::ops::ControlFlow::Continue(()),
            Err(e) => {
                self.refused = Some(e);
                std::ops::ControlFlow::Break(())
            }
        }
    }

    /// The refusal that stopped the search, if one did.
    pub(crate) fn refusal(&mut self) -> Option<Error> {
        self.refused.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_reservations_past_the_budget_fail_until_one_is_dropped() {
        let accountant = Arc::new(Accountant::new(1 << 20));
        let first = accountant.reserve(700 << 10, "the first table").unwrap();
        let e = accountant
            .reserve(400 << 10, "the second table")
            .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooLarge);
        assert_eq!(
            e.detail(),
            Some(&Detail::MemoryInUse {
                need: 400 << 10,
                in_use: 700 << 10,
                budget: 1 << 20
            })
        );
        assert!(e.message().contains("the second table"), "{}", e.message());
        // A refusal holds nothing.
        assert_eq!(accountant.in_use(), 700 << 10);
        let small = accountant.reserve(324 << 10, "a small table").unwrap();
        assert_eq!(accountant.in_use(), 1 << 20);
        assert!(accountant.reserve(1, "one byte").is_err());
        drop(first);
        assert_eq!(accountant.in_use(), 324 << 10);
        let second = accountant.reserve(400 << 10, "the second table").unwrap();
        assert_eq!(second.bytes(), 400 << 10);
        drop((small, second));
        assert_eq!(accountant.in_use(), 0);
    }

    #[test]
    fn a_growing_table_is_charged_until_it_passes_the_budget() {
        let accountant = Arc::new(Accountant::new(4 << 20));
        let other = accountant.reserve(1 << 20, "another table").unwrap();
        let nothing_to_drop = || {};
        let mut table = Growing::new(&accountant, "a search's table", &nothing_to_drop);
        assert!(table.charge(10).is_continue());
        assert_eq!(accountant.in_use(), 2 << 20);
        assert!(table.charge(3 << 20).is_continue());
        assert_eq!(accountant.in_use(), 4 << 20);
        assert!(table.charge((3 << 20) + 1).is_break());
        let e = table.refusal().unwrap();
        assert!(matches!(e.detail(), Some(Detail::MemoryInUse { .. })));
        assert_eq!(accountant.in_use(), 4 << 20);
        drop(table);
        assert_eq!(accountant.in_use(), 1 << 20);
        drop(other);
    }

    #[test]
    fn room_made_by_dropping_what_no_one_uses_is_taken() {
        let accountant = Arc::new(Accountant::new(4 << 20));
        let kept =
            std::cell::RefCell::new(Some(accountant.reserve(2 << 20, "a table kept").unwrap()));
        let make_room = || drop(kept.borrow_mut().take());
        let mut table = Growing::new(&accountant, "a search's table", &make_room);
        assert!(table.charge(3 << 20).is_continue());
        assert!(kept.borrow().is_none(), "the kept table was dropped");
        assert_eq!(accountant.in_use(), 3 << 20);
        let mut watch = Watch::silent();
        let e = reserve(&accountant, &mut watch, 2 << 20, "a list", &make_room).unwrap_err();
        assert!(matches!(e.detail(), Some(Detail::MemoryInUse { .. })));
        drop(table);
        let listed = reserve(&accountant, &mut watch, 2 << 20, "a list", &make_room).unwrap();
        assert_eq!(listed.bytes(), 2 << 20);
    }

    #[test]
    fn more_than_the_whole_budget_is_over_budget() {
        let accountant = Arc::new(Accountant::new(1000));
        let e = accountant.reserve(1001, "a table").unwrap_err();
        assert!(matches!(
            e.detail(),
            Some(Detail::OverBudget {
                need: 1001,
                budget: 1000,
                ..
            })
        ));
        assert!(accountant.reserve(u64::MAX, "a table").is_err());
        assert_eq!(accountant.in_use(), 0);
    }

    #[test]
    fn threads_never_hold_more_than_the_budget() {
        let accountant = Arc::new(Accountant::new(10_000));
        let most = Arc::new(AtomicU64::new(0));
        std::thread::scope(|s| {
            for _ in 0..8 {
                let (accountant, most) = (Arc::clone(&accountant), Arc::clone(&most));
                s.spawn(move || {
                    for _ in 0..2000 {
                        if let Ok(r) = accountant.reserve(3000, "a table") {
                            most.fetch_max(accountant.in_use(), Ordering::Relaxed);
                            drop(r);
                        }
                    }
                });
            }
        });
        assert!(most.load(Ordering::Relaxed) <= 10_000);
        assert_eq!(accountant.in_use(), 0);
    }
}
