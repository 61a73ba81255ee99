"""The example notebook runs top to bottom (executed with nbclient)."""

import os
import pathlib
import time

import pytest

NOTEBOOK = pathlib.Path(__file__).resolve().parents[1] / "examples" / "grundy.ipynb"


def test_notebook_runs(monkeypatch):
    if os.environ.get("GRUNDY_CI") != "1":
        pytest.importorskip("nbclient")
        pytest.importorskip("matplotlib")
    import nbclient
    import nbformat

    # The kernel draws inline, as in a notebook, whatever backend the tests use.
    monkeypatch.delenv("MPLBACKEND", raising=False)
    nb = nbformat.read(NOTEBOOK, as_version=4)
    start = time.monotonic()
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    text = "".join(str(o.get("data", {}).get("text/plain", "")) + o.get("text", "") for o in outputs)
    assert "1160" in text and "refused" in text and "loses" in text and "quotient" in text
    assert any("image/png" in o.get("data", {}) for o in outputs), "the plot was not drawn"
    assert time.monotonic() - start < 120
