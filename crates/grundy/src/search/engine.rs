//! The search engine: nimbers of components, found by outcome search with a
//! shared transposition table.
//!
//! Two questions call each other:
//!
//! - *Is `C + *x` lost?* (`C` one component, `*x` a nim heap) — that is,
//!   does `C` have value `x`. It is won if some option `C'` of `C` leaves
//!   `C' + *x` lost (so `C'` has value `x`), or if `C` has a value below
//!   `x`. The options are tried first, those whose value the table already
//!   knows before the others; one that has value `x` ends the question,
//!   and whatever is learnt on the way is kept.
//! - *Is `C₁ + … + Cₘ + *x` lost?* — components whose nimber the table
//!   knows are folded into `x`; of the others, the nimbers of all but the
//!   heaviest are computed and the heaviest alone is searched (Lemoine and
//!   Viennot, "Nimbers are inevitable", 2012).
//!
//! The nimber of a component is the least `k` for which `C + *k` is lost,
//! found by asking in turn for `k = 0, 1, …`, skipping values the table
//! already excludes and stopping at the bound (a mex of `m` options is at
//! most `m`; [`Game::nimber_bound`]).

use std::ops::ControlFlow;

use super::path::Path;
use super::table::{Access, Fact, Lender, Table};
use super::workers::{self, ShareOut, Ticker};
use super::{Game, JudgedMove, Method, Options, Progress, Stats};
use crate::error::{Error, ErrorKind, Result};
use crate::nimber::Nimber;

/// A search for nimbers of positions of one game, keeping what it learns
/// for the next question.
///
/// ```
/// use grundy::games::{Graph, NodeKayles};
/// use grundy::search::{self, Options, Search};
/// let mut search = Search::new(NodeKayles, Options::default());
/// // Node-Kayles on a path is Dawson's Kayles, 0.137.
/// let dawson: grundy::Ruleset = "0.137".parse()?;
/// let g = grundy::values::compute(&dawson, 30)?;
/// for n in 0..=30 {
///     let v = search.nimber(&Graph::path(n)?, &mut search::silent)?;
///     assert_eq!(v, g.get(n as u64).unwrap());
/// }
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Debug)]
pub struct Search<G: Game> {
    game: G,
    table: Table<G::Position>,
    options: Options,
    nodes: u64,
}

impl<G: Game> Search<G> {
    /// A search of `game` with an empty table.
    pub fn new(game: G, options: Options) -> Self {
        Search {
            game,
            table: Table::new(options.budget),
            options,
            nodes: 0,
        }
    }

