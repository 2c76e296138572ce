"""One name for a database's version in ``db check``, ``db status`` and ``db upgrade`` (``revision 0004``; a file
from before revisions by its schema number), and an explicit ``--db``/``DECKCLI_DB`` file whose folder is missing
refused with nothing created, while the default data folder is still made on first use (issue 22)."""

from __future__ import annotations

import gzip
import json
import shutil

import pytest

import paths  # tests/support/paths.py
from deckcli.storage.revisions import HEAD_REVISION, SCHEMA_VERSION

SCHEMA_2 = paths.DATA / "storage" / "schema-v2.db.gz"
RELEASE = paths.DATA / "databases" / "release-schema3.db"  # the release before Alembic: schema 3, no revision table
FOLDER_ADVICE = "create it first (deckcli creates only its default data folder)"


def invoke(runner, *args, env=None):
    from deckcli.cli.main import cli

    return runner.invoke(cli, [str(a) for a in args], env=env)


def test_check_and_status_name_the_same_revision_on_a_file_and_a_server(run, db):
    check = run("db", "check")
    assert check.exit_code == 0, check.output
    first = check.stdout.splitlines()[0]
    if db.backend == "sqlite":
        assert first == f"{db.label}: ok (revision {HEAD_REVISION}, application id 0x646b636c)"
    else:
        assert first == f"{db.label}: ok (postgresql, revision {HEAD_REVISION}, integrity not applicable (the server keeps it))"
    status = run("db", "status")
    assert status.exit_code == 0, status.output
    assert status.stdout.splitlines()[2:] == [
        f"current: revision {HEAD_REVISION}", f"latest: revision {HEAD_REVISION}", "state: up to date"]
    report = json.loads(run("db", "check", "--json").stdout)  # the documented keys kept, the revision filled
    assert (report["schema"], report["revision"]) == (SCHEMA_VERSION, HEAD_REVISION)
    assert json.loads(run("db", "status", "--json").stdout)["current"] == HEAD_REVISION


@pytest.mark.sqlite_only
def test_a_file_from_before_revisions_is_named_by_its_schema(runner, tmp_path):
    path = tmp_path / "old.db"
    path.write_bytes(gzip.decompress(SCHEMA_2.read_bytes()))
    check = invoke(runner, "--db", path, "db", "check")
    assert check.exit_code == 0, check.output
    assert check.stdout.startswith(f"{path}: ok (schema 2, before revision 0001, application id 0x646b636c)\n")
    report = json.loads(invoke(runner, "--db", path, "db", "check", "--json").stdout)
    assert (report["schema"], report["revision"]) == (2, None)
    status = invoke(runner, "--db", path, "db", "status")
    assert status.stdout.splitlines()[2:] == [
        "current: schema 2, before revision 0001", f"latest: revision {HEAD_REVISION}",
        "state: older: run `deckcli db upgrade`"]
    assert json.loads(invoke(runner, "--db", path, "db", "status", "--json").stdout)["current"] == "schema 2"
    upgraded = invoke(runner, "--db", path, "db", "upgrade")
    assert upgraded.exit_code == 0, upgraded.output
    assert upgraded.stdout == f"{path}: upgraded from schema 2, before revision 0001, to {HEAD_REVISION}\n"


@pytest.mark.sqlite_only
def test_the_release_before_alembic_is_at_revision_0001_in_check_as_in_status(runner, tmp_path):
    path = tmp_path / "release.db"
    shutil.copyfile(RELEASE, path)
    check = invoke(runner, "--db", path, "db", "check")
    assert check.stdout.startswith(f"{path}: ok (revision 0001, application id 0x646b636c)\n"), check.output
    assert json.loads(invoke(runner, "--db", path, "db", "check", "--json").stdout)["revision"] == "0001"
    assert "current: revision 0001\n" in invoke(runner, "--db", path, "db", "status").stdout
    assert path.read_bytes() == RELEASE.read_bytes()


@pytest.mark.sqlite_only
@pytest.mark.parametrize("command", [["games"], ["cards", "search", "Ember"], ["collection", "add", "Kilgore"],
                                     ["db", "status"], ["db", "upgrade"]])
def test_a_db_in_a_missing_folder_is_refused_and_nothing_is_made(runner, tmp_path, command):
    target = tmp_path / "no" / "such" / "x.db"
    result = invoke(runner, "--db", target, *command)
    assert result.exit_code == 1, result.output
    assert result.stderr == (f"Error: the database {target} (from --db): its folder {target.parent} does not exist;"
                             f" {FOLDER_ADVICE}\n")
    from_env = invoke(runner, *command, env={"DECKCLI_DB": str(target)})
    assert from_env.exit_code == 1, from_env.output
    assert from_env.stderr == (f"Error: the database {target} (from DECKCLI_DB): its folder {target.parent} does not"
                               f" exist; {FOLDER_ADVICE}\n")
    assert not (tmp_path / "no").exists()


@pytest.mark.sqlite_only
def test_db_check_of_a_file_in_a_missing_folder_says_the_folder(runner, tmp_path):
    target = tmp_path / "no" / "x.db"
    result = invoke(runner, "--db", target, "db", "check")
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{target}: PROBLEMS FOUND (no revision, application id -)\n")
    assert result.stderr == (f"problem: {target}: no such file, and its folder {target.parent} does not exist;"
                             f" {FOLDER_ADVICE}\n")
    assert not (tmp_path / "no").exists()


@pytest.mark.sqlite_only
def test_the_default_data_folder_is_still_made_on_first_use(runner, tmp_path, monkeypatch):
    data = tmp_path / "home" / "share" / "deckcli"
    monkeypatch.setenv("DECKCLI_DATA_DIR", str(data))
    monkeypatch.delenv("DECKCLI_DB")
    result = invoke(runner, "cards", "search", "Ember Whelp", "--json")
    assert result.exit_code == 0, result.output
    assert [c["name"] for c in json.loads(result.stdout)] == ["Ember Whelp"]
    assert (data / "deckcli.db").is_file()


@pytest.mark.sqlite_only
def test_a_copy_or_backup_into_a_missing_folder_is_refused_and_nothing_is_made(run, db, tmp_path):
    target = tmp_path / "no" / "copy.db"
    copied = run("db", "copy", db.path, target)
    assert copied.exit_code == 1, copied.output
    assert copied.stderr == f"Error: the database {target}: its folder {target.parent} does not exist; {FOLDER_ADVICE}\n"
    backed = run("db", "backup", target)
    assert backed.exit_code == 1, backed.output
    assert backed.stderr == f"Error: the database {target}: its folder does not exist; choose a folder you can write\n"
    assert not (tmp_path / "no").exists()
