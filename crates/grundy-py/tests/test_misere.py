"""Misère play (the player who moves last loses): outcomes and winning
moves against a brute-force search written here from the rules, misère
nim against Bouton's rule, quotients against the outcomes, agreement with
the command line, and the behaviours every computation has (progress,
Ctrl-C)."""

import functools
import itertools
import os
import signal
import subprocess
import threading
import time

import pytest

import grundy


def kayles_moves(n):
    """Knock down one pin or two adjacent pins of a row of n."""
    for take in (1, 2):
        for left in range(n - take + 1):
            right = n - take - left
            yield tuple(h for h in (left, right) if h > 0)


def nim_moves(n):
    for left in range(n):
        yield (left,) if left > 0 else ()


def subtraction_moves(subtract):
    def moves(n):
        for s in subtract:
            if s <= n:
                yield (n - s,) if n - s > 0 else ()
    return moves


def grundy_game_moves(n):
    """Split a heap into two unequal non-empty heaps."""
    for a in range(1, (n + 1) // 2):
        if a != n - a:
            yield (a, n - a)


MOVES = {"kayles": kayles_moves, "nim": nim_moves, "sub:1,3,4": subtraction_moves((1, 3, 4)),
         "grundy": grundy_game_moves}


def brute(moves):
    """Misère play from the rules: a position (a sorted tuple of non-empty
    heaps) is won for the player to move iff no move is possible (the
    opponent moved last) or some move leaves a lost position."""
    def options(position):
        for i, h in enumerate(position):
            for parts in moves(h):
                yield tuple(sorted(position[:i] + position[i + 1:] + parts))

    @functools.lru_cache(maxsize=None)
    def wins(position):
        after = list(options(position))
        return not after or any(not wins(p) for p in after)

    def winning_options(position):
        return {p for p in options(position) if not wins(p)}

    return wins, winning_options


def positions(most_heaps, largest):
    for k in range(most_heaps + 1):
        yield from itertools.combinations_with_replacement(range(largest + 1), k)


def normal(heaps):
    return tuple(sorted(h for h in heaps if h > 0))


@pytest.mark.parametrize("spec", ["kayles", "nim", "sub:1,3,4"])
def test_outcomes_and_moves_against_brute_force(spec):
    game = grundy.Game(spec)
    wins, winning_options = brute(MOVES[spec])
    methods = set()
    for heaps in positions(3, 6):
        p = game.misere_position(list(heaps), limit=1000)
        want = wins(normal(heaps))
        assert p.winning == want, (spec, heaps)
        assert p.outcome == ("N" if want else "P")
        assert game.misere_outcome(list(heaps)) == p.outcome
        methods.add(p.method)
        # Every move listed wins, and every winning option is listed.
        after = {normal(m.after(list(heaps))) for m in p.moves}
        assert after == winning_options(normal(heaps)), (spec, heaps)
        assert p.total_winning_moves == len(p.moves)
        assert all(heaps[m.heap] == m.from_ for m in p.moves)
        listed = game.misere_winning_moves(list(heaps), limit=1000)
        assert [repr(m) for m in listed] == [repr(m) for m in p.moves]
        assert bool(listed) == p.winning or not any(moves for h in heaps for moves in MOVES[spec](h))
    assert "misère" in game.misere_position([1, 2, 3])._repr_html_()
    if spec == "kayles":  # heap 5 is wild: small sums with it are searched
        assert methods == {"tame", "judge"}


def test_grundys_game_against_brute_force():
    game = grundy.Game("grundy")
    wins, _ = brute(grundy_game_moves)
    for heaps in positions(3, 9):
        assert game.misere_outcome(list(heaps)) == ("N" if wins(normal(heaps)) else "P"), heaps


def bouton_misere(heaps):
    """Misère nim (Bouton, 1901): with every heap at most 1 the player to
    move loses iff the number of heaps of 1 is odd; else iff the nim-sum
    is 0."""
    if all(h <= 1 for h in heaps):
        return "P" if sum(heaps) % 2 == 1 else "N"
    return "P" if functools.reduce(lambda a, b: a ^ b, heaps, 0) == 0 else "N"


def test_misere_nim_is_boutons_rule():
    nim = grundy.Game("nim")
    for heaps in positions(4, 9):
        assert nim.misere_outcome(list(heaps)) == bouton_misere(heaps), heaps
        assert nim.misere_position(list(heaps)).method == "tame"
    # Large heaps: still the rule.
    assert nim.misere_outcome([999, 998, 1, 1]) == "N"
    assert nim.misere_outcome([999, 999, 1, 1]) == "P"


@pytest.mark.parametrize("spec,bound", [("nim", 7), ("grundy", 8), ("sub:1,3,4", 6)])
def test_quotient_answers_as_the_outcomes(spec, bound):
    game = grundy.Game(spec)
    q = game.misere_quotient(bound)
    assert (q.game, q.max_heap, len(q)) == (game.spec, bound, q.size)
    assert len(q.pretending) == bound + 1 and len(q.product) == q.size
    assert 0 not in q.p_portion  # the empty sum is won: the opponent moved last
    for heaps in positions(3, bound):
        assert q.outcome(list(heaps)) == game.misere_outcome(list(heaps)), heaps
    # Each representative maps to its element.
    for element, heaps in enumerate(q.representatives):
        assert q.element(heaps) == element
    with pytest.raises(ValueError, match="past this quotient's bound"):
        q.outcome([bound + 1])
    assert f"{q.size} elements" in q._repr_html_()


def test_misere_nim_quotient_up_to_3():
    # Plambeck and Siegel (2008): misère nim restricted to heaps 0..3
    # has the quotient of order 6 with a P-portion of 2 elements.
    q = grundy.Game("nim").misere_quotient(3)
    assert (q.size, len(q.p_portion)) == (6, 2)
    # The presentation rewrites every word to its element's normal form:
    # each element's normal form, read as a product of its generators'
    # heaps, maps back to that element.
    heap_of = dict(q.generators)
    for element, word in enumerate(q.elements):
        heaps = []
        for factor in ([] if word == "1" else word.split(" ")):
            letter, _, power = factor.partition("^")
            heaps += [heap_of[letter]] * int(power or 1)
        assert q.element(heaps) == element, word


def test_a_proved_period_answers_heaps_past_the_bound():
    # 0.75's pretending map repeats with period 2 from heap 8; the octal
    # window proves it once the bound reaches 2*8 + 2*2 + 2 - 1 = 21.
    short = grundy.Game("0.75").misere_quotient(20)
    assert short.period == (8, 2, False)
    with pytest.raises(ValueError, match="no period of its pretending map is proved"):
        short.element([21])
    q = grundy.Game("0.75").misere_quotient(21)
    assert q.period == (8, 2, True)
    larger = grundy.Game("0.75").misere_quotient(60)
    for n in range(22, 61):
        assert q.element([n]) == q.element([8 + (n - 8) % 2])
        # The larger quotient, from the rules, agrees on who wins.
        for m in range(0, 6):
            assert q.outcome([n, m]) == larger.outcome([n, m]), (n, m)


def test_a_misere_certificate_verifies(cli):
    text = subprocess.run(
        [cli.path, "--no-cache", "misere", "0.75", "--max-heap", "21", "--certificate", "-"],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout
    v = grundy.verify(text)
    assert (v.game, v.preperiod, v.period, v.checked_to, v.misere_elements) == ("0.75", 8, 2, 21, 8)
    with pytest.raises(grundy.CertificateError):
        grundy.verify(text.replace("period: 2", "period: 4"))


def test_genera():
    g = grundy.Game("kayles").genera(6)
    assert (g.game, g.to, len(g), g.first_wild) == ("0.77", 6, 7, 5)
    assert [h.heap for h in g] == list(range(7))
    assert g[0].genus == "0^120" and g[0].tame == "fickle" and g[0].misere == [1, 2, 0]
    assert g[2].tame == "firm" and g[5].tame is None and g[-1].heap == 6
    assert [h.normal for h in g] == grundy.Game("kayles").values(6).tolist()
    assert "wild" in g._repr_html_()
    assert grundy.Game("nim").genera(10).first_wild is None


def test_quotient_not_found_is_a_quotient_error():
    with pytest.raises(grundy.QuotientError, match="no misère quotient was found for heap 5"):
        grundy.Game("0.354").misere_quotient(6)
    assert issubclass(grundy.QuotientError, RuntimeError)


def test_misere_bad_input():
    kayles = grundy.Game("kayles")
    for call in (lambda: kayles.misere_outcome([3, 200_000]), lambda: grundy.Game("4.76").misere_outcome([20_000]), lambda: kayles.genera(10**5),
                 lambda: kayles.misere_quotient(2000), lambda: kayles.misere_outcome(-1),
                 lambda: kayles.misere_winning_moves([3], limit=-1),
                 lambda: kayles.misere_winning_moves([3], limit=10**7),
                 lambda: kayles.genera(-1), lambda: kayles.misere_quotient(2**64),
                 lambda: kayles.misere_position([1, -2])):
        with pytest.raises(ValueError):
            call()
    for call in (lambda: grundy.Game("wythoff").misere_outcome([1, 2]),
                 lambda: grundy.Game("stone").genera(5),
                 lambda: grundy.Game("wythoff").misere_quotient(3)):
        with pytest.raises(ValueError, match="misère play applies to sums of heaps"):
            call()


def test_misere_progress_can_stop():
    # The genera of Kayles past heap 40 take many seconds (wild heaps are
    # searched): the callback is called and stops it at once.
    seen = []

    def stop(done, total):
        seen.append((done, total))
        return False

    start = time.monotonic()
    with pytest.raises(grundy.Interrupted):
        grundy.Game("kayles").genera(60, progress=stop)
    assert seen and time.monotonic() - start < 2
    with pytest.raises(grundy.Interrupted):
        grundy.Game("kayles").misere_outcome([40, 41, 42], progress=lambda d, t: False)


def test_ctrl_c_stops_a_misere_search_within_a_second():
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.5, interrupt)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            grundy.Game("kayles").genera(80)  # minutes
    finally:
        timer.cancel()
    assert sent, "the computation ended before the signal was sent"
    assert time.monotonic() - sent[0] < 1.0


# The command line's `--misere` answers, field by field.

@pytest.mark.parametrize("spec,heaps", [("kayles", [2, 3]), ("kayles", [5, 5]), ("kayles", [3, 3]),
                                        ("0.07", [2, 2, 2]), ("nim", [1, 1, 4]),
                                        ("sub:1,3,4", [4, 6, 9]), ("grundy", [7, 10])])
def test_move_agrees_with_cli(cli, spec, heaps):
    p = grundy.Game(spec).misere_position(heaps)
    answer = cli("move", spec, *heaps, "--misere")
    assert answer["play"] == "misere"
    if p.quotient is not None:
        assert answer["quotient"] == dict(zip(["max_heap", "size", "every_heap"], p.quotient))
    else:
        assert "quotient" not in answer
    mine = {"game": p.game, "position": p.heaps, "winning": p.winning, "method": p.method,
            "total_winning_moves": p.total_winning_moves,
            "moves": [{"heap": m.heap, "from": m.from_, "to": list(m.to)} for m in p.moves]}
    assert mine == {k: answer[k] for k in mine}


@pytest.mark.parametrize("spec,to", [("kayles", 20), ("nim", 12), ("0.07", 30), ("sub:1,3,4", 30),
                                     ("grundy", 25)])
def test_genera_agree_with_cli(cli, spec, to):
    g = grundy.Game(spec).genera(to)
    answer = cli("values", spec, "--to", to, "--misere")
    assert (g.game, g.to, g.first_wild) == (answer["game"], answer["to"], answer["first_wild"])
    mine = [{"heap": h.heap, "genus": h.genus, "normal": h.normal, "misere": h.misere,
             **({"tame": h.tame} if h.tame else {})} for h in g]
    assert mine == answer["heaps"]


@pytest.mark.parametrize("spec,bound", [("nim", 3), ("grundy", 8), ("sub:1,3,4", 6),
                                        ("0.75", None), ("kayles", None)])
def test_quotient_agrees_with_cli(cli, spec, bound):
    # With no bound, the quotient of every heap, as `grundy misere GAME`.
    q = grundy.Game(spec).misere_quotient(bound)
    answer = cli("misere", spec, *(() if bound is None else ("--max-heap", bound)))
    if bound is None:
        assert q.period[2], "the period is proved"
    mine = {k: getattr(q, k) for k in ("game", "max_heap", "size", "p_portion", "pretending",
                                       "representatives", "product", "relations", "elements")}
    mine["generators"] = [{"name": name, "heap": heap} for name, heap in q.generators]
    period = answer.pop("period")
    assert q.period == (None if period is None else
                        (period["preperiod"], period["period"], period["proved"]))
    assert mine == answer


def test_no_quotient_of_every_heap_is_one_clear_error():
    with pytest.raises(ValueError, match="no periodicity theorem applies"):
        grundy.Game("nim").misere_quotient()
    with pytest.raises(grundy.QuotientError, match="no misère quotient of every heap of 4.76"):
        grundy.Game("4.76").misere_quotient()


def test_wild_heaps_of_any_size_are_read_from_the_quotient():
    # Kayles' pretending map has a proved period: its quotient covers every
    # heap, and each move it lists leaves a position lost for the opponent.
    kayles = grundy.Game("kayles")
    # Four heaps near 30 are past the small search tried first.
    assert kayles.misere_position([30, 29, 28, 27]).method == "quotient"
    p = kayles.misere_position([5, 50000, 777], limit=1000)
    assert p.method == "quotient"
    bound, size, every_heap = p.quotient
    assert every_heap and bound < 1000 and size % 2 == 0
    assert "quotient" in p.sentence
    assert p.total_winning_moves == len(p.moves) > 0
    for m in p.moves[:50]:
        assert kayles.misere_outcome(m.after([5, 50000, 777])) == "P"
    with pytest.raises(ValueError, match="too large"):
        kayles.misere_position([100001])
