"""One convention per cross-cutting job (issue 34, item 6), each checked here so that a second way of doing the job
fails a test naming the file, the line and the convention to follow."""

from __future__ import annotations

import ast
import re
import subprocess
import sys

import paths  # tests/support/paths.py

PACKAGE = paths.REPO / "deckcli"
MODULES = sorted(PACKAGE.rglob("*.py"))


def _trees() -> list[tuple[str, ast.AST]]:
    """``(path under the repository, syntax tree)`` of every module of the package."""
    return [(p.relative_to(paths.REPO).as_posix(), ast.parse(p.read_text(encoding="utf-8"))) for p in MODULES]


def _calls(tree: ast.AST, name: str) -> list[ast.Call]:
    """Every call of ``name`` in the tree, as a plain name or an attribute (``x.name(...)``)."""
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and (getattr(node.func, "id", None) == name or getattr(node.func, "attr", None) == name)
    ]


# -- bundled JSON: one helper ------------------------------------------------------------------------------------
def json_read_outside_files(trees: list[tuple[str, ast.AST]]) -> list[str]:
    """Where a module outside ``deckcli/files/`` reads a file's text itself (``path.read_text()``) or parses JSON
    with the stdlib (``json.loads``)."""
    found = []
    for where, tree in trees:
        if where.startswith("deckcli/files/"):
            continue
        for name in ("read_text", "loads", "load"):
            found += [
                f"{where}:{call.lineno}: {name}(): read deckcli's own JSON files with deckcli.files.jsonfiles"
                " (bundled_json, read_json_file), a user's through deckcli.files.reading"
                for call in _calls(tree, name)
                if isinstance(call.func, ast.Attribute)
                and (name == "read_text" or getattr(call.func.value, "id", "") == "json")
            ]
    return found


def test_json_files_are_read_only_through_the_files_package():
    assert json_read_outside_files(_trees()) == []


def test_a_json_file_read_by_hand_is_named_with_the_helper_to_use():
    source = "import json\ndef f(path):\n    return json.loads(path.read_text())\n"
    assert json_read_outside_files([("deckcli/games/x.py", ast.parse(source))]) == [
        "deckcli/games/x.py:3: read_text(): read deckcli's own JSON files with deckcli.files.jsonfiles"
        " (bundled_json, read_json_file), a user's through deckcli.files.reading",
        "deckcli/games/x.py:3: loads(): read deckcli's own JSON files with deckcli.files.jsonfiles"
        " (bundled_json, read_json_file), a user's through deckcli.files.reading",
    ]


_COUNT_GAME_FILE_READS = """
from pathlib import Path
reads = []
real = Path.read_text
def counted(self, *args, **kwargs):
    if self.name == "game.json":
        reads.append(self.parent.name)
    return real(self, *args, **kwargs)
Path.read_text = counted
from deckcli.games import registry
registry.codes(); registry.titles(); registry.games(); registry.titles()
assert sorted(reads) == sorted(set(reads)) == sorted(registry.codes()), reads
"""


def test_each_game_file_is_read_once_per_process():
    """The game list for help, the titles and the games themselves share one read of each ``game.json``."""
    done = subprocess.run([sys.executable, "-c", _COUNT_GAME_FILE_READS], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


# -- errors carry Messages, translated only when shown -----------------------------------------------------------
#: The gettext functions (``_`` is gettext imported under the name the extraction looks for).
_TRANSLATING = {"_", "gettext", "ngettext", "pgettext"}


def eager_translations(trees: list[tuple[str, ast.AST]]) -> list[str]:
    """Where the library outside ``deckcli/cli/`` translates inside a ``raise``: the error would keep the
    user's language in ``--json`` and reports, and be translated twice when shown."""
    found = []
    for where, tree in trees:
        if where.startswith("deckcli/cli/"):
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.Raise) or node.exc is None:
                continue
            found += [
                f"{where}:{call.lineno}: {getattr(call.func, 'id', None) or call.func.attr}() in a raise: give the"
                " error a Message (deckcli.i18n); the CLI translates it when it shows it"
                for call in ast.walk(node.exc)
                if isinstance(call, ast.Call)
                and (getattr(call.func, "id", None) in _TRANSLATING or getattr(call.func, "attr", None) in _TRANSLATING)
            ]
    return found


def test_library_errors_carry_messages_not_translations():
    assert eager_translations(_trees()) == []


def test_a_translation_inside_a_raise_is_named_with_the_convention():
    source = "def f(n):\n    raise InputError(\n        _('bad {n}').format(n=n))\n"
    assert eager_translations([("deckcli/odds/x.py", ast.parse(source)), ("deckcli/cli/x.py", ast.parse(source))]) == [
        "deckcli/odds/x.py:3: _() in a raise: give the error a Message (deckcli.i18n); the CLI translates it when it"
        " shows it"
    ]


