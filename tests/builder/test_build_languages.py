"""``deckcli build`` in Japanese and Russian: the screen's own words, the zones and kinds from the game's data and the
card names where the data has them in the player's language. deckcli reads its language once per process, so each
screen is drawn in a child process."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import paths  # tests/support/paths.py

SCRIPT = """
import asyncio, sys
from deckcli.cli.build import builder_app
from deckcli.cli.context import AppContext
sys.path.insert(0, sys.argv[2])
from screens import screen_lines

async def main():
    app = builder_app(AppContext(None), sys.argv[1], None, None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        keys = app.screen.query_one("#text").render()
        await pilot.press("escape")
        for _ in range(100):  # until the whole screen is drawn, its footer last
            await pilot.pause()
            lines = screen_lines(app.export_screenshot())
            if len(lines) == 40 and lines[-1].strip():
                break
        print("\\n".join(lines))
        print(keys)

asyncio.run(main())
"""

#: What each language must show, and English words it must not.
EXPECTED = {
    "ja": (
        ["メインデッキ", "モンスター", "使用可能です", "引き直し込み", "検索", "保存", "初手の条件を編集"],
        ["Main Deck", "Monsters", "with mulligan", "Legal in"],
    ),
    "ru": (
        [
            "Основная колода",
            "Монстры",
            "Допустима в формате",
            "с муллиганом",
            "Поиск",
            "Сохранить",
            "условия стартовой руки",
        ],
        ["Main Deck", "Monsters", "with mulligan", "Legal in"],
    ),
}


def _screen(deck: str, language: str) -> str:
    """The builder's main screen and its keys, drawn in a child process speaking ``language``."""
    env = {**os.environ, "DECKCLI_LANG": language}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(paths.EXAMPLES / deck), str(paths.REPO / "tests" / "support")],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.sqlite_only
@pytest.mark.parametrize("language", sorted(EXPECTED))
def test_the_builder_speaks_the_players_language(db, language):
    screen = _screen("ember-rush.txt", language)
    shown, english = EXPECTED[language]
    for word in shown:
        assert word in screen, f"{language}: {word!r} not shown:\n{screen}"
    for word in english:
        assert word not in screen, f"{language}: English {word!r} shown:\n{screen}"


@pytest.mark.sqlite_only
def test_card_names_in_the_players_language(db):
    assert "Килгор (Kilgore)" in _screen("team-shadows.txt", "ru")
