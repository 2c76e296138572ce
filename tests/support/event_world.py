"""A whole tournament day run through the CLI, for the end-to-end tests (and the sheet and site tests built on it).

A 16-player boa event (3 rounds) registered from a folder of decklists in nine layouts, and an 8-player sfb event
registered from a form export CSV; one illegal deck in each, one boa player re-registering before the start, two deck
checks (one failing), one side exchange per boa round. :class:`Tournament` keeps what each step printed and what the
figures must be.
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from event_decks import BOA_LAYOUTS, SFB_LAYOUTS, Card, boa_deck, deck_text, sfb_team, write_deck

BOA_EVENT, SFB_EVENT = "Aeons Open <2099>", "Brawl Night & Friends"
BOA_DATE, SFB_DATE = "2099-06-01", "2099-06-02"
#: Players of the boa event, in the order their files sort in (the folder import registers in that order).
BOA_PLAYERS = [
    "Ada Lovelace", "Ben Okafor", "Chloé Dubois", "Dmitri Ivanov", "Eun-ji Park", "Farah Haddad",
    "Gus Lindqvist", "Hana Sato", "Ivo Novak", "Jules Martin", "Kofi Mensah", "Lena Vogel", "Mateo Cruz",
    "Nia Jones", "Omar Farouk", "<img src=x onerror=alert(1)>",
]
SFB_PLAYERS = ["=SUM(1)", "<script>alert('x')</script>", "Quinn Baker", "Rosa Diaz", "Sam Example", "Tariq Aziz",
               "Uma Patel", "Vera Kowalski"]
BOA_ILLEGAL, SFB_ILLEGAL = "Gus Lindqvist", "Tariq Aziz"  # 5 copies of a name; a team of 2 champions
REREGISTERED = "Dmitri Ivanov"
FAILED_CHECK, PASSED_CHECK = "Farah Haddad", "Ada Lovelace"
SIDE_PLAYERS = {1: "Ada Lovelace", 2: "Ben Okafor", 3: "Chloé Dubois"}


@dataclass
class Tournament:
    """The two events as the day left them: the decks each player has registered now, and each step's result."""

    root: Path
    decks: dict[str, dict[str, list[Card]]] = field(default_factory=dict)  # event -> player -> deck
    layouts: dict[str, str] = field(default_factory=dict)  # player -> layout their decklist came in
    results: dict[str, Any] = field(default_factory=dict)  # step -> CliRunner result

    def players(self, event: str) -> list[str]:
        return list(self.decks[event])


def _side_swap(deck: list[Card]) -> list[Card]:
    """The deck after a between-rounds exchange: one copy of the first main card for one of the first side card."""
    swapped = [list(c) for c in deck]
    first_main = next(c for c in swapped if c[0] == "main")
    first_side = next(c for c in swapped if c[0] == "side")
    first_main[1] -= 1
    first_side[1] -= 1
    return [tuple(c) for c in swapped] + [("main", 1, first_side[2], first_side[3], first_side[4]),
                                          ("side", 1, first_main[2], first_main[3], first_main[4])]


def _replacement(deck: list[Card]) -> list[Card]:
    """Another deck for the player who re-registers: one copy fewer of the side deck's last card."""
    zone, count, name, set_code, number = deck[-1]
    return deck[:-1] + [(zone, count - 1, name, set_code, number)]


def build(run, root: Path) -> Tournament:
    """Run the whole day through ``run`` (the CLI invoker of tests/conftest.py), files under ``root``."""
    t = Tournament(root)
    t.results["new boa"] = run("event", "new", BOA_EVENT, "--game", "boa", "--date", BOA_DATE, "--rounds", "3")
    t.results["new sfb"] = run("event", "new", SFB_EVENT, "--game", "sfb", "--format", "sfb-standard",
                               "--date", SFB_DATE)
    folder = root / "boa-decklists"
    folder.mkdir(parents=True)
    boa: dict[str, list[Card]] = {}
    for i, player in enumerate(BOA_PLAYERS):
        deck = boa_deck(i, copies_of_first=5 if player == BOA_ILLEGAL else 4)
        layout = BOA_LAYOUTS[i % len(BOA_LAYOUTS)]
        write_deck(folder, player, deck, layout, f"Deck of {player.split()[0]}", "boa")
        boa[player], t.layouts[player] = deck, layout
    t.results["import boa"] = run("event", "import", BOA_EVENT, folder, "--json")

    replacement = _replacement(boa[REREGISTERED])
    new_file = write_deck(root, "dmitri-v2", replacement, "text", "Dmitri v2", "boa")
    t.results["replace"] = run("event", "register", BOA_EVENT, REREGISTERED.upper(), new_file, "--replace", "--json")
    boa[REREGISTERED] = replacement

    form = root / "sfb-form.csv"
    sfb: dict[str, list[Card]] = {}
    with form.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Timestamp", "Player Name", "DCI", "Deck List"])
        for j, player in enumerate(SFB_PLAYERS):
            team = sfb_team(j, size=2 if player == SFB_ILLEGAL else 3)
            layout = SFB_LAYOUTS[j % len(SFB_LAYOUTS)]
            writer.writerow([f"2099-05-2{j} 10:00", player, f"ID-{100 + j}", deck_text(team, layout, f"Team {j}", "sfb")])
            sfb[player], t.layouts[player] = team, layout
    t.results["import sfb"] = run("event", "import", SFB_EVENT, form, "--json")
    t.decks = {BOA_EVENT: boa, SFB_EVENT: sfb}

    checked = folder / next(p.name for p in folder.iterdir() if p.stem == PASSED_CHECK)
    t.results["check passed"] = run("event", "check", BOA_EVENT, PASSED_CHECK, checked, "--json")
    wrong = [list(c) for c in boa[FAILED_CHECK]]
    wrong[1][1] -= 1  # one copy short of the second main card
    wrong.append(["main", 1, boa[PASSED_CHECK][5][2], "S01", boa[PASSED_CHECK][5][4]])  # a card never registered
    typed = write_deck(root, "typed-by-judge", [tuple(c) for c in wrong], "text", "typed", "boa")
    t.results["check failed"] = run("event", "check", BOA_EVENT, FAILED_CHECK, typed, "--json")

    for round_no, player in SIDE_PLAYERS.items():
        exchanged = write_deck(root, f"round{round_no}", _side_swap(boa[player]), "text", "after side", "boa")
        t.results[f"side {round_no}"] = run("event", "side", BOA_EVENT, player, round_no, exchanged, "--json")
    t.results["replace after start"] = run("event", "register", BOA_EVENT, REREGISTERED, new_file, "--replace")
    t.results["status boa"] = run("event", "status", BOA_EVENT, "--json")
    t.results["status sfb"] = run("event", "status", SFB_EVENT, "--json")
    t.results["export boa json"] = run("event", "export", BOA_EVENT, "--to", "json")
    t.results["export sfb csv"] = run("event", "export", SFB_EVENT, "-o", root / "sfb.csv")
    t.results["list"] = run("event", "list", "--json")
    return t


def json_of(result) -> Any:
    return json.loads(result.stdout)


def event_rows(db) -> dict[str, list[tuple]]:
    """Every row of the four event tables (to assert that a refused command changed nothing), on either backend."""
    from dbdump import dump_tables

    tables = dump_tables(db)
    return {t: tables[t] for t in ("event", "registration", "deck_check", "side_exchange")}
