"""A server database holding another application's tables is refused on first use (nothing created in it), as a
foreign SQLite file is; ``db copy`` refuses a target holding any table, a server's or a file's."""

from __future__ import annotations

import json
import sqlite3

from click.testing import CliRunner

from deckcli.cli.main import cli
from deckcli.storage.location import mask_url

FOREIGN_ADVICE = ("deckcli leaves it as it is: give deckcli an empty database (createdb -O USER DBNAME, or CREATE"
                  " DATABASE ... OWNER ...) and point --db at it")
NOT_EMPTY_ADVICE = "copy into a new or empty database (createdb, or a new file), so nothing is mixed or lost"


def _invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def _sql(url: str, *statements: str) -> list[tuple]:
    """Run ``statements`` on the database of ``url`` (autocommit); the rows of the last one."""
    import psycopg
    from sqlalchemy.engine import make_url

    made = make_url(url)
    with psycopg.connect(host=made.host, port=made.port, user=made.username, password=made.password,
                         dbname=made.database, autocommit=True) as con:
        rows: list[tuple] = []
        for statement in statements:
            cursor = con.execute(statement)
            rows = cursor.fetchall() if cursor.description else []
        return rows


def _tables(url: str) -> list[str]:
    return [r[0] for r in _sql(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")]


def test_a_database_of_another_application_is_refused_and_left_as_it_is(server):
    url = server.empty_database()
    _sql(url, "CREATE TABLE invoices (id int)", "CREATE TABLE customers (id int)", "INSERT INTO invoices VALUES (1)")
    for args in (("cards", "search", "Ember Whelp"), ("deck", "list"), ("db", "upgrade")):
        refused = _invoke("--db", url, *args)
        assert refused.exit_code == 1, (args, refused.output)
        assert refused.stderr == (f"Error: the database {mask_url(url)} (from --db): it holds tables that are not"
                                  f" deckcli's (customers, invoices); {FOREIGN_ADVICE}\n"), args
    assert _tables(url) == ["customers", "invoices"]  # nothing created beside them
    status = _invoke("--db", url, "db", "status", "--json")
    assert status.exit_code == 0 and json.loads(status.stdout)["state"] == "foreign"
    meaning = "holds tables that are not deckcli's: refused (give deckcli an empty database)"
    assert json.loads(status.stdout)["meaning"] == meaning


def test_another_applications_alembic_table_is_not_taken_for_a_newer_deckcli(server):
    url = server.empty_database()
    _sql(url, "CREATE TABLE alembic_version (version_num varchar(32) PRIMARY KEY)",
         "INSERT INTO alembic_version VALUES ('ae1027a6acf')", "CREATE TABLE orders (id int)")
    refused = _invoke("--db", url, "cards", "search", "Ember Whelp")
    assert refused.exit_code == 1
    assert f"it holds tables that are not deckcli's (orders); {FOREIGN_ADVICE}" in refused.stderr
    assert "newer deckcli" not in refused.stderr
    assert _tables(url) == ["alembic_version", "orders"]


def test_db_copy_refuses_a_server_database_holding_a_table(server, tmp_path):
    source = tmp_path / "source.db"
    assert _invoke("--db", source, "cards", "search", "x").exit_code == 0
    url = server.empty_database()
    _sql(url, "CREATE TABLE notes (id int)")
    refused = _invoke("db", "copy", source, url)
    assert refused.exit_code == 1
    expected = f"Error: the database {mask_url(url)}: it is not empty (1 table: notes); {NOT_EMPTY_ADVICE}\n"
    assert refused.stderr == expected
    assert _tables(url) == ["notes"]


def test_db_copy_refuses_a_file_holding_any_table(tmp_path):
    source = tmp_path / "source.db"
    assert _invoke("--db", source, "cards", "search", "x").exit_code == 0
    other = tmp_path / "other.db"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE notes (id int)")
    con.commit()
    con.close()
    before = other.read_bytes()
    refused = _invoke("db", "copy", source, other)
    assert refused.exit_code == 1
    assert refused.stderr == f"Error: the database {other}: it is not empty (1 table: notes); {NOT_EMPTY_ADVICE}\n"
    assert other.read_bytes() == before
    emptied = tmp_path / "emptied.db"  # a deckcli file, its tables set up: not a copy's target either
    assert _invoke("--db", emptied, "cards", "search", "x").exit_code == 0
    refused = _invoke("db", "copy", source, emptied)
    assert refused.exit_code == 1
    assert "it is not empty (" in refused.stderr and "alembic_version, card" in refused.stderr
    blank = tmp_path / "blank.db"
    blank.touch()
    copied = _invoke("db", "copy", source, blank)  # an empty file is new
    assert copied.exit_code == 0 and copied.stdout.startswith("Copied "), copied.output
