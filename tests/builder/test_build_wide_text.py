"""``deckcli build`` in Japanese at 100×30: the pool's name column took about 44 columns and left the details column
one character wide (``コ``), and in the ``?`` dialog the second line of the ``e`` entry started at column 0. The name
column now takes at most 45% of the pool (a wide character counting two cells, a longer name cut with …) and
a key's wrapped lines are indented under its text. Drawn with Textual's pilot in a child process (deckcli reads its
language once per process)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import paths  # tests/support/paths.py

SCRIPT = """
import asyncio, json, sys
from rich.cells import cell_len
from textual.widgets import DataTable
from deckcli.cli.build import builder_app
from deckcli.cli.context import AppContext

async def main():
    app = builder_app(AppContext(None), sys.argv[1], None, None)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        pool = app.query_one("#pool", DataTable)
        widths = {str(key.value): column.get_render_width(pool) for key, column in pool.columns.items()}
        names = [str(pool.get_cell_at((row, 0))) for row in range(pool.row_count)]
        await pilot.press("question_mark")
        await pilot.pause()
        keys = str(app.screen.query_one("#text").render())
        box = app.screen.query_one("#text").size.width
        print(json.dumps({"pool": pool.size.width, "widths": widths, "names": [cell_len(n) for n in names],
                          "keys": keys, "box": box}))

asyncio.run(main())
"""


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    """The pool's and the keys dialog's measures, drawn in Japanese at 100×30 over a fresh data folder."""
    env = {**os.environ, "DECKCLI_LANG": "ja", "DECKCLI_DATA_DIR": str(tmp_path_factory.mktemp("data"))}
    env.pop("DECKCLI_DB", None)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(paths.EXAMPLES / "angels-yome.txt")],
        check=False, capture_output=True, text=True, env=env, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_the_pool_s_names_leave_the_details_room(drawn):
    widths = drawn["widths"]
    assert widths["name"] <= drawn["pool"] * 9 // 20 + 2  # (+ the cell's padding)
    assert max(drawn["names"]) <= 22
    shown = drawn["pool"] - sum(w for key, w in widths.items() if key != "details")
    assert shown >= 18


def test_a_key_s_wrapped_lines_are_indented_under_its_text(drawn):
    from rich.cells import cell_len

    lines = drawn["keys"].splitlines()
    assert all(cell_len(line) <= drawn["box"] for line in lines)
    export = [i for i, line in enumerate(lines) if line.startswith("e ")]
    assert export and lines[export[0] + 1].startswith(" " * 11) and lines[export[0] + 1].strip()
    assert all(line.startswith(" " * 11) or line[:10].strip() for line in lines)
