"""Options several commands share: the game choice, where a deck comes from (a file, ``-`` or a stored deck), a page
written as HTML or PDF, and which database (a file or a server URL)."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import click

from deckcli.cli.completion import complete_deck, complete_deck_or_file, complete_format
from deckcli.games import registry
from deckcli.i18n import gettext as _
from deckcli.i18n import translated

#: A command function a shared option decorates.
F = TypeVar("F", bound=Callable[..., Any])

if TYPE_CHECKING:
    from deckcli.cli.context import AppContext
    from deckcli.decks.edit import CardsWanted
    from deckcli.legality.resolved import ResolvedDeck


class DataChoice(click.Choice):
    """A choice whose values come from the games' data, read only when help, parsing or completion needs them."""

    def __init__(self, values: Callable[[], Sequence[str]], case_sensitive: bool = False):
        self._values = values
        self.case_sensitive = case_sensitive

    @property  # type: ignore[override]  # click's is an attribute: a property reads the data only when asked
    def choices(self) -> Sequence[str]:
        return tuple(self._values())

    @choices.setter
    def choices(self, _value: Sequence[str]) -> None:  # click's __init__ assigns it; ours is computed
        pass


def _deck_zones() -> list[str]:
    """Zones a card can be put in by name (not pseudo-zones such as sfb Champions)."""
    return [z for z in registry.zone_order() if z not in registry.pseudo_zones()]


#: The largest whole number any option takes: what an INTEGER column holds on every backend deckcli writes to
#: (PostgreSQL's is 32-bit; SQLite's 64), so no option value fails where it is stored or compared in SQL.
LARGEST_WHOLE = 2**31 - 1


def whole(least: int = 0, most: int = LARGEST_WHOLE) -> click.IntRange:
    """The type of every integer option and argument: whole numbers from ``least`` to ``most`` (at most
    :data:`LARGEST_WHOLE`); another is refused as a usage error naming the range, which the help shows."""
    return click.IntRange(min=least, max=min(most, LARGEST_WHOLE))


class InputFile(click.Path):
    """A file a command reads (``-``: stdin; with ``dir_okay``, a folder too, whose files it reads). One that does not
    exist, or a folder where only a file will do, is a usage error (exit 2, with the usage line), Click's convention
    for a path; what is inside the file is the command's business (exit 1)."""

    def __init__(self, dir_okay: bool = False) -> None:
        super().__init__(exists=True, dir_okay=dir_okay, allow_dash=True)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if value == "":  # (not Click's "File '' does not exist.")
            self.fail(_("an empty file name: name the file to read"), param, ctx)
        return super().convert(value, param, ctx)


#: Where :class:`NameOrFile` leaves the command's context, so that a reference naming nothing, found only when the
#: command runs (deckcli.errors.NoSuchDecklist), is refused with that command's usage line (deckcli.cli.main).
USAGE_CONTEXT = "deckcli.usage_context"


class NameOrFile(click.ParamType):
    """A name or a file a command reads: a decklist file, ``-``, a deck code or a stored deck (or a bundled format's
    name or a format file). A folder or an empty name is a usage error as :class:`InputFile` says it (a file is
    wanted); a file that does not exist may still be a name, which the command looks up (one naming nothing: a usage
    error too)."""

    name = "text"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if ctx is not None:
            ctx.meta[USAGE_CONTEXT] = ctx
        if value == "":  # (not a stored deck called '', nor stdin)
            self.fail(_("an empty name: give a file or a name"), param, ctx)
        if isinstance(value, str) and value != "-" and os.path.isdir(value):
            return click.Path(dir_okay=False).convert(value, param, ctx)  # (Click's own "is a directory" refusal)
        return value


