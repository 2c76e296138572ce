"""``deckcli event sheet`` and ``event publish`` on the command line: what they write and say, and their errors
(an unknown event or player, no Chromium for a PDF, a file given as the site's folder) with exit status 1 or 2."""

from __future__ import annotations

import json

import pytest

import paths  # tests/support/paths.py

EVENT = "Open <b>"


@pytest.fixture
def event(run):
    assert run("event", "new", EVENT, "--game", "boa", "--date", "2099-12-05").exit_code == 0  # not yet started
    ember = paths.EXAMPLES / "ember-rush.txt"
    assert run("event", "register", EVENT, "<script>alert(1)</script>", ember, "--player-id", "=1").exit_code == 0
    assert run("event", "register", EVENT, "Ann", ember).exit_code == 0
    return EVENT


def test_sheet_to_a_file_and_to_stdout(run, event, tmp_path):
    done = run("event", "sheet", event, "-o", tmp_path / "s.html")
    assert done.exit_code == 0 and done.stdout == ""
    assert done.stderr == f"Wrote 2 registration sheets of 'Open <b>' to {tmp_path / 's.html'} (html, one A4 page per player).\n"
    html = (tmp_path / "s.html").read_text(encoding="utf-8")
    assert html.count('<section class="sheet"') == 2 and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    one = run("event", "sheet", event, "ann", "-o", "-")
    assert one.exit_code == 0 and one.stdout.startswith("<!DOCTYPE html>") and one.stdout.count('class="sheet"') == 1
    assert "<dd>Ann</dd>" in one.stdout and "alert" not in one.stdout


def test_sheet_errors(run, event, tmp_path, monkeypatch):
    unknown = run("event", "sheet", "Nope", "-o", tmp_path / "s.html")
    assert unknown.exit_code == 1 and "no event called 'Nope'" in unknown.stderr
    nobody = run("event", "sheet", event, "Zed", "-o", tmp_path / "s.html")
    assert nobody.exit_code == 1 and "no player 'Zed' is registered for event 'Open <b>'" in nobody.stderr
    assert not (tmp_path / "s.html").exists()
    monkeypatch.setenv("PATH", str(tmp_path / "no-browser"))
    pdf = run("event", "sheet", event, "-o", tmp_path / "s.pdf")  # .pdf: printed by Chromium
    assert pdf.exit_code == 1 and "Traceback" not in pdf.output
    assert "cannot print to PDF: no Chromium found on PATH (looked for chromium, chromium-browser, google-chrome)" in pdf.stderr
    assert "apt-get install chromium" in pdf.stderr and not (tmp_path / "s.pdf").exists()
    bad = run("event", "sheet", event, "--to", "png", "-o", tmp_path / "s.png")
    assert bad.exit_code == 2 and "'png' is not one of 'html', 'pdf'" in bad.stderr


def test_publish_and_its_errors(run, event, tmp_path):
    done = run("event", "publish", event, "-o", tmp_path / "site", "--anonymous", "--json")
    assert done.exit_code == 0
    assert json.loads(done.stdout) == {"event": EVENT, "folder": str(tmp_path / "site"), "decks": 2, "files": [
        "index.html", "deck-player-1.html", "deck-player-2.html", "decks.json", "decks.csv"]}
    assert "Ann" not in (tmp_path / "site" / "decks.json").read_text(encoding="utf-8")
    (tmp_path / "file").write_text("x", encoding="utf-8")
    on_file = run("event", "publish", event, "-o", tmp_path / "file")
    assert on_file.exit_code == 2 and "is a file" in on_file.stderr
    unknown = run("event", "publish", "Nope", "-o", tmp_path / "site2")
    assert unknown.exit_code == 1 and "no event called 'Nope'" in unknown.stderr and not (tmp_path / "site2").exists()
