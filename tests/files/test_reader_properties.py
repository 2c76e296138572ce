"""Properties of every reader: random bytes, mutations of valid files and random JSON end in a result or a clear
error — exit status 0 or 1 (2 for a bad --format), never "internal error", a report for every decklist of a batch,
and the database unchanged. CI runs them derandomised with a bounded number of examples (tests/conftest.py)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import paths
from dbdump import table_snapshot
from deckcli.cards.setfiles import load_cardsets
from deckcli.decklists.io import read_decklist
from deckcli.errors import DeckcliError
from deckcli.legality.formats import load_format

PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

SAMPLES = {
    "text": (paths.EXAMPLES / "ember-rush.txt").read_bytes(),
    "json": json.dumps({"name": "J", "game": "boa", "zones": {"main": [{"count": 4, "name": "Ember Whelp"}]}}).encode(),
    "csv": b"section,count,name,set,number\nmain,4,Ember Whelp,S01,001\nside,2,Fireball,,\n",
    "collection": b"count,name,game,set,number,finish,condition,language,tag\n3,Ember Whelp,boa,S01,001,foil,NM,en,\n",
    "collection-json": b'[{"count": 2, "name": "Kilgore", "game": "sfb"}]',
    "format": b'{"name": "event", "game": "boa", "extends": "boa-standard", "card_limits": {"Fireball": 1}}',
    "cardset": (paths.REPO / "carddb" / "boa" / "sample.json").read_bytes().replace(b'"S01"', b'"Z01"', 1),
}

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


def mutate(data: bytes, seed: int) -> bytes:
    """A random mutation of a valid file: flipped bytes, a cut, inserted noise, repeated or dropped lines."""
    rng = random.Random(seed)
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(6)
        at = rng.randrange(len(data) + 1)
        if op == 0 and data:
            data[min(at, len(data) - 1)] ^= 1 << rng.randrange(8)
        elif op == 1:
            del data[at:]
        elif op == 2:
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif op == 3:
            data[at:at] = rng.choice([b"\r", b"\n", b"\x00", b'"', b",", b"{", b"]", b"9" * 5000, b"\xef\xbb\xbf",
                                      b"\xff\xfe", "\u2028".encode(), b"-1 ", b"[" * 600])
        else:
            lines = bytes(data).split(b"\n")
            if lines:
                i = rng.randrange(len(lines))
                lines[i:i + 1] = [lines[i]] * rng.randint(0, 3)
            data = bytearray(b"\n".join(lines))
    return bytes(data)


def _survives(read) -> None:
    """``read()`` returns or raises a DeckcliError; nothing else."""
    try:
        read()
    except DeckcliError as exc:
        assert str(exc) and "Traceback" not in str(exc)


# -- the library readers ----------------------------------------------------------------------------------


@PROPERTY
@given(data=st.binary(max_size=300))
@example(data=b"\xff\xfe\x00\xd8")
@example(data=b"[" * 2000)
def test_random_bytes_in_every_reader(tmp_path, data):
    for name in ("d.txt", "d.json", "d.csv", "d.code"):
        path = tmp_path / name
        path.write_bytes(data)
        _survives(lambda path=path: read_decklist(str(path)))  # bound: each file read in its own turn
    (tmp_path / "set.json").write_bytes(data)
    _survives(lambda: load_cardsets([str(tmp_path / "set.json")]))
    (tmp_path / "format.json").write_bytes(data)
    _survives(lambda: load_format(str(tmp_path / "format.json")))


@PROPERTY
@given(seed=st.integers(0, 2**32), kind=st.sampled_from(["text", "json", "csv"]))
def test_mutated_decklists(tmp_path, seed, kind):
    path = tmp_path / f"deck.{'txt' if kind == 'text' else kind}"
    path.write_bytes(mutate(SAMPLES[kind], seed))
    _survives(lambda: read_decklist(str(path)))


@PROPERTY
@given(seed=st.integers(0, 2**32), kind=st.sampled_from(["cardset", "format"]))
def test_mutated_card_sets_and_formats(tmp_path, seed, kind):
    path = tmp_path / f"{kind}.json"
    path.write_bytes(mutate(SAMPLES[kind], seed))
    _survives(lambda: load_cardsets([str(path)]) if kind == "cardset" else load_format(str(path)))


@PROPERTY
@given(seed=st.integers(0, 2**32), doc=st.none() | JSON)
def test_mutated_or_random_site_manifests(tmp_path, seed, doc):
    """A published site's manifest, the one file of a site deckcli reads back (``event publish``)."""
    from deckcli.events.sitemanifest import check_folder, manifest_bytes

    site = tmp_path / "site"
    site.mkdir(exist_ok=True)
    (site / "index.html").write_bytes(b"<p>x</p>")
    real = manifest_bytes("Open", {"index.html": b"<p>x</p>"})
    (site / ".deckcli-site.json").write_bytes(mutate(real, seed) if doc is None else json.dumps(doc).encode())
    _survives(lambda: check_folder(site, str(site)))


