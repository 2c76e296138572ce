"""A count in a message takes the form its language gives it (words.plural through ngettext: Russian has three,
Japanese one), while the text itself, which --json and files carry, stays English."""

from __future__ import annotations

import json
import os
import subprocess
import sys

SCRIPT = """
import json
from deckcli.i18n import translated
from deckcli.words import plural
print(json.dumps([[str(plural(n, "card")), translated(plural(n, "card"))] for n in (1, 2, 5, 11, 21, 22, 25)]))
"""


def _counts(language: str) -> list[list[str]]:
    env = {**os.environ, "DECKCLI_LANG": language}
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def test_russian_counts_take_three_forms():
    assert _counts("ru") == [
        ["1 card", "1 карта"],
        ["2 cards", "2 карты"],
        ["5 cards", "5 карт"],
        ["11 cards", "11 карт"],
        ["21 cards", "21 карта"],
        ["22 cards", "22 карты"],
        ["25 cards", "25 карт"],
    ]


def test_japanese_counts_take_one_form_and_english_two():
    assert [shown for _, shown in _counts("ja")] == ["1枚", "2枚", "5枚", "11枚", "21枚", "22枚", "25枚"]
    assert [shown for _, shown in _counts("en")] == ["1 card", "2 cards", "5 cards", "11 cards", "21 cards", "22 cards", "25 cards"]
