"""A server URL read once, with ``urllib.parse`` only (no SQLAlchemy, so ``--help`` stays light): what is wrong with
it, said before anything connects, and how it is shown, every password in it (and ``DECKCLI_DB_PASSWORD``'s) masked.

libpq reads ``postgresql://USER:PASSWORD@HOST:PORT/DBNAME?KEY=VALUE``; an ``@``, ``:`` or ``/`` inside the user or
password must be percent-encoded, or the URL means another user, host or database than the one meant.
"""

from __future__ import annotations

import os
import re
import urllib.parse

#: Supplies the password of a URL that has none (else libpq looks in ``~/.pgpass``).
PASSWORD_VARIABLE = "DECKCLI_DB_PASSWORD"
#: The query parameters a URL may carry: libpq's connection parameters that the URL's own parts do not already say.
URL_PARAMETERS = frozenset(
    {
        "application_name",
        "channel_binding",
        "client_encoding",
        "connect_timeout",
        "fallback_application_name",
        "gssencmode",
        "host",
        "hostaddr",
        "keepalives",
        "keepalives_count",
        "keepalives_idle",
        "keepalives_interval",
        "krbsrvname",
        "load_balance_hosts",
        "options",
        "passfile",
        "password",
        "port",
        "require_auth",
        "service",
        "sslcert",
        "sslcrl",
        "sslcrldir",
        "sslkey",
        "sslmode",
        "sslnegotiation",
        "sslpassword",
        "sslrootcert",
        "sslsni",
        "target_session_attrs",
        "tcp_user_timeout",
        "user",
    }
)
#: The query parameters whose values are secrets, masked as the URL's password is.
SECRET_PARAMETERS = frozenset({"password", "sslpassword"})
#: The query parameters that take a whole number.
NUMBER_PARAMETERS = frozenset(
    {"connect_timeout", "keepalives", "keepalives_count", "keepalives_idle", "keepalives_interval", "tcp_user_timeout"}
)
ENCODE = "percent-encode it (%40, %3A, %2F)"
MASK = "***"


def _split(url: str) -> tuple[str, str | None, str, str]:
    """``url``'s scheme, user part (``USER:PASSWORD``; None without an ``@``), host part with the path, and query.
    The user part ends at the URL's last ``@``: a raw ``@``, ``/`` or ``?`` in a password then stays inside it
    (and masked), never taken for the host, path or query."""
    scheme, _, rest = url.partition("://")
    userinfo, at, rest = rest.rpartition("@")
    hostpath, _, query = rest.partition("?")
    return scheme, userinfo if at else None, hostpath, query


def url_problem(url: str) -> str | None:
    """What is wrong with the server URL ``url`` (its password never quoted), None when libpq can read it as meant:
    a raw ``@ : /`` in the user or password, a port that is no number from 1 to 65535, an unbalanced IPv6
    ``[``, no database name, an unknown or malformed query parameter."""
    _, userinfo, hostpath, query = _split(url)
    userinfo = userinfo or ""
    if "@" in userinfo:
        return f"the password (or user) holds a raw @: {ENCODE}"
    if "/" in userinfo:
        return f"the password (or user) holds a raw /: {ENCODE}"
    if userinfo.count(":") > 1:
        return f"the password holds a raw :: {ENCODE}"
    host, slash, path = hostpath.partition("/")
    problem = _host_problem(host, quote_port=bool(userinfo))
    if problem:
        return problem
    database = urllib.parse.unquote(path)
    if not slash or not database:
        return "it names no database: write it after the host, postgresql+psycopg://USER@HOST:5432/DBNAME"
    if "/" in path:
        return f"the database name {database!r} holds a raw /: {ENCODE}"
    return _query_problem(query)


def _host_problem(host: str, quote_port: bool = True) -> str | None:
    """What is wrong with ``HOST:PORT`` (an IPv6 address in brackets), if anything. Without a user part the port is
    not quoted: ``USER:PASSWORD`` with its ``@HOST`` forgotten reads as a host and a port."""
    if host.count("[") != host.count("]") or host.find("]") < host.find("["):
        return "the host has an unbalanced [ or ]: write an IPv6 address in brackets, as [::1]:5432"
    if host.startswith("["):
        _, _, after = host.partition("]")
        if after and not after.startswith(":"):
            return f"the host {host!r} has text after its ]: write an IPv6 address as [::1]:5432"
        port = after[1:] if after else None
    else:
        if "[" in host or host.count(":") > 1:
            return f"the host {host!r} is not a name or address: write an IPv6 address in brackets, as [::1]:5432"
        port = host.rpartition(":")[2] if ":" in host else None
    if port is not None and not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
        if not quote_port and not (port.isascii() and port.isdigit()):
            return "the port is not a number from 1 to 65535 (for USER:PASSWORD, write @HOST after it)"
        return f"the port {port!r} is not a number from 1 to 65535"
    return None


