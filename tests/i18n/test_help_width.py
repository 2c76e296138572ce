"""Translated --help fits the terminal: a Japanese character takes two columns, and lines break between characters
by the Japanese rules (never before 。、）, never after （), where Click alone counted characters and broke at spaces."""

from __future__ import annotations

import re
import unicodedata
from itertools import pairwise

import pytest

#: Japanese punctuation a line must not begin with, and the brackets it must not end with (kinsoku).
NOT_FIRST, NOT_LAST = "、。）」", "（「"


def columns(line: str) -> int:
    """Terminal columns of ``line``, measured independently of deckcli: wide and full-width characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


@pytest.mark.parametrize("command", [["odds"], ["event", "register"], ["collection", "import"], ["deck", "export"]])
def test_japanese_help_fits_80_columns_and_keeps_the_line_break_rules(deckcli, command):
    shown = deckcli("ja_JP.UTF-8", *command, "--help", COLUMNS="80")
    assert shown.returncode == 0
    lines = shown.stdout.splitlines()
    assert any("オプション:" in line for line in lines)
    wrapped = [line for line in lines if not line.startswith("    deckcli ")]  # example commands are kept whole (\b)
    too_wide = [line for line in wrapped if columns(line) > 80]
    assert not too_wide, too_wide
    for before, after in pairwise(lines):
        if before.strip() and after.strip() and not after.strip().startswith("-"):
            assert after.strip()[0] not in NOT_FIRST, (before, after)
            assert before.rstrip()[-1] not in NOT_LAST, (before, after)


def test_japanese_help_marks_a_required_option_in_japanese(deckcli):
    shown = re.sub(r"\n\s*", "", deckcli("ja_JP.UTF-8", "odds", "--help", COLUMNS="80").stdout)  # unwrapped
    assert "[必須]" in shown and "required" not in shown


def test_russian_help_fits_80_columns_and_english_help_is_clicks_own(deckcli):
    russian = deckcli("ru_RU.UTF-8", "odds", "--help", COLUMNS="80").stdout
    assert "Параметры:" in russian or "Опции:" in russian
    assert all(columns(line) <= 80 for line in russian.splitlines() if not line.startswith("    deckcli "))
    english = deckcli("C", "odds", "--help", COLUMNS="80").stdout
    assert "[required]" in english and "Options:" in english
