"""Which language deckcli speaks: DECKCLI_LANG, else LC_ALL, LC_MESSAGES, LANG in gettext's order; C, POSIX and a
language without a catalog are English."""

from __future__ import annotations

import pytest

from deckcli.i18n import language


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "ru_RU"}, "ru"),
        ({"LANG": "ja"}, "ja"),
        ({"LANG": "ru_UA.KOI8-U"}, "ru"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "../../../etc"}, "en"),
        ({"LC_ALL": "ru_RU.UTF-8", "LANG": "ja_JP.UTF-8"}, "ru"),
        ({"LC_MESSAGES": "ja_JP.UTF-8", "LANG": "ru_RU.UTF-8"}, "ja"),
        ({"LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "ru_RU.UTF-8"}, "ja"),
        ({"LC_ALL": "", "LANG": "ru_RU.UTF-8"}, "ru"),  # an empty variable is not set
        ({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, "en"),  # LC_ALL=C: English, as gettext has it
        ({"DECKCLI_LANG": "ja", "LANG": "ru_RU.UTF-8"}, "ja"),
        ({"DECKCLI_LANG": "en", "LC_ALL": "ja_JP.UTF-8"}, "en"),  # English forced
        ({"DECKCLI_LANG": "ru_RU.UTF-8"}, "ru"),
        ({"DECKCLI_LANG": "de", "LANG": "ja_JP.UTF-8"}, "en"),  # DECKCLI_LANG decides, even for a language deckcli lacks
        ({"DECKCLI_LANG": "", "LANG": "ja_JP.UTF-8"}, "ja"),
    ],
)
def test_language_choice(environ, expected):
    assert language(environ) == expected
