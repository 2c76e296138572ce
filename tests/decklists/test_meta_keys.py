"""Metadata keys are checked character by character (no regex compiled at start-up): exactly what the documented
pattern ``META_KEY_PATTERN`` accepts, for keys alone and for ``Key: value`` / ``Key=value`` lines."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from deckcli.decklists.lines import meta_line
from deckcli.decklists.model import META_KEY_PATTERN, is_meta_key, key_value, meta_problem

_KEY = re.compile(META_KEY_PATTERN)
_COLON = re.compile(rf"(?P<key>{META_KEY_PATTERN})\s*:(?P<value>.*)")
_EQUALS = re.compile(rf"(?P<key>{META_KEY_PATTERN})\s*=(?P<value>.*)")

# Characters near every edge of the pattern's classes, and some whitespace the regex's \s and str.rstrip share.
_EDGES = "aZ09_- :=\t\n\r\x0b\x0c\x1c\u3000\u00a0\u2028\u303f\u3040\u3041\u3097\u309b\u30a0\u30fb\u30fc\u30ff\u3100" \
         "\u4dff\u4e00\u9fa5\u9fff\ua000éß\u0301\u00b2\u0663\U00020000"
_TEXT = st.text(alphabet=st.sampled_from(_EDGES) | st.characters(), max_size=40)


def _regex_pair(pattern: re.Pattern, line: str) -> tuple[str, str] | None:
    match = pattern.fullmatch(line)
    return (match.group("key"), match.group("value")) if match else None


def test_every_basic_plane_character_in_each_position_agrees_with_the_pattern():
    for code in range(0x10000):
        char = chr(code)
        for key in (char, "a" + char, char + "a", "a" + char + "a"):
            assert is_meta_key(key) == bool(_KEY.fullmatch(key)), (hex(code), key)


@settings(max_examples=400, deadline=None)
@given(_TEXT)
def test_keys_agree_with_the_pattern(key):
    assert is_meta_key(key) == bool(_KEY.fullmatch(key))


@settings(max_examples=400, deadline=None)
@given(_TEXT, st.sampled_from(["", " ", " \t", "\n"]), _TEXT)
def test_lines_split_as_the_pattern_splits_them(key, gap, value):
    for separator, pattern in ((":", _COLON), ("=", _EQUALS)):
        line = f"{key}{gap}{separator}{value}"
        assert key_value(line, separator) == _regex_pair(pattern, line), line
    assert meta_line(f"{key}{gap}:{value}") == _regex_pair(_COLON, f"{key}{gap}:{value}")


def test_known_lines():
    assert meta_line("Name:  Ember Rush ") == ("Name", "  Ember Rush ")
    assert meta_line("ネーム : 火") == ("ネーム", " 火")
    assert meta_line("4 Fireball") is None
    assert meta_line("Play er-1 \t: x") == ("Play er-1", " x")
    assert meta_line("-Player: x") is None
    assert key_value("Format=boa-standard", "=") == ("Format", "boa-standard")
    assert key_value("a" * 32 + "=x", "=") is None


def test_a_bad_key_is_still_reported():
    assert meta_problem("1st", "x") == (
        "bad metadata key '1st' (a letter first, then letters, digits, spaces or -, at most 31)"
    )
    assert meta_problem("Player", "Ann") is None
