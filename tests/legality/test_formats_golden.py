"""``deckcli formats`` and ``formats show`` byte for byte as they were when their results became types (issue 34 item
2): the listing (table, ``--json``, ``--csv``) and a boa, an aqa and an sfb format with dated versions, card limits,
a labelled zone and each rule a format may state, in English, Japanese and Russian, against the files of
``tests/data/formats/golden/``.

Each case runs in a fresh process under its locale (``tests/support/localized.py``) on a wide terminal; the
repository's path in ``file:`` is written ``<repo>``. ``PYTHONPATH=tests/support python
tests/legality/test_formats_golden.py`` writes the files anew (after a change of output meant to be seen: read the
diff)."""

from __future__ import annotations

from pathlib import Path

import pytest

import paths  # tests/support/paths.py
from localized import localized_runner

GOLDEN = paths.DATA / "formats" / "golden"
LEAGUE = paths.DATA / "formats" / "golden-league.json"
LOCALES = {"en": "C", "ja": "ja_JP.UTF-8", "ru": "ru_RU.UTF-8"}

#: Case name -> the command's arguments and the languages it is compared in (``--json``/``--csv``: English only, as
#: every language prints them the same, tests/i18n/test_translated_core.py).
CASES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "list": (("formats",), ("en", "ja", "ru")),
    "list-json": (("formats", "--json"), ("en",)),
    "list-csv": (("formats", "--csv"), ("en",)),
    "boa-advanced-before": (("formats", "show", "boa-advanced", "--date", "2026-05-01"), ("en", "ja", "ru")),
    "boa-advanced-before-json": (("formats", "show", "boa-advanced", "--date", "2026-05-01", "--json"), ("en",)),
    "boa-advanced-after": (("formats", "show", "boa-advanced", "--date", "2026-07-01"), ("en",)),
    "boa-advanced-after-json": (("formats", "show", "boa-advanced", "--date", "2026-07-01", "--json"), ("en",)),
    "aqa-yome": (("formats", "show", "aqa-yome", "--date", "2026-05-01"), ("en", "ja", "ru")),
    "aqa-yome-json": (("formats", "show", "aqa-yome", "--date", "2026-05-01", "--json"), ("en",)),
    "aqa-extreme": (("formats", "show", "aqa-extreme", "--date", "2026-05-01"), ("en", "ja")),
    "aqa-extreme-json": (("formats", "show", "aqa-extreme", "--date", "2026-05-01", "--json"), ("en",)),
    "sfb-standard": (("formats", "show", "sfb-standard", "--date", "2026-05-01"), ("en", "ja", "ru")),
    "sfb-standard-json": (("formats", "show", "sfb-standard", "--date", "2026-05-01", "--json"), ("en",)),
    "sfb-pool": (("formats", "show", "sfb-pool", "--date", "2026-05-01"), ("en", "ja", "ru")),
    "sfb-pool-json": (("formats", "show", "sfb-pool", "--date", "2026-05-01", "--json"), ("en",)),
    "league": (("formats", "show", str(LEAGUE), "--date", "2026-05-01"), ("en", "ja", "ru")),
    "league-json": (("formats", "show", str(LEAGUE), "--date", "2026-05-01", "--json"), ("en",)),
}
PARAMS = [(case, lang) for case, (_, langs) in CASES.items() for lang in langs]


def _output(run, case: str, lang: str) -> str:
    """The case's standard output in ``lang`` (the repository's path as ``<repo>``); it must exit 0, silently."""
    result = run(LOCALES[lang], *CASES[case][0], COLUMNS="250")
    assert result.returncode == 0 and not result.stderr, result.stderr
    return result.stdout.replace(str(paths.REPO), "<repo>")


def _golden(case: str, lang: str) -> Path:
    return GOLDEN / f"{case}.{lang}.txt"


@pytest.mark.parametrize(("case", "lang"), PARAMS, ids=[f"{c}-{lang}" for c, lang in PARAMS])
def test_formats_output_is_the_golden_file(tmp_path, case, lang):
    run = localized_runner(tmp_path / "data")
    assert _output(run, case, lang) == _golden(case, lang).read_text(encoding="utf-8")


def test_every_golden_file_is_a_case():
    assert sorted(p.name for p in GOLDEN.iterdir()) == sorted(_golden(c, lang).name for c, lang in PARAMS)


if __name__ == "__main__":  # write the golden files anew
    import tempfile

    GOLDEN.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        runner = localized_runner(Path(folder))
        for name, language in PARAMS:
            _golden(name, language).write_text(_output(runner, name, language), encoding="utf-8")
