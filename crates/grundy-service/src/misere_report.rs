//! The answers about misère play (the last player to move loses), as
//! serde types: a position, the genera of heaps, a misère quotient. Part
//! of the one wire format with [`report`](crate::report).

use std::sync::Arc;

use grundy::Result;
use grundy::misere::Strategy;
use serde::Serialize;

use crate::report::MoveReport;

/// How a misère position was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MisereMethod {
    /// Every heap is tame: the misère rule of nim in its genus form.
    Tame,
    /// The game's misère quotient, read for the heaps of the position.
    Quotient,
    /// Some heap is wild and no quotient covers it: the game-tree search.
    Judge,
}

/// The quotient a position was read from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuotientUsed {
    /// Its heap bound.
    pub max_heap: u64,
    /// Its number of elements.
    pub size: usize,
    /// Whether it covers every heap: the period of its pretending map is
    /// proved at its bound.
    pub every_heap: bool,
}

/// A position under misère play: who wins, how that was found, and the
/// winning moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MiserePositionReport {
    /// The canonical spec.
    pub game: String,
    /// Always `"misere"`: the play convention of this report.
    pub play: &'static str,
    /// The heap sizes.
    pub position: Vec<u64>,
    /// Whether the player to move wins under misère play.
    pub winning: bool,
    /// How the outcome was found.
    pub method: MisereMethod,
    /// The quotient read, when the method is `quotient`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quotient: Option<QuotientUsed>,
    /// The number of winning moves (the list stops at the limit).
    pub total_winning_moves: usize,
    /// Winning moves, at most the limit.
    pub moves: Vec<MoveReport>,
    /// Whether any move at all is possible.
    #[serde(skip)]
    pub can_move: bool,
}

impl MiserePositionReport {
    /// One sentence on who wins.
    pub fn outcome(&self) -> String {
        let by = match (self.method, &self.quotient) {
            (MisereMethod::Tame, _) => "by the tame rule".to_string(),
            (MisereMethod::Quotient, Some(q)) if q.every_heap => {
                format!("by the misère quotient of every heap, {} elements", q.size)
            }
            (MisereMethod::Quotient, Some(q)) => format!(
                "by the misère quotient of heaps up to {}, {} elements",
                q.max_heap, q.size
            ),
            (MisereMethod::Quotient, None) => "by the misère quotient".to_string(),
            (MisereMethod::Judge, _) => "by game-tree search".to_string(),
        };
        match self.total_winning_moves {
            _ if !self.can_move => {
                "won by the player to move: no move is possible, so the opponent moved last"
                    .to_string()
            }
            0 => {
                format!("lost for the player to move ({by}): every move leaves a winning position")
            }
            1 => format!("won by the player to move ({by}): 1 winning move"),
            k if k > self.moves.len() => format!(
                "won by the player to move ({by}): {k} winning moves, the first {} listed",
                self.moves.len()
            ),
            k => format!("won by the player to move ({by}): {k} winning moves"),
        }
    }
}

/// Whether a tame heap plays like *0/*1 or like a larger nim position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TameKind {
    /// 0^120 or 1^031.
    Fickle,
    /// 0^02, 1^13 or g^{g, g⊕2}.
    Firm,
}

/// One heap's genus.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeapGenus {
    /// The heap size.
    pub heap: u64,
    /// The genus symbol as written, `g^γ₀γ₁…` (`0^120`).
    pub genus: String,
    /// The normal-play Grundy value g.
    pub normal: u64,
    /// γ₀ … γₘ: the misère Grundy values of the heap plus 0, 1, … heaps of
    /// 2, alternating for ever between the last two.
    pub misere: Vec<u64>,
    /// Whether the heap is tame (its genus and every heap of its options),
    /// and how; absent when it is wild.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tame: Option<TameKind>,
}

/// The genera of heaps 0..=`to`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GeneraReport {
    /// The canonical spec.
    pub game: String,
    /// The last heap.
    pub to: u64,
    /// The least wild heap up to `to`, if any.
    pub first_wild: Option<u64>,
    /// One row a heap.
    pub heaps: Vec<HeapGenus>,
}

