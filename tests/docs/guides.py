"""The shell examples of the guides and the README's quick start, as the tests run them: every fenced ``sh``
block of a page, in order, each line a command (a line ending in ``\\`` goes on), a comment ``# exit N`` the
status it is expected to end with (0 otherwise). In the README, the comment lines right under a command are lines
of what it prints (runs of spaces count as one, ``...`` stands for any text), checked against its output. A block whose first line is ``# not run: REASON`` shows commands
that need what a test has not (a PostgreSQL server's administrator); a command marked ``# needs chromium`` runs
where Chromium is on PATH (always under CI=1)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

import paths  # tests/support/paths.py

DOCS = paths.REPO / "docs"
#: The pages whose examples are not run: the generated reference and the notes for developers (benchmarks).
NOT_GUIDES = ("reference/", "development/")
_FENCE = re.compile(r"^```sh\n(.*?)^```$", re.M | re.S)
_STATUS = re.compile(r"# exit (\d+)\s*$")
_NOT_RUN = re.compile(r"^# not run: \S")


@dataclass(frozen=True)
class Command:
    """One command of a page: its text, where it is (``docs/x.md:12``), the status it must end with, and (README)
    the lines of its output the page shows under it."""

    text: str
    where: str
    status: int
    needs_chromium: bool
    shows: tuple[str, ...] = ()

    def missing_lines(self, output: str) -> list[str]:
        """The lines the page shows under the command that its output lacks."""
        lines = [" ".join(line.split()) for line in output.splitlines()]
        patterns = {s: re.compile(".*?".join(re.escape(p) for p in " ".join(s.split()).split("..."))) for s in self.shows}
        return [s for s, pattern in patterns.items() if not any(pattern.search(line) for line in lines)]


def guide_pages() -> list[Path]:
    """The guide pages in the order of mkdocs.yml's nav (the order a reader follows), then the README."""
    nav = re.findall(r":\s*([\w/-]+\.md)\s*$", (paths.REPO / "mkdocs.yml").read_text(encoding="utf-8"), re.M)
    return [DOCS / page for page in nav if not page.startswith(NOT_GUIDES)] + [paths.REPO / "README.md"]


def _runnable_text(page: Path) -> str:
    """The page's text; of the README, only its quick start sections (the install commands run in CI itself)."""
    text = page.read_text(encoding="utf-8")
    if page.name != "README.md":
        return text
    sections = re.split(r"^(?=## )", text, flags=re.M)
    return "".join(s if s.startswith("## Quick start") else re.sub(r"[^\n]", "", s) for s in sections)


def commands(page: Path) -> list[Command]:
    """Every command of the page's ``sh`` blocks, in order."""
    text = _runnable_text(page)
    name = page.relative_to(paths.REPO).as_posix()
    found: list[Command] = []
    for block in _FENCE.finditer(text):
        body = block.group(1)
        if _NOT_RUN.match(body):
            continue
        first_line = text.count("\n", 0, block.start(1)) + 1
        pending, start = "", 0
        shown: list[str] | None = None
        for offset, line in enumerate(body.splitlines()):
            if not pending:
                start = first_line + offset
            if line.endswith("\\"):
                pending += line[:-1] + " "
                continue
            whole, pending = pending + line, ""
            if found and shown is not None and whole.startswith("# "):
                shown.append(whole[2:])
                found[-1] = replace(found[-1], shows=tuple(shown))
                continue
            shown = None
            if not whole.strip() or whole.lstrip().startswith("#"):
                continue
            status = _STATUS.search(whole)
            found.append(
                Command(whole, f"{name}:{start}", int(status.group(1)) if status else 0, "# needs chromium" in whole)
            )
            shown = [] if page.name == "README.md" else None
    return found


def not_run_blocks(page: Path) -> list[str]:
    """The first lines of the page's blocks marked not to run (each must give its reason)."""
    return [b.group(1).splitlines()[0] for b in _FENCE.finditer(_runnable_text(page)) if _NOT_RUN.match(b.group(1))]
