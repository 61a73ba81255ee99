//! The questions the solver answers, each as a method that returns a
//! report: values, period, counts, positions, P-positions, analysis,
//! certificates.

use std::ops::ControlFlow;
use std::sync::Arc;

use grundy::certificate::{self, Certificate};
use grundy::count::{self, histogram::Histogram, multiset};
use grundy::multiheap::{self, Method, SubsetGame, Tally};
use grundy::period::{self, PeriodicValues};
use grundy::values::human_bytes;
use grundy::{Error, ErrorKind, Result, Ruleset, ValueTable, sum};

use crate::report::{
    AnalysisReport, CountReport, Exact, MisereVerified, MoveReport, MultiheapMove,
    MultiheapMoveReport, MultisetCountReport, PeriodReport, PositionReport, ValuesReport,
    VerifyReport,
};
use crate::solver::Solver;
use crate::watch::{Event, Watch};

/// The most values one request for values returns.
pub const MAX_VALUES: u64 = 100_000_000;

/// The most heaps an analysis shows when no `to` is given: a game whose
/// preperiod and two periods are longer (0.16's are 404,269 heaps) shows
/// its first values, and says how to ask for more.
pub const ANALYZED_BY_DEFAULT: u64 = 200;

/// The most exceptions an analysis lists; their number is always given.
pub const EXCEPTIONS_LISTED: usize = 100;

/// The most winning moves a position's report lists.
pub const MAX_MOVES_LISTED: usize = 1_000_000;

/// The last heap an analysis lists values up to.
pub const MAX_ANALYZED: u64 = 10_000_000;

