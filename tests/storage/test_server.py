"""A database URL beside a file path: told apart without parsing paths, the password never shown, the server's
faults named, the schema's revision checked (an older server database refused until ``db upgrade``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from click.testing import CliRunner

import paths
from deckcli.cli.main import cli
from deckcli.storage.location import is_url, label_of, mask_url, target_of


def _invoke(*args, env=None):
    return CliRunner().invoke(cli, [str(a) for a in args], env=env)


def test_a_path_is_never_taken_for_a_url(tmp_path):
    odd = tmp_path / "my?deck.db"
    assert target_of(str(odd)) == odd and not is_url(str(odd))
    assert is_url("postgresql://u@h/db") and is_url("postgresql+psycopg://u@h/db")
    result = _invoke("--db", odd, "games")
    assert result.exit_code == 0, result.output
    assert odd.is_file()  # that very file, '?' and all


def test_passwords_are_masked():
    assert mask_url("postgresql+psycopg://ann:s3cr%40t@db.example:5432/league") == \
        "postgresql+psycopg://ann:***@db.example:5432/league"
    assert mask_url("postgresql://ann@db.example/league") == "postgresql://ann@db.example/league"
    assert label_of("postgresql://ann:pw@h/d") == "postgresql://ann:***@h/d"


def test_an_unknown_scheme_is_a_usage_error():
    result = _invoke("--db", "mysql://ann:pw@h/d", "games")
    assert result.exit_code == 2
    assert "mysql:// is not a database deckcli connects to" in result.stderr and "pw" not in result.stderr


def test_an_unreachable_server_is_named_masked_with_what_to_do():
    result = _invoke("--db", "postgresql://ann:topsecret@127.0.0.1:1/league", "cards", "search", "x")
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: the database postgresql://ann:***@127.0.0.1:1/league (from --db):"
                                    " cannot connect to the server (")
    assert "check that PostgreSQL runs there" in result.stderr
    assert "topsecret" not in result.output and "internal error" not in result.output


def test_without_psycopg_the_message_names_the_extra():
    script = ("import sys; sys.modules['psycopg'] = None\n"
              "from deckcli.cli.main import cli\n"
              "cli.main(['--db', 'postgresql://ann:pw@127.0.0.1:1/league', 'cards', 'search', 'x'], prog_name='deckcli')")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=paths.REPO,
                          env={**os.environ, "PYTHONPATH": str(paths.REPO)}, check=False)
    assert done.returncode == 1
    assert "connecting to PostgreSQL needs the psycopg driver, which is not installed" in done.stderr
    assert "pip install 'deckcli[postgresql]'" in done.stderr and ":pw@" not in done.stderr


def _with_password(url: str, password: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).set(password=password).render_as_string(hide_password=False)


def test_wrong_password_and_missing_database_are_named(server):
    url = server.empty_database()
    wrong = _invoke("--db", _with_password(url, "not-the-password"), "games")
    assert wrong.exit_code == 1 and "authentication failed" in wrong.stderr
    assert "not-the-password" not in wrong.output and ":***@" in wrong.stderr
    assert "check the user and password (in the URL, DECKCLI_DB_PASSWORD or ~/.pgpass)" in wrong.stderr
    missing = url.rsplit("/", 1)[0] + "/no_such_database_here"
    gone = _invoke("--db", missing, "games")
    assert gone.exit_code == 1 and "the server has no such database; create it first" in gone.stderr
    server.drop(url)


def test_the_password_may_come_from_the_environment_or_pgpass(server, tmp_path):
    from sqlalchemy.engine import URL, make_url

    url = make_url(server.empty_database())
    bare = URL.create(url.drivername, url.username, None, url.host, url.port, url.database).render_as_string()
    assert _invoke("--db", bare, "games").exit_code == 1  # no password anywhere
    ok = _invoke("--db", bare, "db", "status", env={"DECKCLI_DB_PASSWORD": url.password})
    assert ok.exit_code == 0, ok.output
    pgpass = tmp_path / "home" / ".pgpass"
    pgpass.parent.mkdir(parents=True, exist_ok=True)
    pgpass.write_text(f"{url.host}:{url.port}:{url.database}:{url.username}:{url.password}\n")
    pgpass.chmod(0o600)
    assert _invoke("--db", bare, "db", "status").exit_code == 0


def test_an_empty_database_is_set_up_and_filled_on_first_use(server):
    url = server.empty_database()
    status = _invoke("--db", url, "db", "status", "--json")
    assert json.loads(status.stdout)["state"] == "empty"
    found = _invoke("--db", url, "cards", "search", "Ember Whelp", "--json")
    assert found.exit_code == 0, found.output
    assert [c["name"] for c in json.loads(found.stdout)] == ["Ember Whelp"]
    status = json.loads(_invoke("--db", url, "db", "status", "--json").stdout)
    from deckcli.storage.revisions import HEAD_REVISION

    assert status == {"backend": "postgresql", "database": mask_url(url), "current": HEAD_REVISION,
                      "latest": HEAD_REVISION, "state": "current", "meaning": "up to date"}
    check = _invoke("--db", url, "db", "check", "--json")
    report = json.loads(check.stdout)
    assert check.exit_code == 0 and report["ok"] and report["backend"] == "postgresql"
    assert report["rows"]["card"] >= 356 and report["integrity"].startswith("not applicable")


def test_an_older_server_database_is_refused_until_db_upgrade(server):
    from sqlalchemy import create_engine

    from deckcli.storage import revisions

    url = server.empty_database()
    engine = create_engine(url)
    with engine.begin() as conn:
        revisions.upgrade(conn, "0001")
    engine.dispose()
    refused = _invoke("--db", url, "collection", "list")
    assert refused.exit_code == 1
    assert "it is at revision 0001, older than this deckcli's" in refused.stderr
    assert "run `deckcli db upgrade`" in refused.stderr
    upgraded = _invoke("--db", url, "db", "upgrade")
    assert upgraded.exit_code == 0, upgraded.output
    assert upgraded.stdout == f"{mask_url(url)}: upgraded from revision 0001 to {revisions.head()}\n"
    assert _invoke("--db", url, "collection", "list").exit_code == 0


def test_a_newer_server_database_asks_for_a_newer_deckcli(server):
    from sqlalchemy import create_engine

    url = server.empty_database()
    assert _invoke("--db", url, "games").exit_code == 0
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.exec_driver_sql("UPDATE alembic_version SET version_num = '9999'")
    engine.dispose()
    for args in (("games",), ("db", "upgrade")):
        refused = _invoke("--db", url, *args)
        assert refused.exit_code == 1 and "upgrade deckcli" in refused.stderr, args
    assert "newer" in json.loads(_invoke("--db", url, "db", "status", "--json").stdout)["state"]


def test_a_server_database_of_the_previous_release_upgrades_keeping_every_row(server):
    """The previous release's rows (tests/data/databases/release-schema3.db) in a server database at revision 0001:
    refused as it is, then `db upgrade` keeps every row."""
    from sqlalchemy import create_engine, insert, text
    from sqlmodel import SQLModel

    from dbdump import as_before, dump_tables, kept
    from deckcli.storage import revisions

    rows = dump_tables(paths.DATA / "databases" / "release-schema3.db")
    url = server.empty_database()
    engine = create_engine(url)
    with engine.begin() as conn:
        revisions.upgrade(conn, "0001")
        for table in SQLModel.metadata.sorted_tables:
            if rows.get(table.name):
                conn.execute(insert(table), [dict(zip(table.columns.keys(), row)) for row in rows[table.name]])
        for table in ("card_set", "card", "deck", "deck_card", "collection_item"):
            conn.execute(text(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))"))
    engine.dispose()
    assert "run `deckcli db upgrade`" in _invoke("--db", url, "deck", "list").stderr
    assert _invoke("--db", url, "db", "upgrade").exit_code == 0
    after = as_before(dump_tables(url), rows)
    assert all(kept(t, after[t]) == kept(t, before) for t, before in rows.items() if t != "meta")
    listed = json.loads(_invoke("--db", url, "deck", "list", "--json").stdout)
    assert [d["name"] for d in listed] == ["Ember Rush", "Shadows and Steel", "天使のつかさ"]
