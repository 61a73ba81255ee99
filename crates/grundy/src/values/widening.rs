//! How many threads a computation of values is given when nobody says:
//! widen while more threads pay.
//!
//! A caller that steps a long computation ([`Stepper`](super::Stepper))
//! runs its first measured steps on 1, 2, 4, … threads, hands the timings
//! of each step to [`next`], and keeps the width it settles on. A wider
//! step is kept only if it made heaps at least [`GAIN`] faster than the
//! best width before it *and* its CPU time a heap stayed within
//! [`MAX_CPU`] times that of one thread; a width refused is tried once
//! more before the widening settles, unless it was refused already when
//! the width was chosen before ([`again`]). The block pipeline of the sparse
//! engine has one thread that nothing can help (it finishes each block
//! heap by heap), and its helpers slow each other through the shared
//! caches, so past two to four threads a wider pool mostly burns CPU
//! (issue 37's table: 16 threads, 4 to 7 times the CPU-seconds of one, no
//! faster than 2). The function is pure: the caller measures, so it can be
//! tested on invented timings, and the library reads no clock.
//!
//! ```
//! use std::time::Duration;
//! use grundy::values::widening::{self, Reason, Trial, Widening};
//! let s = Duration::from_secs;
//! let one = Trial { threads: 1, heaps: 1000, wall: s(10), cpu: s(10) };
//! assert_eq!(widening::next(&[one], 8), Widening::Try(2));
//! // Two threads: 1.8 times as fast, 1.1 times the CPU a heap: try 4.
//! let two = Trial { threads: 2, heaps: 1800, wall: s(10), cpu: s(20) };
//! assert_eq!(widening::next(&[one, two], 8), Widening::Try(4));
//! // Four: 5 % faster than two, not worth it. Two again, then four once
//! // more against it: the same.
//! let four = Trial { threads: 4, heaps: 1890, wall: s(10), cpu: s(40) };
//! assert_eq!(widening::next(&[one, two, four], 8), Widening::Try(2));
//! assert_eq!(widening::next(&[one, two, four, two], 8), Widening::Try(4));
//! let Widening::Settled(choice) = widening::next(&[one, two, four, two, four], 8) else {
//!     panic!()
//! };
//! assert_eq!(choice.threads, 2);
//! assert!(matches!(choice.reason, Reason::NotFaster { tried: 4, .. }));
//! ```

use std::time::Duration;

/// A wider pool is kept only if it makes heaps at least this much faster
/// than the best width before it (10 %: the default may then be at most
/// about 10 % slower than the best width).
pub const GAIN: f64 = 1.10;

/// The most CPU time a heap a wider pool may take, against one thread.
pub const MAX_CPU: f64 = 1.5;

/// One measured step: `heaps` values computed on `threads` threads in
/// `wall` time, using `cpu` time of those threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trial {
    /// Threads of the pool the step ran on.
    pub threads: usize,
    /// Values the step computed.
    pub heaps: u64,
    /// Its elapsed time.
    pub wall: Duration,
    /// The CPU time its threads used (busy and spinning alike).
    pub cpu: Duration,
}

impl Trial {
    /// Heaps a second.
    fn rate(&self) -> f64 {
        self.heaps as f64 / self.wall.as_secs_f64().max(1e-9)
    }

    /// CPU seconds a heap.
    fn cpu_per_heap(&self) -> f64 {
        self.cpu.as_secs_f64() / (self.heaps.max(1) as f64)
    }

    /// Its CPU a heap against `one_cpu`, one thread's: infinite where one
    /// thread's was counted as none.
    fn cpu_against(&self, one_cpu: f64) -> f64 {
        if one_cpu > 0.0 {
            self.cpu_per_heap() / one_cpu
        } else {
            f64::INFINITY
        }
    }
}

/// What to do next ([`next`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Widening {
    /// Run the next step on this many threads and report it.
    Try(usize),
    /// The width is chosen: keep it for the rest of the computation.
    Settled(Choice),
}

/// The width chosen, and why.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    /// Threads to compute on.
    pub threads: usize,
    /// Why not more.
    pub reason: Reason,
}

