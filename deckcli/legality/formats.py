"""Formats: a game's construction rules, restricted lists and opening-hand rules, as data files.

Bundled formats live in ``carddb/<game>/formats/<name>.json``; an organiser passes their own file by
path. A format may ``extend`` another and override any field (deep merge), so a banned list for an
event is a few lines.
"""

from __future__ import annotations

from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

from deckcli.errors import DeckcliError, InputError, NoSuchFormat, NotFoundError
from deckcli.files import jsontext
from deckcli.files.jsonfiles import bundled_json
from deckcli.files.reading import read_document
from deckcli.games import registry
from deckcli.i18n import N_, Lines, Message
from deckcli.legality.checks import CHECKS, DRAFT_HOOK
from deckcli.legality.format import Format, draw_zone_of, parse_format
from deckcli.storage.location import bundled_format_files

FORMAT_SCHEMA = "format.schema.json"


def _read(path: Path, label: str, bundled: bool) -> dict[str, Any]:
    """The format file, checked against the schema: a file given by path every time, a bundled one once per
    content (:mod:`deckcli.validation.verdicts`)."""
    text = read_document(path, "format", label=label).text  # the reading front door
    doc = jsontext.parse_json(text, label)
    if bundled:
        from deckcli.validation.verdicts import checked_schema_errors

        problems = checked_schema_errors(FORMAT_SCHEMA, text, doc, label)
    else:
        from deckcli.validation.jsonschemas import schema_errors

        problems = schema_errors(FORMAT_SCHEMA, doc, label)
    if problems:
        raise InputError(Lines([Message("invalid format file:"), *problems]))
    return doc


@cache
def _bundled() -> dict[str, Path]:
    """Bundled format name (its ``name`` field, else its file name) -> its file."""
    return {name: path for name, (path, _, _) in _bundled_games().items()}


@cache
def _bundled_games() -> dict[str, tuple[Path, str | None, bool]]:
    """Bundled format name -> its file, the ``game`` it names or inherits through ``extends`` (None when unreadable
    or unclear) and whether it may be a default (its own ``default``: never inherited), unchecked: which formats
    :func:`default_format` need not load."""
    raw = {}
    for path in bundled_format_files():
        try:
            doc = bundled_json(path).doc
            name, game, parent, default = doc.get("name"), doc.get("game"), doc.get("extends"), doc.get("default")
        except (OSError, ValueError, AttributeError, jsontext.JsonSyntaxError):
            name = game = parent = None  # reported when the format is loaded
            default = True
        raw[name if isinstance(name, str) and name else path.stem] = (path, game, parent, default)
    found = {}
    for name, (path, game, parent, default) in raw.items():
        seen = {name}
        while game is None and parent in raw and parent not in seen:
            seen.add(parent)
            _, game, parent, _ = raw[parent]
        found[name] = (path, game if isinstance(game, str) else None, default is not False and default is not None)
    return found


def _merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _exists(path: Path) -> bool:
    """Whether ``path`` names a file or folder (not a name the system cannot look up, such as one too long)."""
    try:
        return path.exists()
    except OSError:
        return False


#: The most files an ``extends`` chain may hold (the format itself included): event formats extend a bundled one or
#: two levels deep; a longer chain is a mistake, refused with its files named rather than read file after file.
MAX_EXTENDS = 32


def _locate(ref: str) -> tuple[Path, str, bool]:
    """The file a format reference names, its label and whether it is bundled; NoSuchFormat for one naming neither
    a bundled format nor a file (a reference written as a path: its file not found; a name: the closest names)."""
    path = Path(ref)
    if ref in _bundled() and not (path.suffix == ".json" and _exists(path)):
        return _bundled()[ref], ref, True
    if _exists(path):
        return path, ref, False
    raise NoSuchFormat(ref, None if path.suffix == ".json" or "/" in ref or "\\" in ref else _names_hint(ref, None))


def format_file(ref: str) -> Path:
    """The file the format reference ``ref`` names (a bundled format's, or ``ref`` itself), nothing read; the
    command line checks a ``--format`` with it before the command runs. NoSuchFormat when it names neither."""
    return _locate(ref)[0]


def _chain(ref: str) -> list[tuple[dict[str, Any], str, str]]:
    """Each format of ``ref``'s ``extends`` chain, ``ref`` first: (document, label, path), walked in a loop (no
    recursion, so no chain length reaches Python's stack); a format met twice, or a chain over
    :data:`MAX_EXTENDS` files, is refused naming the files."""
    chain: list[tuple[dict[str, Any], str, str]] = []
    parent: str | None = ref
    while parent:
        path, label, bundled = _locate(parent)
        labels = [link[1] for link in chain]
        if label in labels:
            text = " -> ".join([*labels, label])
            raise InputError(Message("format {name!r} extends itself: {chain}", name=label, chain=text))
        if len(chain) == MAX_EXTENDS:
            shown = " -> ".join([*labels[:3], "...", *labels[-2:], label])
            raise InputError(
                Message(
                    "format {name!r} extends a chain of more than {limit} format files: {chain}",
                    name=ref,
                    limit=MAX_EXTENDS,
                    chain=shown,
                )
            )
        doc = _read(path, label, bundled)
        chain.append((doc, label, str(path)))
        parent = doc.get("extends")
    return chain