def _query_problem(query: str) -> str | None:
    """What is wrong with the URL's ``?KEY=VALUE&...`` part, if anything."""
    if not query:
        return None
    for item in query.split("&"):
        key, equals, value = item.partition("=")
        key = urllib.parse.unquote(key)
        if not equals:  # (not quoted: it may be the end of a password holding a raw &)
            return "a parameter has no =VALUE: write ?KEY=VALUE, an & inside a value percent-encoded (%26)"
        if key not in URL_PARAMETERS:
            return (
                f"unknown parameter ?{key}= (deckcli passes on libpq's: sslmode, sslrootcert, sslcert, sslkey,"
                " connect_timeout, application_name, options, host, password, ...)"
            )
        value = urllib.parse.unquote(value)
        if key in NUMBER_PARAMETERS and not (value.isascii() and value.isdigit()):
            return f"?{key}= takes a whole number of seconds (or a count), not {value!r}"
        if key == "port" and not (value.isascii() and value.isdigit() and 1 <= int(value) <= 65535):
            return f"the port {value!r} is not a number from 1 to 65535"
    return None


def mask_url(url: str) -> str:
    """``url`` with its password (in the user part, or a ``?password=`` or ``?sslpassword=``) shown as ``***``;
    never fails, whatever the URL holds."""
    scheme, userinfo, hostpath, query = _split(url)
    if userinfo is not None and ":" in userinfo:
        userinfo = userinfo.partition(":")[0] + ":" + MASK
    elif userinfo is None:
        hostpath = _masked_port(hostpath)
    items = []
    for item in query.split("&") if query else ():
        key, equals, _ = item.partition("=")
        items.append(f"{key}={MASK}" if equals and urllib.parse.unquote(key) in SECRET_PARAMETERS else item)
    user = "" if userinfo is None else f"{userinfo}@"
    return f"{scheme}://{user}{hostpath}" + ("?" + "&".join(items) if "?" in url.rpartition("@")[2] else "")


def _masked_port(hostpath: str) -> str:
    """``HOST:PORT/DB`` with a port that is no number shown as ``***``: without ``@`` it may be ``USER:PASSWORD``."""
    host, slash, path = hostpath.partition("/")
    name, colon, port = host.rpartition(":")
    if colon and "[" not in host and port and not (port.isascii() and port.isdigit()):
        return f"{name}:{MASK}{slash}{path}"
    return hostpath


def secrets_of(url: str | None) -> list[str]:
    """Every password ``url`` carries or deckcli adds to it (``DECKCLI_DB_PASSWORD``), raw and decoded, longest
    first: what :func:`scrub` removes from a message."""
    _, userinfo, _, query = _split(url or "")
    found = [userinfo.partition(":")[2]] if userinfo and ":" in userinfo else []
    for item in query.split("&") if query else ():
        key, _, value = item.partition("=")
        if urllib.parse.unquote(key) in SECRET_PARAMETERS:
            found.append(value)
    found += [urllib.parse.unquote(s) for s in found]
    found.append(os.environ.get(PASSWORD_VARIABLE, ""))
    return sorted({s for s in found if s}, key=len, reverse=True)


_URL_IN_TEXT = re.compile(r"postgresql(?:\+psycopg)?://(?:[^\s'\"]*[^\s'\".,;:)\]])?", re.IGNORECASE)
_SECRET_IN_TEXT = re.compile(r"\b((?:ssl)?password\s*=\s*)('[^']*'|[^\s&'\"]*[^\s&'\".,;:)\]])", re.IGNORECASE)


def scrub(text: str, url: str | None = None) -> str:
    """``text`` (a driver's message about the server of ``url``) with every password of ``url`` or
    ``DECKCLI_DB_PASSWORD`` shown as ``***``, and any URL or ``password=...`` it quotes masked."""
    for secret in secrets_of(url):
        text = text.replace(secret, MASK)
    text = _URL_IN_TEXT.sub(lambda m: mask_url(m.group(0)), text)
    return _SECRET_IN_TEXT.sub(lambda m: m.group(1) + MASK, text)
