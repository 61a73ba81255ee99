//! The earlier construction of a misère quotient, kept where learning
//! stops ([`Quotient::compute_as_far_as`]): where a heap splits the smaller
//! heaps' quotients, start again with them refined by labels of contexts
//! (k copies of that heap), guessed from the best quotient proved before
//! ([`super::lookahead`]) or decided by the judge. Every quotient is still
//! proved.

use std::ops::ControlFlow;

use super::progress::{Progress, Told};
use crate::error::{Error, ErrorKind, Result};
use crate::ruleset::Ruleset;

use super::Outcome;
use super::adjoin::{self, Failure};
use super::construction::check_size;
use super::footprint::{Allowance, allocation};
use super::judge::Judge;
use super::quotient::{Element, Quotient};
use super::{footprint, lookahead, reduce, sweep};

/// The earlier construction, kept where learning stops: where a heap
/// splits the smaller heaps' quotients, start again with them refined by
/// labels of contexts (k copies of that heap), guessed from the best
/// quotient proved in the pass before ([`super::lookahead`]); every
/// quotient is still proved. It reaches some bounds that learning does not
/// (0.14 to 21, 0.16 to 16), and learning reaches others (0.35, 0.26, 0.57).
/// `best` is left at the proved monoid with the largest bound seen (finer
/// than that bound's quotient, where contexts past it refined it).
pub(super) fn compute_by_contexts(
    ruleset: &Ruleset,
    max_heap: u64,
    max_bytes: u64,
    best: &mut Option<Quotient>,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<Quotient> {
    // The judge's memo and the chain's quotients share the bound.
    let mut judge = Judge::with_normal_form(ruleset.clone(), max_bytes / 2);
    let mut contexts: Vec<(u64, usize)> = Vec::new();
    let mut unroll = 0;
    loop {
        // The best quotient of the passes before this one.
        let base = best.clone();
        let mut labels = Labels {
            judge: &mut judge,
            best: base.as_ref(),
        };
        match chain_by_contexts(
            ruleset,
            max_heap,
            max_bytes / 2,
            &contexts,
            unroll,
            &mut labels,
            best,
            progress,
        ) {
            Ok(q) => return Ok(q.canonical()),
            Err(Failure::Other(e)) => return Err(e),
            Err(Failure::Split { heap, copies }) => {
                let new: Vec<(u64, usize)> = (1..=copies)
                    .map(|k| (heap, k))
                    .filter(|c| !contexts.contains(c))
                    .collect();
                if new.is_empty() {
                    if unroll >= MAX_UNROLL {
                        return Err(adjoin::split(heap));
                    }
                    unroll += 2;
                } else if contexts.len() >= MAX_CONTEXTS {
                    return Err(adjoin::split(heap));
                }
                contexts.extend(new);
            }
        }
    }
}

/// Where the labels of contexts come from: a guess from the best proved
/// quotient of an earlier pass where it reaches (see
/// [`super::lookahead`]), else the judge.
struct Labels<'a> {
    judge: &'a mut Judge,
    best: Option<&'a Quotient>,
}

impl Labels<'_> {
    /// Whether `sum` plus `copies` copies of `heap` is lost, by the judge,
    /// which tells `progress` the bytes of its memo as it grows.
    fn lost(
        &mut self,
        sum: &[u64],
        heap: u64,
        copies: usize,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<bool> {
        let mut all = sum.to_vec();
        all.extend(std::iter::repeat_n(heap, copies));
        Ok(self.judge.outcome_with(&all, progress)? == Outcome::P)
    }
}

/// The most contexts (copies of a larger heap) that the smaller heaps'
/// quotients are refined by before giving up.
const MAX_CONTEXTS: usize = 64;

/// The most powers of a heap's image written out past its cycle, so that a
/// refinement can keep them apart.
const MAX_UNROLL: usize = 8;

