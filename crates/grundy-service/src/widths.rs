//! The default thread count of a value computation (issue 37, point 3):
//! with no [`Config::threads`](crate::Config::threads), a long computation
//! runs its measured steps on 1, 2, 4, … threads, each on a pool of that
//! width, and keeps the width [`grundy::values::widening::next`] settles on.
//! The engine's timings are the steps' own: wall time, and the CPU time of
//! the pool's threads as the system counts it (spinning included), read
//! from `/proc` (Linux: the scheduler's nanoseconds, or ticks of 1/100 s
//! where the kernel keeps no schedule statistics); elsewhere a pool of `n` threads is counted as
//! `n` times its wall time, which can only make the choice narrower.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use grundy::values::widening::{self, Choice, Reason, Trial, Widening};

/// Steps that start before this heap are not measured (they run on
/// [`UNMEASURED_THREADS`] or rayon's global pool, [`POOLED_FROM`]): heaps
/// there grow costlier too fast for two steps in a row to compare.
pub(crate) const MEASURED_FROM: u64 = 1 << 18;

/// Steps that reach this heap run on the computation's own pool of
/// [`UNMEASURED_THREADS`] even before they are measured, when no other
/// computation is extending a table: called from outside a pool, each
/// parallel part of the engine is handed to rayon's global pool and
/// waited for, a sleep and a wake-up of the caller each (0.6 to 2^18 took
/// 10 % longer so on the 2-core machine, with three times the context
/// switches). Smaller tables read nothing in parallel and start no
/// threads; computations side by side (a survey's jobs, a server's
/// requests) share rayon's global pool rather than each starting as many
/// threads as there are cores.
pub(crate) const POOLED_FROM: u64 = 1 << 14;

/// The width of the steps before [`MEASURED_FROM`] on the computation's
/// own pool (fewer where fewer are allowed): two threads paid on both
/// machines measured (1.4 to 2.0 times as fast as one, at 0.93 to 1.37
/// times its CPU, in session 30's runs of the script on 16 cores and on
/// 2), while all 16 of a 16-core machine took 4.4 to 6.5 times the CPU of
/// one thread and were slower than four (docs/benchmarks.md).
pub(crate) const UNMEASURED_THREADS: usize = 2;

/// The most a table grows, between two measurements of a width that a
/// measurement confirmed each time, before it is measured again: past the
/// first doubling, each confirmation doubles the factor (2, 4, 8, …).
const MOST_GROWTH: u64 = 1 << 10;

/// The time a measured step aims at: short, since the widths that do not
/// pay run it too, and long enough for `/proc`'s coarser clock (hundredths
/// of a second, where the kernel keeps no schedule statistics).
pub(crate) const TRIAL_STEP: Duration = Duration::from_millis(250);

/// Steps shorter than this are not measured.
const SHORTEST_TRIAL: Duration = Duration::from_millis(150);

/// A pool of threads of one width, and the system's ids of its threads.
#[derive(Debug)]
pub(crate) struct Pool {
    pub(crate) pool: rayon::ThreadPool,
    pub(crate) threads: usize,
    ids: Arc<Mutex<Vec<String>>>,
}

impl Pool {
    fn new(threads: usize) -> Option<Pool> {
        let ids = Arc::new(Mutex::new(Vec::new()));
        let started = Arc::clone(&ids);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(move |i| format!("grundy-{threads}-{i}"))
            .start_handler(move |_| {
                // "PID/task/TID" on Linux; nothing elsewhere.
                if let Ok(link) = std::fs::read_link("/proc/thread-self") {
                    lock(&started).push(link.to_string_lossy().into_owned());
                }
            })
            .build()
            .ok()?;
        // The threads say who they are as they start: wait for them (tens
        // of microseconds each; at most 0.2 s), so that a step's CPU is
        // read whole.
        for _ in 0..2000 {
            if lock(&ids).len() >= threads {
                break;
            }
            std::thread::sleep(Duration::from_micros(100));
        }
        Some(Pool { pool, threads, ids })
    }

