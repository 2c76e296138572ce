"""The command that reads each kind of document (decklist, card set, collection, format), for reader tests."""

from __future__ import annotations

import paths


def read_command(kind: str, path) -> list:
    """The deckcli arguments that read ``path`` as a ``kind``."""
    return {
        "decklist": ["validate", path],
        "card set": ["cards", "import", path],
        "collection": ["collection", "import", path],
        "format": ["validate", paths.EXAMPLES / "ember-rush.txt", "--format", path],
    }[kind]


def assert_refused(run, db, kind: str, path, message: str) -> None:
    """Reading ``path`` as a ``kind`` fails with ``PATH: message`` (exit 1 or 2, no internal error), storing nothing."""
    from dbdump import table_snapshot

    before = table_snapshot(db)
    result = run(*read_command(kind, path))
    assert result.exit_code in (1, 2)
    assert f"{path}: {message}" in result.output
    assert "internal error" not in result.output
    assert table_snapshot(db) == before
