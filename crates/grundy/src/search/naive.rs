//! The naive twin of [`Search`](super::Search): the mex of the options'
//! values, memoised by whole position.
//!
//! No components, no canonical forms, no pruning: the value of a position is
//! the least value none of its options has, straight from the definition,
//! and every position met is remembered as it is. Slow — exponential in the
//! size of a board — and there so that tests can check the fast engine
//! against the plain definition.

use std::collections::HashMap;
use std::ops::ControlFlow;

use super::path::Path;
use super::workers::TICK_EVERY;
use super::{Game, Progress};
use crate::error::{Error, ErrorKind, Result};
use crate::misere::memo::{allocation, capacity_after_growth, table_bytes};
use crate::nimber::Nimber;
use crate::values::Budget;

/// The nimber of `position` by the definition, within `budget` bytes of
/// memo.
///
/// ```
/// use grundy::games::{Board, Cram};
/// use grundy::search::{self, naive};
/// let board: Board = "..\n..\n..".parse()?; // 3 × 2
/// let v = naive::nimber(&Cram, &board, grundy::values::Budget::default(), &mut search::silent)?;
/// assert_eq!(v.value(), 1);
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// [`ErrorKind::TooLarge`] when the memo would pass `budget`;
/// [`ErrorKind::Interrupted`] when `progress` asks to stop.
///
/// # Complexity
/// One visit for each position reachable from `position`, each listing its
/// moves: exponential in the size of most games.
pub fn nimber<G: Game>(
    game: &G,
    position: &G::Position,
    budget: Budget,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<Nimber> {
    let mut memo: HashMap<G::Position, u32> = HashMap::new();
    let mut owned = 0u64;
    let mut nodes = 0u64;
    // Depth-first, with an explicit stack: each frame a position, its
    // options and the values of those valued so far.
    struct Frame<P> {
        position: P,
        options: Vec<P>,
        values: Vec<u32>,
    }
    let expand = |p: G::Position| {
        let mut moves = Vec::new();
        game.moves(&p, &mut moves);
        Frame {
            position: p,
            options: moves.into_iter().map(|(_, q)| q).collect(),
            values: Vec::new(),
        }
    };
    let mut path = Path::new(game.may_loop());
    path.enter(position)?;
    let mut stack = vec![expand(position.clone())];
    while let Some(top) = stack.last_mut() {
        if let Some(option) = top.options.last() {
            if let Some(&v) = memo.get(option) {
                top.values.push(v);
                top.options.pop();
            } else {
                let option = option.clone();
                nodes += 1;
                if nodes.is_multiple_of(TICK_EVERY)
                    && progress(Progress {
                        nodes,
                        facts: memo.len() as u64,
                        bytes: owned + table_bytes::<G::Position, u32>(memo.capacity()),
                    })
                    .is_break()
                {
                    return Err(Error::new(ErrorKind::Interrupted, "the search was stopped"));
                }
                path.enter(&option)?;
                stack.push(expand(option));
            }
            continue;
        }
        let Some(frame) = stack.pop() else { break };
        path.leave(&frame.position);
        let value = mex(frame.values);
        if stack.is_empty() {
            return Ok(Nimber::new(u64::from(value)));
        }
        let key_bytes = allocation(game.heap_bytes(&frame.position));
        let capacity = memo.capacity();
        let table = if memo.len() == capacity {
            table_bytes::<G::Position, u32>(capacity)
                + table_bytes::<G::Position, u32>(capacity_after_growth(capacity))
        } else {
            table_bytes::<G::Position, u32>(capacity)
        };
        if table + owned + key_bytes > budget.max_bytes() {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "the naive search remembers more than {} positions here, past its memory budget",
                    memo.len()
                ),
            )
            .with_detail(crate::error::Detail::OverBudget {
                need: table + owned + key_bytes,
                budget: budget.max_bytes(),
                fits: None,
            }));
        }
        owned += key_bytes;
        memo.insert(frame.position, value);
    }
    unreachable!("the loop returns when it pops the first frame")
}

/// The least value missing from `values`.
fn mex(mut values: Vec<u32>) -> u32 {
    values.sort_unstable();
    values.dedup();
    values
        .iter()
        .enumerate()
        .find(|&(i, &v)| v as usize != i)
        .map_or(values.len() as u32, |(i, _)| i as u32)
}

#[cfg(test)]
mod tests {
    use super::mex;

    #[test]
    fn mex_is_the_least_missing_value() {
        assert_eq!(mex(vec![]), 0);
        assert_eq!(mex(vec![1, 2]), 0);
        assert_eq!(mex(vec![2, 0, 0, 1, 4]), 3);
        assert_eq!(mex(vec![0, 1, 2]), 3);
    }
}