/// Why [`next`] stopped widening.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Reason {
    /// Only one thread may be used.
    OneThread,
    /// Every width up to the most allowed paid: this is the widest.
    Widest,
    /// `tried` threads made heaps only `speedup` times as fast as the
    /// chosen width (less than [`GAIN`]).
    NotFaster {
        /// The width tried and refused.
        tried: usize,
        /// Its speed against the chosen width's.
        speedup: f64,
    },
    /// `tried` threads took `cpu` times the CPU a heap of one thread (more
    /// than [`MAX_CPU`]).
    TooMuchCpu {
        /// The width tried and refused.
        tried: usize,
        /// Its CPU a heap against one thread's.
        cpu: f64,
    },
}

impl Choice {
    /// The width tried and refused, if the choice stopped short of one.
    pub fn refused(&self) -> Option<usize> {
        match self.reason {
            Reason::NotFaster { tried, .. } | Reason::TooMuchCpu { tried, .. } => Some(tried),
            Reason::OneThread | Reason::Widest => None,
        }
    }
}

impl std::fmt::Display for Choice {
    /// One line for `--stats`: `2 (4 were only 1.05x as fast)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (", self.threads)?;
        match self.reason {
            Reason::OneThread => write!(f, "one thread allowed")?,
            Reason::Widest => write!(f, "the most allowed; each doubling paid")?,
            Reason::NotFaster { tried, speedup } => {
                write!(f, "{tried} were only {speedup:.2}x as fast")?;
            }
            Reason::TooMuchCpu { tried, cpu } => {
                write!(f, "{tried} took {cpu:.2}x the CPU a heap of one thread")?;
            }
        }
        write!(f, ")")
    }
}

/// A width's latest trial against one thread's latest ([`against_one`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AgainstOne {
    /// Threads of the width.
    pub threads: usize,
    /// How many times as fast it made heaps as one thread.
    pub speedup: f64,
    /// How many times one thread's CPU a heap it took (infinite where one
    /// thread's was counted as none).
    pub cpu: f64,
}

/// Each width wider than one in `trials`, by threads, its latest trial
/// against the latest trial of one thread: what the widening compared,
/// for `--stats` (the bounds are [`GAIN`], against the width before, and
/// [`MAX_CPU`]). Empty without a trial of one thread.
///
/// ```
/// use std::time::Duration;
/// use grundy::values::widening::{self, Trial};
/// let s = Duration::from_secs;
/// let one = Trial { threads: 1, heaps: 1000, wall: s(10), cpu: s(10) };
/// let four = Trial { threads: 4, heaps: 2500, wall: s(10), cpu: s(40) };
/// let two = Trial { threads: 2, heaps: 1800, wall: s(10), cpu: s(20) };
/// let seen = widening::against_one(&[one, four, two]);
/// assert_eq!(seen.iter().map(|w| w.threads).collect::<Vec<_>>(), [2, 4]);
/// assert!((seen[0].speedup - 1.8).abs() < 1e-9 && (seen[0].cpu - 20.0 / 18.0).abs() < 1e-9);
/// assert!((seen[1].speedup - 2.5).abs() < 1e-9 && (seen[1].cpu - 1.6).abs() < 1e-9);
/// assert!(widening::against_one(&[two, four]).is_empty());
/// ```
///
/// # Complexity
/// O(trials²), for the few trials of a measurement.
pub fn against_one(trials: &[Trial]) -> Vec<AgainstOne> {
    let latest = |threads: usize| trials.iter().rev().find(|t| t.threads == threads);
    let Some(one) = latest(1) else {
        return Vec::new();
    };
    let one_cpu = one.cpu_per_heap();
    let mut widths: Vec<usize> = trials
        .iter()
        .map(|t| t.threads)
        .filter(|&t| t > 1)
        .collect();
    widths.sort_unstable();
    widths.dedup();
    widths
        .into_iter()
        .filter_map(|threads| {
            let trial = latest(threads)?;
            Some(AgainstOne {
                threads,
                speedup: trial.rate() / one.rate(),
                cpu: trial.cpu_against(one_cpu),
            })
        })
        .collect()
}

