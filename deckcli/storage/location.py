"""Where deckcli's data is: the user's data folder (the one folder deckcli creates: a file named elsewhere must be
in a folder that exists), the database a value names (an SQLite file's path, or a server URL, told apart and checked
without SQLAlchemy), how long a command waits for another one's lock, and the bundled schemas and card data.

Only a value starting with a known ``scheme://`` is a URL; anything else is a file name taken as it is (``my?deck.db``
is that file). A URL is read once, with ``urllib.parse`` only (``--help`` stays light): what is wrong with it is said
before anything connects, and wherever deckcli shows it, every password in it (and ``DECKCLI_DB_PASSWORD``'s) is
masked (``***``). libpq reads ``postgresql://USER:PASSWORD@HOST:PORT/DBNAME?KEY=VALUE``; an ``@``, ``:`` or ``/``
inside the user or password must be percent-encoded, or the URL means another user, host or database than the one
meant. The wheel maps the top-level ``schemas/`` and ``carddb/`` folders to ``deckcli/schemas`` and
``deckcli/carddb``; a source checkout keeps them beside the package.
"""

from __future__ import annotations

import hashlib
import os
import re
import urllib.parse
from functools import cache
from pathlib import Path

from deckcli.dberrors import UnopenableDatabase
from deckcli.i18n import N_, Message

BUSY_TIMEOUT_MS = 30_000
#: Overrides BUSY_TIMEOUT_MS: how long (milliseconds) a command waits for another one's lock.
BUSY_TIMEOUT_VARIABLE = "DECKCLI_BUSY_TIMEOUT_MS"


