"""A row the database refused that no command turned into its own message (a write racing another client's, a card
removed by ``cards import`` while ``deck add`` names it) is said as what it is, exit 1, never "internal error"."""

from __future__ import annotations

import sqlite3

from deckcli.storage.writes import ConstraintViolation


def _refuse(*_args, **_kwargs):
    raise ConstraintViolation(sqlite3.IntegrityError("FOREIGN KEY constraint failed"))


def test_a_refused_row_is_said_as_a_write_to_run_again(run, monkeypatch):
    monkeypatch.setattr("deckcli.decks.store.create_deck", _refuse)
    refused = run("deck", "new", "Ember", "--game", "boa")
    assert refused.exit_code == 1
    assert refused.stderr == (
        "Error: the database refused the change (FOREIGN KEY constraint failed): another client may have written the "
        "same rows at the same moment. Nothing was written; run the command again.\n"
    )
    assert "internal error" not in refused.output
    assert "Ember" not in run("deck", "list").stdout
