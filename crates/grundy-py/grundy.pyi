"""Type stubs of `grundy`: Sprague–Grundy values, proved periods with
certificates, winning moves and counts of impartial games (a Rust
extension; see each object's docstring for examples)."""

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from os import PathLike
from typing import Any, Literal, final

from typing_extensions import disjoint_base

import numpy as np
import numpy.typing as npt

__version__: str
__all__ = [
    "BoardMove",
    "CertificateError",
    "Chomp",
    "Count",
    "Cram",
    "Game",
    "Genera",
    "Genus",
    "Interrupted",
    "LimitError",
    "MiserePosition",
    "MisereQuotient",
    "Move",
    "MovesGame",
    "MultiheapMove",
    "NodeKayles",
    "OptionsGame",
    "PPositionIterator",
    "PPositions",
    "Period",
    "Position",
    "QuotientError",
    "Values",
    "Verified",
    "__version__",
    "configure",
    "ppos",
    "verify",
]

_Progress = Callable[[int, int], object]
"""Called as ``progress(done, total)`` a few times a second during a long
computation; returning ``False`` stops it (``Interrupted``), and an
exception raised in it stops it and propagates. Asking the game being
computed from it raises RuntimeError; a thread it starts and waits for
may ask it (a ``Game``'s values are computed apart; a game given by
functions raises RuntimeError at once)."""

_Heaps = int | Sequence[int]

class LimitError(MemoryError):
    """A request past a limit (the memory budget), refused before allocating."""

class Interrupted(Exception):
    """A computation stopped by its progress callback."""

class CertificateError(ValueError):
    """A certificate that does not check."""

class QuotientError(RuntimeError):
    """No misère quotient found up to the heap bound asked for."""

def configure(store: str | PathLike[str] | None = None, budget: int | None = None) -> None:
    """Sets up the process's shared solver (forgetting the values it holds):
    ``store``, a directory where values are kept between runs (created if
    its parent exists; ValueError at once if it cannot be written);
    ``budget``, the most bytes the process's computations may take, all of
    them together."""

def verify(text: str) -> Verified:
    """Checks a certificate's text from the rules alone; raises CertificateError."""

def ppos(spec: str, to: int) -> PPositions:
    """The P-positions of a multi-heap game (wythoff, stone, subsets:K:...) up to ``to``."""

