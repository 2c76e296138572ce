"""``validate``: one typed report per deck (and format), with every problem of the deck, from one library call.

:func:`validate` takes the command's options as a :class:`ValidateRequest` and answers a :class:`ValidateResult`:
the :class:`DeckReport` of each deck (``as_dict()`` is its ``--json`` object), the warnings to show, and whether
the command passed. A :class:`DeckReporter` checks many decks with one :class:`~deckcli.legality.resolve.Resolver`
(one card index per game for every file); a deck that cannot be read at all is :class:`Unreadable`, and its report
has a ``parse`` problem, so the other decks are still checked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from deckcli.errors import DeckcliError
from deckcli.i18n import Message
from deckcli.legality import drafts
from deckcli.legality.allformats import formats_of
from deckcli.legality.exchange import check_side_exchange
from deckcli.legality.format import Format
from deckcli.legality.formats import load_format
from deckcli.legality.resolve import Resolver
from deckcli.legality.resolved import Problem, ResolvedDeck, Unreadable
from deckcli.legality.rules import card_limit_keys, check_deck

if TYPE_CHECKING:
    from deckcli.decklists.sources import DeckRef
    from deckcli.storage.reads import Readable

#: The ``--collection`` check: a deck's ``not-owned`` problems (the collection is a package above this one, so the
#: caller passes it in).
OwnedCheck = Callable[[ResolvedDeck], list[Problem]]


def open_decks(db: Readable, refs: list[str], game: str | None = None) -> list[ResolvedDeck]:
    """Decks named on the command line (deck arguments: :mod:`deckcli.decklists.sources`), read with one resolver; each
    must hold cards."""
    resolver = Resolver(db)
    decks = []
    for ref in refs:
        deck = resolver.open(ref, game=game)
        deck.require_cards()
        decks.append(deck)
    return decks


@dataclass(frozen=True)
class DeckReport:
    """One deck's verdict under one format: the deck's label (``file``), game and format (None when the deck could
    not be read), whether it is legal, and every problem.

    ``dated``: the format has dated versions, and ``version`` is the one in force (None: the format's own card
    limits). ``notes``: what reading decided (cards routed to their zone), never a problem. ``owned``: with
    ``--collection``, whether every card is owned (None without it, or for an unreadable deck); the ``not-owned``
    problems are in ``problems`` but do not make the deck illegal.
    """

    file: str
    game: str | None
    format: str | None
    legal: bool
    problems: tuple[Problem, ...] = ()
    dated: bool = False
    version: str | None = None
    notes: tuple[str, ...] = ()
    owned: bool | None = None

    @classmethod
    def unreadable(cls, deck: Unreadable, game: str | None, format_name: str | None) -> DeckReport:
        """The report of a deck that could not be read: one ``parse`` problem saying why."""
        return cls(deck.where, game, format_name, False, (Problem("parse", deck.message),))

    @property
    def passed(self) -> bool:
        """Legal, and with ``--collection`` every card owned: what the exit status asks of each deck."""
        return self.legal and self.owned is not False

    @property
    def not_owned(self) -> int:
        """How many ``not-owned`` problems (cards short in the collection) the report holds."""
        return sum(p.rule == "not-owned" for p in self.problems)

    @property
    def copies_not_owned(self) -> int:
        """How many copies the ``not-owned`` problems are short in all (as ``collection missing`` counts them)."""
        return sum(p.extra["missing"] for p in self.problems if p.rule == "not-owned")

    def as_dict(self) -> dict[str, Any]:
        """The ``--json`` object: ``{"file", "game", "format", ["version",] "legal", ["notes",] ["owned",]
        "problems"}``."""
        data: dict[str, Any] = {"file": self.file, "game": self.game, "format": self.format}
        if self.dated:
            data["version"] = self.version
        data["legal"] = self.legal
        if self.notes:
            data["notes"] = list(self.notes)
        if self.owned is not None:
            data["owned"] = self.owned
        data["problems"] = [p.as_dict() for p in self.problems]
        return data


class DeckReporter:
    """Reports on decks read under an optional ``--format``/``--game`` on a day (``--date``), against an optional
    original deck (``--side-from``), draft (``--pool``/``--banned``) and the collection (``--collection``: ``owned``
    gives a deck's ``not-owned`` problems; the collection is a package above this one, so its caller passes it)."""

    def __init__(
        self,
        db: Readable,
        fmt: Format | None = None,
        format_name: str | None = None,
        game: str | None = None,
        owned: OwnedCheck | None = None,
        day: date | None = None,
        suggest_limit: int | None = None,
    ):
        self.resolver, self.owned = Resolver(db, day, suggest_limit), owned
        self.format_name, self.game = format_name, game
        self.fallback = (fmt.game, fmt.name) if fmt is not None else (game, None)  # for decks that cannot be read
        self.original: ResolvedDeck | Unreadable | None = None  # --side-from: the original deck
        self.pool: str | None = None  # --pool: a decklist file or a stored deck
        self.banned: str | None = None  # --banned: the champion the opponent banned
        self._pools: dict[str, tuple[str, ResolvedDeck | Unreadable]] = {}  # the pool's label and deck, per pool format
        self.warnings: list[Message] = []
        self._formats_seen: set[tuple[str, str | None]] = set()

    def sources(self, files: Sequence[str], deck_names: Sequence[str] = ()) -> list[DeckRef]:
        """The decks to check: deck arguments told apart (an error when one names nothing), then ``--deck`` names."""
        from deckcli.decklists.sources import DeckRef

        return [self.resolver.locator.locate(f) for f in files] + [DeckRef("stored", d) for d in deck_names]

    def open(
        self, ref: DeckRef | str, format_name: str | Format | None = None
    ) -> tuple[str, ResolvedDeck | Unreadable]:
        """The deck's label and the resolved deck, or :class:`Unreadable` when it cannot be read at all."""
        label = ref if isinstance(ref, str) else ref.label
        try:
            if isinstance(ref, str):
                ref = self.resolver.locator.locate(ref)
                label = ref.label
            return label, self.resolver.open(ref, format_name=format_name or self.format_name, game=self.game)
        except DeckcliError as exc:
            return label, Unreadable(label, exc.text)

    def set_original(self, source: str) -> None:
        """Check every later deck as a between-rounds exchange of the deck argument ``source``."""
        self.original = self.open(self.resolver.locator.locate(source))[1]

    def set_draft(self, pool: str | None, banned: str | None) -> None:
        """Check every later team against a competitive draft: the pool (file or stored deck) less ``banned``."""
        self.pool, self.banned = pool, banned

    # -- one report per deck ----------------------------------------------------------------------
    def report(self, ref: DeckRef) -> DeckReport:
        """One deck's verdict under the reporter's format (or the deck's own)."""
        label, deck = self.open(ref)
        if isinstance(deck, Unreadable):
            return self._unreadable(deck)
        if isinstance(self.original, Unreadable):
            why = self.original.message
            problems = [
                Problem("side-exchange", Message("the original deck cannot be read: {problem}", problem=why)),
                *check_deck(deck),
            ]
        elif self.original is not None:
            problems = check_side_exchange(self.original, deck)
        else:
            problems = check_deck(deck)
        if self.pool is not None or self.banned is not None:
            problems += self._draft_problems(deck)
        return self._verdict(label, deck, problems)

    def report_every_format(self, ref: DeckRef, extra: Sequence[Format]) -> list[DeckReport]:
        """One report per format of the deck's game (bundled, then ``extra``), the decklist read once."""
        label = ref.label
        try:
            decklist = self.resolver.read(ref)
            game = self.resolver.choose(decklist, None, self.game)[0]
        except DeckcliError as exc:
            return [self._unreadable(Unreadable(label, exc.text))]
        decks = [self.resolver.resolve(decklist, fmt, self.game) for fmt in formats_of(game, extra)]
        return [self._verdict(label, deck, check_deck(deck)) for deck in decks]

    def match(self, first: str, second: str) -> list[DeckReport]:
        """A casual draft: each team's own verdict plus the champions it shares with the other (``shared-champion``)."""
        opened = [self.open(first), self.open(second)]
        labels, teams = [label for label, _ in opened], [team for _, team in opened]
        reports = []
        for i, team in enumerate(teams):
            if isinstance(team, Unreadable):
                reports.append(self._unreadable(team))
                continue
            problems = check_deck(team) + drafts.shared_problems(team, teams[1 - i], labels[1 - i])
            reports.append(self._verdict(labels[i], team, problems))
        return reports

    # -- parts ------------------------------------------------------------------------------------
    def _draft_problems(self, team: ResolvedDeck) -> list[Problem]:
        """``not-in-pool`` and ``banned-champion`` for one team."""
        problems: list[Problem] = []
        banned = drafts.banned_champion(team, self.banned) if self.banned is not None else None
        if self.pool is not None:
            pool_format = drafts.pool_format_of(team)
            key = f"{pool_format}\n{self.pool}"
            if key not in self._pools:
                self._pools[key] = self.open(self.pool, format_name=pool_format)
                if banned is not None and drafts.pool_misses_ban(self._pools[key][1], banned):
                    self.warnings.append(
                        Message(
                            "the banned champion {champion} is not in the pool {pool}", champion=banned, pool=self.pool
                        )
                    )
            problems += drafts.pool_problems(team, self._pools[key][1], self._pools[key][0])
        if banned is not None:
            problems += drafts.banned_problems(team, banned)
        return problems

    def _unreadable(self, deck: Unreadable) -> DeckReport:
        """The report of a deck that could not be read, under ``--format``/``--game`` when given."""
        return DeckReport.unreadable(deck, *self.fallback)

    def _verdict(self, label: str, deck: ResolvedDeck, problems: list[Problem]) -> DeckReport:
        """The report of a readable deck; with ``--collection``, its ``not-owned`` problems follow the deck's own."""
        self._note_unknown_limits(deck)
        missing = self.owned(deck) if self.owned is not None else []
        return DeckReport(
            label,
            deck.game,
            deck.format.name,
            legal=not problems,
            problems=(*problems, *missing),
            dated=bool(deck.format.versions),
            version=deck.format.version,
            notes=tuple(deck.notes),
            owned=None if self.owned is None else not missing,
        )

    def _note_unknown_limits(self, deck: ResolvedDeck) -> None:
        """Once per format: names on its restricted list that are no card (a typo would silently allow the card)."""
        seen = (deck.format.path, deck.format.version)
        if seen in self._formats_seen:
            return
        self._formats_seen.add(seen)
        unknown = card_limit_keys(deck.format, deck.index)[1]
        if unknown:
            names = ", ".join(repr(n) for n in unknown)
            self.warnings.append(
                Message(
                    "format {format!r} limits {names}, which name no {game} card",
                    format=deck.format.name,
                    names=names,
                    game=deck.game,
                )
            )


# -- the command's one call -------------------------------------------------------------------------
@dataclass(frozen=True)
class ValidateRequest:
    """What ``validate`` is asked: the decks (deck arguments, stored deck names, or the two teams of a ``--match``),
    the formats (bundled names or files; several only with ``all_formats``), the game to read every deck as, the day
    a dated format is taken on, the original deck of a side exchange, a competitive draft's pool and banned
    champion, the ``--collection`` check, and how many close names an unknown card suggests (None: all of them)."""

    files: tuple[str, ...] = ()
    deck_names: tuple[str, ...] = ()
    format_names: tuple[str, ...] = ()
    game: str | None = None
    day: date | None = None
    side_from: str | None = None
    all_formats: bool = False
    pool: str | None = None
    banned: str | None = None
    match: tuple[str, str] | None = None
    owned: OwnedCheck | None = None
    suggest_limit: int | None = None


@dataclass(frozen=True)
class ValidateResult:
    """What ``validate`` found: one report per deck (per deck and format with ``all_formats``), in the order the
    decks were named, and the warnings about the formats and the draft (each said once)."""

    reports: tuple[DeckReport, ...]
    warnings: tuple[Message, ...] = ()
    all_formats: bool = False

    @property
    def passed(self) -> bool:
        """The exit status: every deck legal (and owned); with ``all_formats``, each in at least one format."""
        if not self.all_formats:
            return all(r.passed for r in self.reports)
        best: dict[str, bool] = {}
        for r in self.reports:
            best[r.file] = best.get(r.file, False) or r.passed
        return all(best.values())

    @property
    def legal(self) -> int:
        """How many of the reports say legal (the summary under several decks)."""
        return sum(r.legal for r in self.reports)

    @property
    def notes(self) -> tuple[tuple[str, str], ...]:
        """``(deck label, note)`` of every report, each pair once (a deck checked under every format notes it once)."""
        return tuple(dict.fromkeys((r.file, note) for r in self.reports for note in r.notes))

    def as_list(self) -> list[dict[str, Any]]:
        """The ``--json`` array: each report's object."""
        return [r.as_dict() for r in self.reports]


def validate(db: Readable, request: ValidateRequest) -> ValidateResult:
    """Check every deck of ``request``: each under its format (or ``--format``), as a side exchange of
    ``side_from``, against a draft, or every format of its game; a deck that cannot be read is reported, never
    raised, so the others are still checked. A ``--format`` file that cannot be used (invalid, of another game) raises
    its error, as in every command (one naming nothing is refused while the command line is parsed); a deck argument
    that names nothing raises as reading it does."""
    formats = [load_format(name, request.game) for name in request.format_names]
    chosen = formats[0] if formats and not request.all_formats else None
    reporter = DeckReporter(
        db,
        chosen,
        request.format_names[0] if chosen else None,
        request.game,
        request.owned,
        request.day,
        suggest_limit=request.suggest_limit,
    )
    if request.side_from:
        reporter.set_original(request.side_from)
    reporter.set_draft(request.pool, request.banned)
    sources = reporter.sources(request.files, request.deck_names)
    if request.match:
        reports = reporter.match(*request.match)
    elif request.all_formats:
        reports = [r for ref in sources for r in reporter.report_every_format(ref, formats)]
    else:
        reports = [reporter.report(ref) for ref in sources]
    return ValidateResult(tuple(reports), tuple(reporter.warnings), request.all_formats)