# -- every printing of a card: one function; collection entries: one query builder ------------------------------
def printings_by_hand(trees: list[tuple[str, ast.AST]]) -> list[str]:
    """Where a module lists a card's printings itself: a comprehension over ``find_all(...)`` kept by ``.key``."""
    found = []
    for where, tree in trees:
        for node in ast.walk(tree):
            if not isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
                continue
            over_names = any(_calls(gen.iter, "find_all") for gen in node.generators)
            by_key = any(
                isinstance(sub, ast.Attribute) and sub.attr == "key"
                for gen in node.generators
                for cond in gen.ifs
                for sub in ast.walk(cond)
            )
            if over_names and by_key:
                found.append(f"{where}:{node.lineno}: every printing of a card is CardIndex.printings_of(card)")
    return found


def test_every_printing_of_a_card_has_one_function():
    listed = printings_by_hand(_trees())
    assert [line.split(":")[0] for line in listed] == ["deckcli/cards/index.py"], listed  # printings_of itself


def entry_filters_by_hand(trees: list[tuple[str, ast.AST]]) -> list[str]:
    """Where a module narrows collection entries (alias ``i``) by tag, game or card ids in its own SQL text
    rather than through :func:`deckcli.collection.store.entries_where`."""
    found = []
    for where, tree in trees:
        builder = next(
            (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "entries_where"), None
        )
        inside = {id(n) for n in ast.walk(builder)} if builder else set()
        found += [
            f"{where}:{node.lineno}: collection entries are chosen by collection.store.entries_where"
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and any(part in node.value for part in ("i.tag =", "i.card_id IN"))
            and id(node) not in inside
        ]
    return found


def test_collection_entries_have_one_query_builder():
    assert entry_filters_by_hand(_trees()) == []
    source = "SQL = 'SELECT i.count FROM collection_item i WHERE i.tag = :tag'\n"
    assert entry_filters_by_hand([("deckcli/collection/x.py", ast.parse(source))]) == [
        "deckcli/collection/x.py:1: collection entries are chosen by collection.store.entries_where"
    ]


# -- a game's card fields: one property -------------------------------------------------------------------------
def game_fields_by_hand(trees: list[tuple[str, ast.AST]]) -> list[str]:
    """Where a module asks for one game's card fields by passing a card schema to ``card_fields`` itself rather than
    reading :attr:`deckcli.games.registry.Game.card_fields` (``card_fields()`` with no argument, every game's, is
    another question)."""
    return [
        f"{where}:{call.lineno}: one game's card fields are registry.game(code).card_fields"
        for where, tree in trees
        if where != "deckcli/games/registry.py"
        for call in _calls(tree, "card_fields")
        if call.args or call.keywords
    ]


def test_a_games_card_fields_are_read_through_the_registry():
    assert game_fields_by_hand(_trees()) == []
    source = "fields = card_fields(registry.game(deck.game).card_schema)\n"
    assert game_fields_by_hand([("deckcli/cli/x.py", ast.parse(source))]) == [
        "deckcli/cli/x.py:1: one game's card fields are registry.game(code).card_fields"
    ]


# -- tests: a race is started by a handshake ---------------------------------------------------------------------
def test_every_race_in_the_tests_starts_through_the_ready_file_handshake():
    """A process race is released by tests/support/race.py once each process is ready, never after a sleep."""
    tests = paths.REPO / "tests"
    starters = sorted(
        p.relative_to(tests).as_posix()
        for p in tests.rglob("*.py")
        if p.parent.name != "architecture" and re.search(r"\bgo\.touch\(\)|\"go\"", p.read_text(encoding="utf-8"))
    )
    assert starters == ["support/race.py"]


# -- the options many commands share: one declaration each -------------------------------------------------------
#: An option name -> the factory of deckcli/cli/options.py that declares it.
SHARED_OPTIONS = {"--game": "game_option", "-g": "game_option", "--json": "json_option", "--date": "date_option",
                  "--format": "format_option", "-f": "format_option",
                  "--output": "output_option", "-o": "output_option"}


def shared_options_declared_by_hand(trees: list[tuple[str, ast.AST]]) -> list[str]:
    """Where a module declares a shared option with ``click.option`` itself instead of its factory."""
    found = []
    for where, tree in trees:
        if where == "deckcli/cli/options.py":
            continue
        for call in _calls(tree, "option"):
            names = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            found += [
                f"{where}:{call.lineno}: {name} is declared once, by deckcli.cli.options.{SHARED_OPTIONS[name]}"
                for name in names
                if name in SHARED_OPTIONS
            ]
    return found


def test_shared_options_come_from_their_factories():
    assert shared_options_declared_by_hand(_trees()) == []


def test_a_shared_option_declared_by_hand_is_named_with_its_factory():
    source = '@click.option("--game", "-g", type=GAME_CHOICE, help="Only this game.")\ndef f(game): ...\n'
    assert shared_options_declared_by_hand([("deckcli/cli/x.py", ast.parse(source))]) == [
        "deckcli/cli/x.py:1: --game is declared once, by deckcli.cli.options.game_option",
        "deckcli/cli/x.py:1: -g is declared once, by deckcli.cli.options.game_option",
    ]