/// The misère quotient of all sums of heaps up to `max_heap`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuotientReport {
    /// The canonical spec.
    pub game: String,
    /// The heap bound.
    pub max_heap: u64,
    /// The number of elements; element 0 is the identity (the empty sum).
    pub size: usize,
    /// The elements whose sums are lost for the player to move.
    pub p_portion: Vec<u32>,
    /// The pretending map: the element of heap n, n = 0..=max_heap.
    pub pretending: Vec<u32>,
    /// For each element, a shortest sum of heaps found that maps to it.
    pub representatives: Vec<Vec<u64>>,
    /// The multiplication table: `product[a][b]`.
    pub product: Vec<Vec<u32>>,
    /// The generators: heaps whose element is not a product of smaller
    /// heaps' elements, named a, b, c, … in order.
    pub generators: Vec<GeneratorReport>,
    /// Defining relations, written `a^2 = 1` (a complete rewriting system:
    /// every word rewrites to its element's normal form).
    pub relations: Vec<String>,
    /// Each element's normal form: its least word in the generators
    /// (fewest letters, then more of an earlier letter), `1` for the
    /// identity.
    pub elements: Vec<String>,
    /// The least period of the pretending map, proved or observed; absent
    /// when the map shows none (see [`PretendingPeriodReport`]).
    pub period: Option<PretendingPeriodReport>,
    /// The quotient itself, read as a way to play.
    #[serde(skip)]
    pub(crate) strategy: Played,
}

impl QuotientReport {
    /// The element a sum of `heaps` maps to: from the pretending map up to
    /// the bound, and past it from the proved period.
    ///
    /// ```
    /// use grundy_service::{Solver, Watch};
    /// let q = Solver::default().misere_quotient(&"0.75".parse()?, 30, &mut Watch::silent())?;
    /// assert_eq!(q.element(&[1_000_000_000_000_000])?, q.element(&[10])?);
    /// let short = Solver::default().misere_quotient(&"0.75".parse()?, 20, &mut Watch::silent())?;
    /// assert!(short.element(&[21]).is_err());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`](grundy::ErrorKind::InvalidInput) for a
    /// heap past the bound when no period of the pretending map is proved.
    pub fn element(&self, heaps: &[u64]) -> Result<u32> {
        self.strategy.0.element_of(heaps)
    }

    /// Whether the player to move wins the sum of `heaps` under misère
    /// play: its element is not in the P-portion.
    ///
    /// # Errors
    /// As [`QuotientReport::element`].
    pub fn next_player_wins(&self, heaps: &[u64]) -> Result<bool> {
        Ok(self.strategy.0.outcome(heaps)?.next_player_wins())
    }
}

/// A quotient's strategy inside its report: off the wire, and equal in any
/// two reports (it is made from the fields they compare).
#[derive(Clone, Debug)]
pub(crate) struct Played(pub(crate) Arc<Strategy>);

impl PartialEq for Played {
    fn eq(&self, _: &Played) -> bool {
        true
    }
}

impl Eq for Played {}

/// A period of the pretending map: Φ(n + p) = Φ(n) from heap `preperiod`.
/// Proved, the quotient is that of *every* heap, and heap n past the bound
/// pretends to be the element of heap `preperiod + (n − preperiod) mod
/// period`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PretendingPeriodReport {
    /// The first heap the period holds from.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// Whether the bound reaches the theorem's window.
    pub proved: bool,
    /// The theorem whose window proves it (the misère form of the octal
    /// periodicity argument, `grundy::misere::pretending_period`), absent
    /// when none applies to the game.
    pub theorem: Option<String>,
    /// The least heap bound that proves it, absent when no theorem applies.
    pub needs_max_heap: Option<u64>,
    /// The period in one sentence, honest about what is proved, for front
    /// ends to render as it is.
    pub sentence: String,
}

impl PretendingPeriodReport {
    /// The report of Φ(n + `period`) = Φ(n) from heap `preperiod`, proved
    /// when `proved`, with the theorem whose window proves it and the heap
    /// bound that window needs, where a theorem applies.
    ///
    /// ```
    /// use grundy_service::PretendingPeriodReport;
    /// let r = PretendingPeriodReport::new(6, 12, false, Some(("octal-periodicity".into(), 80)));
    /// assert_eq!(r.sentence, "heap n pretends to be heap n - 12 from heap 18: observed, not proved; heaps up to 80 would prove it");
    /// ```
    pub fn new(preperiod: u64, period: u64, proved: bool, proof: Option<(String, u64)>) -> Self {
        let pattern = format!(
            "heap n pretends to be heap n - {period} from heap {}",
            preperiod.saturating_add(period)
        );
        let sentence = match &proof {
            Some((theorem, needs)) if proved => format!(
                "{pattern}: proved ({theorem} window, heaps up to {needs}), so this is the quotient of every heap"
            ),
            Some((_, needs)) => {
                format!("{pattern}: observed, not proved; heaps up to {needs} would prove it")
            }
            None => format!("{pattern}: observed, not proved; no theorem applies to this game"),
        };
        let (theorem, needs_max_heap) = proof.unzip();
        PretendingPeriodReport {
            preperiod,
            period,
            proved,
            theorem,
            needs_max_heap,
            sentence,
        }
    }
}

/// One generator of a quotient's presentation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GeneratorReport {
    /// Its letter.
    pub name: String,
    /// The heap it is the element of.
    pub heap: u64,
}