    /// The game searched.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The nimber of `position`: the nim-sum of its components' nimbers.
    ///
    /// With more than one thread, every thread searches the whole
    /// position and all share the table; at the top, each takes the next
    /// option that no thread has taken yet, then goes over them all,
    /// reading what the others found from the table; the first to finish
    /// answers (the value is the same whichever it is).
    ///
    /// # Errors
    /// [`ErrorKind::Interrupted`] when
    /// `progress` asks to stop (what was learnt is kept: asking again
    /// resumes); [`ErrorKind::TooLarge`] when
    /// the game is too long for the search's recursion.
    pub fn nimber(
        &mut self,
        position: &G::Position,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Nimber> {
        let mut components = Vec::new();
        self.game.components(position, &mut components);
        let threads = self.options.threads;
        let (game, table) = (&self.game, self.table.lend(threads));
        let share = (threads > 1).then(ShareOut::default);
        let value = workers::run(
            threads,
            self.game.report_every(),
            &mut self.nodes,
            progress,
            &|nodes| snapshot(&table, nodes),
            &|_, ticker| {
                let mut searcher = Searcher::new(game, &table, ticker, share.as_ref())?;
                let mut sum = 0;
                for c in &components {
                    sum ^= searcher.nimber(c)?;
                }
                Ok(sum)
            },
        )?;
        Ok(Nimber::new(u64::from(value)))
    }

    /// Whether `position` is lost for the player to move (its nimber is
    /// zero), which may take less search than its nimber.
    ///
    /// # Errors
    /// As [`Search::nimber`].
    pub fn is_lost(
        &mut self,
        position: &G::Position,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<bool> {
        let mut components = Vec::new();
        self.game.components(position, &mut components);
        let threads = self.options.threads;
        let (game, table) = (&self.game, self.table.lend(threads));
        let share = (threads > 1).then(ShareOut::default);
        workers::run(
            threads,
            self.game.report_every(),
            &mut self.nodes,
            progress,
            &|nodes| snapshot(&table, nodes),
            &|_, ticker| {
                Searcher::new(game, &table, ticker, share.as_ref())?.is_lost_sum(&components, 0)
            },
        )
    }

    /// Every move of `position`, each with the position it leads to and
    /// whether that position is lost for the player to move (so the move
    /// wins), in the game's order. Threads share the moves out.
    ///
    /// ```
    /// use grundy::games::{Board, Cram, Domino};
    /// use grundy::search::{self, Options, Search};
    /// let mut search = Search::new(Cram, Options::default());
    /// let board = Board::rectangle(1, 5)?;
    /// let winning: Vec<Domino> = search
    ///     .judge_moves(&board, &mut search::silent)?
    ///     .into_iter()
    ///     .filter(|m| m.wins)
    ///     .map(|m| m.play)
    ///     .collect();
    /// // A strip of 5 is Dawson's Kayles' heap of 5, of value 0: no move wins.
    /// assert!(winning.is_empty());
    /// let board = Board::rectangle(1, 6)?;
    /// let judged = search.judge_moves(&board, &mut search::silent)?;
    /// assert_eq!(judged.len(), 5);
    /// assert!(judged.iter().any(|m| m.wins));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`Search::nimber`].
    pub fn judge_moves(
        &mut self,
        position: &G::Position,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Vec<JudgedMove<G::Move, G::Position>>> {
        let mut moves = Vec::new();
        self.game.moves(position, &mut moves);
        let options: Vec<Vec<G::Position>> = moves
            .iter()
            .map(|(_, p)| {
                let mut components = Vec::new();
                self.game.components(p, &mut components);
                components
            })
            .collect();
        let next = std::sync::atomic::AtomicUsize::new(0);
        let lost: Vec<std::sync::OnceLock<bool>> =
            options.iter().map(|_| std::sync::OnceLock::new()).collect();
        let threads = self.options.threads;
        let (game, table) = (&self.game, self.table.lend(threads));
        let share = (threads > 1).then(ShareOut::default);
        workers::run(
            threads,
            self.game.report_every(),
            &mut self.nodes,
            progress,
            &|nodes| snapshot(&table, nodes),
            &|_, ticker| {
                let mut searcher = Searcher::new(game, &table, ticker, share.as_ref())?;
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(option) = options.get(i) else {
                        return Ok(());
                    };
                    let _ = lost[i].set(searcher.is_lost_sum(option, 0)?);
                }
            },
        )?;
        // Every worker that answered had finished the moves it took, and a
        // worker stops only once all are taken; the first to answer may
        // still leave others' moves unfinished, so those are judged here.
        let mut judged = Vec::with_capacity(moves.len());
        for (i, (m, p)) in moves.into_iter().enumerate() {
            let outcome = match lost[i].get() {
                Some(&outcome) => outcome,
                None => self.is_lost(&p, progress)?,
            };
            judged.push(JudgedMove {
                play: m,
                after: p,
                wins: outcome,
            });
        }
        Ok(judged)
    }

    /// What the search has done so far.
    pub fn stats(&self) -> Stats {
        let (facts, bytes, dropped) = self.table.counts();
        Stats {
            nodes: self.nodes,
            facts,
            bytes,
            dropped,
        }
    }

    /// Every fact the table holds: to save it, and [`Search::learn`] it
    /// back later.
    pub fn facts(&self) -> Vec<(G::Position, Fact)> {
        let (mut facts, by_word) = self.table.facts();
        facts.extend(
            by_word
                .into_iter()
                .filter_map(|(key, fact)| Some((self.game.position_of_key(key)?, fact))),
        );
        facts
    }

    /// Adds facts found before (by [`Search::facts`] of a search of the
    /// same game). Facts are trusted: a false one gives false values, so
    /// read them only from where this library wrote them, checked.
    pub fn learn(&mut self, facts: impl IntoIterator<Item = (G::Position, Fact)>) {
        let mut table = self.table.access();
        for (position, fact) in facts {
            record(&self.game, &mut table, &position, fact, u64::MAX);
        }
    }
}

/// Adds `fact`, found by examining `nodes` positions, to what `table`
/// knows of `component`, by its key if the game gives one.
fn record<G: Game>(
    game: &G,
    table: &mut Access<'_, G::Position>,
    component: &G::Position,
    fact: Fact,
    nodes: u64,
) {
    match game.key(component) {
        Some(key) => table.record_word(key, fact, nodes),
        None => table.record(component, fact, nodes, game.heap_bytes(component)),
    }
}

fn snapshot<P>(table: &Lender<'_, P>, nodes: u64) -> Progress {
    let (facts, bytes, _) = table.counts();
    Progress {
        nodes,
        facts,
        bytes,
    }
}

/// How deep threads share the options out ([`ShareOut`]): the top
/// component's options and theirs. Below, each thread takes them cheapest
/// first, as one thread alone does, and what one finds the others read
/// from the table. On 8 and 16 cores, sharing out the top's options alone
/// left the threads searching the same options of its options (Cram
/// 4 x 11 on 16 threads: 10.5 million positions, against 6.8 million at
/// two levels and 3.8 million on one thread); three levels were no better.
const SPREAD_DEPTH: u32 = 2;

/// How many components' nimbers, by key, a thread keeps beside the table
/// (a power of two; 16 bytes each, so that they stay in the core's cache).
/// The same small components come up in option after option, and a nimber
/// once known never changes, so a read here spares a read of the table,
/// which is mostly a wait for memory.
const NIMBERS: usize = 4096;

/// One thread's search.
struct Searcher<'s, 't, G: Game> {
    game: &'s G,
    table: Access<'s, G::Position>,
    ticker: &'s mut Ticker<'t>,
    /// The options at the top shared out among the threads, when there
    /// are several ([`SPREAD_DEPTH`]).
    share: Option<&'s ShareOut<G::Position>>,
    /// The components of the current line, for a game that may loop.
    path: Path<G::Position>,
    /// Options' vectors given back, one set for each level deep the
    /// search has been, for the next expansion.
    spare: Vec<Moves<G::Move, G::Position>>,
    /// Room for the options' sort keys, order, ranges and values while
    /// they are sorted.
    keys: Vec<u64>,
    order: Vec<usize>,
    ranges: Vec<std::ops::Range<usize>>,
    values: Vec<Option<u32>>,
    /// Room for the places of a sum's unknown components, one for each
    /// sum being searched.
    indices: Vec<Vec<usize>>,
    /// Nimbers read lately, each with its component's key (0 for none:
    /// keys are nonzero), in the slot of the key's hash ([`NIMBERS`]).
    nimbers: Vec<(u64, u32)>,
}

/// The options of a component, each a list of canonical components, all in
/// one vector.
///
/// An option is split into components only when a question first needs
/// it: a question often ends at an option whose value the table knows,
/// and the options after it are then never split. Once every option is
/// split (a question that the table alone does not settle), they are
/// sorted, cheapest first, for the search.
struct Moves<M, P> {
    /// The moves and the positions they lead to, in the game's order;
    /// those from `split` on are not split yet.
    after: Vec<(M, P)>,
    /// How many of `after` are split into `options`.
    split: usize,
    components: Vec<P>,
    /// Each option's components, as a range of `components`: in the
    /// game's order until `sorted`, then cheapest first.
    options: Vec<std::ops::Range<usize>>,
    /// Each option's cost, its move's rank ([`Game::move_rank`], found
    /// only to sort) and its place in the game's order, the key it is
    /// sorted by (in the game's order).
    costs: Vec<(u64, u64, usize)>,
    /// Each option's value, once the table has given it: a component is
    /// asked about several values in turn, and an option's value, once
    /// found, is not looked up again.
    values: Vec<Option<u32>>,
    sorted: bool,
}

impl<M, P> Default for Moves<M, P> {
    fn default() -> Self {
        Moves {
            after: Vec::new(),
            split: 0,
            components: Vec::new(),
            options: Vec::new(),
            costs: Vec::new(),
            values: Vec::new(),
            sorted: false,
        }
    }
}

impl<M, P> Moves<M, P> {
    /// How many options there are, split or not.
    fn len(&self) -> usize {
        self.after.len()
    }

    /// The components of the `i`th option split.
    fn option(&self, i: usize) -> &[P] {
        &self.components[self.options[i].clone()]
    }

    /// Every option, once all are split.
    fn iter(&self) -> impl Iterator<Item = &[P]> {
        debug_assert_eq!(self.split, self.after.len());
        self.options.iter().map(|r| &self.components[r.clone()])
    }
}

impl<'s, 't, G: Game> Searcher<'s, 't, G> {
    /// One thread's search; `share` when there are several.
    ///
    /// # Errors
    /// [`ErrorKind::TooLarge`] when the table was lent to one worker alone
    /// and another asks for it (never, as [`workers::run`] starts as many
    /// workers as the table was lent to).
    fn new(
        game: &'s G,
        table: &'s Lender<'_, G::Position>,
        ticker: &'s mut Ticker<'t>,
        share: Option<&'s ShareOut<G::Position>>,
    ) -> Result<Self> {
        let Some(table) = table.access() else {
            return Err(Error::new(
                ErrorKind::TooLarge,
                "the search's table was lent to one thread and a second asked for it",
            ));
        };
        Ok(Searcher {
            game,
            table,
            ticker,
            share,
            path: Path::new(game.may_loop()),
            spare: Vec::new(),
            keys: Vec::new(),
            order: Vec::new(),
            ranges: Vec::new(),
            values: Vec::new(),
            indices: Vec::new(),
            nimbers: vec![(0, 0); NIMBERS],
        })
    }

    fn record(&mut self, component: &G::Position, fact: Fact, since: u64) {
        record(
            self.game,
            &mut self.table,
            component,
            fact,
            self.ticker.nodes - since,
        );
    }

    /// What the table knows of `component`; a nimber read lately by key
    /// is taken from [`Searcher::nimbers`].
    fn lookup(&mut self, component: &G::Position) -> Fact {
        let Some(key) = self.game.key(component) else {
            return self.table.get(component);
        };
        let slot = nimber_slot(key);
        let (kept, value) = self.nimbers[slot];
        if kept == key {
            return Fact::nimber(value);
        }
        let fact = self.table.get_word(key);
        if let Some(value) = fact.value() {
            self.nimbers[slot] = (key, value);
        }
        fact
    }

    /// Goes one level deeper, into `component`.
    fn enter(&mut self, component: &G::Position) -> Result<()> {
        self.ticker.descend()?;
        self.path.enter(component)
    }

    /// Comes back up from `component`.
    fn leave(&mut self, component: &G::Position) {
        self.path.leave(component);
        self.ticker.ascend();
    }

    /// The options of `component`, none split yet.
    fn options(&mut self, component: &G::Position) -> Result<Moves<G::Move, G::Position>> {
        self.ticker.tick()?;
        let mut out = self.spare.pop().unwrap_or_default();
        out.after.clear();
        self.game.moves(component, &mut out.after);
        out.split = 0;
        out.components.clear();
        out.options.clear();
        out.costs.clear();
        out.values.clear();
        out.sorted = false;
        Ok(out)
    }

    /// Splits the next option of `options` into canonical components;
    /// false when every option is split.
    fn split_next(&self, options: &mut Moves<G::Move, G::Position>) -> bool {
        let Some((_, position)) = options.after.get(options.split) else {
            return false;
        };
        let components = &mut options.components;
        let start = components.len();
        self.game.components(position, components);
        cancel_pairs(components, start);
        // A component's cost is taken as its weight squared, so an option
        // cut into many small pieces comes before one with a large piece.
        let cost = components[start..]
            .iter()
            .map(|c| {
                let w = self.game.weight(c);
                w.saturating_mul(w)
            })
            .fold(0u64, u64::saturating_add);
        options.costs.push((cost, 0, options.split));
        options.options.push(start..components.len());
        options.values.push(None);
        options.split += 1;
        true
    }

    /// Splits every option of `component` still whole and sorts them all
    /// for the search.
    fn sort(&mut self, component: &G::Position, options: &mut Moves<G::Move, G::Position>) {
        if options.sorted {
            return;
        }
        while self.split_next(options) {}
        for (cost, (m, _)) in options.costs.iter_mut().zip(&options.after) {
            cost.1 = self.game.move_rank(component, m);
        }
        // Options that fall apart into light components first: their
        // values are the likeliest to be known or cheap to find. Among
        // equals, the game's rank ([`Game::move_rank`]) decides, then the
        // game's order.
        let mut order = std::mem::take(&mut self.order);
        order.clear();
        if options
            .costs
            .iter()
            .all(|&(cost, rank, i)| cost >> 32 == 0 && rank >> 16 == 0 && i >> 16 == 0)
        {
            // Each part fits its field, so the packed words sort as the
            // triples do (the places differ, so no two words are equal),
            // and words sort faster.
            let mut keys = std::mem::take(&mut self.keys);
            keys.clear();
            keys.extend(
                options
                    .costs
                    .iter()
                    .map(|&(cost, rank, i)| cost << 32 | rank << 16 | i as u64),
            );
            keys.sort_unstable();
            order.extend(keys.iter().map(|&key| (key & 0xFFFF) as usize));
            self.keys = keys;
        } else {
            let mut costs = options.costs.clone();
            costs.sort_unstable();
            order.extend(costs.iter().map(|&(_, _, i)| i));
        }
        let mut ranges = std::mem::take(&mut self.ranges);
        ranges.clear();
        ranges.extend(order.iter().map(|&i| options.options[i].clone()));
        let mut values = std::mem::take(&mut self.values);
        values.clear();
        values.extend(order.iter().map(|&i| options.values[i]));
        self.ranges = std::mem::replace(&mut options.options, ranges);
        self.values = std::mem::replace(&mut options.values, values);
        self.order = order;
        options.sorted = true;
    }

    /// Gives back the vectors of options no longer needed, for the next
    /// expansion.
    fn recycle(&mut self, options: Moves<G::Move, G::Position>) {
        self.spare.push(options);
    }

    /// The largest value `component` could have, given its options.
    fn bound(&self, component: &G::Position, options: usize) -> u32 {
        self.game
            .nimber_bound(component)
            .min(u32::try_from(options).unwrap_or(u32::MAX))
    }

    /// The nimber of a canonical component.
    fn nimber(&mut self, component: &G::Position) -> Result<u32> {
        let fact = self.lookup(component);
        if let Some(v) = fact.value() {
            return Ok(v);
        }
        if let Some(v) = self.game.nimber_known(component) {
            self.record(component, Fact::nimber(v), self.ticker.nodes);
            return Ok(v);
        }
        if self.game.method() == Method::Definition {
            return self.nimber_by_definition(component);
        }
        self.enter(component)?;
        let since = self.ticker.nodes;
        let mut options = self.options(component)?;
        let bound = self.bound(component, options.len());
        let mut excluded = fact;
        let mut k = 0;
        let value = loop {
            if k >= bound {
                break bound;
            }
            if !excluded.excludes(k) {
                if !self.some_option_has(component, &mut options, k)? {
                    break k;
                }
                // Not recorded (the nimber, recorded below, says more, and
                // no search below can meet this component again), except
                // where threads share the options out: there it ends the
                // question for the others.
                excluded = excluded.merge(Fact::excluding(k));
                if self.shares_out() {
                    self.record(component, Fact::excluding(k), since);
                }
            }
            k += 1;
        };
        self.record(component, Fact::nimber(value), since);
        self.recycle(options);
        self.leave(component);
        Ok(value)
    }

    /// The nimber of a component not in the table, by its definition: the
    /// mex of its options' nimbers (each the nim-sum of its components'),
    /// stopping early once every value below the bound is found.
    fn nimber_by_definition(&mut self, component: &G::Position) -> Result<u32> {
        self.enter(component)?;
        let since = self.ticker.nodes;
        let mut options = self.options(component)?;
        self.sort(component, &mut options);
        if self.shares_out() {
            self.take_shared_nimbers(component, &options)?;
        }
        let bound = self.bound(component, options.len());
        let mut seen = vec![false; bound as usize];
        let mut missing = bound;
        for option in options.iter() {
            let mut v = 0;
            for c in option {
                v ^= self.nimber(c)?;
            }
            if let Some(slot) = seen.get_mut(v as usize)
                && !*slot
            {
                *slot = true;
                missing -= 1;
                if missing == 0 {
                    break;
                }
            }
        }
        let value = seen.iter().position(|&s| !s).map_or(bound, |k| k as u32);
        self.record(component, Fact::nimber(value), since);
        self.recycle(options);
        self.leave(component);
        Ok(value)
    }

    /// Whether some option of `component` has value `x`: whether
    /// `component + *x` is won by a move in `component`.
    fn some_option_has(
        &mut self,
        component: &G::Position,
        options: &mut Moves<G::Move, G::Position>,
        x: u32,
    ) -> Result<bool> {
        // First the options the table values outright: no search at all.
        // Those not yet split are split one by one, and the first of
        // value `x` ends the question before the rest are.
        let mut unknown = false;
        let mut i = 0;
        loop {
            if i == options.split && !self.split_next(options) {
                break;
            }
            let value = match options.values[i] {
                Some(v) => Some(v),
                None => self.option_value(options.option(i)),
            };
            match value {
                Some(v) => {
                    options.values[i] = Some(v);
                    if v == x {
                        return Ok(true);
                    }
                }
                None => unknown = true,
            }
            i += 1;
        }
        if !unknown {
            return Ok(false);
        }
        // Then the others, searched cheapest first (those still without a
        // value are the ones just found unknown).
        self.sort(component, options);
        if self.shares_out() && self.take_shared_options(component, options, x)? {
            return Ok(true);
        }
        for i in 0..options.len() {
            if options.values[i].is_some() {
                continue;
            }
            let range = options.options[i].clone();
            if self.is_lost_sum(&options.components[range], x)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether this thread shares the options out with others here.
    fn shares_out(&self) -> bool {
        self.share.is_some() && self.ticker.depth() <= SPREAD_DEPTH
    }

    /// Searches the sorted options of `component` that no other thread
    /// has taken for the question whether one has value `x`, one at a time,
    /// until all are taken; those equal to an earlier option are left to
    /// it. True once one has value `x`, or once the table says that
    /// `component`'s nimber is not `x` (another thread found such an
    /// option: a question is asked only once every smaller value is known
    /// to be an option's, or about `x` first, where the answer is the
    /// same).
    fn take_shared_options(
        &mut self,
        component: &G::Position,
        options: &mut Moves<G::Move, G::Position>,
        x: u32,
    ) -> Result<bool> {
        let Some(share) = self.share else {
            return Ok(false);
        };
        let taken = share.question(component, x);
        loop {
            let i = taken.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if i >= options.len() {
                return Ok(false);
            }
            if self.lookup(component).excludes(x) {
                return Ok(true);
            }
            if options.values[i].is_some() || (0..i).any(|j| options.option(j) == options.option(i))
            {
                continue;
            }
            let range = options.options[i].clone();
            if self.is_lost_sum(&options.components[range], x)? {
                return Ok(true);
            }
        }
    }

    /// Works out the nimbers of the components of the options of
    /// `component` that no other thread has taken, one option at a time,
    /// until all are taken, for a game searched by the definition: each
    /// option is first searched by one thread, and the others read its
    /// nimbers from the table. What is found goes to the table only; the
    /// caller then goes over every option.
    fn take_shared_nimbers(
        &mut self,
        component: &G::Position,
        options: &Moves<G::Move, G::Position>,
    ) -> Result<()> {
        let Some(share) = self.share else {
            return Ok(());
        };
        // The question no search by the definition asks otherwise.
        let taken = share.question(component, u32::MAX);
        loop {
            let i = taken.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let Some(range) = options.options.get(i) else {
                return Ok(());
            };
            for c in &options.components[range.clone()] {
                self.nimber(c)?;
            }
        }
    }

    /// The value of an option whose components' values the table all
    /// knows.
    fn option_value(&mut self, option: &[G::Position]) -> Option<u32> {
        option
            .iter()
            .try_fold(0, |sum, c| Some(sum ^ self.lookup(c).value()?))
    }

    /// Whether `components + *x` is lost for the player to move.
    fn is_lost_sum(&mut self, components: &[G::Position], x: u32) -> Result<bool> {
        let mut unknown = self.indices.pop().unwrap_or_default();
        unknown.clear();
        let lost = self.is_lost_sum_with(components, x, &mut unknown);
        self.indices.push(unknown);
        lost
    }

    /// [`Searcher::is_lost_sum`], with room for the places of the
    /// components the table does not value.
    fn is_lost_sum_with(
        &mut self,
        components: &[G::Position],
        x: u32,
        unknown: &mut Vec<usize>,
    ) -> Result<bool> {
        let mut x = x;
        let mut fact = Fact::default();
        for (i, c) in components.iter().enumerate() {
            let f = self.lookup(c);
            match f.value() {
                Some(v) => x ^= v,
                None => {
                    unknown.push(i);
                    fact = f;
                }
            }
        }
        let Some(heaviest) =
            (0..unknown.len()).max_by_key(|&i| self.game.weight(&components[unknown[i]]))
        else {
            return Ok(x == 0);
        };
        let searched = &components[unknown.swap_remove(heaviest)];
        if unknown.is_empty() {
            // The fact just read is the searched component's.
            return self.is_lost(searched, x, fact);
        }
        for &i in unknown.iter() {
            x ^= self.nimber(&components[i])?;
        }
        // Those nimbers may have taught the table more of it.
        let fact = self.lookup(searched);
        self.is_lost(searched, x, fact)
    }

    /// Whether `component + *x` is lost: whether `component` has value `x`,
    /// given `fact`, what the table knows of it.
    fn is_lost(&mut self, component: &G::Position, x: u32, fact: Fact) -> Result<bool> {
        if let Some(v) = fact.value() {
            return Ok(v == x);
        }
        if let Some(v) = self.game.nimber_known(component) {
            self.record(component, Fact::nimber(v), self.ticker.nodes);
            return Ok(v == x);
        }
        if self.game.method() == Method::Definition {
            return Ok(self.nimber_by_definition(component)? == x);
        }
        if fact.excludes(x) || x > self.game.nimber_bound(component) {
            return Ok(false);
        }
        self.enter(component)?;
        let since = self.ticker.nodes;
        let mut options = self.options(component)?;
        let bound = self.bound(component, options.len());
        let lost = if x > bound {
            false
        } else if self.some_option_has(component, &mut options, x)? {
            self.record(component, Fact::excluding(x), since);
            false
        } else {
            // No option has value x, so the value is the least k <= x that
            // no option has.
            let mut value = x;
            for k in 0..x {
                if fact.excludes(k) {
                    continue;
                }
                if !self.some_option_has(component, &mut options, k)? {
                    value = k;
                    break;
                }
            }
            self.record(component, Fact::nimber(value), since);
            value == x
        };
        self.recycle(options);
        self.leave(component);
        Ok(lost)
    }
}

/// The slot of [`Searcher::nimbers`] for `key`: a multiplicative hash.
fn nimber_slot(key: u64) -> usize {
    let bits = NIMBERS.trailing_zeros();
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
}

/// Removes from `components[start..]` every pair of equal components: two
/// equal components have equal values, whose nim-sum is zero, so the
/// option's value is that of the rest.
fn cancel_pairs<P: Eq>(components: &mut Vec<P>, start: usize) {
    let mut i = start;
    while i < components.len() {
        match (i + 1..components.len()).find(|&j| components[j] == components[i]) {
            Some(j) => {
                components.swap_remove(j);
                components.swap_remove(i);
            }
            None => i += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Search;
    use crate::games::{Board, Cram};
    use crate::search::{Options, silent};
    use crate::values::Budget;

    /// Sixteen threads sharing the options out, in a table large enough
    /// and in one that must replace facts, give one thread's values, and
    /// the small table keeps within its budget.
    #[test]
    fn sixteen_threads_give_one_threads_values_within_the_budget() {
        let boards = [(3, 7), (4, 5), (4, 6), (5, 5)].map(|(r, c)| Board::rectangle(r, c).unwrap());
        let mut alone = Search::new(Cram, Options::default());
        let expected: Vec<_> = boards
            .iter()
            .map(|b| alone.nimber(b, &mut silent).unwrap())
            .collect();
        for (threads, budget) in [
            (2, Budget::default()),
            (16, Budget::default()),
            (16, Budget::bytes(32 << 10)),
        ] {
            let mut search = Search::new(Cram, Options { budget, threads });
            let got: Vec<_> = boards
                .iter()
                .map(|b| search.nimber(b, &mut silent).unwrap())
                .collect();
            assert_eq!(got, expected, "{threads} threads, {budget:?}");
            let stats = search.stats();
            assert!(stats.bytes <= budget.max_bytes(), "{stats:?}");
        }
    }
}