class FormatRef(NameOrFile):
    """A format the user names: a bundled format's name or a format file. Besides :class:`NameOrFile`'s refusals, one
    naming neither (deckcli.errors.NoSuchFormat: "unknown format", "format file not found") is a usage error here,
    before the command runs; a format file's contents, and a format a stored deck or event or an ``extends`` names,
    are the command's business (exit 1). Nothing is read: a format is looked up without the database."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        value = super().convert(value, param, ctx)
        from deckcli.errors import NoSuchFormat
        from deckcli.legality.formats import format_file

        try:
            format_file(value)
        except NoSuchFormat as exc:
            self.fail(exc.translated(), param, ctx)
        return value


GAME_CHOICE = DataChoice(registry.codes)
ZONE_CHOICE = DataChoice(_deck_zones)


# -- the options many commands share, each declared here once (tests/architecture/test_conventions.py) ----------
def game_option(**attrs: Any) -> Callable[[F], F]:
    """``--game/-g``: one of the games' codes, offered and completed from their data; ``help`` says what it
    chooses in this command."""
    return click.option("--game", "-g", type=GAME_CHOICE, **attrs)


def json_option(dest: str = "as_json", **attrs: Any) -> Callable[[F], F]:
    """``--json``: print JSON rather than the table or text (``dest``: the parameter it sets; the output helper's
    choice of table, ``--json`` or ``--csv`` gives ``flag_value``)."""
    return click.option("--json", dest, is_flag=True, **attrs)


def date_option(**attrs: Any) -> Callable[[F], F]:
    """``--date YYYY-MM-DD`` as ``day``: the day a dated format's version is chosen by."""
    return click.option("--date", "day", type=click.DateTime(formats=["%Y-%m-%d"]), metavar="YYYY-MM-DD", **attrs)


def output_option(dest: str, **attrs: Any) -> Callable[[F], F]:
    """``--output/-o`` as ``dest``: where a command writes (a file, ``-`` for stdout, or a folder)."""
    return click.option("--output", "-o", dest, **attrs)


def format_option(dest: str = "format_name", **attrs: Any) -> Callable[[F], F]:
    """``--format/-f NAME|PATH`` as ``dest``: a bundled format's name or a format file (:class:`FormatRef`: one naming
    neither is a usage error), completed from the formats; ``help`` says what it chooses in this command."""
    return click.option(
        "--format", "-f", dest, type=FormatRef(), metavar="NAME|PATH", shell_complete=complete_format, **attrs
    )


@dataclass(frozen=True)
class DeckSource:
    """A deck named on the command line: DECK (a decklist file or ``-``, a deck code or a stored deck) or ``--deck
    NAME``, read under ``--game``/``--format`` when given."""

    file: str | None
    name: str | None
    game: str | None
    format_name: str | None

    @property
    def label(self) -> str:
        if self.name is not None:
            return self.name
        return "stdin" if self.file == "-" else click.format_filename(self.file or "", shorten=True)

    def open(self, app: AppContext) -> ResolvedDeck:
        """The resolved deck; every line must name a known card (else an error listing them, exit 1)."""
        if (self.file is None) == (self.name is None):
            raise click.UsageError(_("give a decklist file DECK or --deck NAME (one of them)"))
        from deckcli.legality.resolve import open_deck

        deck = open_deck(app.reads, source=self.file, deck_name=self.name, format_name=self.format_name, game=self.game)
        deck.require_cards()
        if not deck.name:
            deck.name = self.label
        return deck


def deck_source(f: Callable) -> Callable:
    """Add ``[DECK]``, ``--deck NAME``, ``--game`` and ``--format``; the command gets them as ``source: DeckSource``."""

    @functools.wraps(f)
    def wrapper(*args, deck_file, deck_name, game, format_name, **kwargs):
        source = DeckSource(deck_file, deck_name, game.lower() if game else None, format_name)
        return f(*args, source=source, **kwargs)

    wrapper = format_option(help="Read the deck under this format (default: its own).")(wrapper)
    wrapper = game_option(help="The deck's game, if the decklist does not say.")(wrapper)
    wrapper = click.option(
        "--deck",
        "-d",
        "deck_name",
        metavar="NAME",
        shell_complete=complete_deck,
        help="A stored deck (DECK may name one too, when no file is called so).",
    )(wrapper)
    return click.argument(
        "deck_file", metavar="[DECK]", type=NameOrFile(), required=False, shell_complete=complete_deck_or_file
    )(wrapper)


