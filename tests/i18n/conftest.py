"""The runner of the translated-output tests: deckcli in a fresh process under a locale (tests/support/localized.py)."""

from __future__ import annotations

import pytest
from localized import localized_runner


@pytest.fixture
def deckcli(tmp_path):
    """``deckcli(locale, *args, **env)``; the runs of one test share a data folder."""
    return localized_runner(tmp_path / "data")