    /// The CPU time the pool's threads have used, if the system says.
    pub(crate) fn cpu(&self) -> Option<Duration> {
        let ids = lock(&self.ids).clone();
        if ids.len() < self.threads {
            return None;
        }
        ids.iter().map(|id| thread_cpu(id)).sum()
    }
}

/// The CPU time of the thread `/proc/PID/task/TID`: the scheduler's own
/// count in `schedstat` (nanoseconds), where the kernel keeps it, else
/// user plus system time from `stat` (hundredths of a second).
fn thread_cpu(id: &str) -> Option<Duration> {
    scheduled(id).or_else(|| ticked(id))
}

/// The time the thread ran, from the first field of its `schedstat`
/// (Linux, with schedule statistics or delay accounting).
fn scheduled(id: &str) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{id}/schedstat")).ok()?;
    let nanos = stat.split_whitespace().next()?.parse::<u64>().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// User plus system time of the thread, from its `stat`.
fn ticked(id: &str) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{id}/stat")).ok()?;
    // After the command name (in parentheses, may hold spaces): state is
    // field 3, utime 14, stime 15, in ticks of 1/100 s (proc(5)).
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i - 3)?.parse::<u64>().ok();
    Some(Duration::from_millis((ticks(14)? + ticks(15)?) * 10))
}

/// `mutex` locked, whether or not a thread panicked holding it: what it
/// guards (pools, thread ids) stays valid either way.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The pools of each width one computation has used, built when first
/// asked, and shut down with it.
#[derive(Debug, Default)]
pub(crate) struct Pools(Mutex<HashMap<usize, Arc<Pool>>>);

impl Pools {
    /// The pool of `threads` threads (`None` if the system refuses to start
    /// them: the caller then computes on the global pool).
    pub(crate) fn get(&self, threads: usize) -> Option<Arc<Pool>> {
        let mut pools = lock(&self.0);
        if let Some(pool) = pools.get(&threads) {
            return Some(Arc::clone(pool));
        }
        let pool = Arc::new(Pool::new(threads)?);
        pools.insert(threads, Arc::clone(&pool));
        Some(pool)
    }
}

/// What to tell of a computation that ended before its first measured
/// step, which ran on `threads`: on a pool of its own if `own`, else on
/// rayon's global pool.
pub(crate) fn unmeasured(threads: usize, own: bool) -> Width {
    let threads_word = if threads == 1 { "thread" } else { "threads" };
    let pool = if own {
        format!("on a pool of its own, {threads} {threads_word}")
    } else {
        format!(
            "on rayon's global pool, {threads} {threads_word}, shared with any other computation"
        )
    };
    Width {
        threads,
        why: format!(
            "not measured: ended before heap 2^18, where steps start to be measured on 1, 2, 4, … threads; it ran {pool}"
        ),
        measurements: 0,
        trial_steps: Vec::new(),
        trials: Vec::new(),
    }
}

/// The width of one computation: widening while more threads pay.
#[derive(Debug)]
pub(crate) struct Widen {
    most: usize,
    /// The computation's pools, one a width, kept for all its rounds.
    pools: Pools,
    /// The first heap of the first step measured.
    measured_from: Option<u64>,
    /// A width chosen narrower than the most allowed is measured again
    /// from one thread at the first step from this heap on.
    again_from: u64,
    /// How many times the table grows before the next measurement: 2,
    /// doubled each time a measurement confirms the width before it.
    growth: u64,
    /// The width being measured again, until the measurement settles.
    before: Option<Choice>,
    trials: Vec<Trial>,
    state: Widening,
    /// Why the width being measured again was chosen, until a step of the
    /// new measurement is taken in.
    chosen_before: Option<String>,
    /// The measured steps the width being measured again was chosen on,
    /// until a step of the new measurement is taken in.
    chosen_on: Vec<Trial>,
    /// Threads of the last step taken in.
    ran_on: Option<usize>,
    /// [`Width::measurements`] and [`Width::trial_steps`].
    measurements: usize,
    trial_steps: Vec<(usize, Duration)>,
}