@disjoint_base
class Game:
    """An impartial game, named by any spec the command line takes: heap
    games, multi-heap games, boards and graphs (``"cram:5x7"``) and
    families of boards (``"cram:3xn"``)."""

    def __new__(cls, spec: str) -> Game: ...
    @staticmethod
    def from_options(
        options: Callable[[int], Iterable[tuple[int, ...]]], *, name: str | None = None
    ) -> OptionsGame:
        """A heap game given by ``options(n)``, the tuples of heaps a heap of n may become."""
    @staticmethod
    def from_moves(
        moves: Callable[[Any], Iterable[Hashable]],
        components: Callable[[Any], Iterable[Hashable]] | None = None,
        key: Callable[[Any], Hashable] | None = None,
        *,
        name: str | None = None,
    ) -> MovesGame:
        """Any game whose positions are hashable values, given by ``moves(position)``."""
    @property
    def spec(self) -> str:
        """The canonical spec."""
    @property
    def is_multiheap(self) -> bool: ...
    @property
    def is_board(self) -> bool:
        """Whether this is a board or graph with its position (Cram, Node-Kayles, Chomp)."""
    def picture(self) -> str:
        """A board or graph drawn in text; the rules in words for any other game."""
    def moves(
        self, limit: int = 10000, *, misere: bool = False, progress: _Progress | None = None
    ) -> list[BoardMove]:
        """Every move of a board or graph with whether it wins, winning moves first."""
    def values(
        self, to: int, start: int = 0, *, progress: _Progress | None = None
    ) -> npt.NDArray[np.unsignedinteger[Any]]:
        """G(start), ..., G(to) in the smallest unsigned dtype that holds them."""
    def table(self, to: int, start: int = 0, *, progress: _Progress | None = None) -> Values:
        """G(start), ..., G(to) as a table a notebook shows."""
    def value(self, n: int | None = None, *, progress: _Progress | None = None) -> int:
        """G(n), for n up to 2**64 - 1 where a proved period gives it; a board's
        value (its nimber) takes no n."""
    def period(self, max: int | None = None, *, progress: _Progress | None = None) -> Period:
        """The period verdict, proved by a theorem where one applies."""
    def count(self, to: int, heaps: int = 1, *, progress: _Progress | None = None) -> Count:
        """Won and lost single heaps 1..=to, or positions of ``heaps`` heaps 0..=to."""
    def outcome(
        self, heaps: _Heaps | None = None, *, progress: _Progress | None = None
    ) -> Literal["N", "P"]:
        """"N" if the player to move wins, "P" if not (a board takes no heaps)."""
    def winning_moves(
        self, heaps: _Heaps | None = None, limit: int = 20, *, progress: _Progress | None = None
    ) -> list[Move] | list[MultiheapMove] | list[BoardMove]:
        """The winning moves (at most ``limit``); empty when the position is lost."""
    def position(
        self, heaps: _Heaps, limit: int = 20, *, progress: _Progress | None = None
    ) -> Position:
        """Value, outcome and winning moves of a position."""
    def misere_outcome(
        self, heaps: _Heaps | None = None, *, progress: _Progress | None = None
    ) -> Literal["N", "P"]:
        """"N" if the player to move wins under misère play, "P" if not."""
    def misere_winning_moves(
        self, heaps: _Heaps | None = None, limit: int = 20, *, progress: _Progress | None = None
    ) -> list[Move] | list[BoardMove]:
        """The winning moves under misère play (at most ``limit``)."""
    def misere_position(
        self, heaps: _Heaps, limit: int = 20, *, progress: _Progress | None = None
    ) -> MiserePosition:
        """Outcome, method ("tame" or "judge") and winning moves under misère play."""
    def genera(self, to: int, *, progress: _Progress | None = None) -> Genera:
        """The genera of heaps 0..=to (misère play)."""
    def misere_quotient(
        self, max_heap: int | None = None, *, progress: _Progress | None = None
    ) -> MisereQuotient:
        """The misère quotient of sums of heaps up to ``max_heap``, or of every heap; QuotientError if none is found."""
    def ppos(self, to: int) -> PPositions:
        """The P-positions of a multi-heap game up to ``to``."""
    def plot(self, to: int = 200, *, ax: Any = None) -> Any:
        """Draws G(0..=to) with matplotlib (optional dependency) on ``ax``
        (matplotlib axes; TypeError otherwise) or new axes; returns the axes.
        A board or graph is drawn itself."""
    def _repr_html_(self) -> str: ...

@final
class Cram(Game):
    """Cram: place dominoes on free cells; ``Cram(rows, cols)`` or ``Cram(array)``
    from a 2-D boolean array (or nested lists), True for a free cell."""

    def __new__(cls, rows: int | npt.ArrayLike, cols: int | None = None) -> Cram: ...

@final
class NodeKayles(Game):
    """Node-Kayles: take a vertex and its neighbours; ``NodeKayles(edges, vertices=None)``."""

    def __new__(
        cls, edges: Sequence[tuple[int, int]], vertices: int | None = None
    ) -> NodeKayles: ...
    @staticmethod
    def path(n: int) -> NodeKayles:
        """The path of ``n`` vertices (Dawson's chess)."""
    @staticmethod
    def cycle(n: int) -> NodeKayles:
        """The cycle of ``n`` vertices."""
    @staticmethod
    def grid(rows: int, cols: int) -> NodeKayles:
        """The ``rows × cols`` grid, vertex ``r * cols + c``."""

@final
class Chomp(Game):
    """Chomp: ``Chomp(rows, cols)``, the full bar, or ``Chomp(row_lengths)``, a staircase."""

    def __new__(cls, rows: int | Sequence[int], cols: int | None = None) -> Chomp: ...

@final
class BoardMove:
    """A move of a board or graph in the game's own terms, the position after
    it as a spec, and whether it wins."""

    @property
    def play(self) -> str: ...
    @property
    def after(self) -> str: ...
    @property
    def winning(self) -> bool: ...
    def game(self) -> Game:
        """The position after the move, as a game to play on from."""

