"""The seeds' problems (Project Euler 306, 310, 260), computed: only the
numbers the seed documents themselves state are written here; the rest is
checked by computing the same answer a second, independent way."""

import numpy as np

import grundy


def test_pe306_paper_strip_small_cases_from_the_statement():
    strip = grundy.Game("paper-strip")
    assert strip.count(5).wins == 3
    assert strip.count(50).wins == 40
    # The seed's brute force: the first lost strips.
    values = strip.values(25)
    assert [n for n in range(1, 26) if values[n] == 0] == [1, 5, 9, 15, 21, 25]


def test_pe306_paper_strip_to_a_million_two_ways():
    strip = grundy.Game("paper-strip")
    # Counted by the library from the proved period...
    p = strip.period()
    assert p.status == "proved" and p.saltus == 0
    c = strip.count(10**6)
    assert c.wins + c.losses == 10**6
    # ...and here from the first values and the period's two numbers alone.
    first = strip.values(p.preperiod + p.period - 1)

    def g(n):
        if n < p.preperiod:
            return first[n]
        return first[p.preperiod + (n - p.preperiod) % p.period]

    losses = sum(1 for n in range(1, 10**6 + 1) if g(n) == 0)
    assert c.losses == losses
    # The table agrees with the period where both are computed.
    table = strip.values(20_000)
    assert all(table[n] == g(n) for n in range(20_001))
    assert strip.count(20_000).losses == int(np.count_nonzero(table[1:] == 0))


def multisets_of_three_with_xor_zero(values):
    """Lost positions of three heaps a <= b <= c (a sum of three heaps is
    lost iff the values' XOR is 0), counted from the values' histogram by
    Burnside's lemma over the orderings: (ordered + 3 * with two equal +
    2 * all equal) / 6."""
    h = np.bincount(values).astype(object)
    size = 1 << int(max(1, int(values.max())).bit_length())
    h = np.concatenate([h, np.zeros(size - len(h), dtype=object)])
    ordered = 0
    for v1 in range(size):
        if h[v1]:
            for v2 in range(size):
                ordered += h[v1] * h[v2] * h[v1 ^ v2]
    n = len(values)
    two_equal = n * h[0]  # (a, a, c): G(c) = 0
    all_equal = h[0]  # (a, a, a): G(a) = 0
    total = ordered + 3 * two_equal + 2 * all_equal
    assert total % 6 == 0
    return total // 6


def test_pe310_nim_square_statement_and_a_second_way():
    squares = grundy.Game("nim-square")
    assert squares.count(29, heaps=3).losses == 1160
    for to in (29, 1000, 100_000):
        values = squares.values(to)
        assert squares.count(to, heaps=3).losses == multisets_of_three_with_xor_zero(values)


def stone_p_positions_brute(n):
    """Project Euler 260's rules: take the same positive amount from one,
    two or all three heaps; positions sorted."""
    lost = set()
    moves = [m for m in ((1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (1, 0, 1), (0, 1, 1), (1, 1, 1))]
    for s in range(3 * n + 1):
        for x in range(n + 1):
            for y in range(x, n + 1):
                z = s - x - y
                if z < y or z > n:
                    continue
                pos = (x, y, z)
                wins = False
                for m in moves:
                    k = 1
                    while all(p - k * d >= 0 for p, d in zip(pos, m)) and not wins:
                        after = tuple(sorted(p - k * d for p, d in zip(pos, m)))
                        wins = after in lost
                        k += 1
                    if wins:
                        break
                if not wins:
                    lost.add(pos)
    return lost


def test_pe260_stone_game():
    assert grundy.ppos("stone", 100).sum == 173895  # the seed's S(100)
    small = grundy.ppos("stone", 14)
    found = list(small)
    assert set(found) == stone_p_positions_brute(14)
    assert len(found) == len(set(found)) == small.count
    assert sum(map(sum, found)) == small.sum
