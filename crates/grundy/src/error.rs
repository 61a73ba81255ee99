//! The library's one error type.

use std::fmt;

/// What went wrong, broadly: lets a caller choose an exit status or a retry
/// without parsing the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A game specification could not be read (`0.8`, `sub:`, an unknown name).
    InvalidSpec,
    /// A position or argument is not valid for the game (a heap past the
    /// values computed, a malformed certificate, an empty range).
    InvalidInput,
    /// The request would need more memory than the budget allows; nothing was
    /// allocated.
    TooLarge,
    /// A count or size would overflow its integer type; no wrong number was
    /// produced.
    Overflow,
    /// A computation was stopped by its caller before it finished.
    Interrupted,
    /// A stored result (a certificate, a cache file) failed its check.
    Corrupt,
}

/// What a front end needs, beyond the kind, to word an error for its users:
/// the library's messages never name a command-line flag or an API
/// parameter, so each front end adds how to fix the problem in its own
/// terms (`--engine naive` on the command line, `engine="naive"` in Python).
///
/// ```
/// use grundy::{Detail, Ruleset, ValueTable, values::{self, Engine, Options}};
/// let nim: Ruleset = "nim".parse()?;
/// let sparse = Options { engine: Engine::Sparse, ..Options::default() };
/// let err = values::compute_with(&nim, 10, sparse, &mut values::silent).unwrap_err();
/// assert_eq!(err.detail(), Some(&Detail::EngineDoesNotApply { engine: Engine::Sparse }));
/// assert!(!err.message().contains("--"));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Detail {
    /// The engine asked for does not apply to the game (or cannot go on
    /// with it); the automatic choice or the naive engine would.
    EngineDoesNotApply {
        /// The engine asked for.
        engine: crate::values::Engine,
    },
    /// The request needs more memory than the budget.
    OverBudget {
        /// Bytes needed, at least.
        need: u64,
        /// The budget in bytes.
        budget: u64,
        /// The largest number of heaps that fits, when known.
        fits: Option<u64>,
    },
    /// The request would fit in the memory budget, but computations
    /// running at the same time hold too much of it now: asking again when
    /// they finish may succeed. Only a caller that shares one budget among
    /// several computations (a process's memory accountant) refuses so.
    MemoryInUse {
        /// Bytes the request needs.
        need: u64,
        /// Bytes the other computations hold.
        in_use: u64,
        /// The budget in bytes.
        budget: u64,
    },
    /// The request asks for an amount outside what one request may ask,
    /// whatever the memory: more values, heaps, tokens or moves than one
    /// answer takes (or none where one is needed).
    ///
    /// ```
    /// use grundy::{Detail, Quantity, count::multiset};
    /// let err = multiset::check_heaps(99).unwrap_err();
    /// assert!(!err.message().contains("--"));
    /// assert_eq!(
    ///     err.detail(),
    ///     Some(&Detail::OutOfRange { quantity: Quantity::Heaps, asked: 99, least: 1, most: 16 })
    /// );
    /// ```
    OutOfRange {
        /// What the amount is of.
        quantity: Quantity,
        /// The amount asked for.
        asked: u64,
        /// The least one request may ask.
        least: u64,
        /// The most one request may ask.
        most: u64,
    },
    /// A certificate of an older version that this verifier does not
    /// check at its size; a certificate written now would be checked.
    OldCertificate,
    /// The question is about another kind of game: one about sums of heaps
    /// asked of a game played on several heaps at once or on a board, one
    /// about boards asked of a heap game, or one about a family of boards
    /// asked of one board, and the other way round.
    WrongGame {
        /// The kind of game the question is about.
        needs: GameKind,
    },
}

/// What an amount is of, in [`Detail::OutOfRange`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Quantity {
    /// Values in one range of heaps.
    Values,
    /// The size of one heap (or the last heap of a range listed one by one).
    Heap,
    /// Heaps in one position.
    Heaps,
    /// Tokens in one position, all heaps together.
    Tokens,
    /// Moves of one position, each examined.
    Moves,
    /// Moves listed in one answer.
    MovesListed,
    /// The heap bound of a misère quotient.
    HeapBound,
    /// Cells of one board (free or blocked), or squares of one Chomp bar.
    Cells,
    /// Vertices of one graph.
    Vertices,
    /// Members of a family of boards in one range (`n` from … to …).
    Boards,
    /// The last heap whose value is computed one by one, where no period is
    /// proved (a period search's limit): past it only a proved period
    /// answers.
    SearchLimit,
}

/// The kinds of game, in [`Detail::WrongGame`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GameKind {
    /// A sum of heaps, each played alone ([`Ruleset`](crate::Ruleset)).
    SumOfHeaps,
    /// Several heaps with moves across them
    /// ([`SubsetGame`](crate::multiheap::SubsetGame)).
    Multiheap,
    /// One board or graph game with its position
    /// ([`BoardGame`](crate::games::BoardGame)).
    Board,
    /// A family of boards or graphs growing with `n`
    /// ([`BoardFamily`](crate::games::BoardFamily)).
    BoardFamily,
}

/// The error returned by every fallible function of this crate.
///
/// Its message is one sentence a person can act on: it says what is wrong and,
/// where there is one, how to fix it.
///
/// ```
/// use grundy::{ErrorKind, Ruleset};
/// let err = "7".parse::<Ruleset>().unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::InvalidSpec);
/// assert!(err.to_string().contains("as in 0.7"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
    detail: Option<Detail>,
}

impl Error {
    /// Builds an error of `kind` with a message for a person.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: message.into(),
            detail: None,
        }
    }

    /// The same error with structured `detail` for front ends.
    pub fn with_detail(mut self, detail: Detail) -> Self {
        self.detail = Some(detail);
        self
    }

    /// What a front end needs to word this error, if the library knows more
    /// than the kind.
    pub fn detail(&self) -> Option<&Detail> {
        self.detail.as_ref()
    }

    /// The broad class of this error.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message, without the kind.
    pub fn message(&self) -> &str {
        &self.message
    }

    pub(crate) fn spec(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::InvalidSpec, message)
    }

    pub(crate) fn input(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::InvalidInput, message)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