@final
class OptionsGame:
    """A heap game given by a Python function (``Game.from_options``)."""

    @property
    def name(self) -> str: ...
    @property
    def spec(self) -> str: ...
    @property
    def is_multiheap(self) -> bool: ...
    @property
    def options(self) -> Callable[[int], Iterable[tuple[int, ...]]]: ...
    def values(
        self, to: int, start: int = 0, *, progress: _Progress | None = None
    ) -> npt.NDArray[np.unsignedinteger[Any]]:
        """G(start), ..., G(to), by the definition."""
    def value(self, n: int, *, progress: _Progress | None = None) -> int:
        """G(n)."""
    def period(self, max: int | None = None, *, progress: _Progress | None = None) -> Period:
        """The pattern the values up to ``max`` (default 1000) show: observed or none."""
    def outcome(self, heaps: _Heaps, *, progress: _Progress | None = None) -> Literal["N", "P"]:
        """"N" if the player to move wins, "P" if not."""
    def winning_moves(
        self, heaps: _Heaps, limit: int = 20, *, progress: _Progress | None = None
    ) -> list[Move]:
        """The winning moves (at most ``limit``); empty when the position is lost."""
    def position(
        self, heaps: _Heaps, limit: int = 20, *, progress: _Progress | None = None
    ) -> Position:
        """Value, outcome and winning moves of a position."""
    @property
    def is_board(self) -> bool: ...
    def table(self, to: int, start: int = 0, *, progress: _Progress | None = None) -> Values:
        """G(start), ..., G(to) as a table a notebook shows."""
    def count(self, to: int, heaps: int = 1, *, progress: _Progress | None = None) -> Count:
        """Won and lost positions: single heaps 1..=to, or multisets of ``heaps`` heaps."""
    def misere_outcome(
        self, heaps: _Heaps, *, progress: _Progress | None = None
    ) -> Literal["N", "P"]:
        """Who wins under misère play: "N" or "P", by a search of whole positions."""
    def misere_winning_moves(
        self, heaps: _Heaps, limit: int = 20, *, progress: _Progress | None = None
    ) -> list[Move]:
        """The winning moves under misère play (at most ``limit``)."""
    def plot(self, to: int = 200, *, ax: Any = None) -> Any:
        """Draws G(0..=to) with matplotlib; returns the axes."""
    def _repr_html_(self) -> str: ...

@final
class MovesGame:
    """A game given by Python functions (``Game.from_moves``), solved by search."""

    @property
    def name(self) -> str: ...
    @property
    def spec(self) -> str: ...
    @property
    def moves(self) -> Callable[[Any], Iterable[Hashable]]: ...
    @property
    def components(self) -> Callable[[Any], Iterable[Hashable]] | None: ...
    @property
    def key(self) -> Callable[[Any], Hashable] | None: ...
    def value(self, position: Hashable, *, progress: _Progress | None = None) -> int:
        """The nimber of ``position``: the nim-sum of its components'."""
    def outcome(
        self, position: Hashable, *, progress: _Progress | None = None
    ) -> Literal["N", "P"]:
        """"N" if the player to move wins, "P" if not."""
    def winning_moves(
        self, position: Hashable, limit: int = 20, *, progress: _Progress | None = None
    ) -> list[Any]:
        """The positions after the winning moves (at most ``limit``)."""
    def misere_outcome(
        self, position: Hashable, *, progress: _Progress | None = None
    ) -> Literal["N", "P"]:
        """Who wins under misère play: "N" or "P"."""
    def _repr_html_(self) -> str: ...

@final
class Period:
    """The verdict of a period search."""

    @property
    def game(self) -> str: ...
    @property
    def preperiod(self) -> int | None: ...
    @property
    def period(self) -> int | None: ...
    @property
    def saltus(self) -> int | None: ...
    @property
    def status(self) -> Literal["proved", "observed", "none"]: ...
    @property
    def theorem(self) -> str | None: ...
    @property
    def bound(self) -> int | None: ...
    @property
    def checked_to(self) -> int: ...
    @property
    def proved(self) -> bool: ...
    @property
    def sentence(self) -> str: ...
    def certificate(self, *, progress: _Progress | None = None) -> str:
        """The certificate's text; ValueError when the period is not proved."""
    def _repr_html_(self) -> str: ...