/// The threads a computation ran on by default, and why, for
/// [`Event::Computed`](crate::Event::Computed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Width {
    /// Threads of the last step.
    pub threads: usize,
    /// Why that many: the widening's choice, or why nothing was measured.
    pub why: String,
    /// Times the width was measured (from one thread each time).
    pub measurements: usize,
    /// The wall time of the measured steps on each width, in all
    /// measurements, by threads: what choosing cost, beside the steps of
    /// the chosen width.
    pub trial_steps: Vec<(usize, Duration)>,
    /// The measured steps the width in force was chosen on, in the order
    /// run ([`Width::against_one`] compares them): those of the last
    /// measurement, or of the one before while a new one has taken in no
    /// step yet.
    pub trials: Vec<Trial>,
}

impl Width {
    /// Each wider width of the last measurement against one thread
    /// ([`widening::against_one`]): what the choice rests on.
    pub fn against_one(&self) -> Vec<widening::AgainstOne> {
        widening::against_one(&self.trials)
    }
}

impl Widen {
    /// A widening up to `most` threads.
    pub(crate) fn new(most: usize) -> Widen {
        Widen {
            most: most.max(1),
            pools: Pools::default(),
            measured_from: None,
            again_from: u64::MAX,
            growth: 2,
            before: None,
            trials: Vec::new(),
            state: Widening::Try(1),
            chosen_before: None,
            chosen_on: Vec::new(),
            ran_on: None,
            measurements: 0,
            trial_steps: Vec::new(),
        }
    }

    /// The pool a step from heap `from` to `to` runs on: below
    /// [`MEASURED_FROM`], [`UNMEASURED_THREADS`] if the step reaches
    /// [`POOLED_FROM`] and the computation runs `alone`, else none (the
    /// caller's thread and rayon's global pool); from it, the width being
    /// measured or chosen. `None` too if the system refuses to start the
    /// threads.
    pub(crate) fn pool(&self, from: u64, to: u64, alone: bool) -> Option<Arc<Pool>> {
        if from >= MEASURED_FROM {
            self.pools.get(self.threads())
        } else if to >= POOLED_FROM && alone {
            self.pools.get(self.most.min(UNMEASURED_THREADS))
        } else {
            None
        }
    }

    /// Whether the width is still being measured.
    pub(crate) fn measuring(&self) -> bool {
        matches!(self.state, Widening::Try(_))
    }

    /// Threads for the next step.
    pub(crate) fn threads(&self) -> usize {
        match self.state {
            Widening::Try(n) => n,
            Widening::Settled(choice) => choice.threads,
        }
    }

