"""examples/tour.ipynb runs from top to bottom, and is kept without outputs."""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat", reason="the docs extra (pip install -e .[docs])")
nbclient = pytest.importorskip("nbclient", reason="the docs extra (pip install -e .[docs])")

TOUR = Path(__file__).parent.parent / "examples" / "tour.ipynb"


def test_the_tour_is_stored_without_outputs() -> None:
    # Outputs would make every change to the engine a diff of the notebook,
    # and could go stale; this test runs it instead.
    nb = nbformat.read(TOUR, as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.source[:60]


def test_the_tour_runs(tmp_path: Path) -> None:
    nb = nbformat.read(TOUR, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()  # raises CellExecutionError, with the cell and its traceback
    assert not list(tmp_path.iterdir()), "the tour wrote files"
