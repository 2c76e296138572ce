"""Golden outputs of the event commands that print an event's results (``--json``, ``--csv`` and the tables): one
scripted event, from its registrations through two Swiss rounds and a top cut, each command's stdout compared with
its file under ``tests/events/golden/``, the same on both backends. The files were written by the commands before
their results became types (issue 34 item 2), so the types keep every byte; times are ``<time>`` (the clock's), the
test's own folder ``<tmp>``."""

from __future__ import annotations

import re
from pathlib import Path

from event_decks import boa_deck, write_deck

GOLDEN = Path(__file__).parent / "golden"
EVENT, OTHER = "Golden Cup", "Undated Night"
#: A moment as the commands print it (ISO 8601, or a table's ``2026-12-07 08:00``), replaced by ``<time>``.
MOMENT = re.compile(r"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}\+00:00| \d{2}:\d{2})")


def _decks(folder: Path) -> dict[str, Path]:
    """The decklists of the script: four players' (two of them not legal, one with two problems) and what judges were shown."""
    illegal = boa_deck(2, copies_of_first=5)
    short = [card for card in boa_deck(3, copies_of_first=5) if card[0] != "limitbreak"][:-4]
    presented = [(z, n - 1 if k == 0 else n, name, s, num) for k, (z, n, name, s, num) in enumerate(boa_deck(0))]
    swapped = boa_deck(1)
    (z, n, name, s, num), (sz, sn, sname, ss, snum) = swapped[0], swapped[-1]
    exchanged = [(z, n - 1, name, s, num), *swapped[1:-1], (sz, sn - 1, sname, ss, snum)]
    exchanged += [("main", 1, sname, ss, snum), ("side", 1, name, s, num)]
    given = {"ada": boa_deck(0), "ben": boa_deck(1), "cy": illegal, "dee": short}
    given |= {"presented": presented, "exchanged": exchanged, "bad-exchange": boa_deck(5)}
    return {stem: write_deck(folder, stem, deck, "text", stem.title(), "boa") for stem, deck in given.items()}


def _script(decks: dict[str, Path]) -> list[tuple[str, tuple[str, ...]]]:
    """(golden file, command) in the order they run: the event registered, shown, checked, paired, cut."""
    registered = [
        ("register-legal.json", ("register", EVENT, "Ada Lovelace", decks["ada"], "--player-id", "7", "--json")),
        ("register-illegal.json", ("register", EVENT, "Cy Twombly", decks["cy"], "--json")),
        ("register-illegal.txt", ("register", EVENT, "Dee Dee", decks["dee"])),
        ("register-legal.txt", ("register", EVENT, "Ben Okafor", decks["ben"])),
    ]
    before = [(f"{name}-before{suffix}", args) for name, args, suffix in _views()]
    checks = [
        ("check-passed.json", ("check", EVENT, "Ben Okafor", decks["ben"], "--json")),
        ("check-failed.json", ("check", EVENT, "Ada Lovelace", decks["presented"], "--json")),
        ("check-failed.txt", ("check", EVENT, "Ada Lovelace", decks["presented"])),
    ]
    rounds = [
        ("pair-1.json", ("pair", EVENT, "--json")),
        ("side-legal.json", ("side", EVENT, "Ben Okafor", "1", decks["exchanged"], "--json")),
        ("side-illegal.txt", ("side", EVENT, "Ben Okafor", "1", decks["bad-exchange"])),
        ("result-1.txt", ("result", EVENT, "1", "1", "2-0", "2", "2-1")),
        ("pair-2.csv", ("pair", EVENT, "--csv")),
        ("result-2.txt", ("result", EVENT, "2", "1", "2-1", "2", "1-1-1")),
        ("standings.json", ("standings", EVENT, "--json")),
        ("standings.csv", ("standings", EVENT, "--csv")),
        ("top-2.json", ("top", EVENT, "--cut", "2", "--json")),
        ("result-top2.txt", ("result", EVENT, "top2", "1", "2-1")),
        ("bracket.json", ("top", EVENT, "--json")),
        ("bracket.csv", ("top", EVENT, "--csv")),
        ("bracket.txt", ("top", EVENT)),
    ]
    after = [(f"{name}-after{suffix}", args) for name, args, suffix in _views()]
    files = [
        ("export.json", ("export", EVENT, "--to", "json")),
        ("export.csv", ("export", EVENT, "--to", "csv")),
        ("publish.json", ("publish", EVENT, "-o", decks["ada"].parent / "site", "--json")),
        ("publish-anonymous.txt", ("publish", EVENT, "-o", decks["ada"].parent / "anonymous", "--anonymous")),
    ]
    return registered + before + checks + rounds + after + files


def _views() -> list[tuple[str, tuple[str, ...], str]]:
    """The commands that show how the event stands, run before its first round and after its top cut."""
    return [
        ("list", ("list", "--json"), ".json"),
        ("list", ("list", "--csv"), ".csv"),
        ("list", ("list",), ".txt"),
        ("show", ("show", EVENT, "--json"), ".json"),
        ("show", ("show", EVENT), ".txt"),
        ("status", ("status", EVENT, "--json"), ".json"),
        ("status-problems", ("status", EVENT, "--problems", "--json"), ".json"),
        ("status", ("status", EVENT, "--csv"), ".csv"),
        ("status-problems", ("status", EVENT, "--problems", "--csv"), ".csv"),
        ("status", ("status", EVENT), ".txt"),
        ("status-problems", ("status", EVENT, "--problems"), ".txt"),
    ]


def test_event_outputs_match_their_golden_files(run, tmp_path):
    """Every result of the script prints exactly its golden file (its exit status first, 1 where a deck is not
    legal or a check failed; what it says on stderr after)."""
    for args in (
        ("new", EVENT, "--game", "boa", "--date", "2099-05-01", "--rounds", "2", "--seed", "golden42"),
        ("new", OTHER, "--game", "boa"),
    ):
        assert run("event", *args).exit_code == 0
    outputs: dict[str, str] = {}
    for name, args in _script(_decks(tmp_path)):
        result = run("event", *args)
        said = result.stdout + (f"--- stderr\n{result.stderr}" if result.stderr else "")
        outputs[name] = f"exit {result.exit_code}\n{said}"
    for site in ("site", "anonymous"):  # the data files of the published sites: status rows with their cards
        for data in ("decks.json", "decks.csv"):
            outputs[f"{site}-{data}"] = (tmp_path / site / data).read_text(encoding="utf-8")
    wrong: list[str] = []
    (tmp_path / "actual").mkdir()
    for name, output in outputs.items():
        actual = MOMENT.sub("<time>", output).replace(str(tmp_path), "<tmp>")
        (tmp_path / "actual" / name).write_text(actual, encoding="utf-8")
        expected = (GOLDEN / name).read_text(encoding="utf-8") if (GOLDEN / name).exists() else None
        if actual != expected:
            wrong.append(f"{name}:\n{actual}")
    assert not wrong, "\n".join(wrong)
