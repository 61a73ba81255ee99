"""The type stubs describe the module as it is (mypy's stubtest) and are
themselves well typed (mypy --strict)."""

import os
import pathlib
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parents[1]


def mypy_or_skip():
    if os.environ.get("GRUNDY_CI") != "1":
        pytest.importorskip("mypy")


def run(args, cwd):
    done = subprocess.run([sys.executable, "-m", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_stubs_match_the_module(tmp_path):
    mypy_or_skip()
    # Run outside the source tree, so that the installed package is checked.
    run(["mypy.stubtest", "grundy", "--allowlist", str(HERE / "stubtest-allowlist.txt")], tmp_path)


def test_stubs_type_check():
    mypy_or_skip()
    run(["mypy", "--strict", "grundy.pyi"], HERE)