@final
class Verified:
    """What a verified certificate proves."""

    game: str
    preperiod: int
    period: int
    saltus: int
    theorem: str
    checked_to: int
    misere_elements: int | None

@final
class Count:
    """Won and lost positions, counted exactly."""

    game: str
    heaps: int
    to: int
    wins: int
    losses: int

@final
class Move:
    """A move in heap ``heap`` (an index) of size ``from_``, leaving ``to``."""

    heap: int
    from_: int
    to: list[int]
    def after(self, position: Sequence[int]) -> list[int]:
        """The position after this move."""

@final
class MultiheapMove:
    """Take ``take`` from each heap in ``heaps`` (or ``take`` times ``vector``), leaving ``to``."""

    heaps: list[int]
    take: int
    vector: list[int] | None
    to: list[int]

@final
class Position:
    """A position: its value, who wins, winning moves."""

    game: str
    heaps: list[int]
    value: int | None
    winning: bool
    moves: list[Move] | list[MultiheapMove]
    total_winning_moves: int | None
    @property
    def outcome(self) -> Literal["N", "P"]: ...

@final
class MiserePosition:
    """A position under misère play: who wins, by which method, winning moves."""

    game: str
    heaps: list[int]
    winning: bool
    method: Literal["tame", "quotient", "judge"]
    quotient: tuple[int, int, bool] | None
    moves: list[Move]
    total_winning_moves: int
    sentence: str
    @property
    def outcome(self) -> Literal["N", "P"]: ...
    def _repr_html_(self) -> str: ...

@final
class Genus:
    """One heap's genus: symbol, normal value, misère values, tame or wild."""

    heap: int
    genus: str
    normal: int
    misere: list[int]
    tame: Literal["fickle", "firm"] | None

@final
class Genera:
    """The genera of heaps 0..=to: a sequence of Genus."""

    @property
    def game(self) -> str: ...
    @property
    def to(self) -> int: ...
    @property
    def first_wild(self) -> int | None: ...
    @property
    def heaps(self) -> list[Genus]: ...
    def __len__(self) -> int: ...
    def __getitem__(self, key: int, /) -> Genus: ...
    def __iter__(self) -> Iterator[Genus]: ...
    def _repr_html_(self) -> str: ...

@final
class MisereQuotient:
    """A bounded misère quotient: elements, P-portion, pretending map."""

    game: str
    max_heap: int
    size: int
    p_portion: list[int]
    pretending: list[int]
    representatives: list[list[int]]
    product: list[list[int]]
    generators: list[tuple[str, int]]
    relations: list[str]
    elements: list[str]
    period: tuple[int, int, bool] | None
    def element(self, heaps: _Heaps) -> int:
        """The element a sum of heaps maps to (any size once the period is proved)."""
    def outcome(self, heaps: _Heaps) -> Literal["N", "P"]:
        """Who wins a sum of heaps under misère play, from the quotient."""
    def __len__(self) -> int: ...
    def _repr_html_(self) -> str: ...

@final
class Values:
    """G(start), ..., G(to) as a table a notebook shows."""

    @property
    def game(self) -> str: ...
    @property
    def start(self) -> int: ...
    @property
    def array(self) -> npt.NDArray[np.unsignedinteger[Any]]: ...
    def __array__(self, dtype: Any = None, copy: bool | None = None) -> npt.NDArray[Any]: ...
    def __len__(self) -> int: ...
    def __getitem__(self, key: Any, /) -> Any: ...
    def _repr_html_(self) -> str: ...

@final
class PPositions:
    """The P-positions of a multi-heap game up to a bound."""

    @property
    def game(self) -> str: ...
    @property
    def to(self) -> int: ...
    @property
    def count(self) -> int: ...
    @property
    def sum(self) -> int: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> PPositionIterator: ...

@final
class PPositionIterator:
    """An iterator over P-positions; Ctrl-C stops it."""

    def __iter__(self) -> PPositionIterator: ...
    def __next__(self) -> tuple[int, ...]: ...
