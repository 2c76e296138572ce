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


#: A value longer than any file name (255 bytes on the common file systems).
TOO_LONG = "x" * 300 + ".UTF-8"


@pytest.mark.parametrize("variable", ["DECKCLI_LANG", "LC_ALL", "LC_MESSAGES", "LANG"])
def test_a_language_longer_than_a_file_name_is_english(variable):
    assert language({variable: TOO_LONG}) == "en"
    assert language({variable: "ja_" + "J" * 300}) == "ja"  # the language part still counts, as for ja_XX


@pytest.mark.parametrize("variable", ["DECKCLI_LANG", "LC_ALL", "LC_MESSAGES", "LANG"])
@pytest.mark.parametrize("args", [["--help"], ["--version"], ["formats"]], ids=["help", "version", "formats"])
def test_a_language_longer_than_a_file_name_runs_every_command(variable, args, tmp_path):
    """Each variable, set to a value no file can be named, on start-up's paths (``--help``, ``--version``) and a
    real command: English, exit 0, and no traceback or warning on stderr (a language deckcli has no catalog of)."""
    import os
    import subprocess
    import sys

    environ = {k: v for k, v in os.environ.items() if k not in ("DECKCLI_LANG", "LC_ALL", "LC_MESSAGES", "LANG")}
    environ.update({variable: TOO_LONG, "DECKCLI_DATA_DIR": str(tmp_path), "HOME": str(tmp_path)})
    done = subprocess.run(
        [sys.executable, "-m", "deckcli", *args], capture_output=True, text=True, env=environ, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    expected = {"--help": "Usage: deckcli", "--version": "deckcli, version", "formats": "boa-standard"}
    assert expected[args[0]] in done.stdout
