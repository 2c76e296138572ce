"""The catalogs hold every message the code marks, translated, and nothing else: each message found in deckcli's
modules (the way babel.cfg says) and in the installed Click is in each ``.po``, none untranslated, fuzzy or obsolete,
each translation keeping the message's placeholders; the ``.pot`` is up to date and each committed ``.mo`` is what
compiling its ``.po`` gives."""

from __future__ import annotations

import io
import string
import sys
from pathlib import Path

import click
import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import paths  # tests/support/paths.py

LOCALE = paths.REPO / "deckcli" / "locale"
LANGUAGES = sorted(p.name for p in LOCALE.iterdir() if p.is_dir())
FIX = "run the extraction, update and compile commands of CONTRIBUTING.md (Messages and languages)"


def _extracted(folder: Path) -> set[str | tuple[str, str]]:
    """The messages of the modules under ``folder``, found as ``pybabel extract -F babel.cfg`` finds them."""
    if str(paths.REPO) not in sys.path:
        sys.path.insert(0, str(paths.REPO))  # babel.cfg's method, scripts/babel_click.py
    with open(paths.REPO / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    return {found[2] for found in extract_from_dir(folder, method_map, options_map, DEFAULT_KEYWORDS)}


DECKCLI = _extracted(paths.REPO)
CLICK = _extracted(Path(click.__file__).parent)


def _catalog(path: Path, locale: str | None = None):
    with open(path, "rb") as po:
        return read_po(po, locale=locale)


def _fields(text: str) -> set[str]:
    """The placeholders of a message: ``{name}`` fields (conversions and specs aside) and ``%(name)s``."""
    names = {field.split(".")[0].split("[")[0] for _, field, _, _ in string.Formatter().parse(text) if field}
    percent = {part.partition(")")[0] for part in text.split("%(")[1:]}
    return names | percent


def test_the_code_marks_messages_and_click_has_its_own():
    assert "Usage:" in CLICK and "Show this message and exit." in CLICK
    assert "give at least one decklist FILE or --deck NAME" in DECKCLI
    assert ("{count} problem", "{count} problems") in DECKCLI  # words.plural's entry
    assert "Read every deck as a deck of this game." in DECKCLI  # an option's help, found without a mark


def test_the_template_is_up_to_date():
    template = {m.id for m in _catalog(LOCALE / "deckcli.pot") if m.id}
    assert template == DECKCLI | CLICK, f"deckcli.pot is out of date: {FIX}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_and_nothing_else(language):
    catalog = _catalog(LOCALE / language / "LC_MESSAGES" / "deckcli.po", language)
    held = {m.id for m in catalog if m.id}
    missing_click = CLICK - held
    assert not missing_click, (
        f"{language}: Click {click.__version__} has strings the catalog lacks (a new Click release?): {FIX}:"
        f" {sorted(map(str, missing_click))}"
    )
    assert not DECKCLI - held, f"{language}: messages missing from the catalog ({FIX}): {sorted(map(str, DECKCLI - held))}"
    assert not held - DECKCLI - CLICK, f"{language}: stale entries ({FIX}): {sorted(map(str, held - DECKCLI - CLICK))}"
    assert not catalog.obsolete, f"{language}: obsolete (#~) entries: {list(catalog.obsolete)}"
    for message in catalog:
        if not message.id:
            continue
        assert not message.fuzzy, f"{language}: fuzzy entry {message.id!r}"
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert len(forms) == catalog.num_plurals if message.pluralizable else len(forms) == 1, message.id
        assert all(forms), f"{language}: untranslated {message.id!r}"
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        kept = set.intersection(*map(_fields, ids))  # what every form must keep ({count}, not Click's {possibility})
        known = set.union(*map(_fields, ids))
        for form in forms:
            assert kept <= _fields(form) <= known, f"{language}: {form!r} does not keep the placeholders of {ids}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_compiled_catalog_is_its_po_compiled(language):
    folder = LOCALE / language / "LC_MESSAGES"
    compiled = io.BytesIO()
    write_mo(compiled, _catalog(folder / "deckcli.po", language))
    assert (folder / "deckcli.mo").read_bytes() == compiled.getvalue(), f"{language}: deckcli.mo is stale: {FIX}"


def test_japanese_and_russian_are_there():
    assert {"ja", "ru"} <= set(LANGUAGES)