@PROPERTY
@given(doc=JSON)
def test_random_json_in_every_json_reader(tmp_path, doc):
    text = json.dumps(doc)
    for name, read in (("d.json", read_decklist), ("s.json", lambda p: load_cardsets([p])), ("f.json", load_format)):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        _survives(lambda read=read, path=path: read(str(path)))  # bound: each reader on its own file


# -- through the command line, against a database that must not change -----------------------------------


@PROPERTY
@given(seed=st.integers(0, 2**32), kind=st.sampled_from(["collection", "collection-json"]),
       doc=st.none() | JSON)
def test_collection_import_of_anything_changes_nothing_unless_it_imports(run, db, tmp_path, seed, kind, doc):
    path = tmp_path / "c.csv"
    path.write_bytes(mutate(SAMPLES[kind], seed) if doc is None else json.dumps(doc).encode())
    before = table_snapshot(db)
    result = run("collection", "import", path, "--dry-run")
    assert result.exit_code in (0, 1), result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    assert table_snapshot(db) == before


@PROPERTY
@given(seed=st.integers(0, 2**32), data=st.binary(max_size=200))
def test_cards_import_of_anything_bad_writes_nothing(run, db, tmp_path, seed, data):
    path = tmp_path / "set.json"
    path.write_bytes(mutate(SAMPLES["cardset"], seed) if seed % 2 else data)
    before = table_snapshot(db)
    result = run("cards", "import", path)
    assert result.exit_code in (0, 1), result.output
    assert "internal error" not in result.output
    if result.exit_code == 1:
        assert table_snapshot(db) == before


@PROPERTY
@given(seeds=st.lists(st.integers(0, 2**32), min_size=1, max_size=6), blobs=st.lists(st.binary(max_size=120), max_size=3),
       docs=st.lists(JSON, max_size=3))
def test_validate_a_batch_of_anything(run, db, tmp_path, seeds, blobs, docs):
    files = []
    for i, seed in enumerate(seeds):
        kind = ("text", "json", "csv")[seed % 3]
        path = tmp_path / f"m{i}.{'txt' if kind == 'text' else kind}"
        path.write_bytes(mutate(SAMPLES[kind], seed))
        files.append(path)
    for i, blob in enumerate(blobs):
        files.append(tmp_path / f"b{i}.deck")
        files[-1].write_bytes(blob)
    for i, doc in enumerate(docs):
        files.append(tmp_path / f"j{i}.json")
        files[-1].write_text(json.dumps(doc), encoding="utf-8")
    before = table_snapshot(db)
    result = run("validate", *files, "--json")
    assert result.exit_code in (0, 1), result.output
    assert "internal error" not in result.output
    reports = json.loads(result.stdout)
    assert [r["file"] for r in reports] == [str(f) for f in files]
    assert table_snapshot(db) == before


def test_200_mutated_decklists_in_one_validate_call_give_200_reports(run, db, tmp_path):
    files = []
    for seed in range(200):
        kind = ("text", "json", "csv")[seed % 3]
        path = tmp_path / f"d{seed:03d}.{'txt' if kind == 'text' else kind}"
        path.write_bytes(mutate(SAMPLES[kind], seed))
        files.append(path)
    before = table_snapshot(db)
    result = run("validate", *files, "--json")
    assert result.exit_code in (0, 1)
    assert "internal error" not in result.output
    reports = json.loads(result.stdout)
    assert len(reports) == 200 and [r["file"] for r in reports] == [str(f) for f in files]
    assert all(isinstance(r["legal"], bool) and isinstance(r["problems"], list) for r in reports)
    assert table_snapshot(db) == before


@pytest.mark.parametrize("depth", [499, 500, 501, 100_000])
def test_deep_json_in_a_card_field_is_refused_or_read_cleanly(run, db, tmp_path, depth):
    doc = json.loads(SAMPLES["cardset"])
    doc["cards"][0]["text"] = "PLACEHOLDER"
    text = json.dumps(doc).replace('"PLACEHOLDER"', "[" * depth + '"deep"' + "]" * depth)
    path = tmp_path / "deep.json"
    path.write_text(text, encoding="utf-8")
    before = table_snapshot(db)
    result = run("cards", "import", path)
    assert result.exit_code == 1 and "internal error" not in result.output
    assert table_snapshot(db) == before
