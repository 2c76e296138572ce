"""deckcli run as a player's shell runs it, under a given locale: a fresh process whose environment sets ``LANG`` and
no other variable that chooses a language (the suite pins English through ``DECKCLI_LANG``), on one data folder."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

#: The variables that would choose a language; each run sets only ``LANG`` (and what it is given).
LANGUAGE_VARIABLES = ("DECKCLI_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def localized_runner(data: Path) -> Callable[..., subprocess.CompletedProcess]:
    """``run(locale, *args, **more)``: ``deckcli ARGS`` with ``LANG=locale`` (and the variables ``more`` sets), its
    database in ``data`` (``run.folder``); every run of one runner shares it."""
    base = {k: v for k, v in os.environ.items() if k not in LANGUAGE_VARIABLES}
    base |= {"DECKCLI_DATA_DIR": str(data), "DECKCLI_DB": str(data / "deckcli.db")}

    def run(locale: str, *args: object, **more: str) -> subprocess.CompletedProcess:
        env = base | {"LANG": locale} | more
        return subprocess.run(
            [sys.executable, "-m", "deckcli", *map(str, args)], env=env, capture_output=True, text=True, check=False
        )

    run.folder = data  # type: ignore[attr-defined]
    return run


def assert_no_english(text: str, phrases: Sequence[str]) -> None:
    """None of the English ``phrases`` is left in ``text``, output that should read only in another language."""
    left = [phrase for phrase in phrases if phrase in text]
    assert not left, f"English left in the translated output: {left}\n{text}"
