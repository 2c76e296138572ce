"""A server URL read once, before anything connects: every malformed one a usage error (exit 2) saying what is
wrong, and every password it carries (in the user part, a ``?password=``, ``DECKCLI_DB_PASSWORD``) masked in every
message deckcli prints about the server."""

from __future__ import annotations

import json
import os
import urllib.parse

import pytest
from click.testing import CliRunner
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from deckcli.cli.main import cli
from deckcli.storage.location import mask_url

ENCODE = "percent-encode it (%40, %3A, %2F)"
NO_DATABASE = "it names no database: write it after the host, postgresql+psycopg://USER@HOST:5432/DBNAME"
BRACKET = "the host has an unbalanced [ or ]: write an IPv6 address in brackets, as [::1]:5432"

MALFORMED = [
    ("postgresql://ann:se@cret@db.example:5432/league", "postgresql://ann:***@db.example:5432/league",
     f"the password (or user) holds a raw @: {ENCODE}"),
    ("postgresql://ann:se/cret@db.example:5432/league", "postgresql://ann:***@db.example:5432/league",
     f"the password (or user) holds a raw /: {ENCODE}"),
    ("postgresql+psycopg://ann:se:cret@db.example/league", "postgresql+psycopg://ann:***@db.example/league",
     f"the password holds a raw :: {ENCODE}"),
    ("postgresql://ann@db.example:54x2/league", None, "the port '54x2' is not a number from 1 to 65535"),
    ("postgresql://ann@db.example:99999/league", None, "the port '99999' is not a number from 1 to 65535"),
    ("postgresql://ann:hush/league", "postgresql://ann:***/league",
     "the port is not a number from 1 to 65535 (for USER:PASSWORD, write @HOST after it)"),
    ("postgresql://ann@db.example:0/league", None, "the port '0' is not a number from 1 to 65535"),
    ("postgresql://ann@db.example:/league", None, "the port '' is not a number from 1 to 65535"),
    ("postgresql://ann@[::1/league", None, BRACKET),
    ("postgresql://ann@[::1:5432/league", None, BRACKET),
    ("postgresql://ann@::1]:5432/league", None, BRACKET),
    ("postgresql://ann@::1:5432/league", None,
     "the host '::1:5432' is not a name or address: write an IPv6 address in brackets, as [::1]:5432"),
    ("postgresql://ann@db.example:5432", None, NO_DATABASE),
    ("postgresql://ann@db.example:5432/", None, NO_DATABASE),
    ("postgresql://ann@db.example/league?sslmode=require&colour=blue", None,
     "unknown parameter ?colour= (deckcli passes on libpq's: sslmode, sslrootcert, sslcert, sslkey,"
     " connect_timeout, application_name, options, host, password, ...)"),
    ("postgresql://ann@db.example/league?sslmode", None,
     "a parameter has no =VALUE: write ?KEY=VALUE, an & inside a value percent-encoded (%26)"),
    ("postgresql://ann@db.example/league?connect_timeout=soon", None,
     "?connect_timeout= takes a whole number of seconds (or a count), not 'soon'"),
    ("postgresql://ann@db.example/league?password=hush&port=http", "postgresql://ann@db.example/league"
     "?password=***&port=http", "the port 'http' is not a number from 1 to 65535"),
]


def _invoke(*args, env=None):
    return CliRunner().invoke(cli, [str(a) for a in args], env=env)


def _clean(result, secrets=("cret", "hush")) -> None:
    """No traceback, no internal error, no password."""
    assert isinstance(result.exception, SystemExit), result.exception
    assert "internal error" not in result.output and "Traceback" not in result.output
    assert not any(s in result.output for s in secrets), result.output