def page_output(f: Callable) -> Callable:
    """Add ``-o FILE`` and ``--to html|pdf`` of a printable page; the command gets ``target`` and ``to``, which is
    html or pdf (default: pdf for a FILE ending in .pdf, else html)."""

    @functools.wraps(f)
    def wrapper(*args, target, to, **kwargs):
        kind = (to or ("pdf" if target.lower().endswith(".pdf") else "html")).lower()
        return f(*args, target=target, to=kind, **kwargs)

    wrapper = click.option(
        "--to",
        "to",
        type=click.Choice(["html", "pdf"], case_sensitive=False),
        help="html (print CSS: any browser prints it) or pdf (printed by headless Chromium, found on PATH); "
        "default: pdf when FILE ends in .pdf, else html.",
    )(wrapper)
    return output_option(
        "target",
        required=True,
        type=click.Path(allow_dash=True, dir_okay=False),
        metavar="FILE",
        help="The file to write (- : the HTML on stdout).",
    )(wrapper)


class DatabaseParam(click.ParamType):
    """``--db``: a PostgreSQL URL stays text (refused, exit 2, when libpq would not read it as meant), anything else
    is a file Path taken as it is (never parsed as a URL)."""

    name = "PATH|URL"

    def convert(self, value, param, ctx):
        from deckcli.storage.location import (
            SERVER_SCHEMES,
            file_name_problem,
            is_url,
            mask_url,
            target_of,
            url_problem,
            url_scheme,
        )

        if isinstance(value, str) and url_scheme(value) and not is_url(value):
            self.fail(
                _("{scheme}:// is not a database deckcli connects to (a file path, or a URL {schemes})").format(
                    scheme=url_scheme(value), schemes=_(" or ").join(s + "://" for s in SERVER_SCHEMES)
                ),
                param,
                ctx,
            )
        if is_url(value) and (problem := url_problem(value)):
            self.fail(f"{mask_url(value)}: {translated(problem)}", param, ctx)
        problem = None if is_url(value) else file_name_problem(value)
        if problem:
            self.fail(translated(problem), param, ctx)
        return target_of(value)


class CardsAndCounts(click.Command):
    """A command taking ``CARD [COUNT]...`` (``deck add``, ``deck remove``): a negative COUNT (``-3``) reaches its
    argument (:func:`cards_wanted`, or a ranged COUNT), refused there as a count out of range, not as an unknown option
    ``-3``; any other unknown option before ``--`` is still refused as Click refuses it (with its suggestion), and after
    ``--`` every word is a card."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.context_settings = {**self.context_settings, "ignore_unknown_options": True}

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        params = self.get_params(ctx)
        options = {opt: p for p in params if isinstance(p, click.Option) for opt in (*p.opts, *p.secondary_opts)}
        value_next = False
        for arg in args:
            if arg == "--":
                break
            name = arg.split("=", 1)[0] if arg.startswith("--") else arg[:2]
            if not value_next and arg.startswith("-") and arg != "-" and not _is_count(arg) and name not in options:
                raise click.NoSuchOption(arg, possibilities=list(options), ctx=ctx)
            option = options.get(arg) if not value_next else None
            value_next = option is not None and not option.is_flag and not option.count
        return super().parse_args(ctx, args)


def _is_count(item: str) -> bool:
    """A whole number, negative ones too (refused by the count's range, which names it)."""
    return item.strip().removeprefix("-").isdigit()


def cards_wanted(items: tuple[str, ...], zone: str | None, set_code: str | None, number: str | None) -> CardsWanted:
    """``CARD [COUNT] [CARD [COUNT]]...`` as the cards wanted: a whole number after a card is its count (default 1)."""
    from deckcli.decks.edit import CardsWanted, CardWanted

    pairs: list[list] = []
    for item in items:
        if _is_count(item) and pairs and pairs[-1][1] is None:
            try:
                pairs[-1][1] = whole(1)(item)  # the range every count has, and its message
            except click.BadParameter as exc:  # named, as Click names an option: which card's count it is
                exc.param_hint = _("COUNT of {card!r}").format(card=pairs[-1][0])
                raise
        elif _is_count(item) and not pairs:
            raise click.UsageError(_("give a CARD before its COUNT ({count})").format(count=item))
        else:
            pairs.append([item, None])
    return CardsWanted([CardWanted(name, count or 1, zone, set_code, number) for name, count in pairs])
