"""``validate`` is one library call (issue 34): a typed :class:`ValidateRequest` in, a :class:`ValidateResult` out,
each deck a :class:`DeckReport` (its ``as_dict()`` the ``--json`` object) and a deck that cannot be read an
:class:`Unreadable` with its message and where; ``cli/validate.py`` only parses, calls and prints."""

from __future__ import annotations

import ast
from functools import partial

import pytest

import paths  # tests/support/paths.py
from deckcli.collection.owned import not_owned_problems
from deckcli.errors import NoSuchFormat
from deckcli.legality.reports import DeckReport, DeckReporter, ValidateRequest, validate
from deckcli.legality.resolved import Unreadable

EXAMPLE = str(paths.REPO / "examples" / "ember-rush.txt")


def test_one_call_gives_typed_reports_the_summary_and_the_exit_decision(db, tmp_path):
    short = tmp_path / "short.txt"
    short.write_text("Game: boa\n4 Ember Whelp\n", encoding="utf-8")
    result = validate(db, ValidateRequest(files=(EXAMPLE, str(short))))
    good, bad = result.reports
    assert isinstance(good, DeckReport) and (good.file, good.game, good.format, good.legal) == (
        EXAMPLE, "boa", "boa-standard", True)
    assert bad.legal is False and [p.rule for p in bad.problems] == ["main-size"]
    assert (result.legal, result.passed) == (1, False)
    assert bad.as_dict() == {
        "file": str(short), "game": "boa", "format": "boa-standard", "legal": False,
        "problems": [{"rule": "main-size", "message": "Main Deck has 4 cards; boa-standard needs 50–60",
                      "zone": "main", "count": 4}],
    }


def test_a_deck_that_cannot_be_read_is_unreadable_with_its_message_and_where(db, tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    reporter = DeckReporter(db)
    label, deck = reporter.open(str(empty))
    assert deck == Unreadable(label, f"{label}: empty decklist")
    (report,) = validate(db, ValidateRequest(files=(str(empty),), game="boa")).reports
    assert report == DeckReport.unreadable(deck, "boa", None)
    assert report.as_dict() == {"file": label, "game": "boa", "format": None, "legal": False,
                                "problems": [{"rule": "parse", "message": f"{label}: empty decklist"}]}


def test_not_owned_cards_fail_the_exit_status_but_not_the_verdict(db):
    result = validate(db, ValidateRequest(files=(EXAMPLE,), owned=partial(not_owned_problems, db)))
    (report,) = result.reports
    assert (report.legal, report.owned, report.passed, result.passed) == (True, False, False, False)
    assert report.not_owned == 22 and list(report.as_dict())[-2:] == ["owned", "problems"]


def test_all_formats_pass_when_each_deck_is_legal_in_one_and_dated_formats_name_their_version(db):
    from datetime import date

    result = validate(db, ValidateRequest(files=(EXAMPLE,), all_formats=True, day=date(2026, 7, 1)))
    by_format = {r.format: r for r in result.reports}
    assert by_format["boa-standard"].legal and not by_format["boa-advanced"].legal and result.passed
    assert (by_format["boa-advanced"].dated, by_format["boa-advanced"].version) == (True, "2026-06-01")
    assert "version" not in by_format["boa-standard"].as_dict()


def test_a_format_naming_nothing_raises_its_own_error(db):
    with pytest.raises(NoSuchFormat, match="nope"):
        validate(db, ValidateRequest(files=(EXAMPLE,), format_names=("nope",)))


def test_no_function_of_the_validate_command_is_over_50_lines():
    tree = ast.parse((paths.REPO / "deckcli" / "cli" / "validate.py").read_text(encoding="utf-8"))
    sizes = {n.name: n.end_lineno - n.lineno + 1 for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    assert sizes["validate"] and max(sizes.values()) <= 50, sizes


def test_the_command_shows_a_format_that_cannot_be_used_as_a_usage_error(run):
    result = run("validate", EXAMPLE, "--format", "nope")
    assert result.exit_code == 2
    assert "Invalid value for '--format' / '-f': unknown format 'nope'; known formats: aqa-extreme" in result.stderr


@pytest.mark.parametrize("command", [("validate",), ("odds", "--want", "1+ kind=spell")])
def test_a_format_file_that_cannot_be_used_is_the_commands_error_in_validate_as_in_odds(run, tmp_path, command):
    """What is inside a --format file is the command's business (exit 1, no usage line), in validate as everywhere."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "bad", "game": "boa", "extends": "nosuch"}', encoding="utf-8")
    result = run(*command, EXAMPLE, "--format", str(bad))
    assert result.exit_code == 1 and "Usage:" not in result.stderr
    assert "unknown format 'nosuch'" in result.stderr and "Invalid value" not in result.stderr
