//! The P-positions of a multi-heap game one at a time, for front ends that
//! iterate (a Python `for` loop) rather than pass a callback.

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::Duration;

use grundy::multiheap::vectors::VectorGame;
use grundy::multiheap::{Method, Tally};
use grundy::{Error, ErrorKind, Result};

use crate::game::Game;
use crate::solver::Solver;
use crate::watch::Watch;

/// Positions sent from the scan to the iterator at a time.
const BATCH: usize = 4096;

/// Batches the scan may run ahead of the iterator.
const AHEAD: usize = 4;

/// What the scanning thread sends.
enum Message {
    Positions(Vec<Vec<u32>>),
    Done(Result<Tally>),
}

/// The P-positions of a multi-heap game up to a bound, in the order the
/// scan finds them, computed on a thread of their own a few thousand
/// positions ahead of the reader. Dropping the iterator stops the scan.
///
/// ```
/// use std::sync::Arc;
/// use grundy::multiheap::SubsetGame;
/// use grundy_service::{PPositionIter, Solver};
/// let mut it = PPositionIter::new(Arc::new(Solver::default()), SubsetGame::wythoff(), 10);
/// let found: Vec<Vec<u32>> = it.by_ref().collect::<Result<_, _>>()?;
/// assert_eq!(found[1], [1, 2]);
/// assert_eq!(it.tally().map(|t| t.count), Some(5));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Debug)]
pub struct PPositionIter {
    from_scan: Receiver<Message>,
    buffer: VecDeque<Vec<u32>>,
    tally: Option<Tally>,
    finished: bool,
    /// Set when the iterator is dropped: the scan stops at its next
    /// progress report, even between two P-positions far apart.
    reader_gone: Arc<AtomicBool>,
}

impl Drop for PPositionIter {
    fn drop(&mut self) {
        self.reader_gone.store(true, Ordering::Relaxed);
    }
}

impl std::fmt::Debug for Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Message::Positions(p) => write!(f, "Positions({})", p.len()),
            Message::Done(r) => write!(f, "Done({r:?})"),
        }
    }
}

/// What [`PPositionIter::next_within`] found.
#[derive(Debug, PartialEq, Eq)]
pub enum Next {
    /// A P-position.
    Position(Vec<u32>),
    /// None came within the time given; ask again.
    Pending,
    /// The scan is over.
    End,
}

impl PPositionIter {
    /// Starts the scan of `game` up to `to` on a new thread, with the
    /// solver's memory budget (checked before anything is computed: a bound
    /// too large ends the iteration with [`ErrorKind::TooLarge`]). The game
    /// is a [`VectorGame`] or anything that is one, such as a
    /// [`SubsetGame`](grundy::multiheap::SubsetGame).
    pub fn new(solver: Arc<Solver>, game: impl Into<VectorGame>, to: u64) -> Self {
        let game = game.into();
        let (send, from_scan) = mpsc::sync_channel(AHEAD);
        let reader_gone = Arc::new(AtomicBool::new(false));
        let gone = Arc::clone(&reader_gone);
        std::thread::spawn(move || scan(&solver, &Game::from(game), to, &send, &gone));
        PPositionIter {
            from_scan,
            buffer: VecDeque::new(),
            tally: None,
            finished: false,
            reader_gone,
        }
    }

    /// How many P-positions there were and the sum of their coordinates,
    /// once the iteration is over.
    pub fn tally(&self) -> Option<Tally> {
        self.tally
    }

    /// The next P-position, waiting at most `wait` for the scan: a front end
    /// that must stay responsive (to Ctrl-C) asks in a loop.
    ///
    /// # Errors
    /// What the scan failed with: [`ErrorKind::TooLarge`] past the memory
    /// budget, [`ErrorKind::Overflow`] if the sum overflows.
    pub fn next_within(&mut self, wait: Duration) -> Result<Next> {
        loop {
            if let Some(p) = self.buffer.pop_front() {
                return Ok(Next::Position(p));
            }
            if self.finished {
                return Ok(Next::End);
            }
            match self.from_scan.recv_timeout(wait) {
                Ok(Message::Positions(batch)) => self.buffer.extend(batch),
                Ok(Message::Done(result)) => {
                    self.finished = true;
                    self.tally = Some(result?);
                }
                Err(RecvTimeoutError::Timeout) => return Ok(Next::Pending),
                Err(RecvTimeoutError::Disconnected) => {
                    self.finished = true;
                    return Err(Error::new(
                        ErrorKind::Interrupted,
                        "the scan of P-positions stopped before its end",
                    ));
                }
            }
        }
    }
}

impl Iterator for PPositionIter {
    type Item = Result<Vec<u32>>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            match self.next_within(Duration::from_secs(3600)) {
                Ok(Next::Position(p)) => return Some(Ok(p)),
                Ok(Next::Pending) => continue,
                Ok(Next::End) => return None,
                Err(e) => return Some(Err(e)),
            }
        }
    }
}

/// Runs the scan, sending positions in batches; a reader gone stops it.
fn scan(solver: &Solver, game: &Game, to: u64, send: &SyncSender<Message>, gone: &AtomicBool) {
    let mut batch = Vec::with_capacity(BATCH);
    let mut reader_gone = false;
    let mut visit = |p: &[u32]| {
        batch.push(p.to_vec());
        if batch.len() == BATCH
            && send
                .send(Message::Positions(std::mem::take(&mut batch)))
                .is_err()
        {
            reader_gone = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    };
    let mut watch = Watch::new(|_| {
        if gone.load(Ordering::Relaxed) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let result = solver.p_positions(game, to, Method::Fast, &mut visit, &mut watch);
    drop(watch);
    if reader_gone {
        return;
    }
    if !batch.is_empty() && send.send(Message::Positions(batch)).is_err() {
        return;
    }
    let _ = send.send(Message::Done(result));
}
