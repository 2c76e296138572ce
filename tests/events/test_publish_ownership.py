"""``event publish`` owns only what it wrote (issue 20): a folder holding anything but deckcli's own site, unchanged
(its manifest ``.deckcli-site.json`` lists each file's SHA-256), is refused with the entries named and left exactly
as it was; links are never followed out of the folder; the manifest is read through the reading front door; the
``--anonymous`` site keeps no registration times. (Before: a foreign ``index.html``, ``decks.json`` and
``decks.csv`` were overwritten, pages a foreign ``decks.json`` listed were deleted, planted links were followed.)"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

DECK = Path(__file__).parents[1] / "data" / "decks" / "boa-standard" / "legal" / "aeon-sphinx-in-side.txt"
SITE_FILES = [".deckcli-site.json", "deck-ann.html", "deck-bo.html", "decks.csv", "decks.json", "index.html"]
PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture
def event(run):
    assert run("event", "new", "Open", "--game", "boa").exit_code == 0
    for player in ("Ann", "Bo"):
        assert run("event", "register", "Open", player, DECK).exit_code == 0
    return "Open"


def refusal(site, *entries: str) -> str:
    them = "it" if len(entries) == 1 else "them"
    return (f"Error: {site}: refused, it holds what deckcli did not publish there: {', '.join(entries)}; nothing was"
            f" changed. Publish into an empty or new folder, or remove {them} from {site} first")


def snapshot(folder: Path) -> dict[str, object]:
    """Every entry of ``folder`` (and below), without following links: a file's bytes, a link's target."""
    found: dict[str, object] = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        found[name] = (f"-> {os.readlink(path)}" if path.is_symlink() else "folder" if path.is_dir()
                       else path.read_bytes())
    return found


def assert_refused(run, event, site: Path, *entries: str) -> None:
    before, beside = snapshot(site), sorted(p.name for p in site.parent.iterdir())
    result = run("event", "publish", event, "-o", site)
    assert result.exit_code == 1, result.output
    assert result.stderr.strip() == refusal(site, *entries)
    assert "internal error" not in result.output
    assert snapshot(site) == before and sorted(p.name for p in site.parent.iterdir()) == beside


def test_a_foreign_index_is_refused_and_left_alone(run, event, tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<h1>my own home page</h1>", encoding="utf-8")
    assert_refused(run, event, site, "index.html")


def test_a_foreign_decks_json_listing_pages_deletes_nothing(run, event, tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "decks.json").write_text(json.dumps([{"page": "deck-mine.html"}]), encoding="utf-8")
    (site / "deck-mine.html").write_text("mine", encoding="utf-8")
    (site / "decks.csv").write_text("mine", encoding="utf-8")
    assert_refused(run, event, site, "deck-mine.html", "decks.csv", "decks.json")


def test_a_link_planted_in_its_own_site_is_refused_and_the_file_outside_untouched(run, event, tmp_path):
    site, outside, absolute = tmp_path / "site", tmp_path / "precious.txt", tmp_path / "elsewhere" / "precious.csv"
    outside.write_text("not deckcli's", encoding="utf-8")
    absolute.parent.mkdir()
    absolute.write_text("not deckcli's either", encoding="utf-8")
    assert run("event", "publish", event, "-o", site).exit_code == 0
    (site / "deck-bo.html").unlink()
    (site / "deck-bo.html").symlink_to(outside)
    (site / "decks.csv").unlink()
    (site / "decks.csv").symlink_to(absolute.resolve())  # (never a system file: the tests run as root)
    assert_refused(run, event, site, "deck-bo.html (a link)", "decks.csv (a link)")
    assert outside.read_text(encoding="utf-8") == "not deckcli's"
    assert absolute.read_text(encoding="utf-8") == "not deckcli's either"


def test_a_changed_file_or_a_folder_in_its_own_site_is_refused(run, event, tmp_path):
    site = tmp_path / "site"
    assert run("event", "publish", event, "-o", site).exit_code == 0
    with (site / "index.html").open("a", encoding="utf-8") as handle:
        handle.write("<!-- edited by hand -->")
    (site / "deck-ann.html").unlink()
    (site / "deck-ann.html").mkdir()
    (site / "notes").mkdir()
    assert_refused(run, event, site, "deck-ann.html (a folder)", "index.html (changed since deckcli published it)",
                   "notes (a folder)")


def test_the_folder_of_the_database_is_refused(run, event, db, tmp_path):
    if "://" in os.environ["DECKCLI_DB"]:
        pytest.skip("a server database has no folder")
    folder = Path(os.environ["DECKCLI_DB"]).parent
    result = run("event", "publish", event, "-o", folder)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {folder}: refused, it holds what deckcli did not publish there: ")
    assert "index.html" not in {p.name for p in folder.iterdir()}


def test_republishing_its_own_site_replaces_it_and_lists_every_file(run, event, tmp_path):
    site = tmp_path / "site"
    for _ in range(2):
        result = run("event", "publish", event, "-o", site)
        assert result.exit_code == 0, result.output
        site.chmod(0o750)  # the folder's permissions are kept by the next publish
        assert result.stdout == f"Published 2 decks of 'Open' to {site}: index.html, 2 deck pages, decks.json, decks.csv.\n"
    assert sorted(p.name for p in site.iterdir()) == SITE_FILES and site.stat().st_mode & 0o777 == 0o750
    manifest = json.loads((site / ".deckcli-site.json").read_text(encoding="utf-8"))
    assert manifest["deckcli"] == "deckcli site" and manifest["format"] == 1 and manifest["event"] == "Open"
    assert manifest["files"] == {name: hashlib.sha256((site / name).read_bytes()).hexdigest()
                                 for name in SITE_FILES[1:]}
    assert [p.name for p in tmp_path.iterdir() if ".deckcli-" in p.name] == []  # nothing left beside it


def test_an_empty_folder_a_missing_one_and_its_missing_parents_are_published_into(run, event, tmp_path):
    (tmp_path / "empty").mkdir()
    for site in (tmp_path / "empty", tmp_path / "a" / "b" / "site"):
        assert run("event", "publish", event, "-o", site).exit_code == 0
        assert sorted(p.name for p in site.iterdir()) == SITE_FILES


def test_a_link_to_a_folder_publishes_into_that_folder_and_stays_a_link(run, event, tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to("real")
    for _ in range(2):
        assert run("event", "publish", event, "-o", tmp_path / "link").exit_code == 0
    assert (tmp_path / "link").is_symlink() and sorted(p.name for p in (tmp_path / "real").iterdir()) == SITE_FILES


def test_a_mount_point_is_refused(run, event, tmp_path, monkeypatch):
    # (a folder under tmp_path taken for a mount point: the tests run as root, so never a system folder such as /proc)
    mounted = tmp_path / "mounted"
    mounted.mkdir()
    real_ismount = os.path.ismount
    monkeypatch.setattr(os.path, "ismount", lambda path: os.fspath(path) == str(mounted) or real_ismount(path))
    result = run("event", "publish", event, "-o", mounted)
    assert result.exit_code == 1
    assert result.stderr.strip() == (f"Error: {mounted}: is a mount point, which cannot be swapped with a new site"
                                     " built beside it: publish into a folder inside it")
    assert list(mounted.iterdir()) == []


def test_a_decks_json_and_a_manifest_nested_100000_deep_are_refused_cleanly(run, event, tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    for name in ("decks.json", ".deckcli-site.json"):
        (site / name).write_text("[" * 100_000, encoding="utf-8")
    assert_refused(run, event, site, ".deckcli-site.json (line 1, column 501: not valid JSON: nested too deeply)",
                   "decks.json")


@pytest.mark.parametrize("data, why", [
    (b'{"deckcli": "deckcli site", "format": 1, "files": {"../../etc/passwd": "00"}}',
     "lists '../../etc/passwd', which is no name deckcli publishes"),
    (b'{"deckcli": "deckcli site", "format": 1, "files": {"index.html": "00"}}',
     "the digest of index.html is not 64 hexadecimal digits"),
    (b'{"deckcli": "deckcli site", "format": 1, "files": []}', '"files" is not an object of file names and digests'),
    (b'{"deckcli": "deckcli site", "format": 9, "files": {}}',
     "a manifest of format 9, which this deckcli does not know (it writes format 1); publish with the deckcli that"
     " wrote it, or into a new folder"),
    (b"[1, 2]", 'not a manifest deckcli wrote (no "deckcli": "deckcli site")'),
    (b"\xff", "not UTF-8 text (byte 1, line 1); save it as UTF-8"),
    (b"{", "line 1, column 2: not valid JSON: unexpected end of the document"),
])
def test_a_forged_or_broken_manifest_is_named(tmp_path, data, why):
    """(The folder check alone: the command line's message is the same, as the tests above show.)"""
    from deckcli.errors import SiteFolderRefused
    from deckcli.events.sitemanifest import check_folder

    (tmp_path / ".deckcli-site.json").write_bytes(data)
    with pytest.raises(SiteFolderRefused) as info:
        check_folder(tmp_path, str(tmp_path))
    assert f"Error: {info.value}" == refusal(tmp_path, f".deckcli-site.json ({why})")


def test_the_anonymous_site_keeps_no_registration_times(run, event, tmp_path):
    site = tmp_path / "site"
    times = {row["registered_at"] for row in json.loads(run("event", "status", event, "--json").stdout)}
    assert run("event", "publish", event, "-o", site, "--anonymous").exit_code == 0
    assert len(list(site.iterdir())) == 6
    for path in site.iterdir():
        text = path.read_text(encoding="utf-8")
        assert not any(t in text or t.replace("T", " ")[:16] in text for t in times), path.name
    rows = json.loads((site / "decks.json").read_text(encoding="utf-8"))
    assert {row["registered_at"] for row in rows} == {None}
    header, first = (site / "decks.csv").read_text(encoding="utf-8").splitlines()[:2]
    assert header.split(",")[6] == "registered_at" and first.split(",")[6] == ""


# -- the manifest reader against anything ------------------------------------------------------------------


def _check(folder: Path) -> None:
    """check_folder returns, or refuses with a clean message naming the folder; nothing else."""
    from deckcli.errors import SiteFolderRefused
    from deckcli.events.sitemanifest import check_folder

    try:
        check_folder(folder, str(folder))
    except SiteFolderRefused as exc:
        assert str(exc).startswith(f"{folder}: refused") and "Traceback" not in str(exc)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
                    max_leaves=16)


@PROPERTY
@given(data=st.binary(max_size=300))
@example(data=b"[" * 100_000)
@example(data=b"\xef\xbb\xbf{}")
def test_random_bytes_as_the_manifest_are_never_an_internal_error(tmp_path, data):
    (tmp_path / ".deckcli-site.json").write_bytes(data)
    _check(tmp_path)


@PROPERTY
@given(doc=JSON, files=st.dictionaries(st.sampled_from(["index.html", "decks.csv", "deck-a.html", "x", "../y"]),
                                       st.text("0123456789abcdef", min_size=0, max_size=64) | JSON, max_size=3))
def test_random_json_as_the_manifest_is_never_an_internal_error(tmp_path, doc, files):
    (tmp_path / "index.html").write_text("x", encoding="utf-8")
    for shape in (doc, {"deckcli": "deckcli site", "format": 1, "files": files}):
        (tmp_path / ".deckcli-site.json").write_text(json.dumps(shape), encoding="utf-8")
        _check(tmp_path)