/// The quotients of heaps up to 1, 2, …, `max_heap`, each step proved
/// (module documentation). Below each heap n, the quotient is refined by
/// the outcome of each element's representative plus each context (k copies
/// of a heap past n), guessed from the best quotient of an earlier pass
/// (`source.best`, see [`super::lookahead`]) or decided by the judge: a
/// finer monoid is still a correct one, and it keeps apart the sums that a
/// later heap will tell apart. The last step has no context past it, so its
/// result is the quotient. `best` is kept at the proved quotient with the
/// largest bound seen.
#[allow(clippy::too_many_arguments)]
fn chain_by_contexts(
    ruleset: &Ruleset,
    max_heap: u64,
    max_bytes: u64,
    contexts: &[(u64, usize)],
    unroll: usize,
    source: &mut Labels,
    best: &mut Option<Quotient>,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> std::result::Result<Quotient, Failure> {
    let mut q = Quotient::from_parts(0, vec![vec![]], vec![vec![0]], vec![false], vec![0]);
    let mut told = Told::default();
    for n in 1..=max_heap {
        if !ruleset.has_move(n) {
            q.adjoin_moveless(n);
            continue;
        }
        // This quotient and the best ones kept are held while the next
        // is made (and the judge's memo, told with them).
        let held = q.bytes()
            + best.as_ref().map_or(0, Quotient::bytes)
            + source.best.map_or(0, Quotient::bytes);
        let left = footprint::left(max_bytes, held);
        let columns = adjoin::columns(&q, ruleset, n)?;
        let mut tell = |b: u64| {
            told.past(held + source.judge.bytes() + b);
            progress(Progress {
                done: n - 1,
                total: max_heap,
                bytes: told.bytes(),
            })
        };
        sweep::prove(
            &q,
            ruleset,
            n,
            &columns,
            Allowance::telling(left, &mut tell),
        )?;
        let ahead = contexts.iter().any(|c| c.0 > n);
        let columns = if ahead {
            columns.unrolled(unroll)
        } else {
            columns
        };
        let size = q.len() * columns.len();
        let rows = contexts.iter().filter(|c| c.0 > n).count();
        let needed = reduce::bytes(&q, &columns, rows)
            + allocation(24 * rows)
            + rows as u64 * allocation(size);
        check_size(n, size, needed, left).map_err(Failure::Other)?;
        let judged = source.judge.bytes();
        told.tell(held + needed + judged, n - 1, max_heap, progress, || {
            stopped_at(n - 1)
        })
        .map_err(Failure::Other)?;
        let mut labels = Vec::new();
        for &(heap, copies) in contexts.iter().filter(|c| c.0 > n) {
            if let Some(b) = source.best
                && heap <= b.max_heap() + 1
            {
                let max_bytes = footprint::left(left, needed);
                labels.push(
                    lookahead::guessed_labels(&q, &columns, n, ruleset, b, heap, copies, max_bytes)
                        .map_err(Failure::Other)?,
                );
                continue;
            }
            // The judge's memo grows beside what is held: told as it does.
            let mut judging = |p: Progress| {
                told.past(held + needed + p.bytes);
                progress(Progress {
                    done: n - 1,
                    total: max_heap,
                    bytes: told.bytes(),
                })
            };
            let mut row = Vec::with_capacity(size);
            for m in 0..size {
                let (a, k) = (m / columns.len(), m % columns.len());
                let mut sum = q.representative(a as Element).to_vec();
                sum.extend(std::iter::repeat_n(n, k));
                row.push(source.lost(&sum, heap, copies, &mut judging)?);
            }
            labels.push(row);
        }
        q = reduce::reduce(&q, n, &columns, &labels);
        if best.as_ref().is_none_or(|b| b.max_heap() < n) {
            *best = Some(q.clone());
        }
        told.past(q.bytes() + source.judge.bytes());
        if progress(Progress {
            done: n,
            total: max_heap,
            bytes: told.bytes(),
        })
        .is_break()
        {
            return Err(Failure::Other(stopped_at(n)));
        }
    }
    Ok(q)
}

fn stopped_at(n: u64) -> Error {
    Error::new(
        ErrorKind::Interrupted,
        format!("stopped after the quotient of heaps up to {n}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    /// A label the judge decides tells the judge's memo as it grows, and
    /// stops when told to.
    #[test]
    fn the_judges_labels_tell_their_bytes_and_stop_when_told() {
        let kayles: Ruleset = "0.77".parse().unwrap();
        let mut judge = Judge::with_normal_form(kayles, 1 << 24);
        let mut labels = Labels {
            judge: &mut judge,
            best: None,
        };
        let mut most = 0;
        let lost = labels.lost(&[3, 5], 7, 2, &mut |p| {
            most = most.max(p.bytes);
            ControlFlow::Continue(())
        });
        assert!(lost.is_ok());
        assert!(most > 0);
        let mut fresh = Judge::with_normal_form("0.77".parse().unwrap(), 1 << 24);
        let mut labels = Labels {
            judge: &mut fresh,
            best: None,
        };
        let stopped = labels.lost(&[3, 5], 7, 2, &mut |_| ControlFlow::Break(()));
        assert_eq!(stopped.unwrap_err().kind(), ErrorKind::Interrupted);
    }
}
