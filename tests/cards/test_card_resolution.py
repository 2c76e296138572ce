"""One card resolver: ``deck add``, ``validate``, ``odds``, ``collection add`` and ``cards show`` mean the same
printing for the same (name, set, number, game), and refuse bad input with the same message and suggestions."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import pytest

from deckcli.cli.main import cli

COMMANDS = ("deck add", "validate", "odds", "collection add", "cards show")
DEFAULT_FORMAT = {"boa": "boa-standard", "aqa": "aqa-standard", "sfb": "sfb-standard"}
SAMPLE_SET = "Sample set (deckcli sample data — no official card list is public)"


def _spell(number: str, name: str, **extra) -> dict:
    return {"number": number, "name": name, "kind": "spell", "spell_type": "basic", "cost": 1, "text": "Test.", **extra}


#: Two boa cards that share the alias "Twin Trick".
TWINS = {"game": "boa", "set": {"code": "X03", "name": "Twins"},
         "cards": [_spell("1", "Left Trick", aliases=["Twin Trick"]), _spell("2", "Right Trick", aliases=["Twin Trick"])]}
#: Two more printings of Ember Whelp, told apart by their numbers only.
REPRINTS = {"game": "boa", "set": {"code": "S02", "name": "Reprints"}, "cards": [
    {"number": number, "name": "Ember Whelp", "kind": "monster", "element": "Fire", "group": "Natural",
     "subgroup": "Dragon", "cost": 1, "attack": 1, "health": 2, "rarity": "Rare"} for number in ("001", "001a")]}


@dataclass(frozen=True)
class Case:
    """A card as typed, and what every command must make of it: a printing (game, set, number) or an error."""

    id: str
    game: str
    name: str
    set_text: str = ""
    number: str = ""
    printing: tuple[str, str, str] | None = None
    error: str | None = None
    suggestions: tuple[str, ...] = ()
    rule: str = "unknown-card"
    sets: tuple[dict, ...] = ()

    def options(self) -> list[str]:
        return (["--set", self.set_text] if self.set_text else []) + (["--number", self.number] if self.number else [])

    @property
    def in_decklists(self) -> bool:
        """Whether a decklist line can say it: ``(SET) NUMBER`` takes a set without spaces and a number together."""
        return bool(self.set_text) == bool(self.number) and " " not in self.set_text


CASES = [
    Case("exact name", "boa", "Ember Whelp", printing=("boa", "S01", "001")),
    Case("other case", "boa", "eMBER wHELP", printing=("boa", "S01", "001")),
    Case("full width", "boa", "Ｅｍｂｅｒ　Ｗｈｅｌｐ", printing=("boa", "S01", "001")),
    Case("half-width katakana", "aqa", "ﾃﾚﾊﾟｽの少女", printing=("aqa", "S01", "005")),
    Case("curly apostrophe", "boa", "Titan’s Gauntlet", printing=("boa", "S01", "100")),
    Case("straight quotes for curly", "aqa", '覚醒者"神崎レン"', printing=("aqa", "S01", "001")),
    Case("alias", "aqa", 'Kakuseisha "Kanzaki Ren"', printing=("aqa", "S01", "001")),
    Case("localised name", "aqa", "Telepath Girl", printing=("aqa", "S01", "005")),
    Case("set by code", "sfb", "Fireball", "CORE", "C10-2", printing=("sfb", "CORE", "C10-2")),
    Case("set code in lower case", "sfb", "Fireball", "core", "C10-2", printing=("sfb", "CORE", "C10-2")),
    Case("set by name", "boa", "Worldbreaker", SAMPLE_SET, "050", printing=("boa", "S01", "050")),
    Case("set by name in lower case", "boa", "ember whelp", "reprints", "001a", printing=("boa", "S02", "001a"),
         sets=(REPRINTS,)),
    Case("number in other case", "sfb", "Fireball", "CORE", "c10-2", printing=("sfb", "CORE", "C10-2")),
    Case("number picks the reprint", "boa", "Ember Whelp", "S02", "001A", printing=("boa", "S02", "001a"),
         sets=(REPRINTS,)),
    Case("unknown name", "boa", "Ember Whelpp", error="unknown card 'Ember Whelpp' in boa; did you mean 'Ember Whelp'?",
         suggestions=("Ember Whelp",)),
    Case("card of another game", "boa", "Kilgore", rule="wrong-game",
         error="'Kilgore' is a card of Super Fantasy Brawl (sfb), not of Battle of Aeons (boa)"),
    Case("ambiguous name", "boa", "twin trick", sets=(TWINS,), suggestions=("Left Trick", "Right Trick"),
         error="'twin trick' names several boa cards ('Left Trick', 'Right Trick'); write the full card name"),
    Case("unknown set", "boa", "Worldbreaker", "ZZ9", "050", error="unknown set 'ZZ9' in boa; known sets: S01"),
    Case("unknown number", "boa", "Worldbreaker", "S01", "999", suggestions=("Worldbreaker (S01) 050",),
         error="unknown card 'Worldbreaker (S01) 999' in boa; did you mean 'Worldbreaker (S01) 050'?"),
    Case("number of another card", "boa", "Worldbreaker", "S01", "001", suggestions=("Worldbreaker (S01) 050",),
         error="unknown card 'Worldbreaker (S01) 001' in boa: (S01) 001 is 'Ember Whelp'; did you mean 'Worldbreaker (S01) 050'?"),
]


@dataclass(frozen=True)
class Refused:
    """A command's error: its message, and the suggestions it carries (validate --json lists them apart)."""

    message: str
    suggestions: tuple[str, ...] | None = None