impl Solver {
    /// `G(from..=to)` of `game`. Heaps up to `max` (by default the search
    /// limit) come from the table; beyond, from a proved period.
    ///
    /// ```
    /// use grundy::Ruleset;
    /// use grundy_service::{Solver, Watch};
    /// let kayles: Ruleset = "kayles".parse()?;
    /// let r = Solver::default().values_report(&kayles, 0, 9, None, &mut Watch::silent())?;
    /// assert_eq!(r.values.to_vec(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4]);
    /// assert_eq!(serde_json::to_string(&r).unwrap(), r#"{"game":"0.77","values":[0,1,2,3,1,4,3,2,1,4]}"#);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] if `from > to` or the range holds more
    /// than [`MAX_VALUES`]; [`ErrorKind::TooLarge`] past the memory budget;
    /// as [`Solver::values`].
    pub fn values_report(
        &self,
        game: &Ruleset,
        from: u64,
        to: u64,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<ValuesReport> {
        if from > to {
            return Err(Error::new(
                ErrorKind::InvalidInput,
                format!("the range {from}..={to} is empty: its first heap is past its last"),
            ));
        }
        if to - from >= MAX_VALUES {
            return Err(Error::new(
                ErrorKind::InvalidInput,
                format!("{from}..={to} is more than {MAX_VALUES} values; ask for a shorter range"),
            ));
        }
        if self.goes_windowed(game, to)
            && to <= max.unwrap_or_else(|| self.search_limit_in_any_memory(game))
        {
            // The whole table is past memory and within the search's limit:
            // the range is read back from its file (a range that fits the
            // budget). Past the limit a proved period answers, as below.
            let values = self.windowed_range(game, from, to, watch)?;
            return Ok(ValuesReport {
                game: game.to_string(),
                from,
                values: Arc::new(values),
            });
        }
        let max = max.unwrap_or_else(|| self.default_search_limit(game));
        let values = if from == 0 && to <= max {
            let table = self.values(game, to, watch)?;
            prefix(&table, to)
        } else {
            let count = to - from + 1;
            let budget = self.config().budget.max_bytes();
            if count.saturating_mul(8) > budget {
                return Err(Error::new(
                    ErrorKind::TooLarge,
                    format!(
                        "{count} values need up to {} but the memory budget is {}; ask for at most {} heaps",
                        human_bytes(count.saturating_mul(8)),
                        human_bytes(budget),
                        budget / 8
                    ),
                )
                .with_detail(grundy::Detail::OverBudget {
                    need: count.saturating_mul(8),
                    budget,
                    fits: Some(budget / 8),
                }));
            }
            let g = self.periodic(game, to, Some(max), watch)?;
            Arc::new(ValueTable::from_values(
                (from..=to)
                    .map(|n| g.get(n).map(|v| v.value()))
                    .collect::<Result<Vec<u64>>>()?,
            ))
        };
        Ok(ValuesReport {
            game: game.to_string(),
            from,
            values,
        })
    }

    /// The period verdict on `game` (see [`Solver::period`]).
    ///
    /// # Errors
    /// As [`Solver::values`].
    pub fn period_report(
        &self,
        game: &Ruleset,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<PeriodReport> {
        let (verdict, _) = self.period(game, max, watch)?;
        Ok(PeriodReport::new(game, &verdict))
    }

    /// The verdict on `game` and, when proved, the text of a certificate
    /// that `grundy verify` checks.
    ///
    /// # Errors
    /// As [`Solver::values`].
    pub fn certificate(
        &self,
        game: &Ruleset,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<(PeriodReport, Option<String>)> {
        let (verdict, table) = self.period(game, max, watch)?;
        let text = match verdict.periodicity().filter(|p| p.is_proved()) {
            Some(p) => Some(Certificate::new(game, &p, &table)?.to_text()),
            None => None,
        };
        Ok((PeriodReport::new(game, &verdict), text))
    }

    /// First-player wins and losses among the heaps `from..=to` (`from`
    /// defaults to 1).
    ///
    /// ```
    /// use grundy::Ruleset;
    /// use grundy_service::{Solver, Watch};
    /// let strip: Ruleset = "paper-strip".parse()?;
    /// let r = Solver::default().count(&strip, None, 50, None, &mut Watch::silent())?;
    /// assert_eq!((r.wins, r.losses), (40, 10));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] if `from > to`; as [`Solver::values`].
    pub fn count(
        &self,
        game: &Ruleset,
        from: Option<u64>,
        to: u64,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<CountReport> {
        let first = from.unwrap_or(1);
        if first > to && !(from.is_none() && to == 0) {
            return Err(Error::new(
                ErrorKind::InvalidInput,
                format!("the first heap {first} is past the last heap {to}"),
            ));
        }
        let values = self.periodic(game, to, max, watch)?;
        let (losses, heaps) = if first > to {
            (0, 0)
        } else {
            let losses = count::zeros_in_range(&values, first, to)?;
            (overflow(u64::try_from(losses))?, to - first + 1)
        };
        Ok(CountReport {
            game: game.to_string(),
            from,
            to,
            wins: heaps - losses,
            losses,
        })
    }

    /// Lost positions among the multisets of `heaps` heaps `0..=to`.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] if `heaps` is 0 or more than
    /// [`multiset::MAX_HEAPS`]; as [`Solver::values`].
    pub fn count_multisets(
        &self,
        game: &Ruleset,
        heaps: u32,
        to: u64,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<MultisetCountReport> {
        if heaps == 0 || heaps > multiset::MAX_HEAPS {
            return Err(Error::new(
                ErrorKind::InvalidInput,
                format!(
                    "{heaps} heaps is out of range; positions may have 1 to {} heaps",
                    multiset::MAX_HEAPS
                ),
            ));
        }
        let values = self.periodic(game, to, max, watch)?;
        self.check_histogram_fits(&values, to)?;
        let histogram = Histogram::of_heaps(&values, to)?;
        let losing = multiset::losing_multisets_exact(&histogram, heaps)?;
        Ok(MultisetCountReport {
            game: game.to_string(),
            heaps,
            to,
            losing: match losing.to_u128() {
                Some(n) => Exact::Number(n),
                None => Exact::Text(losing.to_string()),
            },
        })
    }

    /// The value of the position `heaps` of `game` and its winning moves.
    /// Heaps up to `max` are valued from the table; larger ones from a
    /// proved period, their winning moves counted by residue class and
    /// listed up to `limit`.
    ///
    /// ```
    /// use grundy::Ruleset;
    /// use grundy_service::{Solver, Watch};
    /// let g: Ruleset = "grundy".parse()?;
    /// let r = Solver::default().position(&g, &[5, 10, 20], 100, None, &mut Watch::silent())?;
    /// assert_eq!((r.value, r.moves.len()), (2, 2));
    /// assert_eq!(r.moves[0].apply(&r.position), [1, 4, 10, 20]);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] if `limit` is over [`MAX_MOVES_LISTED`];
    /// as [`Solver::values`].
    pub fn position(
        &self,
        game: &Ruleset,
        heaps: &[u64],
        limit: usize,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<PositionReport> {
        if limit > MAX_MOVES_LISTED {
            return Err(Error::new(
                ErrorKind::InvalidInput,
                format!(
                    "{limit} moves is more than can be listed; at most {MAX_MOVES_LISTED} are (the total is counted anyway)"
                ),
            ));
        }
        let max = max.unwrap_or_else(|| self.default_search_limit(game));
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let (value, moves, total) = if largest <= max {
            let table = self.values(game, largest, watch)?;
            let value = sum::value(&table, heaps)?;
            let mut moves = sum::winning_moves(game, &table, heaps)?;
            let total = moves.len();
            let truncated = total > limit;
            moves.truncate(limit);
            (value, moves, truncated.then_some(total as u128))
        } else {
            let values = self.periodic(game, largest, Some(max), watch)?;
            let w = period::moves::winning_moves(game, &values, heaps, limit)?;
            (w.value, w.listed, Some(w.total))
        };
        Ok(PositionReport {
            game: game.to_string(),
            position: heaps.to_vec(),
            value: value.value(),
            winning: !value.is_zero(),
            total_winning_moves: total,
            moves: moves
                .into_iter()
                .map(|m| MoveReport {
                    heap: m.heap,
                    from: m.from,
                    to: m.parts,
                })
                .collect(),
            can_move: heaps.iter().any(|&h| game.has_move(h)),
        })
    }

    /// A report on `game`: rules, values up to `to` (by default the
    /// preperiod and two periods, at least 60 heaps, at most
    /// [`ANALYZED_BY_DEFAULT`]), P-positions, the period verdict and the
    /// first [`EXCEPTIONS_LISTED`] exceptions with their number.
    ///
    /// A small question is answered quickly: with `to` given and no `max`,
    /// the period search goes only to `max(to, OBSERVE_LIMIT)` (never past
    /// the default limit), so `analyze hex:0.8f` or `0.6` up to heap 10
    /// takes a moment; without `to`, to the default limit.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] if `to` is over [`MAX_ANALYZED`]; as
    /// [`Solver::values`].
    pub fn analyze(
        &self,
        game: &Ruleset,
        to: Option<u64>,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<AnalysisReport> {
        if let Some(to) = to.filter(|&to| to > MAX_ANALYZED) {
            return Err(Error::new(
                ErrorKind::InvalidInput,
                format!(
                    "an analysis lists values one by one, up to heap {MAX_ANALYZED} at most, not {to}"
                ),
            ));
        }
        let max = max.or_else(|| {
            to.map(|to| {
                to.max(crate::OBSERVE_LIMIT)
                    .min(self.default_search_limit(game))
            })
        });
        let (mut verdict, mut table) = self.period(game, max, watch)?;
        let proved = verdict.periodicity().is_some_and(|p| p.is_proved());
        if let Some(to) = to.filter(|&to| !proved && to >= table.len() as u64) {
            // Held by nobody else while the game's table is extended in place.
            drop(table);
            table = prefix(&self.values(game, to, watch)?, to);
            verdict = period::of_table(game, &table);
        }
        let p = verdict.periodicity();
        let last = (table.len() as u64).saturating_sub(1);
        let to = to.unwrap_or_else(|| match p {
            Some(p) => {
                let shown = (p.preperiod() + 2 * p.period()).max(60);
                if shown > ANALYZED_BY_DEFAULT {
                    ANALYZED_BY_DEFAULT
                } else {
                    shown
                }
                .saturating_sub(1)
                .min(last)
            }
            None => 59.min(last),
        });
        let all_exceptions = p.map(|p| p.exceptions(&table));
        let exceptions_total = all_exceptions.as_ref().map(|e| e.len() as u64);
        let exceptions = all_exceptions.map(|mut e| {
            e.truncate(EXCEPTIONS_LISTED);
            e
        });
        let max_value = table.max().value();
        let g = PeriodicValues::new(Arc::clone(&table), verdict);
        let values = (0..=to)
            .map(|n| g.get(n).map(|v| v.value()))
            .collect::<Result<Vec<u64>>>()?;
        Ok(AnalysisReport {
            game: game.to_string(),
            rules: game.describe(),
            to,
            p_positions: (0..=to).filter(|&n| values[n as usize] == 0).collect(),
            values,
            max_value,
            computed_to: last,
            periodicity: PeriodReport::new(game, &verdict),
            exceptions,
            exceptions_total,
        })
    }

    /// Streams the P-positions of `game` with coordinates at most `to` to
    /// `visit`, in lexicographic order, and returns their count and sum.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use grundy::multiheap::{Method, SubsetGame};
    /// use grundy_service::{Solver, Watch};
    /// let mut found = Vec::new();
    /// let tally = Solver::default().p_positions(&SubsetGame::wythoff(), 10, Method::Fast,
    ///     &mut |p| { found.push(p.to_vec()); ControlFlow::Continue(()) }, &mut Watch::silent())?;
    /// assert_eq!(tally.count, 5);
    /// assert_eq!(found[1], [1, 2]);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::TooLarge`] if the tables do not fit in the budget,
    /// checked first; [`ErrorKind::Interrupted`] if `visit` or `watch` said
    /// stop.
    pub fn p_positions(
        &self,
        game: &SubsetGame,
        to: u64,
        method: Method,
        visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
        watch: &mut Watch,
    ) -> Result<Tally> {
        let to = self.multiheap_bound(game, to, method, |fits| {
            format!("ask for positions up to {fits} at most, or raise the memory budget")
        })?;
        let options = multiheap::Options {
            method,
            budget: self.config().budget,
        };
        multiheap::scan(game, to, options, visit, &mut |p| {
            watch.tell(Event::Scan {
                done: p.done,
                total: p.total,
            })
        })
    }

    /// Who wins the position `heaps` of the multi-heap `game`, and a winning
    /// move. Wythoff's game is answered from its closed form, for heaps of
    /// any size and with no table; other games by a scan of the
    /// P-positions up to the largest heap.
    ///
    /// ```
    /// use grundy::multiheap::SubsetGame;
    /// use grundy_service::{Solver, Watch};
    /// let r = Solver::default().multiheap_move(&SubsetGame::wythoff(), &[1 << 40, 1 << 41], &mut Watch::silent())?;
    /// assert!(r.winning);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] if the position has the wrong number of
    /// heaps; [`ErrorKind::TooLarge`] if, for a game other than Wythoff's,
    /// a heap is past 2^32 − 1 or the tables up to its largest heap do not
    /// fit in the budget.
    pub fn multiheap_move(
        &self,
        game: &SubsetGame,
        heaps: &[u64],
        watch: &mut Watch,
    ) -> Result<MultiheapMoveReport> {
        let largest = multiheap_largest(game, heaps)?;
        // Wythoff's game from its closed form: any heaps, no table.
        let found = if *game == SubsetGame::wythoff() {
            multiheap::wythoff::winning_move([heaps[0], heaps[1]])
        } else {
            self.multiheap_bound(game, largest, Method::Fast, |fits| {
                format!(
                    "positions with heaps up to {fits} can be judged, or raise the memory budget"
                )
            })?;
            let position = heaps
                .iter()
                .map(|&h| u32::try_from(h))
                .collect::<std::result::Result<Vec<u32>, _>>()
                .map_err(|_| Error::new(ErrorKind::TooLarge, "a heap is past 2^32 − 1"))?;
            let options = multiheap::Options {
                method: Method::Fast,
                budget: self.config().budget,
            };
            multiheap::winning_move(game, &position, options, &mut |p| {
                watch.tell(Event::Scan {
                    done: p.done,
                    total: p.total,
                })
            })?
            .map(|m| (m.heaps, u64::from(m.take)))
        };
        Ok(MultiheapMoveReport {
            game: game.to_string(),
            can_move: game.has_move(heaps),
            winning_move: found.as_ref().map(|(taken, take)| MultiheapMove {
                heaps: taken.clone(),
                take: *take,
                to: heaps
                    .iter()
                    .enumerate()
                    .map(|(i, &h)| if taken.contains(&i) { h - take } else { h })
                    .collect(),
            }),
            winning: found.is_some(),
            position: heaps.to_vec(),
        })
    }

    /// Checks that counting by XOR convolution over the values of heaps
    /// `0..=to` fits in the budget: the histogram and the two working copies
    /// of the convolution, 16 bytes for each value below the next power of
    /// two over the largest.
    fn check_histogram_fits(&self, values: &PeriodicValues, to: u64) -> Result<()> {
        let table = values.table();
        let mut largest = u128::from(table.max().value());
        if let Some(p) = values.proved().filter(|p| p.saltus() > 0) {
            // Arithmetic periodicity: the values climb by the saltus each
            // period past the table.
            // In u128: nim to 2^64 − 1 has 2^64 periods, which wrapped to 0
            // and let a 1 GB histogram past this check.
            let periods = u128::from(to.saturating_sub(p.preperiod()) / p.period().max(1)) + 1;
            largest += u128::from(p.saltus()) * periods;
        }
        let width = (largest + 1)
            .checked_next_power_of_two()
            .unwrap_or(u128::MAX);
        let need = width.saturating_mul(16 * 3);
        let budget = self.config().budget.max_bytes();
        if need > u128::from(budget) {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "counting positions of heaps up to {to} needs {} for the values' histogram (values up to {largest}), over the memory budget of {}; ask for smaller heaps",
                    human_bytes(u64::try_from(need).unwrap_or(u64::MAX)),
                    human_bytes(budget)
                ),
            )
            .with_detail(grundy::Detail::OverBudget {
                need: u64::try_from(need).unwrap_or(u64::MAX),
                budget,
                fits: None,
            }));
        }
        Ok(())
    }

    /// Checks that the tables of a scan up to `to` fit in the budget before
    /// anything is computed, naming the largest bound that does.
    pub(crate) fn multiheap_bound(
        &self,
        game: &SubsetGame,
        to: u64,
        method: Method,
        advice: impl Fn(u32) -> String,
    ) -> Result<u32> {
        let budget = self.config().budget;
        let fits = multiheap::largest_to(game, method, budget);
        match u32::try_from(to) {
            Ok(to) if to <= fits => Ok(to),
            _ => {
                let need = match u32::try_from(to) {
                    Ok(to) => format!(
                        "{} of tables",
                        human_bytes(multiheap::memory_needed(game, to, method))
                    ),
                    Err(_) => "more memory than any machine has".to_string(),
                };
                Err(Error::new(
                    ErrorKind::TooLarge,
                    format!(
                        "the P-positions of {game} up to N = {to} need {need}, over the memory budget of {}; {}",
                        human_bytes(budget.max_bytes()),
                        advice(fits)
                    ),
                ))
            }
        }
    }
}

/// Checks a certificate's text from the rules alone and says what it
/// proves: a version 2 certificate's carried values each checked against
/// their options, a version 1 certificate's values recomputed.
///
/// # Errors
/// As [`certificate::verify`]: [`ErrorKind::Corrupt`] with what failed, or
/// [`ErrorKind::TooLarge`] past the verifier's limits (text over
/// [`certificate::MAX_TEXT`] bytes, windows, values).
pub fn verify(text: &str) -> Result<VerifyReport> {
    verify_with(text, &mut Watch::silent())
}

/// [`verify`] under `watch`: the heaps checked (or recomputed) so far are
/// told as [`Event::Scan`], and a watch that says stop ends the check.
///
/// # Errors
/// As [`verify`], and [`ErrorKind::Interrupted`] when `watch` said stop.
pub fn verify_with(text: &str, watch: &mut Watch) -> Result<VerifyReport> {
    if text.starts_with(grundy::misere::certificate::HEADER) {
        let q = grundy::misere::certificate::verify(text)?;
        return Ok(VerifyReport {
            game: q.game.to_string(),
            preperiod: q.preperiod,
            period: q.period,
            saltus: 0,
            theorem: q.theorem.name(),
            theorem_text: grundy::misere::describe_period_theorem(q.theorem),
            checked_to: q.max_heap,
            misere: Some(MisereVerified {
                elements: q.elements,
                p_portion: q.lost,
                states: q.states,
            }),
        });
    }
    let c = certificate::verify_with(text, &mut |p| {
        watch.tell(Event::Scan {
            done: p.done,
            total: p.total,
        })
    })?;
    Ok(VerifyReport {
        game: c.game.to_string(),
        preperiod: c.preperiod,
        period: c.period,
        saltus: c.saltus,
        theorem: c.theorem.name(),
        theorem_text: c.theorem.describe(),
        checked_to: c.checked_to,
        misere: None,
    })
}

/// `table` cut to `G(0..=to)`, shared when it already is.
pub(crate) fn prefix(table: &Arc<ValueTable>, to: u64) -> Arc<ValueTable> {
    let len = usize::try_from(to.saturating_add(1)).unwrap_or(usize::MAX);
    if table.len() <= len {
        return Arc::clone(table);
    }
    // Only the values kept are copied.
    Arc::new(table.prefix(len))
}

fn overflow<T, E>(r: std::result::Result<T, E>) -> Result<T> {
    r.map_err(|_| Error::new(ErrorKind::Overflow, "a count overflows 64 bits"))
}

/// The largest heap of the position `heaps` of the multi-heap `game`.
///
/// # Errors
/// [`ErrorKind::InvalidInput`] if the position has the wrong number of
/// heaps.
pub(crate) fn multiheap_largest(game: &SubsetGame, heaps: &[u64]) -> Result<u64> {
    if heaps.len() != game.heaps() {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            format!(
                "{game} is played on {} heaps but {} were given",
                game.heaps(),
                heaps.len()
            ),
        ));
    }
    Ok(heaps.iter().copied().max().unwrap_or(0))
}
