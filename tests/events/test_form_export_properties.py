"""Properties of form exports: random bytes and random rows (quotes, commas, newlines, a BOM, bare CRs, NULs,
look-alike names, cells over 2 MB) end in registrations or a clear error naming the file — never an internal
error — and a refused import changes nothing."""

from __future__ import annotations

import csv
import io
import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from dbdump import table_snapshot
from deckcli.errors import DeckcliError
from deckcli.events.sources import import_sources
from deckcli.words import plural
from event_decks import boa_deck, deck_text

PROPERTY = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
HUGE = "# " + "x" * (2 * 1024 * 1024 + 10)  # one cell over a decklist's limit
DECKS = [deck_text(boa_deck(0), "text", "Deck 0", "boa"), deck_text(boa_deck(1), "code", "Deck 1", "boa"),
         deck_text(boa_deck(2), "mtgo", "Deck 2", "boa")]
TRICKY = st.sampled_from(['"', ",", ";", "\n", "\r", "\r\n", "\x00", "\ufeff", "\u0410", "\uff21", "=", " ", "\t"])
NAMES = st.lists(TRICKY | st.sampled_from(["Alice", "Bob", "li", "ce"]), max_size=6).map("".join) | st.text(max_size=8)
CELLS = st.sampled_from(DECKS) | st.text(max_size=30) | st.sampled_from(DECKS).map(str.upper) | st.just(DECKS[0] + HUGE)
ROWS = st.lists(st.tuples(NAMES, st.text(max_size=6), CELLS), max_size=4)


def _form_bytes(rows, bom: bool, line_end: str, delimiter: str) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator=line_end)
    writer.writerow(["Player", "ID", "Decklist"])
    writer.writerows(rows)
    return ("\ufeff" if bom else "").encode() + out.getvalue().encode("utf-8", "surrogatepass")


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=300), header=st.booleans())
@example(data=b'Player,Decklist\n"Ann,"4 Ember Whelp\n', header=False)
@example(data=b"\x00\r\r\n\xef\xbb\xbf", header=True)
def test_random_bytes_as_a_form_export_are_sources_or_a_clear_error(tmp_path, data, header):
    path = tmp_path / "form.csv"
    path.write_bytes((b"player,id,decklist\n" if header else b"") + data)
    try:
        sources, problems = import_sources(str(path))
    except DeckcliError as exc:
        assert str(exc).startswith(str(path)) and "Traceback" not in str(exc)
        return
    assert all(line.startswith(f"{path}: line ") for _, line in problems)
    assert all(s.label.startswith(f"{path}: line ") and s.player.strip() for s in sources)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(at=st.integers(0, 10**6), cut=st.booleans(),
       noise=st.sampled_from([b'"', b"\r", b"\x00", b",", b";", b"\n\n", b"\xef\xbb\xbf", b'""', b"\xff", b"x" * 140_000]))
def test_a_mutated_form_export_is_sources_or_a_clear_error(tmp_path, at, cut, noise):
    data = _form_bytes([("Ann", "1", DECKS[0]), ("Bob, Jr.", "2", DECKS[1]), ('Cy "C"', "", DECKS[2])], False, "\r\n",
                       ",")
    at %= len(data) + 1
    path = tmp_path / "form.csv"
    path.write_bytes(data[:at] if cut else data[:at] + noise + data[at:])
    try:
        sources, problems = import_sources(str(path))
    except DeckcliError as exc:
        assert str(exc).startswith(str(path)) and "field larger than field limit" not in str(exc)
        return
    assert len(sources) + len(problems) <= 3 + data.count(b"\n")
    assert all(line.startswith(f"{path}: line ") for _, line in problems)


@pytest.fixture
def cup(run):
    assert run("event", "new", "Cup", "--game", "boa", "--date", "2099-05-01").exit_code == 0
    return "Cup"


@PROPERTY
@given(rows=ROWS, bom=st.booleans(), line_end=st.sampled_from(["\n", "\r\n", "\r"]),
       delimiter=st.sampled_from([",", ";"]), skip_bad=st.booleans())
@example(rows=[("Alice", "1", DECKS[0]), ("\u0410lice", "2", DECKS[1]), ("Bob", "3", DECKS[2] + HUGE)], bom=True,
         line_end="\r\n", delimiter=",", skip_bad=False)
def test_random_rows_register_or_are_refused_cleanly(run, db, cup, tmp_path, rows, bom, line_end, delimiter,
                                                     skip_bad):
    path = tmp_path / "form.csv"
    path.write_bytes(_form_bytes(rows, bom, line_end, delimiter))
    before = table_snapshot(db)
    result = run("event", "import", cup, path, "--json", *(["--skip-bad"] if skip_bad else []))
    assert result.exit_code in (0, 1), result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    assert "field larger than field limit" not in result.output  # a big cell is named with its row and player
    if result.exit_code == 0 or (skip_bad and result.stdout.strip()):
        registered = json.loads(result.stdout)
        assert all(r["player"] and r["fingerprint"] for r in registered)
        assert f"Registered {plural(len(registered), 'decklist')} for 'Cup'" in result.stderr
    else:
        assert result.stderr.startswith(("Error: ", "Skipped ")) and str(path) in result.stderr
        assert len(result.stderr) < 100_000  # a huge cell is named, not shown
        if not skip_bad:
            assert table_snapshot(db) == before
