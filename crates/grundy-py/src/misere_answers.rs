//! Misère play as Python objects: a position (who wins when the last
//! player to move loses, by which method, the winning moves), the genera
//! of the heaps, and a bounded misère quotient.

use grundy_service::{
    GeneraReport, HeapGenus, MisereMethod, MiserePositionReport, QuotientReport, TameKind,
};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::answers::Move;
use crate::args::Heaps;
use crate::html;
use crate::run::error;

/// A position under misère play (the player who moves last loses): who
/// wins, how that was found (``method``: ``"tame"`` when every heap is
/// tame and the misère rule of nim in its genus form answered,
/// ``"quotient"`` when the game's misère quotient did, ``"judge"`` when
/// the game-tree search did), and the winning moves.
///
/// >>> import grundy
/// >>> p = grundy.Game("kayles").misere_position([2, 3])
/// >>> p
/// MiserePosition(game='0.77', heaps=[2, 3], outcome='N', method='tame', moves=1)
/// >>> p.moves
/// [Move(heap=1, from_=3, to=(2,))]
/// >>> p = grundy.Game("kayles").misere_position([5, 50000])
/// >>> p.method, p.quotient
/// ('quotient', (167, 40, True))
#[derive(Debug)]
#[pyclass(frozen, get_all, module = "grundy")]
pub struct MiserePosition {
    /// The canonical spec of the game.
    game: String,
    /// The heap sizes.
    heaps: Vec<u64>,
    /// Whether the player to move wins under misère play.
    winning: bool,
    /// ``"tame"`` (the misère rule of nim, genus form), ``"quotient"``
    /// (the game's misère quotient) or ``"judge"`` (game-tree search).
    method: &'static str,
    /// The quotient read, with ``method="quotient"``: ``(max_heap, size,
    /// every_heap)``, its heap bound, its number of elements, and whether
    /// it covers every heap (its pretending map's period is proved);
    /// ``None`` otherwise.
    quotient: Option<(u64, usize, bool)>,
    /// Winning moves (``Move`` objects), at most the limit asked for.
    moves: Vec<Py<Move>>,
    /// How many winning moves there are in all.
    total_winning_moves: usize,
    /// Who wins, in one sentence, and how that was found.
    sentence: String,
}

impl MiserePosition {
    pub fn new(py: Python<'_>, r: MiserePositionReport) -> PyResult<Self> {
        let moves = r
            .moves
            .iter()
            .map(|m| Py::new(py, Move::new(m.heap, m.from, m.to.clone())))
            .collect::<PyResult<_>>()?;
        Ok(MiserePosition {
            sentence: r.outcome(),
            game: r.game,
            heaps: r.position,
            winning: r.winning,
            method: match r.method {
                MisereMethod::Tame => "tame",
                MisereMethod::Quotient => "quotient",
                MisereMethod::Judge => "judge",
            },
            quotient: r.quotient.map(|q| (q.max_heap, q.size, q.every_heap)),
            moves,
            total_winning_moves: r.total_winning_moves,
        })
    }

    pub fn winning(&self) -> bool {
        self.winning
    }

    pub fn moves(&self, py: Python<'_>) -> Vec<Py<PyAny>> {
        self.moves
            .iter()
            .map(|m| m.clone_ref(py).into_any())
            .collect()
    }
}

#[pymethods]
impl MiserePosition {
    /// ``"N"`` if the player to move wins under misère play, else ``"P"``.
    #[getter]
    fn outcome(&self) -> &'static str {
        if self.winning { "N" } else { "P" }
    }

    fn __repr__(&self) -> String {
        format!(
            "MiserePosition(game='{}', heaps={:?}, outcome='{}', method='{}', moves={})",
            self.game,
            self.heaps,
            self.outcome(),
            self.method,
            self.moves.len()
        )
    }

    fn __str__(&self) -> String {
        format!("{} {:?} (misère): {}", self.game, self.heaps, self.sentence)
    }

    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let moves = self
            .moves
            .iter()
            .map(|m| Ok(m.bind(py).repr()?.to_string()))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(html::misere_position(
            &self.game,
            &self.heaps,
            &self.sentence,
            &moves,
        ))
    }
}

