"""The CLI reads what the library hands it by field, never by key (issue 34 item 2): a library function returns a type
(a NamedTuple or a dataclass, with ``as_dict()`` for ``--json``), so a renamed field is a type error, not a
``KeyError`` in front of a user, and its default is written once beside the type.

An AST scan (not a text search: comments, strings and formatting do not matter) of every module of ``deckcli/cli/``
for a read by a string key: ``x["key"]`` (read, not written) and ``x.get("key")``. What is genuinely a document or
Click's own data is named in :data:`ALLOWED`, each with why; an entry the code no longer needs fails the test, so the
list only shrinks."""

from __future__ import annotations

import ast

import paths  # tests/support/paths.py

CLI = paths.REPO / "deckcli" / "cli"

#: ``(module, read)`` -> why it is not a library result read by key.
ALLOWED = {
    ("deckcli/cli/completion.py", "ctx.params.get('game')"): "Click's own data: the options parsed so far",
    ("deckcli/cli/completion.py", "ctx.params.get('event_name')"): "Click's own data: the options parsed so far",
    ("deckcli/cli/completion.py", "ctx.find_root().params.get('db_path')"): "Click's own data: the root's --db",
    ("deckcli/cli/context.py", "os.environ.get('DECKCLI_DB')"): "the process environment",
    ("deckcli/cli/main.py", "os.environ.get('DECKCLI_DEBUG')"): "the process environment",
}


def reads_by_key(source: str) -> list[tuple[int, str]]:
    """``(line, read)`` for each read by a string key in ``source``: ``x["key"]`` read (not assigned or deleted)
    and ``x.get("key", ...)``, the read as :func:`ast.unparse` writes it."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and _is_text(node.slice):
            found.append((node.lineno, ast.unparse(node)))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and node.args
            and _is_text(node.args[0])
        ):
            found.append((node.lineno, ast.unparse(node)))
    return sorted(found)


def _is_text(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _cli_reads() -> dict[str, list[tuple[int, str]]]:
    """Every module of deckcli/cli/ with the reads by key in it."""
    found = {}
    for path in sorted(CLI.rglob("*.py")):
        rel = path.relative_to(paths.REPO).as_posix()
        found[rel] = reads_by_key(path.read_text(encoding="utf-8"))
    return found


def test_no_cli_module_reads_a_library_result_by_key():
    reads = _cli_reads()
    unexplained = [
        f"{module}:{line}: {read}"
        for module, found in reads.items()
        for line, read in found
        if (module, read) not in ALLOWED
    ]
    assert unexplained == [], "a library result read by key: give it a type (or say in ALLOWED why it is a document)"


def test_every_allowed_read_is_still_there():
    reads = _cli_reads()
    stale = [entry for entry in ALLOWED if entry[1] not in {read for _, read in reads.get(entry[0], [])}]
    assert stale == [], "no longer needed: remove it from the allow-list"


def test_the_scan_finds_each_shape_of_a_read_by_key():
    source = "\n".join(
        [
            'd["copy_limit"]["max"]',
            'card.get("game")',
            'row.get("status", "")',
            'doc["name"] = name',  # a document being written: not a read
            "del doc['name']",
            "row[column] + items[0] + d.copy_limit.max",  # by a variable, an index, a field: not a read by key
            "# x['key'] in a comment, and 'x[\"key\"]' in a string",
        ]
    )
    assert reads_by_key(source) == [
        (1, "d['copy_limit']"),
        (1, "d['copy_limit']['max']"),
        (2, "card.get('game')"),
        (3, "row.get('status', '')"),
    ]
