"""The library ships no code only its tests use: every public function and class of ``deckcli/`` is used by
``deckcli/`` itself, and no old name is kept bound to one. A helper the tests need lives in ``tests/support/``."""

from __future__ import annotations

import ast
import re
from collections import Counter

import paths  # tests/support/paths.py

PACKAGE = paths.REPO / "deckcli"
TREES = {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(PACKAGE.rglob("*.py"))}
#: What is used without being named in deckcli/: Alembic runs each revision's ``upgrade`` and ``downgrade``.
CALLED_BY_NAME = {"upgrade", "downgrade"}
#: Kept for the tests on purpose, with the reason: a fresh process's caches, as a new start of deckcli sees them.
KEPT = {"deckcli/validation/verdicts.py:forget"}
#: ``"deckcli.cli.cards:cards"`` in the lazily loaded COMMANDS of deckcli/cli/main.py.
_REFERENCE = re.compile(r"[\w.]+:(\w+)")


def _registered(node: ast.FunctionDef | ast.ClassDef) -> bool:
    """Whether a decorator registers it (a Click command or group), so no code names it."""
    for decorator in node.decorator_list:
        call = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(call, ast.Attribute) and call.attr in ("command", "group"):
            return True
    return False


def _uses(tree: ast.AST) -> Counter[str]:
    """Every name ``tree`` uses, counted: names, attributes, imports, ``__all__`` entries, COMMANDS."""
    found: Counter[str] = Counter()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found[node.id] += 1
        elif isinstance(node, ast.Attribute):
            found[node.attr] += 1
        elif isinstance(node, ast.alias):
            found[node.name.rsplit(".", 1)[-1]] += 1
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            match = _REFERENCE.fullmatch(node.value)
            found.update([match.group(1)] if match else [node.value] if node.value.isidentifier() else [])
    return found


#: The names each module uses, counted once per module rather than walked again for every definition.
USES = {path: _uses(tree) for path, tree in TREES.items()}


def _definitions():
    for path, tree in TREES.items():
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                yield path, node


def test_every_public_function_and_class_is_used_by_the_library():
    unused = []
    for path, node in _definitions():
        where = f"{path.relative_to(paths.REPO).as_posix()}:{node.name}"
        table = isinstance(node, ast.ClassDef) and any(k.arg == "table" for k in node.keywords)  # an SQLModel table
        if node.name.startswith("_") or node.name in CALLED_BY_NAME or table or _registered(node) or where in KEPT:
            continue
        elsewhere = any(node.name in uses for other, uses in USES.items() if other != path)
        # its own module uses it when the name occurs there more often than inside the definition itself
        if not elsewhere and USES[path][node.name] <= _uses(node)[node.name]:
            unused.append(where)
    assert unused == []


def test_no_old_name_is_kept_bound_to_a_class_or_function():
    aliases = []
    for path, tree in TREES.items():
        defined = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
        for node in tree.body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and node.value.id in defined:
                names = [target.id for target in node.targets if isinstance(target, ast.Name)]
                aliases += [f"{path.relative_to(paths.REPO).as_posix()}: {name} = {node.value.id}" for name in names]
    assert aliases == []
