"""Every shell example of the guides runs as printed: the ``sh`` blocks of each guide page (``tests/docs/guides.py``
reads them), in order, in one shell from a copy of the repository's ``examples/`` and a fresh data folder, each
command ending with the status the guide gives (0 unless it says ``# exit N``) and printing the lines the README
shows under it. So a guide names no file that is not
shipped and runs no command before what it needs."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import paths  # tests/support/paths.py
from guides import commands, guide_pages, not_run_blocks

PAGES = guide_pages()
BIN = Path(sys.executable).parent  # the environment's deckcli script is beside its python


def _environment(root: Path) -> dict[str, str]:
    """A shell environment of the tests' own: the data folder and home under ``root``, English, no database set."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DECKCLI_", "LC_", "LANG"))}
    (root / "home").mkdir(exist_ok=True)
    env.update(
        PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}",
        HOME=str(root / "home"),
        DECKCLI_DATA_DIR=str(root / "data"),
        DECKCLI_LANG="en",
        COLUMNS="120",
    )
    return env


@pytest.fixture(scope="session")
def fresh_data(tmp_path_factory) -> Path:
    """A data folder as the first command leaves it (the database made, the bundled sets loaded), copied for each
    page rather than made again: each page starts from the same fresh database."""
    root = tmp_path_factory.mktemp("fresh")
    subprocess.run(["deckcli", "games"], env=_environment(root), check=True, capture_output=True, cwd=root)
    return root / "data"


def _script(cmds, out: Path) -> str:
    """One shell script running the commands in order, each one's output and status saved under ``out``."""
    lines = []
    for i, cmd in enumerate(cmds):
        lines += ["{ " + cmd.text, f'}} >"{out}/{i}.out" 2>&1 </dev/null; echo "{i} $?" >>"{out}/status"']
    return "\n".join(lines) + "\n"


def _run_page(page: Path, root: Path, fresh_data: Path) -> list[str]:
    """Runs the page's commands in one shell under ``root``; what went otherwise than the guide says."""
    chromium = bool(shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome"))
    cmds = [c for c in commands(page) if chromium or os.environ.get("CI") or not c.needs_chromium]
    work, out = root / "work", root / "out"
    out.mkdir(parents=True)
    shutil.copytree(paths.EXAMPLES, work / "examples")
    shutil.copytree(fresh_data, root / "data")
    subprocess.run(["bash", "-c", _script(cmds, out)], cwd=work, env=_environment(root), timeout=900, check=False)
    statuses = dict(line.split() for line in (out / "status").read_text().splitlines()) if cmds else {}
    wrong = []
    for i, cmd in enumerate(cmds):
        got = statuses.get(str(i))
        said = (out / f"{i}.out").read_text(errors="replace") if (out / f"{i}.out").exists() else ""
        if got != str(cmd.status):
            wrong.append(f"{cmd.where}: {cmd.text}\n  expected exit {cmd.status}, got {got}\n{said[-1500:]}")
        elif missing := cmd.missing_lines(said):
            wrong.append(f"{cmd.where}: {cmd.text}\n  the page shows {missing}; it printed:\n{said[-1500:]}")
    return wrong


# Each page runs in its own test, so pytest-xdist spreads the pages over the machine's cores (the commands spend most of
# their time starting Python); the fresh data folder is made once per worker.
@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(paths.REPO).as_posix() for p in PAGES])
def test_every_shell_example_of_the_page_runs_as_the_guide_says(page, tmp_path, fresh_data):
    if not commands(page):
        pytest.skip(f"{page.name} has no shell example")
    wrong = _run_page(page, tmp_path, fresh_data)
    assert not wrong, "\n".join(wrong)


def test_no_guide_writes_into_the_folder_mkdocs_builds_into():
    """The guides run from the repository root, where ``mkdocs build`` writes ``site/``: an example writing there (an
    event published to ``site/``) is refused once the docs are built, as a folder deckcli did not write."""
    for page in PAGES:
        for cmd in commands(page):
            assert not re.search(r"(^|\s)(-o\s+|>\s*)\.?/?site(/|\s|$)", cmd.text), f"{cmd.where}: {cmd.text}"


def test_a_block_not_run_says_why_and_the_guides_name_only_shipped_examples():
    for page in PAGES:
        for first in not_run_blocks(page):
            assert len(first) > len("# not run: ") + 10, f"{page}: {first!r} gives no reason"
        for cmd in commands(page):
            for name in re.findall(r"examples/([\w.-]+)", cmd.text):
                assert (paths.EXAMPLES / name).exists() or "*" in name, f"{cmd.where}: examples/{name} is not shipped"
