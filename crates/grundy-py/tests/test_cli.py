"""The package answers as the command line's `--format json` does, on a
sample of games."""

import subprocess

import pytest

import grundy

HEAP_GAMES = ["kayles", "0.07", "0.137", "4.07", "hex:0.8f", "grundy", "nim", "sub:1,3,4",
              "nim-square", "allbut:1,2", "0.6"]


@pytest.mark.parametrize("spec", HEAP_GAMES)
def test_values(cli, spec):
    game = grundy.Game(spec)
    answer = cli("values", spec, "--to", 80)
    assert answer["game"] == game.spec
    assert game.values(80).tolist() == answer["values"]
    answer = cli("values", spec, "--from", 40, "--to", 80)
    assert game.values(80, start=40).tolist() == answer["values"]


@pytest.mark.parametrize("spec", HEAP_GAMES)
def test_period(cli, spec):
    p = grundy.Game(spec).period(max=3000)
    answer = cli("period", spec, "--max", 3000)
    mine = {k: getattr(p, k) for k in
            ("game", "preperiod", "period", "saltus", "status", "theorem", "bound", "checked_to", "sentence")}
    assert mine == answer


@pytest.mark.parametrize("spec", ["0.07", "kayles", "sub:1,3,4", "nim-square"])
def test_count(cli, spec):
    game = grundy.Game(spec)
    c = game.count(10**5)
    answer = cli("count", spec, "--to", 10**5)
    assert (c.wins, c.losses) == (answer["wins"], answer["losses"])
    c = game.count(40, heaps=3)
    assert c.losses == cli("count", spec, "--to", 40, "--heaps", 3)["losing"]


@pytest.mark.parametrize("spec,heaps", [("grundy", [5, 10, 20]), ("kayles", [3, 5, 7, 9]),
                                        ("0.07", [10**15, 7]), ("sub:1,3,4", [4, 4])])
def test_moves(cli, spec, heaps):
    p = grundy.Game(spec).position(heaps)
    answer = cli("move", spec, *heaps)
    assert p.value == answer["value"]
    assert p.winning == answer["winning"]
    assert [{"heap": m.heap, "from": m.from_, "to": list(m.to)} for m in p.moves] == answer["moves"]


@pytest.mark.parametrize("spec,heaps", [("stone", [3, 5, 7]), ("wythoff", [4, 7]), ("wythoff", [5, 9])])
def test_multiheap_move(cli, spec, heaps):
    p = grundy.Game(spec).position(heaps)
    answer = cli("move", spec, *heaps)
    assert p.winning == answer["winning"]
    if answer["move"] is None:
        assert p.moves == []
    else:
        [m] = p.moves
        assert {"heaps": m.heaps, "take": m.take, "to": m.to} == answer["move"]


@pytest.mark.parametrize("spec,to", [("stone", 60), ("wythoff", 1000), ("subsets:3:all", 30)])
def test_ppos(cli, spec, to):
    p = grundy.ppos(spec, to)
    answer = cli("ppos", spec, "--to", to)
    assert (p.count, p.sum) == (answer["count"], answer["sum"])


def test_certificate_checked_by_the_cli(cli, tmp_path):
    text = grundy.Game("0.137").period().certificate()
    path = tmp_path / "dawson.cert"
    path.write_text(text)
    done = subprocess.run([cli.path, "verify", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    v = grundy.verify(text)
    assert (v.game, v.preperiod, v.period) == ("0.137", 52, 34)
    broken = tmp_path / "broken.cert"
    broken.write_text(text.replace("period: 34", "period: 35"))
    done = subprocess.run([cli.path, "verify", str(broken)], capture_output=True, text=True)
    assert done.returncode != 0
    with pytest.raises(grundy.CertificateError):
        grundy.verify(broken.read_text())


@pytest.mark.parametrize("spec", ["kayls", "0.x", "sub:", "sub:0", "subsets:5:all"])
def test_bad_spec_message_is_the_clis(cli, spec):
    done = subprocess.run([cli.path, "move", spec, "1", "2", "3", "4", "5"], capture_output=True, text=True)
    assert done.returncode == 2
    with pytest.raises(ValueError) as e:
        grundy.Game(spec)
    assert done.stderr.strip() == f"error: {e.value}"