/// The next width to try after `trials` (in the order run: 1, 2, 4, …
/// threads), on at most `max_threads`, or the width chosen.
///
/// The first step runs on one thread; each step that paid is followed by
/// one on twice as many threads (at most `max_threads`). A width that did
/// not pay is tried once more (one short step is easily spoilt by a busy
/// moment of the machine), right after the best width is measured again,
/// and is compared with that step: the two then lie in the same spell of
/// a machine whose speed wanders (a shared host). If it does not pay
/// again, the widening settles on the best width. A trial narrower than
/// the best width so far ends the widening there.
///
/// # Complexity
/// O(trials).
pub fn next(trials: &[Trial], max_threads: usize) -> Widening {
    decide(trials, max_threads, None)
}

/// [`next`] for a width chosen `before` and now measured again: the width
/// `before` refused is refused at its first failure, with no second try
/// (it has now failed in two spells of the machine), so a measurement that
/// confirms the choice runs the wider width once, not twice.
///
/// ```
/// use std::time::Duration;
/// use grundy::values::widening::{self, Choice, Reason, Trial, Widening};
/// let s = Duration::from_secs;
/// let before = Choice { threads: 2, reason: Reason::NotFaster { tried: 4, speedup: 1.02 } };
/// let one = Trial { threads: 1, heaps: 1000, wall: s(10), cpu: s(10) };
/// let two = Trial { threads: 2, heaps: 1800, wall: s(10), cpu: s(20) };
/// let four = Trial { threads: 4, heaps: 1850, wall: s(10), cpu: s(40) };
/// let Widening::Settled(choice) = widening::again(&[one, two, four], 8, before) else {
///     panic!()
/// };
/// assert_eq!(choice.threads, 2);
/// // A first measurement gives four a second try.
/// assert_eq!(widening::next(&[one, two, four], 8), Widening::Try(2));
/// ```
///
/// # Complexity
/// O(trials).
pub fn again(trials: &[Trial], max_threads: usize, before: Choice) -> Widening {
    decide(trials, max_threads, before.refused())
}

