"""The runner of the translated-output tests: deckcli in a fresh process under a locale (tests/support/localized.py)."""

from __future__ import annotations

import pytest

from localized import localized_runner


@pytest.fixture
def deckcli(tmp_path):
    """``deckcli(locale, *args, **env)``; the runs of one test share a data folder."""
    return localized_runner(tmp_path / "data")


@pytest.fixture(scope="module")
def module_deckcli(tmp_path_factory):
    """As ``deckcli``, one data folder (``.folder``) for the whole module, for tests that share what they set up."""
    return localized_runner(tmp_path_factory.mktemp("i18n"))