def data_dir() -> Path:
    """The user's deckcli data folder: ``DECKCLI_DATA_DIR`` or the platform's user data folder."""
    override = os.environ.get("DECKCLI_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("deckcli", appauthor=False))


def default_db_path() -> Path:
    """``DECKCLI_DB`` if set, else ``deckcli.db`` in the data folder."""
    override = os.environ.get("DECKCLI_DB")
    if override:
        return Path(override)
    return data_dir() / "deckcli.db"


#: What to do about a database file whose folder is not there (deckcli makes only its data folder).
MISSING_FOLDER_ADVICE = N_("create it first (deckcli creates only its default data folder)")


def refuse_missing_folder(path: Path, origin: str | None = None) -> None:
    """Raise UnopenableDatabase, creating nothing, when the folder of the new database file ``path`` is not there and
    is not deckcli's data folder (``DECKCLI_DATA_DIR`` or the platform's), the one folder deckcli makes: a file named
    by ``--db``, ``DECKCLI_DB`` or a copy's target lives in a folder that exists, so a mistyped path is not made.
    A file in the way of the folder is left to the folder's creation, which fails saying so."""
    folder = path.parent
    if os.path.lexists(folder) or os.path.abspath(folder) == os.path.abspath(data_dir()):
        return
    nearest = next((p for p in folder.parents if os.path.lexists(p)), Path(folder.anchor or "."))
    if os.path.isdir(nearest):
        raise UnopenableDatabase(
            path, Message("its folder {folder} does not exist", folder=folder), MISSING_FOLDER_ADVICE, origin
        )


def busy_timeout_ms() -> int:
    """DECKCLI_BUSY_TIMEOUT_MS when it is a whole number of milliseconds, else BUSY_TIMEOUT_MS."""
    value = os.environ.get(BUSY_TIMEOUT_VARIABLE, "").strip()
    return int(value) if value.isdigit() and len(value) <= 9 else BUSY_TIMEOUT_MS


# -- a file or a server ------------------------------------------------------------------------------------------
#: The URL schemes deckcli connects to; ``postgresql://`` means psycopg 3, as ``postgresql+psycopg://`` does.
SERVER_SCHEMES = ("postgresql", "postgresql+psycopg")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")


def url_scheme(value: object) -> str | None:
    """The scheme of ``value`` when it is written as a URL (``word://...``), else None."""
    if not isinstance(value, str):
        return None
    match = _SCHEME.match(value)
    return match.group(1).lower() if match else None


def is_url(value: object) -> bool:
    """Whether ``value`` names a database server (a URL of :data:`SERVER_SCHEMES`) rather than a file."""
    return url_scheme(value) in SERVER_SCHEMES


def file_name_problem(value: str | Path) -> str | None:
    """Why ``value`` cannot name a database file (empty, ``-``, a folder's name ending in ``/``), else None: such a
    name would open the working folder, a file called ``-``, or the name without its ``/``."""
    text = str(value)
    if not text:
        return Message("an empty file name: name the database file")
    if text == "-":
        return Message("- (standard input or output) cannot be a database: name a file")
    if text.endswith(("/", os.sep)):
        return Message("{file}: ends in /, a folder's name: name a database file", file=text)
    return None


def target_of(value: str | Path | None) -> str | Path | None:
    """``value`` as deckcli opens it: a server URL stays text, anything else is a file Path."""
    if value is None or isinstance(value, Path):
        return value
    return value if is_url(value) else Path(value)


def label_of(target: str | Path) -> str:
    """How messages name the database: the masked URL, or the file path."""
    return mask_url(target) if isinstance(target, str) and is_url(target) else str(target)


def default_target() -> str | Path:
    """``DECKCLI_DB`` (a URL or a file) if set, else ``deckcli.db`` in the data folder."""
    override = os.environ.get("DECKCLI_DB")
    return override if override and is_url(override) else default_db_path()


# -- the bundled data --------------------------------------------------------------------------------------------
_PACKAGE = Path(__file__).resolve().parent.parent


def _data_dir(name: str) -> Path:
    inside = _PACKAGE / name
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / name


@cache
def schemas_dir() -> Path:
    """The folder of JSON Schemas."""
    return _data_dir("schemas")


@cache
def carddb_dir() -> Path:
    """The folder of bundled card sets (``<game>/<set>.json``) and formats (``<game>/formats/``)."""
    return _data_dir("carddb")


def bundled_set_files() -> list[Path]:
    """Every bundled card-set file (``carddb/<game>/*.json`` but the game file), in a stable order."""
    return sorted(p for p in carddb_dir().glob("*/*.json") if p.name != "game.json")


def bundled_format_files() -> list[Path]:
    """Every bundled format file, in a stable order."""
    return sorted(carddb_dir().glob("*/formats/*.json"))


#: The ``meta`` key holding :func:`bundled_hash` of the bundled cards a database was last filled with.
BUNDLED_HASH_KEY = "bundled_cards_sha256"


def bundled_hash() -> str:
    """A fingerprint of the bundled card files, to notice when a new release ships new data."""
    digest = hashlib.sha256()
    for path in bundled_set_files():
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


# -- a server URL checked and masked -----------------------------------------------------------------------------
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
ENCODE = N_("percent-encode it (%40, %3A, %2F)")
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
        return Message("the password (or user) holds a raw @: {advice}", advice=Message(ENCODE))
    if "/" in userinfo:
        return Message("the password (or user) holds a raw /: {advice}", advice=Message(ENCODE))
    if userinfo.count(":") > 1:
        return Message("the password holds a raw :: {advice}", advice=Message(ENCODE))
    host, slash, path = hostpath.partition("/")
    problem = _host_problem(host, quote_port=bool(userinfo))
    if problem:
        return problem
    database = urllib.parse.unquote(path)
    if not slash or not database:
        return Message("it names no database: write it after the host, postgresql+psycopg://USER@HOST:5432/DBNAME")
    if "/" in path:
        return Message("the database name {name!r} holds a raw /: {advice}", name=database, advice=Message(ENCODE))
    return _query_problem(query)


def _host_problem(host: str, quote_port: bool = True) -> str | None:
    """What is wrong with ``HOST:PORT`` (an IPv6 address in brackets), if anything. Without a user part the port is
    not quoted: ``USER:PASSWORD`` with its ``@HOST`` forgotten reads as a host and a port."""
    if host.count("[") != host.count("]") or host.find("]") < host.find("["):
        return Message("the host has an unbalanced [ or ]: write an IPv6 address in brackets, as [::1]:5432")
    if host.startswith("["):
        _, _, after = host.partition("]")
        if after and not after.startswith(":"):
            return Message("the host {host!r} has text after its ]: write an IPv6 address as [::1]:5432", host=host)
        port = after[1:] if after else None
    else:
        if "[" in host or host.count(":") > 1:
            return Message(
                "the host {host!r} is not a name or address: write an IPv6 address in brackets, as [::1]:5432",
                host=host,
            )
        port = host.rpartition(":")[2] if ":" in host else None
    if port is not None and not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
        if not quote_port and not (port.isascii() and port.isdigit()):
            return Message("the port is not a number from 1 to 65535 (for USER:PASSWORD, write @HOST after it)")
        return Message("the port {port!r} is not a number from 1 to 65535", port=port)
    return None


def _query_problem(query: str) -> str | None:
    """What is wrong with the URL's ``?KEY=VALUE&...`` part, if anything."""
    if not query:
        return None
    for item in query.split("&"):
        key, equals, value = item.partition("=")
        key = urllib.parse.unquote(key)
        if not equals:  # (not quoted: it may be the end of a password holding a raw &)
            return Message("a parameter has no =VALUE: write ?KEY=VALUE, an & inside a value percent-encoded (%26)")
        if key not in URL_PARAMETERS:
            return Message(
                "unknown parameter ?{key}= (deckcli passes on libpq's: sslmode, sslrootcert, sslcert, sslkey,"
                " connect_timeout, application_name, options, host, password, ...)",
                key=key,
            )
        value = urllib.parse.unquote(value)
        if key in NUMBER_PARAMETERS and not (value.isascii() and value.isdigit()):
            return Message("?{key}= takes a whole number of seconds (or a count), not {value!r}", key=key, value=value)
        if key == "port" and not (value.isascii() and value.isdigit() and 1 <= int(value) <= 65535):
            return Message("the port {port!r} is not a number from 1 to 65535", port=value)
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