@pytest.mark.parametrize("url, shown, problem", MALFORMED, ids=[m[2][:30] for m in MALFORMED])
def test_a_malformed_url_is_a_usage_error_saying_what_is_wrong(url, shown, problem):
    shown = shown or url
    given = _invoke("--db", url, "cards", "search", "x")
    assert given.exit_code == 2, given.output
    assert f"Error: Invalid value for '--db': {shown}: {problem}\n" in given.stderr
    _clean(given)
    from_env = _invoke("db", "status", env={"DECKCLI_DB": url})
    assert from_env.exit_code == 2 and f"{shown}: {problem}\n" in from_env.stderr
    _clean(from_env)
    copied = _invoke("db", "copy", url, "new.db")
    assert copied.exit_code == 2 and f"Invalid value for 'SOURCE': {shown}: {problem}\n" in copied.stderr
    _clean(copied)


def test_the_library_refuses_a_malformed_url_with_its_typed_error():
    from deckcli.dberrors import BadDatabaseURL
    from deckcli.storage.engine import connect

    with pytest.raises(BadDatabaseURL) as raised:
        connect("postgresql://ann:se@cret@db.example/league", "DECKCLI_DB")
    assert str(raised.value) == ("the database postgresql://ann:***@db.example/league (from DECKCLI_DB): the password"
                                 f" (or user) holds a raw @: {ENCODE}")


def test_well_formed_urls_pass_the_check():
    from deckcli.storage.location import url_problem

    for url in ("postgresql://ann:s3cr%40t%2F%3A@db.example:5432/league", "postgresql+psycopg://ann@[::1]:5432/x",
                "postgresql:///league?host=/run/postgresql&port=5433", "postgresql://db.example/my%2Fleague",
                "postgresql://ann@db.example/league?sslmode=verify-full&sslrootcert=/etc/ca.pem&connect_timeout=5"
                "&application_name=judges&options=-c%20search_path%3Dleague"):
        assert url_problem(url) is None, url


def test_every_password_is_masked_whatever_the_url_holds():
    assert mask_url("postgresql://ann:p/ss@h/db") == "postgresql://ann:***@h/db"
    assert mask_url("postgresql://ann:p?ss@h/db") == "postgresql://ann:***@h/db"
    assert mask_url("postgresql://ann:p@ss@h/db?sslmode=require") == "postgresql://ann:***@h/db?sslmode=require"
    assert mask_url("postgresql://ann@h/db?password=hush&sslpassword=key%20pw&sslmode=require") == \
        "postgresql://ann@h/db?password=***&sslpassword=***&sslmode=require"
    assert mask_url("postgresql://ann@[::1/db") == "postgresql://ann@[::1/db"  # (malformed: shown, never a crash)


def test_a_password_in_the_query_is_never_shown_on_an_unreachable_server(tmp_path):
    url = "postgresql://ann@127.0.0.1:1/league?password=topsecret"
    source = tmp_path / "source.db"
    assert _invoke("--db", source, "cards", "search", "x").exit_code == 0
    for args in (("cards", "search", "x"), ("db", "status"), ("db", "copy", url, tmp_path / "new.db"),
                 ("db", "copy", source, url)):
        result = _invoke("--db", url, *args)
        assert result.exit_code == 1, (args, result.output)
        assert "postgresql://ann@127.0.0.1:1/league?password=*** (from --db): cannot connect to the server (" in \
            result.stderr or "the database postgresql://ann@127.0.0.1:1/league?password=***: " in result.stderr, \
            (args, result.stderr)
        _clean(result, ("topsecret",))
    checked = _invoke("--db", url, "db", "check")
    assert checked.exit_code == 1
    assert "postgresql://ann@127.0.0.1:1/league?password=***: PROBLEMS FOUND" in checked.stdout
    _clean(checked, ("topsecret",))