    /// Takes in a step of the sparse engine from heap `from`, of `heaps`
    /// values, that took `wall` and `cpu` (if known) on the width asked.
    ///
    /// A width chosen narrower than the most allowed rests on a few
    /// quarter-second steps, which a busy spell of the machine can spoil:
    /// it is measured again, from one thread, once the table has doubled
    /// since. A measurement that confirms the width tries the width it
    /// refused once, not twice ([`widening::again`]), and waits for the
    /// table to grow twice as much before the next (4, 8, … times, at
    /// most [`MOST_GROWTH`]): a few trial steps for each measurement,
    /// and fewer measurements the longer the width holds.
    pub(crate) fn step(&mut self, from: u64, heaps: u64, wall: Duration, cpu: Option<Duration>) {
        self.ran_on = Some(self.threads());
        if let Widening::Settled(choice) = self.state {
            let narrower = matches!(
                choice.reason,
                Reason::NotFaster { .. } | Reason::TooMuchCpu { .. }
            );
            if narrower && from >= self.again_from {
                self.chosen_before = Some(self.width().why);
                self.chosen_on = self.trials.clone();
                self.before = Some(choice);
                self.trials.clear();
                self.measured_from = None;
                self.again_from = u64::MAX;
                self.state = Widening::Try(1);
            }
            return;
        }
        if from < MEASURED_FROM || wall < SHORTEST_TRIAL || heaps == 0 {
            return;
        }
        let threads = self.threads();
        self.chosen_before = None;
        self.chosen_on.clear();
        self.measured_from.get_or_insert(from);
        if self.trials.is_empty() {
            self.measurements += 1;
        }
        match self.trial_steps.iter_mut().find(|(t, _)| *t == threads) {
            Some((_, spent)) => *spent += wall,
            None => {
                self.trial_steps.push((threads, wall));
                self.trial_steps.sort_unstable();
            }
        }
        let cpu = cpu.unwrap_or(wall * u32::try_from(threads).unwrap_or(u32::MAX));
        self.trials.push(Trial {
            threads,
            heaps,
            wall,
            cpu,
        });
        self.state = match self.before {
            Some(before) => widening::again(&self.trials, self.most, before),
            None => widening::next(&self.trials, self.most),
        };
        if let Widening::Settled(choice) = self.state {
            let confirmed = self.before.take().map(|b| b.threads) == Some(choice.threads);
            self.growth = if confirmed {
                (self.growth * 2).min(MOST_GROWTH)
            } else {
                2
            };
            self.again_from = from.saturating_add(heaps).saturating_mul(self.growth);
        }
    }