def _load(ref: str) -> tuple[dict[str, Any], str]:
    """The format ``ref`` with every format it extends merged under it (the nearest overriding), and its path."""
    chain = _chain(ref)
    merged = chain[-1][0]
    for doc, label, _ in reversed(chain[:-1]):
        parent = doc["extends"]
        if merged.get("game") != doc.get("game", merged.get("game")):
            raise InputError(Message("{file}: extends {parent!r}, a format of another game", file=label, parent=parent))
        inherited = {k: v for k, v in merged.items() if k not in ("default", "title", "description")}
        merged = _merge(inherited, _over_versions(doc, merged))
    return merged, chain[0][2]


def _over_versions(doc: dict[str, Any], base: dict[str, Any]) -> dict[str, Any]:
    """A child's own ``card_limits`` apply on every date: merged into each dated version it inherits."""
    if "versions" in doc or "card_limits" not in doc or not base.get("versions"):
        return doc
    versions = [{**v, "card_limits": {**v["card_limits"], **doc["card_limits"]}} for v in base["versions"]]
    return {**doc, "versions": versions}


@cache
def _bundled_format(name: str) -> Format:
    return _make(*_load(name))


def _consistency_problems(doc: dict[str, Any], label: str) -> list[str]:
    """What the schema cannot see: bounds in order, and every zone or field a rule refers to present.

    Checked after ``extends`` is merged, since a child format inherits these fields.
    """
    zones = doc.get("zones", {})
    problems = _zone_reference_problems(doc, label)
    problems += _version_problems(doc.get("versions", []), label)
    if not registry.is_game(doc.get("game")):
        text = N_("{file}: $.game: unknown game {game!r}; known games: {games}")
        return problems + [Message(text, file=label, game=doc.get("game"), games=", ".join(registry.codes()))]
    game = registry.game(doc["game"])
    text = N_(
        "{file}: $.zones.{zone}: {game} has no zone {zone!r} (its zones: {zones}); a zone is declared in"
        " carddb/{game}/game.json"
    )
    problems += [
        Message(text, file=label, zone=name, game=game.code, zones=", ".join(game.zones))
        for name in zones
        if name not in game.zones or game.zones[name].stands_for
    ]
    problems += _check_problems(doc, game, label)
    problems += _meta_key_problems(doc, game, label)
    if "draft" in doc and game.hook_settings(DRAFT_HOOK) is None:
        text = N_("{file}: $.draft: a draft needs the game hook {hook!r} (champions), which {game} does not use")
        problems.append(Message(text, file=label, hook=DRAFT_HOOK, game=game.code))
    return problems


def _zone_reference_problems(doc: dict[str, Any], label: str) -> list[str]:
    """Zone bounds out of order, and a zone the draw zone, copy limit or side exchange names that is not declared."""
    zones = doc.get("zones", {})
    problems: list[str] = [
        Message(
            "{file}: $.zones.{zone}: min {min} is above max {max}",
            file=label,
            zone=name,
            min=spec["min"],
            max=spec["max"],
        )
        for name, spec in zones.items()
        if spec.get("max") is not None and spec.get("min", 0) > spec["max"]
    ]
    referred = [("$.draw_zone", [draw_zone_of(doc)])]
    referred += [(f"$.{key}.zones", doc.get(key, {}).get("zones") or []) for key in ("copy_limit", "side_exchange")]
    for where, names in referred:
        problems += [
            Message(
                "{file}: {path}: no zone {zone!r} (zones: {zones})",
                file=label,
                path=where,
                zone=name,
                zones=", ".join(zones),
            )
            for name in names
            if name not in zones
        ]
    return problems


def _check_problems(doc: dict[str, Any], game: registry.Game, label: str) -> list[str]:
    """A listed check without the format field it reads, or needing a game hook the game does not use."""
    problems: list[str] = []
    for name in doc.get("checks", ()):
        check = CHECKS[name]  # the schema lists the same names
        if check.needs not in doc:
            text = N_("{file}: $.checks: the check {check!r} needs {field!r} in the format")
            problems.append(Message(text, file=label, check=name, field=check.needs))
        if game.hook_settings(check.hook) is None:
            text = N_("{file}: $.checks: the check {check!r} needs the game hook {hook!r}, which {game} does not use")
            problems.append(Message(text, file=label, check=name, hook=check.hook, game=game.code))
    return problems