def test_the_drivers_message_never_carries_a_password():
    import psycopg

    from deckcli.storage.faults import fault_of

    url = "postgresql://ann:s3cr%40t@db.example/league?sslpassword=keypass"
    said = psycopg.OperationalError("connection failed: password 's3cr@t' (s3cr%40t) or keypass or envsecret refused")
    fault = fault_of(said, url, "--db")
    assert str(fault) == ("the database postgresql://ann:***@db.example/league?sslpassword=*** (from --db): cannot"
                          " connect to the server (password '***' (***) or *** or envsecret refused); check that"
                          " PostgreSQL runs there and the host and port are right")
    os.environ["DECKCLI_DB_PASSWORD"] = "envsecret"
    try:
        assert "envsecret" not in str(fault_of(said, url)) and "or *** refused" in str(fault_of(said, url))
    finally:
        del os.environ["DECKCLI_DB_PASSWORD"]


def _bare(url: str) -> str:
    """``url`` without its password."""
    from sqlalchemy.engine import URL, make_url

    made = make_url(url)
    return URL.create(made.drivername, made.username, None, made.host, made.port, made.database).render_as_string()


def _query_password(url: str, password: str) -> str:
    """``url`` with its password moved from the user part into ``?password=``."""
    return f"{_bare(url)}?password={password}"


def test_a_password_given_in_the_query_works_and_is_masked(server):
    from sqlalchemy.engine import make_url

    url = server.empty_database()
    password = make_url(url).password
    given = _query_password(url, password)
    status = _invoke("--db", given, "db", "status", "--json")
    assert status.exit_code == 0, status.output
    assert json.loads(status.stdout)["database"].endswith("?password=***") and password not in status.output
    shown = _invoke("--db", given, "db", "status")
    assert "database: " in shown.stdout and "?password=***" in shown.stdout and password not in shown.output
    checked = _invoke("--db", given, "db", "check")
    assert checked.stdout.startswith(mask_url(given) + ": ") and password not in checked.output
    wrong = _invoke("--db", _query_password(url, "wrong-secret"), "cards", "search", "x")
    assert wrong.exit_code == 1 and "authentication failed" in wrong.stderr and "?password=***" in wrong.stderr
    _clean(wrong, ("wrong-secret",))


def test_a_refused_login_never_shows_the_password_of_the_environment(server):
    bare = _bare(server.empty_database())
    for args in (("cards", "search", "x"), ("db", "status"), ("db", "copy", bare, "new.db")):
        refused = _invoke("--db", bare, *args, env={"DECKCLI_DB_PASSWORD": "wrong-secret"})
        assert refused.exit_code == 1, refused.output
        assert "authentication failed (" in refused.stderr
        assert "check the user and password (in the URL, DECKCLI_DB_PASSWORD or ~/.pgpass)" in refused.stderr
        _clean(refused, ("wrong-secret",))


def test_an_unexpected_error_never_prints_a_password(monkeypatch):
    from deckcli.storage import status

    url = "postgresql://ann:hush@db.example/league?sslpassword=keypass"

    def broken(target, origin=None):
        raise RuntimeError(f"lost {target}: conninfo host=db.example password=hush sslpassword='key pass'")

    monkeypatch.setattr(status, "database_status", broken)
    monkeypatch.setenv("DECKCLI_DB_PASSWORD", "envsecret")
    result = _invoke("--db", url, "db", "status")
    assert result.exit_code == 1
    assert result.stderr == ("Error: internal error: RuntimeError: lost postgresql://ann:***@db.example/league"
                             "?sslpassword=***: conninfo host=db.example password=*** sslpassword=*** (set"
                             " DECKCLI_DEBUG=1 for the traceback)\n")


@settings(max_examples=50)
@given(password=st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=4, max_size=20),
       query=st.sampled_from(["", "?sslmode=require", "?password=x&connect_timeout=5"]))
def test_no_password_written_raw_or_encoded_is_ever_shown(password, query):
    from deckcli.storage.location import url_problem

    for written in (password, urllib.parse.quote(password, safe="")):
        url = f"postgresql://ann:{written}@db.example:5432/league{query}"
        shown = mask_url(url)
        assume(written not in f"postgresql://ann:***@db.example:5432/league{query}")
        assert written not in shown and shown.startswith("postgresql://ann:***@")
        problem = url_problem(url)  # never raises; never quotes the password
        assert problem is None or written not in problem
