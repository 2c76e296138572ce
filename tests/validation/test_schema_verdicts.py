"""Schema verdicts of deckcli's own data files: a passed game.json or bundled format is not checked again while its
text, the schemas and the release are unchanged; anything else (a changed or broken file, a garbled or forged
verdict file, a format given by path) is checked and its errors shown."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

import paths  # tests/support/paths.py
from deckcli.errors import GameDataError, InputError
from deckcli.files.jsonfiles import bundled_json
from deckcli.games import registry
from deckcli.legality import formats
from deckcli.validation import jsonschemas, verdicts

_REGISTRY_CACHES = (registry._game_files, registry.games, registry.zones, registry.section_headers, registry.default_zone)
_FORMAT_CACHES = (formats._bundled, formats._bundled_games, formats._bundled_format, bundled_json)


def _forget_all() -> None:
    verdicts.forget()
    for cached in _REGISTRY_CACHES + _FORMAT_CACHES:
        cached.cache_clear()


@pytest.fixture
def carddb(tmp_path, monkeypatch):
    """A private copy of carddb/ read instead of the bundled one, and nothing remembered yet."""
    folder = tmp_path / "carddb"
    shutil.copytree(paths.REPO / "carddb", folder)
    monkeypatch.setattr(registry, "carddb_dir", lambda: folder)
    monkeypatch.setattr(formats, "bundled_format_files", lambda: sorted(folder.glob("*/formats/*.json")))
    _forget_all()
    yield folder
    _forget_all()


@pytest.fixture
def counted_checks(monkeypatch):
    """The names of the schema checks run from now on (each still done by jsonschemas.schema_errors)."""
    calls: list[str] = []
    real = jsonschemas.schema_errors

    def counting(schema_name, instance, source, *args, **kwargs):
        calls.append(f"{schema_name} {source}")
        return real(schema_name, instance, source, *args, **kwargs)

    monkeypatch.setattr(jsonschemas, "schema_errors", counting)
    return calls


def _break_game(carddb: Path) -> Path:
    path = carddb / "boa" / "game.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    del doc["title"]
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _passed() -> list[str]:
    return json.loads(verdicts.verdicts_path().read_text(encoding="utf-8"))["passed"]


def test_a_passed_game_file_and_default_format_are_checked_once(carddb, counted_checks):
    assert formats.default_format("boa").name == "boa-standard"
    assert sorted(counted_checks) == [
        "format.schema.json boa-standard",
        *(f"game.schema.json {carddb / g / 'game.json'}" for g in ("aqa", "boa", "sfb")),
    ]
    assert len(_passed()) == 4 and Path(os.environ["DECKCLI_DATA_DIR"], "schema-verdicts.json").is_file()
    counted_checks.clear()
    _forget_all()  # a new process
    assert formats.default_format("boa").name == "boa-standard" and registry.game("boa").title == "Battle of Aeons"
    assert counted_checks == []


def test_a_changed_game_file_is_checked_again_and_its_error_shown(carddb, counted_checks):
    registry.games()
    _forget_all()
    path = _break_game(carddb)
    with pytest.raises(GameDataError) as info:
        registry.games()
    assert info.value.problems == [f"{path}: $: 'title' is a required property"]
    assert len(_passed()) == 3  # a failure is never remembered
    _forget_all()
    with pytest.raises(GameDataError, match="'title' is a required property"):
        registry.games()


@pytest.mark.parametrize("garbled", ["{not json", '{"format": 1, "passed": "all"}', '["x"]', '{"format": 99, "passed": []}'])
def test_a_garbled_verdict_file_gives_no_verdict(carddb, counted_checks, garbled):
    verdicts.verdicts_path().parent.mkdir(parents=True, exist_ok=True)
    verdicts.verdicts_path().write_text(garbled, encoding="utf-8")
    path = _break_game(carddb)
    with pytest.raises(GameDataError, match="'title' is a required property") as info:
        registry.games()
    assert str(path) in str(info.value)
    assert len(counted_checks) == 2  # aqa's file, then boa's (the games load in order and stop at the error)


def test_a_verdict_holds_only_for_the_text_schemas_and_release_it_was_made_for(carddb, counted_checks, monkeypatch):
    registry.games()
    remembered = _passed()
    path = _break_game(carddb)
    # Forged: every remembered digest (of the good files) and made-up ones; none is the broken file's digest.
    verdicts.verdicts_path().write_text(json.dumps({"format": 1, "passed": remembered + ["0" * 64, "f" * 64]}))
    _forget_all()
    with pytest.raises(GameDataError, match="'title' is a required property"):
        registry.games()
    shutil.copy(paths.REPO / "carddb" / "boa" / "game.json", path)
    _forget_all()
    counted_checks.clear()
    registry.games()
    assert counted_checks == []
    monkeypatch.setattr(verdicts, "__version__", "99.0")  # a new release checks its data again
    _forget_all()
    registry.games()
    assert len(counted_checks) == 3


def test_a_broken_bundled_format_is_checked_again(carddb):
    assert formats.load_format("boa-standard").name == "boa-standard"
    path = carddb / "boa" / "formats" / "boa-standard.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["opening"]["mulligan"] = "paris"
    path.write_text(json.dumps(doc), encoding="utf-8")
    _forget_all()
    with pytest.raises(InputError, match=r'invalid format file:\nboa-standard: .*"paris" is not one of:'):
        formats.load_format("boa-standard")


def test_a_format_given_by_path_is_checked_every_time_even_with_its_digest_remembered(carddb, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"name": "bad", "extends": "boa-standard", "banlist": ["Fireball"]}), encoding="utf-8")
    forged = verdicts._digest(formats.FORMAT_SCHEMA, path.read_text(encoding="utf-8"))
    verdicts.verdicts_path().parent.mkdir(parents=True, exist_ok=True)
    verdicts.verdicts_path().write_text(json.dumps({"format": 1, "passed": [forged]}), encoding="utf-8")
    _forget_all()
    for _ in range(2):
        with pytest.raises(InputError) as info:
            formats.load_format(str(path))
        assert "'banlist' was unexpected" in str(info.value) and "bad.json" in str(info.value)


def test_a_data_folder_that_cannot_be_written_remembers_nothing(carddb, tmp_path, monkeypatch, counted_checks):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("DECKCLI_DATA_DIR", str(blocker / "data"))
    for _ in range(2):
        _forget_all()
        assert registry.game("boa").title == "Battle of Aeons"
    assert len(counted_checks) == 6 and not (blocker / "data").exists()


def test_the_verdicts_are_written_by_the_one_writer_which_never_writes_over_a_database(
    carddb, tmp_path, monkeypatch, counted_checks
):
    """verdicts.py writes through deckcli.files.writing (no temp-file-and-replace of its own): a database found
    where the verdicts go is never replaced, the passes are just not remembered."""
    import sqlite3

    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("DECKCLI_DATA_DIR", str(data))
    with sqlite3.connect(data / verdicts.VERDICTS_FILE) as made:
        made.execute("create table kept (x)")
    made.close()
    before = (data / verdicts.VERDICTS_FILE).read_bytes()
    for _ in range(2):
        _forget_all()
        assert registry.game("boa").title == "Battle of Aeons"
    assert len(counted_checks) == 6 and (data / verdicts.VERDICTS_FILE).read_bytes() == before
    assert sorted(p.name for p in data.iterdir()) == [verdicts.VERDICTS_FILE]
