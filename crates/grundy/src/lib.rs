//! Sprague–Grundy values, sums and winning moves of impartial heap games.
//!
//! A *heap game* is played on a multiset of heaps; a move replaces one heap by
//! zero or more smaller ones, and the player who cannot move loses. Name a game
//! with a spec string and compute its values:
//!
//! ```
//! use grundy::{Ruleset, values};
//! let strip: Ruleset = "0.07".parse()?; // the paper strip of Project Euler 306
//! let g = values::compute(&strip, 10)?;
//! assert_eq!(g.to_vec(), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! `G(n)` is the *mex* (least missing value, [`mex`]) of the values of the
//! positions one move away, and a position of several heaps has the nim-sum
//! (XOR, [`Nimber`] addition) of their values: the Sprague–Grundy theorem. A
//! position is lost for the player to move exactly when its value is zero, and
//! a winning move is one to a position of value zero ([`sum`]):
//!
//! ```
//! use grundy::{Ruleset, sum, values};
//! let grundys_game: Ruleset = "grundy".parse()?;
//! let g = values::compute(&grundys_game, 20)?;
//! let best = &sum::winning_moves(&grundys_game, &g, &[5, 10, 20])?[0];
//! assert!(sum::value(&g, &best.apply(&[5, 10, 20]))?.is_zero());
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! The values come from [`values::naive`], the definition itself, or from a
//! faster engine where one applies ([`values::Engine`]); every fast engine is
//! tested against the naive one, and the naive one against [`exhaustive`], a
//! plain game-tree search that knows nothing of Sprague–Grundy theory.
//!
//! Games that split a heap in two (Grundy's game, 0.6, 0.16, …) have about
//! N²/4 splits to read up to heap N. [`values::sparse`] reads far fewer: for a
//! bit mask found from the values themselves, the heaps whose value has an
//! even number of mask bits are *rare* (*Winning Ways*' sparse space), every
//! other value among a heap's options comes from a split with a rare part,
//! and the rest is confirmed by a scan that stops early. It is exact for any
//! mask and is what [`values::compute`] uses for these games:
//!
//! ```
//! use grundy::{Ruleset, values::sparse};
//! let g: Ruleset = "grundy".parse()?;
//! let (table, stats) = sparse::compute(&g, 100_000)?;
//! assert_eq!(stats.mask, 0xfe);
//! assert_eq!(stats.last_rare, Some(82_860));
//! assert_eq!(stats.max_value, table.max().value());
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! Hexadecimal codes may also split a heap into three, about n²/12 ways.
//! [`values::bitsets`] keeps, for every m, the values of the splits of m
//! into two heaps as a bitset, and makes those into three as a union of
//! such sets permuted by a XOR: a heap costs O(n) rows of bits instead of
//! O(n²) splits.
//!
//! ```
//! use grundy::{Ruleset, values::{self, Engine, Options}};
//! let game: Ruleset = "hex:0.8f".parse()?;
//! let mut table = grundy::ValueTable::new();
//! let report = values::extend_reporting(&game, &mut table, 300, Options::default(), &mut grundy::values::silent)?;
//! assert_eq!(report.engine, Some(Engine::Bitsets));
//! let naive = Options { engine: Engine::Naive, ..Options::default() };
//! assert_eq!(table, values::compute_with(&game, 300, naive, &mut grundy::values::silent)?);
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! Many games have values that eventually repeat. [`period::find`] grows the
//! table until a theorem proves the pattern it sees (the octal periodicity
//! theorem of Guy and Smith, the window of a finite subtraction set, nim's
//! closed form), or says the pattern is only observed. A proved period answers
//! any `u64` heap in constant time, and counts over ranges and over positions
//! of several heaps ([`count`]) take time in the period, not in the heap size:
//!
//! ```
//! use grundy::{Ruleset, count, period::{self, PeriodicValues}};
//! let strip: Ruleset = "0.07".parse()?;
//! let (verdict, table) = period::find(&strip, 10_000, Default::default(), &mut grundy::values::silent)?;
//! let g = PeriodicValues::new(table, verdict);
//! let n: u64 = 1_000_000_000_000_000_000;
//! assert_eq!(u128::from(n) - count::zeros_in_range(&g, 1, n)?, 852_941_176_470_588_232);
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! Specs go past the classical families: `split:2..4` splits a heap into
//! two to four heaps (Project Euler 629), `sub:proper-divisors` removes a
//! proper divisor (Project Euler 509), `sub:3k+1` a size from a residue
//! class. A spec that is a built-in game reads as that game and runs its
//! engines; [`Ruleset::from_str`](std::str::FromStr) lists every form. A
//! game that no spec names is a few lines of Rust as a
//! [`heap_game::HeapGame`], given by the options of one heap.
//!
//! Games that are not sums of independent heaps — Wythoff's game, the stone
//! game of Project Euler 260 and their family, where one move takes the same
//! amount from several heaps, and more generally `t` times a vector from a
//! listed set (Project Euler 665) — live in [`multiheap`], which enumerates
//! their losing positions directly.
//!
//! The library does no I/O: long computations report progress through a
//! callback, and errors are values of [`Error`] with a message that says how
//! to fix the input.

#![deny(missing_docs)]

pub mod certificate;
pub mod checksum;
pub mod count;
mod error;
pub mod exhaustive;
pub mod games;
mod hadamard;
pub mod heap_game;
pub mod mex;
pub mod misere;
pub mod multiheap;
mod nimber;
pub mod period;
pub mod quote;
pub mod ruleset;
pub mod search;
pub mod sum;
pub mod values;

pub use error::{Detail, Error, ErrorKind, GameKind, Quantity, Result};
pub use nimber::Nimber;
pub use ruleset::{Move, Ruleset};
pub use values::ValueTable;