/// [`next`], with `refused_before` (a width refused in an earlier
/// measurement) refused at once.
fn decide(trials: &[Trial], max_threads: usize, refused_before: Option<usize>) -> Widening {
    let max_threads = max_threads.max(1);
    let Some(first) = trials.first() else {
        return Widening::Try(1);
    };
    if max_threads == 1 {
        return Widening::Settled(Choice {
            threads: 1,
            reason: Reason::OneThread,
        });
    }
    // CPU a heap of one thread, and the best width so far: each the
    // latest measurement of its width.
    let mut one_cpu = first.cpu_per_heap();
    let mut best = *first;
    // A wider width that did not pay once: the best width is measured
    // again, then the wider one once more against that.
    let mut refused_once: Option<usize> = None;
    for trial in &trials[1..] {
        if trial.threads == best.threads {
            best = *trial;
            if trial.threads == 1 {
                one_cpu = trial.cpu_per_heap();
            }
            continue;
        }
        let speedup = trial.rate() / best.rate();
        let cpu = trial.cpu_against(one_cpu);
        let reason = if speedup < GAIN {
            Reason::NotFaster {
                tried: trial.threads,
                speedup,
            }
        } else if cpu > MAX_CPU {
            Reason::TooMuchCpu {
                tried: trial.threads,
                cpu,
            }
        } else if trial.threads > best.threads {
            best = *trial;
            refused_once = None;
            continue;
        } else {
            Reason::Widest
        };
        if trial.threads > best.threads
            && refused_once.is_none()
            && refused_before != Some(trial.threads)
        {
            refused_once = Some(trial.threads);
            continue;
        }
        return Widening::Settled(Choice {
            threads: best.threads,
            reason,
        });
    }
    let last = trials[trials.len() - 1].threads;
    match refused_once {
        // Refused once: the best width again, beside the wider one's
        // second try, so that the two are compared in the same spell of
        // the machine.
        Some(refused) if last == refused => Widening::Try(best.threads),
        Some(refused) => Widening::Try(refused),
        None if best.threads >= max_threads => Widening::Settled(Choice {
            threads: best.threads,
            reason: Reason::Widest,
        }),
        None => Widening::Try((best.threads * 2).min(max_threads)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A trial of `threads` threads at `rate` heaps a second for 10 s,
    /// each thread `busy` of the time.
    fn trial(threads: usize, rate: f64, busy: f64) -> Trial {
        Trial {
            threads,
            heaps: (rate * 10.0) as u64,
            wall: Duration::from_secs(10),
            cpu: Duration::from_secs_f64(10.0 * busy * threads as f64),
        }
    }

    /// Runs the widening against a machine whose speed on `t` threads is
    /// `machine(t)` (heaps a second, CPU share of each thread) and returns
    /// the choice.
    fn settle(max: usize, machine: impl Fn(usize) -> (f64, f64)) -> Choice {
        let mut trials = Vec::new();
        for _ in 0..20 {
            match next(&trials, max) {
                Widening::Try(t) => {
                    assert!((1..=max).contains(&t), "asked for {t} of {max}");
                    let (rate, busy) = machine(t);
                    trials.push(trial(t, rate, busy));
                }
                Widening::Settled(choice) => return choice,
            }
        }
        panic!("no choice after 20 trials: {trials:?}");
    }

    #[test]
    fn nothing_measured_starts_on_one_thread() {
        assert_eq!(next(&[], 16), Widening::Try(1));
    }

    #[test]
    fn one_core_settles_at_once() {
        let c = settle(1, |_| (100.0, 1.0));
        assert_eq!((c.threads, c.reason), (1, Reason::OneThread));
    }

    /// Issue 37's 16-core table: 2 threads twice as fast, more no faster.
    #[test]
    fn stops_where_more_threads_do_not_pay() {
        let c = settle(16, |t| match t {
            1 => (100.0, 1.0),
            2 => (197.0, 0.95),
            _ => (190.0, 0.8),
        });
        assert_eq!(c.threads, 2);
        assert!(matches!(c.reason, Reason::NotFaster { tried: 4, .. }));
    }

    /// The shared 2-core machine under load: a second thread gains 5 %.
    #[test]
    fn a_second_thread_that_barely_helps_is_refused() {
        let c = settle(2, |t| if t == 1 { (100.0, 1.0) } else { (105.0, 0.9) });
        assert_eq!(c.threads, 1);
    }

    /// Faster, but at twice the CPU a heap: refused.
    #[test]
    fn a_width_that_burns_cpu_is_refused() {
        let c = settle(16, |t| match t {
            1 => (100.0, 1.0),
            2 => (180.0, 1.0),
            _ => (260.0, 1.0),
        });
        assert_eq!(c.threads, 2);
        assert!(matches!(c.reason, Reason::TooMuchCpu { tried: 4, cpu } if cpu > MAX_CPU));
    }

    #[test]
    fn a_perfect_machine_gets_every_thread() {
        let c = settle(16, |t| (100.0 * t as f64, 1.0));
        assert_eq!((c.threads, c.reason), (16, Reason::Widest));
    }

    /// Widths double up to the most allowed, which need not be a power
    /// of two.
    #[test]
    fn the_last_width_is_the_most_allowed() {
        let c = settle(6, |t| (100.0 * t as f64, 1.0));
        assert_eq!(c.threads, 6);
    }

    /// The targets of issue 37 on every synthetic machine of a family: the
    /// width chosen is never more than 10 % slower than the best width
    /// whose CPU a heap stays within 1.5 times one thread's, when speed
    /// rises then falls with the threads.
    #[test]
    fn the_choice_is_near_the_best_width_within_the_cpu_bound() {
        for peak in [1usize, 2, 4, 8, 16] {
            for height in [1.0, 1.3, 1.6, 1.9, 3.0, 6.0, 12.0] {
                let machine = |t: usize| {
                    let t = t as f64;
                    let p = peak as f64;
                    // Rises to `height` at `peak`, then falls slowly.
                    let speedup = if t <= p {
                        1.0 + (height - 1.0) * (t - 1.0) / (p - 1.0).max(1.0)
                    } else {
                        height * (1.0 - 0.05 * (t - p) / p)
                    };
                    (100.0 * speedup.max(0.1), 1.0)
                };
                let c = settle(16, machine);
                let cpu = |t: usize| t as f64 * 100.0 / machine(t).0;
                assert!(cpu(c.threads) <= MAX_CPU + 1e-9, "{peak} {height}: {c:?}");
                let best = [1, 2, 4, 8, 16]
                    .into_iter()
                    .filter(|&t| cpu(t) <= MAX_CPU)
                    .map(|t| machine(t).0)
                    .fold(0.0, f64::max);
                assert!(
                    machine(c.threads).0 * GAIN >= best,
                    "{peak} {height}: chose {c:?}, best {best}"
                );
            }
        }
    }

    /// A busy moment spoils the first step on two threads: one thread is
    /// measured again, two are tried once more, pay, and the widening goes
    /// on.
    #[test]
    fn a_width_refused_once_is_tried_again() {
        let one = trial(1, 100.0, 1.0);
        let spoilt = trial(2, 102.0, 0.6);
        let fair = trial(2, 185.0, 0.95);
        assert_eq!(next(&[one, spoilt], 4), Widening::Try(1));
        assert_eq!(next(&[one, spoilt, one], 4), Widening::Try(2));
        assert_eq!(next(&[one, spoilt, one, fair], 4), Widening::Try(4));
        // Refused twice: settled on the width before it.
        let Widening::Settled(c) = next(&[one, spoilt, one, spoilt], 4) else {
            panic!("settled after two refusals");
        };
        assert_eq!(c.threads, 1);
        assert!(matches!(c.reason, Reason::NotFaster { tried: 2, .. }));
        // Once more for each width: four refused once, then twice.
        let four = trial(4, 190.0, 0.5);
        let trials = [one, spoilt, one, fair, four];
        assert_eq!(next(&trials, 4), Widening::Try(2));
        let trials = [one, spoilt, one, fair, four, fair];
        assert_eq!(next(&trials, 4), Widening::Try(4));
        let Widening::Settled(c) = next(&[one, spoilt, one, fair, four, fair, four], 4) else {
            panic!("settled after four was refused twice");
        };
        assert_eq!(c.threads, 2);
    }

    /// The machine slows down between the one-thread step and the first
    /// two-thread step, and stays slow: the second try is held to one
    /// thread measured in the same slow spell, and two threads are kept.
    #[test]
    fn a_second_try_is_compared_with_a_fresh_measurement() {
        let fast_one = trial(1, 100.0, 1.0);
        // Half the speed: two threads 0.9 times as fast as one was.
        let slow_two = trial(2, 90.0, 0.95);
        let slow_one = trial(1, 50.0, 1.0);
        let trials = [fast_one, slow_two, slow_one, slow_two];
        assert_eq!(
            next(&trials, 2),
            Widening::Settled(Choice {
                threads: 2,
                reason: Reason::Widest,
            })
        );
        // Held to the first, fast step, as before, two would be refused.
        let Widening::Settled(c) = next(&[fast_one, slow_two, fast_one, slow_two], 2) else {
            panic!("settled");
        };
        assert_eq!(c.threads, 1);
    }

    /// Measured again, the width refused before is refused at its first
    /// failure; a width that now pays, or another that fails, is judged as
    /// in a first measurement.
    #[test]
    fn a_width_refused_before_gets_no_second_try() {
        let one = trial(1, 100.0, 1.0);
        let two = trial(2, 185.0, 0.95);
        let four = trial(4, 190.0, 0.5);
        let before = Choice {
            threads: 2,
            reason: Reason::NotFaster {
                tried: 4,
                speedup: 1.03,
            },
        };
        let Widening::Settled(c) = again(&[one, two, four], 8, before) else {
            panic!("settled at once");
        };
        assert_eq!(c.threads, 2);
        assert!(matches!(c.reason, Reason::NotFaster { tried: 4, .. }));
        // Four pays now: on to eight.
        let fast_four = trial(4, 340.0, 0.9);
        assert_eq!(again(&[one, two, fast_four], 8, before), Widening::Try(8));
        // Two fails now (a busy moment): one thread again, then two once
        // more, as in a first measurement.
        let spoilt = trial(2, 102.0, 0.6);
        assert_eq!(again(&[one, spoilt], 8, before), Widening::Try(1));
        assert_eq!(again(&[one, spoilt, one], 8, before), Widening::Try(2));
        // A choice that refused nothing changes nothing.
        let widest = Choice {
            threads: 2,
            reason: Reason::Widest,
        };
        assert_eq!(widest.refused(), None);
        assert_eq!(
            again(&[one, two, four], 8, widest),
            next(&[one, two, four], 8)
        );
    }

    #[test]
    fn the_choice_reads_as_a_line() {
        let c = Choice {
            threads: 2,
            reason: Reason::NotFaster {
                tried: 4,
                speedup: 1.04,
            },
        };
        assert_eq!(c.to_string(), "2 (4 were only 1.04x as fast)");
    }
}
