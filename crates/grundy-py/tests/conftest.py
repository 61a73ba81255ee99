"""Shared fixtures: a fresh solver for each test, and the command line."""

import json
import os
import pathlib
import subprocess

import pytest

import grundy

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def fresh_solver():
    """Each test starts with a solver that holds no values (no store)."""
    grundy.configure()
    yield
    grundy.configure()


@pytest.fixture(scope="session")
def cli():
    """Runs the `grundy` binary with `--format json` and returns the parsed
    answer. GRUNDY_CLI names the binary (`.ci/python` builds it and sets
    it, so a missing binary fails there); by default target/debug/grundy."""
    path = os.environ.get("GRUNDY_CLI")
    if path is None:
        path = ROOT / "target" / "debug" / "grundy"
        if not path.exists():
            pytest.skip("no target/debug/grundy: run `cargo build -p grundy-cli` or set GRUNDY_CLI")
    path = str(path)
    assert os.path.exists(path), f"GRUNDY_CLI={path} does not exist"

    def run(*args):
        done = subprocess.run(
            [path, "--no-cache", *map(str, args), "--format", "json"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    run.path = path
    return run


@pytest.fixture(autouse=True)
def sigint_raises_keyboard_interrupt():
    """Ctrl-C raises KeyboardInterrupt during every test, as at a terminal.

    A process started in the background by a shell (`cmd &`, a CI runner)
    inherits SIGINT ignored, and Python then installs no handler of its
    own: the tests that send SIGINT would see nothing. Python's default
    handler is installed for each test and the one before put back.
    """
    import signal

    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
