"""Where the tests find the repository and their data files, wherever the test module sits."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data"
EXAMPLES = REPO / "examples"
