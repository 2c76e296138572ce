"""The layers the architecture page (docs/development/architecture.md) promises hold: each package imports only the packages its table lists before it (the root
modules below every package, ``deckcli/cli/`` above all), and no module names what a game's data says (its code,
its zone names, its hooks' settings): those are read from ``carddb/<game>/game.json``."""

from __future__ import annotations

import ast
import json
import re

import paths  # tests/support/paths.py

PACKAGE = paths.REPO / "deckcli"
MODULES = sorted(PACKAGE.rglob("*.py"))
#: ``python -m deckcli``: the command line's entry, above every package as ``deckcli/cli/`` is.
MAIN = "deckcli/__main__.py"
#: Where the package table is, and a row of it: ``| `deckcli/<package>/` | what it holds |``.
ARCHITECTURE = paths.REPO / "docs" / "development" / "architecture.md"
_ROW = re.compile(r"^\| `deckcli/(?:(\w+)/|\*\.py)` \|", re.M)


def _package_order() -> list[str]:
    """The packages in the architecture page's table order, the root modules (``""``) first and ``cli`` last."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    order = [match.group(1) or "" for match in _ROW.finditer(text)]
    assert order and order[0] == "", "the architecture page's package table starts with the root modules (deckcli/*.py)"
    return [*order, "cli"]


def _sources() -> list[tuple[str, str]]:
    """``(path under the repository, source)`` of every module of the package."""
    return [(path.relative_to(paths.REPO).as_posix(), path.read_text(encoding="utf-8")) for path in MODULES]


def _package_of(target: str) -> str:
    """The package an imported module is in: ``deckcli.legality.rules`` -> ``legality``, ``deckcli.games`` ->
    ``games``, a root module (``deckcli.errors``) -> ``""``."""
    parts = target.split(".")
    return parts[1] if len(parts) > 2 or (PACKAGE / parts[1]).is_dir() else ""


def _imports(tree: ast.AST) -> list[tuple[int, str]]:
    """``(line, deckcli module)`` of every import anywhere in the tree (top level, in functions, TYPE_CHECKING)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "deckcli":  # from deckcli import errors
            found += [(node.lineno, f"deckcli.{alias.name}") for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("deckcli."):
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("deckcli.")]
    return found


def layer_violations(sources: list[tuple[str, str]], order: list[str]) -> list[str]:
    """What breaks ``order``: an import of a package listed after the importer's, or a package not in the table."""
    rank = {name: i for i, name in enumerate(order)}
    shown = " -> ".join(f"deckcli/{p}/" if p else "deckcli/*.py" for p in order)
    problems = []
    for where, text in sources:
        parts = where.split("/")
        own = parts[1] if len(parts) > 2 else "cli" if where == MAIN else ""
        if own not in rank:
            problems.append(f"{where}: deckcli/{own}/ is not in the package table of docs/development/architecture.md; add it there")
            continue
        assert not any(isinstance(n, ast.ImportFrom) and n.level for n in ast.walk(ast.parse(text))), where
        for line, target in _imports(ast.parse(text)):
            other = _package_of(target)
            if other != own and rank.get(other, len(order)) > rank[own]:
                problems.append(
                    f"{where}:{line}: imports {target}: deckcli/{other or '*.py'}{'/' if other else ''} comes after"
                    f" deckcli/{own + '/' if own else '*.py'} in the package order of docs/development/architecture.md ({shown})"
                )
    return problems


def test_each_package_imports_only_packages_listed_before_it():
    assert layer_violations(_sources(), _package_order()) == []


