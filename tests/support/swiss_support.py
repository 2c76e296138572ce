"""Helpers of the Swiss round tests: players registered fast (one legal boa deck each, one transaction) and the
commands of a round run through the CLI."""

from __future__ import annotations

from pathlib import Path

from event_decks import boa_deck, write_deck


def register_players(db, event: str, players: list[str], folder: Path) -> None:
    """Register ``players`` for the boa ``event`` with the same legal deck, in one transaction."""
    from deckcli.events.decks import PlayerDecklist
    from deckcli.events.registering import register_many

    folder.mkdir(parents=True, exist_ok=True)
    deck = write_deck(folder, "deck", boa_deck(0), "text", "Deck", "boa")
    register_many(db, event, [PlayerDecklist(p, p, path=str(deck)) for p in players], new_players=True)


def new_event(run, db, tmp_path: Path, players: list[str], name: str = "Spring Open", *options: str) -> str:
    """A boa event called ``name`` with ``players`` registered (``options`` go to ``event new``)."""
    created = run("event", "new", name, "--game", "boa", *options)
    assert created.exit_code == 0, created.output
    register_players(db, name, players, tmp_path / "decks")
    return name
