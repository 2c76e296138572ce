"""Snapshots of ``deckcli build``'s main screen, one deck of each game at 80×24 and 120×40, kept as the SVGs Textual
draws (``tests/data/builder/``: reviewed by eye once, and the README shows one). A screen is compared by its text, line
by line (tests/support/screens.py), so a new Textual release that draws colours differently fails nothing while a
panel that moves, shrinks or says something else does. ``DECKCLI_UPDATE_SNAPSHOTS=1`` writes them anew."""

from __future__ import annotations

import asyncio
import difflib
import os

import pytest

import paths  # tests/support/paths.py
from deckcli.cli.context import AppContext
from screens import screen_lines

SNAPSHOTS = paths.REPO / "tests" / "data" / "builder"
DECKS = {"boa": "examples/ember-rush.txt", "aqa": "examples/wizdom-standard.txt", "sfb": "examples/team-shadows.txt"}


def _screenshot(deck: str, size: tuple[int, int]) -> str:
    from deckcli.cli.build import builder_app

    app = builder_app(AppContext(None), str(paths.REPO / deck), None, None)

    async def scenario() -> str:
        async with app.run_test(size=size) as pilot:
            drawn: list[str] = []
            for _ in range(100):  # until the whole screen is drawn and settled (the machine may be busy)
                await pilot.pause()
                svg = app.export_screenshot()
                before, drawn = drawn, screen_lines(svg)
                if str(app.query_one("#verdict-text").render()) and drawn == before:
                    break
            return svg

    return asyncio.run(scenario())


@pytest.mark.sqlite_only
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("game", sorted(DECKS))
def test_the_main_screen_is_as_reviewed(db, game, size, tmp_path):
    svg = _screenshot(DECKS[game], size)
    kept = SNAPSHOTS / f"{game}-{size[0]}x{size[1]}.svg"
    if os.environ.get("DECKCLI_UPDATE_SNAPSHOTS"):
        kept.write_text(svg, encoding="utf-8")
    now, before = screen_lines(svg), screen_lines(kept.read_text(encoding="utf-8"))
    assert len(now) == size[1] and any("·" in line for line in now)
    (tmp_path / kept.name).write_text(svg, encoding="utf-8")
    diff = "\n".join(difflib.unified_diff(before, now, "kept", "now", lineterm=""))
    assert now == before, f"the screen differs from {kept} (now: {tmp_path / kept.name}):\n{diff}"