def test_an_upward_import_or_an_unlisted_package_is_named_with_the_rule():
    upward = "def f():\n    from deckcli.legality.rules import check_deck\n"
    order = ["", "games", "legality", "cli"]
    assert layer_violations([("deckcli/games/x.py", upward)], order) == [
        "deckcli/games/x.py:2: imports deckcli.legality.rules: deckcli/legality/ comes after deckcli/games/ in the"
        " package order of docs/development/architecture.md (deckcli/*.py -> deckcli/games/ -> deckcli/legality/ -> deckcli/cli/)"
    ]
    assert layer_violations([("deckcli/errors.py", "import deckcli.games.registry\n")], order) == [
        "deckcli/errors.py:1: imports deckcli.games.registry: deckcli/games/ comes after deckcli/*.py in the"
        " package order of docs/development/architecture.md (deckcli/*.py -> deckcli/games/ -> deckcli/legality/ -> deckcli/cli/)"
    ]
    assert layer_violations([("deckcli/newpkg/x.py", "")], order) == [
        "deckcli/newpkg/x.py: deckcli/newpkg/ is not in the package table of docs/development/architecture.md; add it there"
    ]
    assert layer_violations([("deckcli/cli/x.py", upward), ("deckcli/legality/y.py", "from deckcli import errors")], order) == []


def _strings(value) -> list[str]:
    """Every string value inside a JSON value (not the keys of its objects)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def game_data() -> dict[str, str]:
    """What only a game's data may say -> what it is: each game's code, its zone names and the string values of its
    hooks' settings (a metadata key and its other spellings, casefolded as decklists are read; the kinds and fields
    a hook works with)."""
    said: dict[str, str] = {}
    for path in sorted((paths.REPO / "carddb").glob("*/game.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        where = path.relative_to(paths.REPO).as_posix()
        said.setdefault(doc["code"], f"the game code in {where}")
        for zone in doc["zones"]:
            said.setdefault(zone, f"a zone name in {where}")
        for hook, settings in doc.get("hooks", {}).items():
            for key, value in settings.items():
                for text in _strings(value):
                    said.setdefault(FOLDED + text.casefold() if key.startswith("meta_") else text,
                                    f"the {hook} hook's {key} in {where}")
    return said


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants of a module, its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def game_data_named(sources: list[tuple[str, str]], said: dict[str, str]) -> list[str]:
    """``path:line: 'main' is a zone name in carddb/boa/game.json`` for every string literal (not a docstring) that
    is, ignoring case, something only a game's data may say."""
    found = []
    for where, text in sources:
        tree = ast.parse(text)
        skip = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                what = said.get(node.value) or said.get(FOLDED + node.value.casefold())
                if what and (where, node.value) not in ALLOWED:
                    found.append(f"{where}:{node.lineno}: {node.value!r} is {what}; read it from the game's data")
    return found


#: Marks a metadata key spelling in :func:`game_data` (matched ignoring case, as a decklist's keys are read).
FOLDED = "\0meta:"
#: (module, literal) -> why it is not a game's data though it spells the same: another vocabulary's word.
ALLOWED: dict[tuple[str, str], str] = {
    ("deckcli/legality/checks.py", "champions"): "the format's `champions` field (format.schema.json), not sfb's zone",
    ("deckcli/legality/format.py", "champions"): "the format's `champions` field the loader parses, not sfb's zone",
    ("deckcli/cli/formats.py", "champions"): "the format's `champions` field that `formats show` prints",
    ("deckcli/play/hands.py", "action"): "the key of a mulligan decision in hand --json, not sfb's card kind",
}


def test_no_module_names_what_a_games_data_says():
    assert game_data_named(_sources(), game_data()) == []


def test_a_literal_of_a_games_data_is_named_with_where_the_data_says_it():
    source = (
        '"""A docstring may say main and Ne-mu."""\n'
        "def f(meta, zone='main'):\n"
        "    return meta.get('NEMU') or f'{zone} deck'  # a comment may say 'sfb'\n"
    )
    assert game_data_named([("deckcli/decklists/x.py", source)], game_data()) == [
        "deckcli/decklists/x.py:2: 'main' is a zone name in carddb/aqa/game.json; read it from the game's data",
        "deckcli/decklists/x.py:3: 'NEMU' is the name-level hook's meta_aliases in carddb/aqa/game.json;"
        " read it from the game's data",
    ]
