"""Helpers for the stored-deck tests: what the deck tables hold, one stored deck as plain data, legal decks to build."""

from __future__ import annotations

from pathlib import Path

from backends import orm_session
from deckcli.cards.index import CardIndex
from deckcli.decks.store import deck_cards, get_deck


def table_snapshot(db) -> tuple[list, list]:
    """Every row of the deck and deck_card tables (to prove a failed command wrote nothing)."""
    from dbdump import dump_tables

    tables = dump_tables(db)
    return tables["deck"], tables["deck_card"]


def stored(db, name: str) -> dict:
    """One stored deck as data: name, game, format, meta and {(zone, set, number): count}."""
    with orm_session(db) as session:
        deck = get_deck(session, name)
        rows = deck_cards(session, deck)
    index = CardIndex(db, deck.game)
    cards: dict[tuple[str, str, str], int] = {}
    for zone, card_id, count in rows:
        ref = index.by_id[card_id]
        cards[(zone, ref.set_code, ref.number)] = cards.get((zone, ref.set_code, ref.number), 0) + count
    return {"name": deck.name, "game": deck.game, "format": deck.format, "meta": dict(deck.meta), "cards": cards}


def names_of(db, game: str, kind: str) -> list[str]:
    """Distinct card names of one kind, in card-number order (names without a ネーム for aqa)."""
    index = CardIndex(db, game)
    found: list[str] = []
    for ref in index.cards():
        if ref.kind == kind and ref.name not in found and "“" not in ref.name:
            found.append(ref.name)
    return found


def lines(counted: list[tuple[int, str]]) -> str:
    return "\n".join(f"{n} {name}" for n, name in counted)


def legal_boa_text(db, name: str = "Ember Rush") -> str:
    """A legal boa-standard decklist: 52 main (monsters and spells), 3 Limitbreak, 3 side."""
    monsters, spells = names_of(db, "boa", "monster"), names_of(db, "boa", "spell")
    limitbreak = names_of(db, "boa", "limitbreak")
    main = [(4, n) for n in monsters[:9]] + [(4, n) for n in spells[:4]]
    return (
        f"Name: {name}\nGame: boa\nFormat: boa-standard\nPlayer: Ann\n\nMain Deck\n{lines(main)}\n\n"
        f"Limitbreak Deck\n{lines([(2, limitbreak[0]), (1, limitbreak[1])])}\n\n"
        f"Side Deck\n{lines([(2, spells[5]), (1, monsters[10])])}\n"
    )


def legal_aqa_text(db, name: str = "天使デッキ") -> str:
    """A legal aqa-standard decklist of 40 cards with Japanese names, ネーム cards included."""
    characters, breaks = names_of(db, "aqa", "character"), names_of(db, "aqa", "break")
    main = [(4, "堕天使“天羽つかさ”"), (4, "熾天使“天羽つかさ”")] + [(4, n) for n in characters[:4]] + [(4, n) for n in breaks[:4]]
    return f"Name: {name}\nGame: aqa\nFormat: aqa-standard\n\n{lines(main)}\n"


SFB_TEXT = "Name: Brawlers\nGame: sfb\n\nChampions\nKilgore\nLil'Y\nSir Tentaclot\n"


def write(tmp_path: Path, filename: str, text: str) -> Path:
    path = tmp_path / filename
    path.write_text(text, encoding="utf-8")
    return path
