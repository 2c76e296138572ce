"""A format is read once: the loader (``deckcli/legality/format.py`` parses, ``deckcli/legality/formats.py`` reads and
checks the files) turns a format file into typed fields, and no other module reads a format's JSON by key with a
default of its own; nor does the documentation's reference hook (``docs/hooks/``), which shows the bundled formats.

An AST scan (not a text search, so comments, strings and formatting do not matter) of every module outside the loader
for the shapes a read by key takes: ``x.data[...]`` and ``x.data.get(...)`` (the merged document ``Format.data`` was),
``x.opening[...]`` and ``x.opening.get(...)`` (the ``opening`` object, also held in a name ``opening``), a zone's spec read by key
(``x.zones[z]["min"]``, ``x.zones[z].get("kinds")``, ``x.zones.get(z, {}).get("label")``) and ``x.rules_written`` (the rules
as the file writes them, kept for ``formats show`` only)."""

from __future__ import annotations

import ast

import paths  # tests/support/paths.py

PACKAGE = paths.REPO / "deckcli"
#: The documentation's hooks, which read the bundled formats as the package does.
HOOKS = paths.REPO / "docs" / "hooks"
#: The loader: the only modules that read a format document by key.
LOADER = {"deckcli/legality/format.py", "deckcli/legality/formats.py"}
#: Reads of ``.data`` that are not a format's, with the reason.
NOT_A_FORMAT = {
    "deckcli/decklists/code.py": "a deck code's bytes (_Reader.data), not a format",
}


def _is_attr(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == name


def _is_named(node: ast.AST, name: str) -> bool:
    """``x.name`` or a plain ``name``: an attribute or a variable holding the thing called ``name``."""
    return _is_attr(node, name) or (isinstance(node, ast.Name) and node.id == name)


def _keyed(node: ast.AST) -> ast.AST | None:
    """What ``node`` reads by key: ``X`` of ``X[...]`` or of ``X.get(...)``; None for any other node."""
    if isinstance(node, ast.Subscript):
        return node.value
    if isinstance(node, ast.Call) and _is_attr(node.func, "get"):
        return node.func.value  # type: ignore[attr-defined]
    return None


def _zone_spec(node: ast.AST | None) -> bool:
    """Whether ``node`` is one zone of a ``zones`` mapping: ``X.zones[z]`` or ``X.zones.get(z)``."""
    return node is not None and _is_attr(_keyed(node), "zones")


def format_reads(source: str, exempt: frozenset[str] = frozenset()) -> list[str]:
    """``line: what`` for each read of a format by key in ``source`` (``exempt``: attribute names not a format's)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        owner = _keyed(node)
        line = getattr(node, "lineno", 0)
        for name in ("data", "opening"):
            is_it = _is_named if name == "opening" else _is_attr
            if name not in exempt and owner is not None and is_it(owner, name):
                found.append(f"{line}: .{name} read by key")
        if owner is not None and _zone_spec(owner) and isinstance(_key(node), ast.Constant):
            found.append(f"{line}: a zone's spec read by key")
        if _is_attr(node, "rules_written"):
            found.append(f"{line}: .rules_written (formats show's own)")
    return sorted(found, key=lambda read: int(read.split(":")[0]))  # in the file's order, not the walk's


def _key(node: ast.AST) -> ast.AST | None:
    """The key a read by key uses: the subscript or the first argument of ``get``."""
    if isinstance(node, ast.Subscript):
        return node.slice
    if isinstance(node, ast.Call) and node.args:
        return node.args[0]
    return None


def test_no_module_outside_the_loader_reads_a_format_by_key():
    reads = []
    for path in sorted([*PACKAGE.rglob("*.py"), *HOOKS.glob("*.py")]):
        rel = path.relative_to(paths.REPO).as_posix()
        if rel in LOADER:
            continue
        exempt = frozenset({"data"}) if rel in NOT_A_FORMAT else frozenset()
        reads += [f"{rel}:{read}" for read in format_reads(path.read_text(encoding="utf-8"), exempt)]
    assert reads == []


def test_the_scan_finds_each_shape_of_a_read_by_key():
    source = "\n".join(
        [
            'deck.format.data.get("legal_sets", ())',
            'fmt.data["copy_limit"]',
            'deck.format.opening.get("mulligan", "none")',
            'opening = fmt.opening["hand_size"]',
            'fmt.zones[zone]["min"]',
            'fmt.zones.get(zone, {}).get("kinds")',
            'fmt.rules_written["opening"]',
            "fmt.zones[zone].min + len(fmt.zones) + fmt.opening.hand_size",  # typed: not a read by key
            "opening = dict(details.opening); opening.get('mulligan', 'none')",
        ]
    )
    assert format_reads(source) == [
        "1: .data read by key",
        "2: .data read by key",
        "3: .opening read by key",
        "4: .opening read by key",
        "5: a zone's spec read by key",
        "6: a zone's spec read by key",
        "7: .rules_written (formats show's own)",
        "9: .opening read by key",
    ]
