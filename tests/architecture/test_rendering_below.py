"""Rendering sits below its users and each file job has one home (issue 34): ``deckcli/play/`` imports nothing from
``deckcli/events/``, ``deckcli/rendering/`` (templates, Chromium, printing) imports neither, and only
``deckcli/files/`` replaces a file by a temporary one renamed over it, or opens a file without following a link (the
one writer, and the one guard of the folders deckcli owns)."""

from __future__ import annotations

import ast
import re

import paths  # tests/support/paths.py

PACKAGE = paths.REPO / "deckcli"


def _imported(path) -> list[tuple[int, str]]:
    """``(line, module)`` of every deckcli import in the file, anywhere (top level, in functions, TYPE_CHECKING)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "deckcli":
            found += [(node.lineno, f"deckcli.{alias.name}") for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("deckcli."):
            found.append((node.lineno, node.module or ""))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("deckcli.")]
    return found


def imports_of(package: str, forbidden: tuple[str, ...]) -> list[str]:
    """``path:line: module`` for each import by ``deckcli/<package>/`` of a module of the ``forbidden`` packages."""
    return [
        f"{path.relative_to(paths.REPO).as_posix()}:{line}: {module}"
        for path in sorted((PACKAGE / package).rglob("*.py"))
        for line, module in _imported(path)
        if any(module == f"deckcli.{p}" or module.startswith(f"deckcli.{p}.") for p in forbidden)
    ]


def test_play_imports_nothing_from_events():
    assert (PACKAGE / "play").is_dir()
    assert imports_of("play", ("events",)) == []


def test_rendering_imports_neither_of_its_users():
    assert (PACKAGE / "rendering" / "browser.py").is_file()
    assert imports_of("rendering", ("events", "play")) == []


#: A file replaced by renaming (the temp-file-and-replace of files/writing.py and files/folderswap.py), or opened
#: without following a link (the owned-folder guard of files/ownedfolder.py).
_FILE_JOBS = re.compile(r"\bos\.(replace|rename)\(|\.(replace|rename)\(temp|O_NOFOLLOW")
#: Module -> why it does a job of deckcli/files/ itself.
ALLOWED = {
    "deckcli/storage/copying.py": "db copy: a new database file, which files/writing.py refuses to write by design",
}


def test_only_files_replaces_a_file_or_opens_one_without_following_links():
    found = [
        f"{path.relative_to(paths.REPO).as_posix()}:{n}: {line.strip()}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if not path.is_relative_to(PACKAGE / "files") and path.relative_to(paths.REPO).as_posix() not in ALLOWED
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if _FILE_JOBS.search(line)
    ]
    assert found == []


def test_a_forbidden_import_is_named_with_its_line(tmp_path, monkeypatch):
    folder = tmp_path / "deckcli" / "play"
    folder.mkdir(parents=True)
    (folder / "x.py").write_text("def f():\n    from deckcli.events.sitemanifest import digest\n", encoding="utf-8")
    monkeypatch.setattr(paths, "REPO", tmp_path)
    monkeypatch.setitem(globals(), "PACKAGE", tmp_path / "deckcli")
    assert imports_of("play", ("events",)) == ["deckcli/play/x.py:2: deckcli.events.sitemanifest"]