def _meta_key_problems(doc: dict[str, Any], game: registry.Game, label: str) -> list[str]:
    """An older format file's ``name_limit.meta_key`` must be the key the game's data names: the key is the game's."""
    given = doc.get("name_limit", {}).get("meta_key")
    settings = game.hook_settings(CHECKS["name-limit"].hook)
    if given is None or settings is None:
        return []
    spellings = [settings["meta_key"], *settings.get("meta_aliases", ())]
    if given.casefold() in {s.casefold() for s in spellings}:
        return []
    text = N_(
        "{file}: $.name_limit.meta_key: {given!r} is not the key {game} declares it under ({key!r}, in"
        " carddb/{game}/game.json); remove meta_key: the key is the game's"
    )
    return [Message(text, file=label, given=given, game=game.code, key=settings["meta_key"])]


def _version_problems(versions: list[dict[str, Any]], label: str) -> list[str]:
    """Each version's ``from`` a real date, the versions in date order with no date twice."""
    problems: list[str] = []
    days: list[date] = []
    for i, version in enumerate(versions):
        try:
            days.append(date.fromisoformat(version["from"]))
        except ValueError:
            text = N_("{file}: $.versions[{index}].from: {date!r} is not a date (YYYY-MM-DD)")
            problems.append(Message(text, file=label, index=i, date=version["from"]))
            continue
        if len(days) > 1 and days[-1] <= days[-2]:
            text = N_(
                "{file}: $.versions[{index}].from: {date} is not after the version before it ({before}); list the"
                " versions oldest first, each date once"
            )
            problems.append(Message(text, file=label, index=i, date=version["from"], before=days[-2].isoformat()))
    return problems


def _make(doc: dict[str, Any], path: str) -> Format:
    problems = _consistency_problems(doc, path)
    if problems:
        raise InputError(Lines([Message("invalid format file:"), *problems]))
    return parse_format(doc, path)


def load_format(ref: str, game: str | None = None) -> Format:
    """The format named ``ref`` (bundled) or stored in the file ``ref``; ``game`` checks it fits the deck."""
    if ref in _bundled() and not (ref.endswith(".json") and _exists(Path(ref))):
        fmt = _bundled_format(ref)
    else:
        fmt = _make(*_load(ref))
    if game and fmt.game != game:
        raise InputError(
            Message("format {name!r} is for {game}, not {other}", name=fmt.name, game=fmt.game, other=game)
        )
    return fmt


def looks_like_path(ref: str) -> bool:
    """Whether ``ref`` is written as a file's path: a folder separator, a ``.json`` ending, a leading ``.`` or ``~``."""
    return "/" in ref or "\\" in ref or ref.casefold().endswith(".json") or ref.startswith((".", "~"))


def named_format(name: str, given: Format | None = None, game: str | None = None) -> Format:
    """The format a decklist's own ``Format:`` line names: ``given`` (the ``--format``) when the line is its name,
    else a bundled format. Never a file: a decklist must not make deckcli open one (a FIFO would hang the command,
    another file's values would show in the report). InputError for a path, NotFoundError for an unknown name; both
    suggest the bundled names (of ``game``, when known) closest to it."""
    if given is not None and name == given.name:  # (compared with the file already read: the line opens nothing)
        return given
    if looks_like_path(name):
        stem = Path(name.replace("\\", "/")).stem  # boa-advanced.json: boa-advanced
        text = N_("{name!r} is a file path, not a format name (a format file is given with --format PATH); {hint}")
        raise InputError(Message(text, name=name, hint=_names_hint(stem, game)))
    if name not in _bundled():
        text = N_("unknown format {name!r}; {hint} (a format file is given with --format PATH)")
        raise NotFoundError(Message(text, name=name, hint=_names_hint(name, game)))
    return _bundled_format(name)


def line_name(ref: str) -> str:
    """What a decklist file's ``Format:`` line says for a stored deck's format ``ref``: a bundled name as it is, a
    format file's own ``name`` (its file's stem when it cannot be read): never a path, which reads back as a problem."""
    if not looks_like_path(ref):
        return ref
    try:
        return load_format(ref).name
    except DeckcliError:
        return Path(ref.replace("\\", "/")).stem


def _names_hint(name: str, game: str | None) -> str:
    """``did you mean 'boa-advanced'?`` when a bundled format name (of ``game``) is close to ``name``, else the names
    (of ``game``)."""
    from deckcli.names import closest, name_key

    names = sorted(n for n, (_, of, _) in _bundled_games().items() if game is None or of in (game, None))
    names = names or sorted(_bundled())
    near = closest(name, {name_key(n): n for n in names}) if name else []
    if near:
        return Message("did you mean {names}?", names=", ".join(repr(n) for n in near))
    return Message("known formats: {names}", names=", ".join(names))


def default_format(game: str) -> Format:
    """The bundled format marked default for ``game`` (only the formats that may be ``game``'s are loaded)."""
    for name, (_, named_game, may_be_default) in sorted(_bundled_games().items()):
        if named_game in (game, None) and may_be_default:
            fmt = load_format(name)
            if fmt.game == game and fmt.is_default:
                return fmt
    raise NotFoundError(Message("no default format for game {game!r}", game=game))


def list_formats() -> list[Format]:
    """Every bundled format."""
    return [load_format(name) for name in sorted(_bundled())]