/// One heap's genus (Winning Ways, chapter 13): ``genus`` as written,
/// ``g^γ₀γ₁…``; ``normal``, the Grundy value g; ``misere``, the misère
/// Grundy values γ₀, γ₁, … of the heap plus 0, 1, … heaps of 2 (the last
/// two alternate for ever); ``tame``, ``"fickle"`` (0^120 or 1^031) or
/// ``"firm"`` when the heap is tame, None when it is wild.
#[derive(Debug)]
#[pyclass(frozen, get_all, module = "grundy")]
pub struct Genus {
    /// The heap size.
    heap: u64,
    /// The genus symbol, such as ``"0^120"``.
    genus: String,
    /// The normal-play Grundy value.
    normal: u64,
    /// The misère Grundy values γ₀, γ₁, ….
    misere: Vec<u64>,
    /// ``"fickle"``, ``"firm"``, or None for a wild heap.
    tame: Option<&'static str>,
}

impl Genus {
    fn new(h: HeapGenus) -> Self {
        Genus {
            heap: h.heap,
            genus: h.genus,
            normal: h.normal,
            misere: h.misere,
            tame: h.tame.map(|t| match t {
                TameKind::Fickle => "fickle",
                TameKind::Firm => "firm",
            }),
        }
    }
}

#[pymethods]
impl Genus {
    fn __repr__(&self) -> String {
        let tame = self.tame.map_or("None".to_string(), |t| format!("'{t}'"));
        format!(
            "Genus(heap={}, genus='{}', tame={tame})",
            self.heap, self.genus
        )
    }

    fn __str__(&self) -> String {
        self.genus.clone()
    }
}

/// The genera of heaps ``0..=to``: a sequence of ``Genus`` (index n is
/// heap n), and ``first_wild``, the least wild heap (None when all are
/// tame).
///
/// >>> import grundy
/// >>> g = grundy.Game("kayles").genera(5)
/// >>> [str(h) for h in g]
/// ['0^120', '1^031', '2^20', '3^31', '1^031', '4^146']
/// >>> g.first_wild, g[4].tame, g[5].tame
/// (5, 'fickle', None)
#[derive(Debug)]
#[pyclass(frozen, module = "grundy")]
pub struct Genera {
    game: String,
    to: u64,
    first_wild: Option<u64>,
    heaps: Py<PyList>,
}

impl Genera {
    pub fn new(py: Python<'_>, r: GeneraReport) -> PyResult<Self> {
        let rows = r
            .heaps
            .into_iter()
            .map(|h| Py::new(py, Genus::new(h)))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Genera {
            game: r.game,
            to: r.to,
            first_wild: r.first_wild,
            heaps: PyList::new(py, rows)?.unbind(),
        })
    }
}

#[pymethods]
impl Genera {
    /// The canonical spec of the game.
    #[getter]
    fn game(&self) -> &str {
        &self.game
    }
    /// The last heap.
    #[getter]
    fn to(&self) -> u64 {
        self.to
    }
    /// The least wild heap up to ``to``, or None.
    #[getter]
    fn first_wild(&self) -> Option<u64> {
        self.first_wild
    }
    /// The genera, a list of ``Genus`` (index n is heap n).
    #[getter]
    fn heaps(&self, py: Python<'_>) -> Py<PyList> {
        self.heaps.clone_ref(py)
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.heaps.bind(py).len()
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.heaps.bind(py).as_any().get_item(index)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.heaps.bind(py).as_any().try_iter()?.into_any())
    }

    fn __repr__(&self) -> String {
        let wild = self
            .first_wild
            .map_or("None".to_string(), |w| w.to_string());
        format!(
            "Genera(game='{}', to={}, first_wild={wild})",
            self.game, self.to
        )
    }

    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let rows: Vec<(u64, String, Option<&'static str>)> = self
            .heaps
            .bind(py)
            .iter()
            .map(|g| {
                let g = g.cast_into::<Genus>()?;
                let g = g.get();
                Ok((g.heap, g.genus.clone(), g.tame))
            })
            .collect::<PyResult<_>>()?;
        Ok(html::genera(&self.game, &rows))
    }
}

