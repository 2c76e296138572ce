"""Where the ORM may be imported (issue 36): SQLModel builds the tables' declarations and the schema, so only the
storage modules that declare, make, migrate, check or copy the schema import it, with first use (setting up a server
database); every command writes SQL text through :mod:`deckcli.storage.writes` without it (the write path's
transitional ORM session is gone)."""

from __future__ import annotations

import ast

import paths  # tests/support/paths.py

PACKAGE = paths.REPO / "deckcli"
#: The modules that may import sqlmodel: the schema (declared, made, migrated, checked, copied) and first use.
MAY_IMPORT_SQLMODEL = {
    "deckcli/storage/tables.py",  # the tables, declared once
    "deckcli/storage/server.py",  # a server database set up on first use
    "deckcli/storage/status.py",  # db check compares the schema with the declarations
    "deckcli/storage/copying.py",  # db copy
}


def _imports_sqlmodel(source: str) -> bool:
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "sqlmodel" for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "sqlmodel":
            return True
    return False


def test_sqlmodel_is_imported_only_where_the_schema_is_made():
    found = {
        path.relative_to(paths.REPO).as_posix()
        for path in PACKAGE.rglob("*.py")
        if "migrations" not in path.parts and _imports_sqlmodel(path.read_text(encoding="utf-8"))
    }
    assert found <= MAY_IMPORT_SQLMODEL, "only the modules that make the schema import sqlmodel"
    assert MAY_IMPORT_SQLMODEL <= found, "a module no longer imports sqlmodel: take it off MAY_IMPORT_SQLMODEL"