    /// What to tell about the width.
    pub(crate) fn width(&self) -> Width {
        if let Some(why) = &self.chosen_before {
            return Width {
                threads: self.ran_on.unwrap_or(1),
                why: format!("{why}; to be measured again, the table having doubled since"),
                measurements: self.measurements,
                trial_steps: self.trial_steps.clone(),
                trials: self.chosen_on.clone(),
            };
        }
        let threads = self.threads();
        let why = match self.state {
            Widening::Settled(choice) => format!(
                "chosen: {choice}, measured from heap {}",
                self.measured_from.unwrap_or(0)
            ),
            Widening::Try(_) if self.trials.is_empty() => format!(
                "not measured: a step is measured from heap 2^18 on, once it takes {} ms",
                SHORTEST_TRIAL.as_millis()
            ),
            Widening::Try(_) => format!(
                "still measuring after {} step(s) when the computation ended",
                self.trials.len()
            ),
        };
        Width {
            threads,
            why,
            measurements: self.measurements,
            trial_steps: self.trial_steps.clone(),
            trials: self.trials.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn early_and_short_steps_are_not_measured() {
        let mut w = Widen::new(8);
        w.step(1000, 1 << 16, Duration::from_secs(1), None);
        w.step(MEASURED_FROM, 1000, Duration::from_millis(10), None);
        assert_eq!(w.threads(), 1);
        assert!(w.width().why.starts_with("not measured"), "{:?}", w.width());
    }

    #[test]
    fn a_step_that_pays_widens_and_one_that_does_not_settles() {
        let mut w = Widen::new(8);
        let s = Duration::from_secs(1);
        w.step(MEASURED_FROM, 1000, s, Some(s));
        assert_eq!(w.threads(), 2);
        w.step(MEASURED_FROM + 1000, 1900, s, Some(2 * s));
        assert_eq!(w.threads(), 4);
        w.step(MEASURED_FROM + 2900, 1950, s, Some(4 * s));
        // Four threads did not pay: two measured again, then four once
        // more, the same.
        assert_eq!(w.threads(), 2);
        w.step(MEASURED_FROM + 4850, 1900, s, Some(2 * s));
        assert_eq!(w.threads(), 4);
        w.step(MEASURED_FROM + 6750, 1950, s, Some(4 * s));
        assert_eq!(w.threads(), 2);
        assert!(
            w.width().why.starts_with("chosen: 2 (4 were"),
            "{:?}",
            w.width()
        );
        // What the choice rests on: the five steps measured, in order.
        let trials = w.width().trials;
        let order: Vec<(usize, u64)> = trials.iter().map(|t| (t.threads, t.heaps)).collect();
        assert_eq!(
            order,
            [(1, 1000), (2, 1900), (4, 1950), (2, 1900), (4, 1950)]
        );
        let seen = widening::against_one(&trials);
        assert_eq!(seen.iter().map(|a| a.threads).collect::<Vec<_>>(), [2, 4]);
        assert!((seen[1].speedup - 1.95).abs() < 1e-9, "{seen:?}");
        // Settled: later steps change nothing.
        w.step(MEASURED_FROM + 8700, 10, s, Some(s));
        assert_eq!(w.threads(), 2);
        assert_eq!(w.width().trials, trials);
    }

    #[test]
    fn a_narrower_choice_is_measured_again_once_the_table_has_doubled() {
        let mut w = Widen::new(2);
        let s = Duration::from_secs(1);
        let from = MEASURED_FROM;
        w.step(from, 1000, s, Some(s));
        // Busy moments: two threads no faster, twice (one thread measured
        // again between).
        w.step(from + 1000, 1000, s, Some(2 * s));
        assert_eq!((w.threads(), w.measuring()), (1, true));
        w.step(from + 2000, 1000, s, Some(s));
        assert_eq!((w.threads(), w.measuring()), (2, true));
        w.step(from + 3000, 1000, s, Some(2 * s));
        assert_eq!(w.threads(), 1);
        assert!(!w.measuring());
        // Steps before the table has doubled keep the choice.
        w.step(from + 4000, 1000, s, Some(s));
        assert_eq!((w.threads(), w.measuring()), (1, false));
        // From twice the heap where it was chosen: one thread, then two.
        let again = 2 * (from + 4000);
        let chosen = w.width();
        w.step(again, 1000, s, Some(s));
        assert!(w.measuring());
        // Until a step is measured, the width told is the one the steps ran on.
        let told = w.width();
        assert_eq!(told.threads, 1);
        assert!(told.why.starts_with(&chosen.why), "{told:?}");
        assert!(
            told.why
                .ends_with("measured again, the table having doubled since")
        );
        // And what it rests on is the measurement it was chosen on.
        assert_eq!(told.trials, chosen.trials);
        assert_eq!(told.trials.len(), 4);
        w.step(again + 1000, 1000, s, Some(s));
        assert_eq!(w.threads(), 2);
        w.step(again + 2000, 1900, s, Some(2 * s));
        assert_eq!((w.threads(), w.measuring()), (2, false));
        let rests_on: Vec<usize> = w.width().trials.iter().map(|t| t.threads).collect();
        assert_eq!(rests_on, [1, 2]);
        assert!(
            w.width()
                .why
                .contains(&format!("measured from heap {}", again + 1000)),
            "{:?}",
            w.width()
        );
        // The widest allowed is never measured again.
        w.step(100 * again, 1000, s, Some(s));
        assert_eq!((w.threads(), w.measuring()), (2, false));
    }

    /// Each measurement that confirms the width tries the width refused
    /// once, and the next waits for the table to grow twice as much.
    #[test]
    fn a_confirmed_width_is_measured_again_later_and_more_briefly() {
        let mut w = Widen::new(4);
        let mut from = MEASURED_FROM;
        // One thread, two (1.9 times as fast), four (no faster), two
        // again, four again: two chosen.
        for (threads, heaps) in [(1, 1000), (2, 1900), (4, 1950), (2, 1900), (4, 1950)] {
            take(&mut w, &mut from, threads, heaps);
        }
        assert_eq!((w.threads(), w.measuring()), (2, false));
        let mut chosen_at = from;
        for growth in [2, 4, 8, 16] {
            // Settled until the table has grown `growth` times.
            while from + 1000 < growth * chosen_at {
                take(&mut w, &mut from, 2, 1000);
            }
            take(&mut w, &mut from, 2, 1000);
            assert!(!w.measuring(), "not measured again before {growth}x");
            take(&mut w, &mut from, 2, 1000);
            assert!(w.measuring(), "measured again at {growth}x");
            // One thread, two, and four once: two confirmed.
            for (threads, heaps) in [(1, 1000), (2, 1900), (4, 1950)] {
                take(&mut w, &mut from, threads, heaps);
            }
            assert_eq!((w.threads(), w.measuring()), (2, false), "{growth}x");
            chosen_at = from;
        }
        // Five measurements; four threads ran twice in the first, once in
        // each of the others (a second a step).
        let told = w.width();
        assert_eq!(told.measurements, 5);
        let s = Duration::from_secs;
        assert_eq!(told.trial_steps, vec![(1, s(5)), (2, s(6)), (4, s(6))]);
    }

    /// Takes in a step of `heaps` from `from` on `threads`, one second of
    /// each thread's CPU.
    fn take(w: &mut Widen, from: &mut u64, threads: usize, heaps: u64) {
        assert_eq!(w.threads(), threads, "at heap {from}");
        let s = Duration::from_secs(1);
        w.step(*from, heaps, s, Some(s * u32::try_from(threads).unwrap()));
        *from += heaps;
    }

    #[test]
    fn a_pool_counts_its_threads_cpu_where_the_system_says() {
        let pools = Pools::default();
        let pool = pools.get(2).expect("two threads");
        assert!(Arc::ptr_eq(&pool, &pools.get(2).unwrap()));
        pool.pool.install(|| {
            rayon::join(
                || spin(Duration::from_millis(300)),
                || spin(Duration::from_millis(300)),
            )
        });
        if cfg!(target_os = "linux") {
            let cpu = pool.cpu().expect("the threads' CPU on Linux");
            assert!(cpu >= Duration::from_millis(100), "{cpu:?}");
        }
    }

    /// Both of the system's counts of a thread's time agree, to their
    /// coarser one's hundredths of a second, however busy the machine.
    #[test]
    fn the_scheduler_and_the_ticks_count_a_thread_alike() {
        let Ok(link) = std::fs::read_link("/proc/thread-self") else {
            return;
        };
        let id = link.to_string_lossy().into_owned();
        let (Some(ticked_at_first), Some(scheduled_at_first)) = (ticked(&id), scheduled(&id))
        else {
            return;
        };
        // Work until the ticks have counted 200 ms more of this thread
        // (at most 20 s, should the machine give it no core).
        let started = std::time::Instant::now();
        let wanted = ticked_at_first + Duration::from_millis(200);
        while ticked(&id).unwrap() < wanted && started.elapsed() < Duration::from_secs(20) {
            spin(Duration::from_millis(5));
        }
        let ticked_before = ticked(&id).unwrap();
        let scheduled_now = scheduled(&id).unwrap();
        let ticked_after = ticked(&id).unwrap();
        // Ticks are sampled: allow a few of them either way.
        let slack = Duration::from_millis(50);
        let grown = scheduled_now - scheduled_at_first;
        assert!(grown + slack >= Duration::from_millis(200), "{grown:?}");
        assert!(
            scheduled_now + slack >= ticked_before,
            "{scheduled_now:?} against {ticked_before:?}"
        );
        assert!(
            scheduled_now <= ticked_after + slack,
            "{scheduled_now:?} against {ticked_after:?}"
        );
        assert!(thread_cpu(&id).is_some());
    }

    fn spin(d: Duration) {
        let start = std::time::Instant::now();
        let mut x = 0u64;
        while start.elapsed() < d {
            x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
        }
    }
}