@pytest.fixture
def invoke(runner, db):
    def call(*args):
        return runner.invoke(cli, [str(a) for a in args])

    return call


def _refused(result) -> Refused:
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    return Refused(result.stderr.strip().removeprefix("Error: "))


def _decklist(tmp_path, case: Case) -> str:
    printing = f" ({case.set_text}) {case.number}" if case.set_text else ""
    path = tmp_path / "probe.txt"
    path.write_text(f"Game: {case.game}\nMain Deck\n1 {case.name}{printing}\n", encoding="utf-8")
    return str(path)


def _deck_add(invoke, tmp_path, case: Case):
    assert invoke("deck", "new", "Probe", "--game", case.game).exit_code == 0
    result = invoke("deck", "add", "Probe", case.name, *case.options())
    if result.exit_code:
        return _refused(result)
    found = re.search(r"Added 1 × .* \((\S+) (\S+)\) to ", result.stdout)
    return (case.game, found[1], found[2])


def _collection_add(invoke, tmp_path, case: Case):
    result = invoke("collection", "add", case.name, "--game", case.game, *case.options())
    if result.exit_code:
        return _refused(result)
    found = re.search(r"\((\S+) (\S+) (\S+)\) \[", result.stdout)
    return (found[1], found[2], found[3])


def _cards_show(invoke, tmp_path, case: Case):
    result = invoke("cards", "show", case.name, "--game", case.game, *case.options(), "--json")
    if result.exit_code:
        return _refused(result)
    shown = json.loads(result.stdout)
    first = shown[0] if isinstance(shown, list) else shown  # every printing; the one meant comes first
    return (first["game"], first["set"], first["number"])


def _validate(invoke, tmp_path, case: Case):
    """The printing is read from the set-not-legal problem of a format that allows no real set."""
    fmt = tmp_path / "probe-format.json"
    fmt.write_text(json.dumps({"name": "probe", "game": case.game, "extends": DEFAULT_FORMAT[case.game],
                               "legal_sets": ["ZZ0"]}), encoding="utf-8")
    result = invoke("validate", _decklist(tmp_path, case), "--format", fmt, "--json")
    problems = json.loads(result.stdout)[0]["problems"]
    cards = [p for p in problems if p["rule"] in ("unknown-card", "wrong-game")]
    if cards:
        (problem,) = cards
        assert problem["line"] == 3 and problem["rule"] == case.rule
        return Refused(problem["message"], tuple(problem.get("suggestions", ())))
    (problem,) = [p for p in problems if p["rule"] == "set-not-legal"]
    found = re.search(r"\((\S+)\) (\S+) is from set ", problem["message"])
    return (case.game, found[1], found[2])


def _odds(invoke, tmp_path, case: Case):
    """Drawing the one-card deck must draw the expected printing (matched on its set and number)."""
    deck = _decklist(tmp_path, case)
    game, set_code, number = case.printing or (case.game, "ZZ0", "0")
    result = invoke("odds", deck, "--want", f"1+ set={set_code},number={number}", "--json")
    if result.exit_code:
        refused = _refused(result)
        return Refused(refused.message.removeprefix(f"{deck}: line 3: "))
    return (game, set_code, number) if json.loads(result.stdout)["p_opening"] == 1.0 else "another printing"


PROBES = {"deck add": _deck_add, "validate": _validate, "odds": _odds, "collection add": _collection_add,
          "cards show": _cards_show}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_every_command_resolves_a_card_the_same_way(invoke, tmp_path, case, command):
    if command in ("validate", "odds") and not case.in_decklists:
        pytest.skip("a decklist line names a set by its code, always with a number: (SET) NUMBER")
    for i, doc in enumerate(case.sets):
        path = tmp_path / f"set{i}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        assert invoke("cards", "import", path).exit_code == 0
    got = PROBES[command](invoke, tmp_path, case)
    if case.printing is not None:
        assert got == case.printing
        return
    assert isinstance(got, Refused), got
    assert got.message == case.error
    if got.suggestions is not None:  # validate --json lists the suggestions apart from the message
        assert got.suggestions == case.suggestions


def test_without_a_game_every_game_is_looked_up_and_a_name_of_two_games_needs_one(invoke):
    # A card's own name beats another game's localised name: aqa's ファイアーボール is "Fireball" in English.
    assert _refused(invoke("collection", "add", "Fireball")).message == (
        "'Fireball' names cards of several games: Fireball (boa), Fireball (sfb); give --game")
    shown = json.loads(invoke("cards", "show", "Fireball", "--json").stdout)
    assert [(c["game"], c["set"], c["number"]) for c in shown] == [("boa", "S01", "083"), ("sfb", "CORE", "C10-2")]
    assert "(sfb CORE C01)" in invoke("collection", "add", "kilgore").stdout
    assert _refused(invoke("cards", "show", "Kilgor")).message == "unknown card 'Kilgor'; did you mean 'Kilgore'?"
    assert _refused(invoke("collection", "add", "Kilgor")).message == "unknown card 'Kilgor'; did you mean 'Kilgore'?"