/// The misère quotient of all sums of heaps of size at most ``max_heap``
/// (Plambeck and Siegel): its ``size`` elements (0 is the identity, the
/// empty sum), the ``p_portion`` (elements whose sums are lost for the
/// player to move), the ``pretending`` map (the element of heap n, n =
/// 0..=max_heap), a shortest sum of heaps for each element
/// (``representatives``) and the multiplication table (``product[a][b]``);
/// its presentation: the ``generators`` (pairs of a letter and the heap it
/// is the element of), the defining ``relations`` and each element's normal
/// form (``elements``, ``"1"`` for the identity).
/// ``outcome(heaps)`` answers any sum of heaps up to ``max_heap`` from it.
///
/// >>> import grundy
/// >>> q = grundy.Game("nim").misere_quotient(3)
/// >>> q
/// MisereQuotient(game='nim', max_heap=3, size=6, p_portion=[1, 4])
/// >>> q.pretending
/// [0, 1, 2, 3]
/// >>> q.generators, q.relations
/// ([('a', 1), ('b', 2)], ['a^2 = 1', 'b^3 = b'])
/// >>> [q.elements[e] for e in q.p_portion]
/// ['a', 'b^2']
/// >>> q.outcome([1, 1, 1]), q.outcome([2, 3])
/// ('P', 'N')
#[derive(Debug)]
#[pyclass(frozen, module = "grundy")]
pub struct MisereQuotient {
    /// The canonical spec of the game.
    #[pyo3(get)]
    game: String,
    /// The heap bound.
    #[pyo3(get)]
    max_heap: u64,
    /// The number of elements.
    #[pyo3(get)]
    size: usize,
    /// The elements whose sums are lost for the player to move.
    #[pyo3(get)]
    p_portion: Vec<u32>,
    /// The element of heap n, n = 0..=max_heap.
    #[pyo3(get)]
    pretending: Vec<u32>,
    /// For each element, a shortest sum of heaps found that maps to it.
    #[pyo3(get)]
    representatives: Vec<Vec<u64>>,
    /// The multiplication table.
    #[pyo3(get)]
    product: Vec<Vec<u32>>,
    /// The generators: a letter and the heap it is the element of.
    #[pyo3(get)]
    generators: Vec<(String, u64)>,
    /// The defining relations, as ``"a^2 = 1"``.
    #[pyo3(get)]
    relations: Vec<String>,
    /// Each element's normal form, a word in the generators.
    #[pyo3(get)]
    elements: Vec<String>,
    /// The pretending map's least period, ``(preperiod, period, proved)``,
    /// or ``None``. Proved, the quotient is that of every heap, and
    /// :meth:`element` and :meth:`outcome` take heaps of any size.
    #[pyo3(get)]
    period: Option<(u64, u64, bool)>,
    /// The solver's report, which answers elements and outcomes.
    report: QuotientReport,
}

impl MisereQuotient {
    pub fn new(r: QuotientReport) -> Self {
        MisereQuotient {
            game: r.game.clone(),
            max_heap: r.max_heap,
            size: r.size,
            p_portion: r.p_portion.clone(),
            pretending: r.pretending.clone(),
            representatives: r.representatives.clone(),
            product: r.product.clone(),
            generators: r
                .generators
                .iter()
                .map(|g| (g.name.clone(), g.heap))
                .collect(),
            relations: r.relations.clone(),
            elements: r.elements.clone(),
            period: r.period.as_ref().map(|p| (p.preperiod, p.period, p.proved)),
            report: r,
        }
    }
}

#[pymethods]
impl MisereQuotient {
    /// The element a sum of heaps maps to: heaps up to ``max_heap``, or of
    /// any size when the period is proved.
    ///
    /// >>> import grundy
    /// >>> q = grundy.Game("0.75").misere_quotient(30)
    /// >>> q.period
    /// (8, 2, True)
    /// >>> q.element([10**15]) == q.element([10])
    /// True
    fn element(&self, heaps: Heaps) -> PyResult<u32> {
        self.report.element(&heaps.into_vec()).map_err(error)
    }

    /// Who wins a sum of heaps (each at most ``max_heap``, or of any size
    /// when the period is proved) under misère play, read from the
    /// quotient: ``"P"`` when its element is in the P-portion, else ``"N"``.
    fn outcome(&self, heaps: Heaps) -> PyResult<&'static str> {
        let wins = self
            .report
            .next_player_wins(&heaps.into_vec())
            .map_err(error)?;
        Ok(if wins { "N" } else { "P" })
    }

    fn __len__(&self) -> usize {
        self.size
    }

    fn _repr_html_(&self) -> String {
        html::quotient(&self.game, &self.p_portion, &self.pretending, self.size)
    }

    fn __repr__(&self) -> String {
        format!(
            "MisereQuotient(game='{}', max_heap={}, size={}, p_portion={:?})",
            self.game, self.max_heap, self.size, self.p_portion
        )
    }
}
