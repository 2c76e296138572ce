"""Verdict reports for ``validate``: one JSON-ready object per deck (and format), with every problem of the deck.

A :class:`DeckReporter` checks many decks with one :class:`~deckcli.legality.resolve.Resolver` (one card index per
game for every file); a deck that cannot be read at all becomes a report with a ``parse`` problem, so the
other decks are still checked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from typing import TYPE_CHECKING, Any

from deckcli.errors import DeckcliError
from deckcli.i18n import Message
from deckcli.legality import drafts
from deckcli.legality.allformats import formats_of
from deckcli.legality.exchange import check_side_exchange
from deckcli.legality.format import Format
from deckcli.legality.resolve import Resolver
from deckcli.legality.resolved import Problem, ResolvedDeck
from deckcli.legality.rules import card_limit_keys, check_deck

if TYPE_CHECKING:
    from deckcli.decklists.sources import DeckRef
    from deckcli.storage.reads import Readable


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
        owned: Callable[[ResolvedDeck], list[Problem]] | None = None,
        day: date | None = None,
        suggest_limit: int | None = None,
    ):
        self.resolver, self.owned = Resolver(db, day, suggest_limit), owned
        self.format_name, self.game = format_name, game
        self.fallback = (fmt.game, fmt.name) if fmt is not None else (game, None)  # for decks that cannot be read
        self.original: ResolvedDeck | str | None = None  # --side-from: the original deck, or why it cannot be read
        self.pool: str | None = None  # --pool: a decklist file or a stored deck
        self.banned: str | None = None  # --banned: the champion the opponent banned
        self._pools: dict[str, tuple[str, ResolvedDeck | str]] = {}  # the pool's label and deck, per pool format
        self.warnings: list[str] = []
        self._formats_seen: set[tuple[str, str | None]] = set()

    def sources(self, files: Sequence[str], deck_names: Sequence[str] = ()) -> list[DeckRef]:
        """The decks to check: deck arguments told apart (an error when one names nothing), then ``--deck`` names."""
        from deckcli.decklists.sources import DeckRef

        return [self.resolver.locator.locate(f) for f in files] + [DeckRef("stored", d) for d in deck_names]

    def open(self, ref: DeckRef | str, format_name: str | Format | None = None) -> tuple[str, ResolvedDeck | str]:
        """The deck's label and the resolved deck, or the error text when it cannot be read at all."""
        label = ref if isinstance(ref, str) else ref.label
        try:
            if isinstance(ref, str):
                ref = self.resolver.locator.locate(ref)
                label = ref.label
            return label, self.resolver.open(ref, format_name=format_name or self.format_name, game=self.game)
        except DeckcliError as exc:
            return label, exc.text

    def set_original(self, source: str) -> None:
        """Check every later deck as a between-rounds exchange of the deck argument ``source``."""
        self.original = self.open(self.resolver.locator.locate(source))[1]

    def set_draft(self, pool: str | None, banned: str | None) -> None:
        """Check every later team against a competitive draft: the pool (file or stored deck) less ``banned``."""
        self.pool, self.banned = pool, banned

    # -- one report per deck ----------------------------------------------------------------------
    def report(self, ref: DeckRef) -> dict[str, Any]:
        """One deck's verdict: ``{"file", "game", "format", ["version",] "legal", ["owned",] "problems"}``."""
        label, deck = self.open(ref)
        if isinstance(deck, str):
            return self._unreadable(label, deck)
        if isinstance(self.original, str):
            problems = [
                Problem("side-exchange", Message("the original deck cannot be read: {problem}", problem=self.original)),
                *check_deck(deck),
            ]
        elif self.original is not None:
            problems = check_side_exchange(self.original, deck)
        else:
            problems = check_deck(deck)
        if self.pool is not None or self.banned is not None:
            problems += self._draft_problems(deck)
        return self._verdict(label, deck, problems)

    def report_every_format(self, ref: DeckRef, extra: list[Format]) -> list[dict[str, Any]]:
        """One report per format of the deck's game (bundled, then ``extra``), the decklist read once."""
        label = ref.label
        try:
            decklist = self.resolver.read(ref)
            game = self.resolver.choose(decklist, None, self.game)[0]
        except DeckcliError as exc:
            return [self._unreadable(label, exc.text)]
        decks = [self.resolver.resolve(decklist, fmt, self.game) for fmt in formats_of(game, extra)]
        return [self._verdict(label, deck, check_deck(deck)) for deck in decks]

    def match(self, first: str, second: str) -> list[dict[str, Any]]:
        """A casual draft: each team's own verdict plus the champions it shares with the other (``shared-champion``)."""
        opened = [self.open(first), self.open(second)]
        labels, teams = [label for label, _ in opened], [team for _, team in opened]
        reports = []
        for i, team in enumerate(teams):
            if isinstance(team, str):
                reports.append(self._unreadable(labels[i], team))
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

    def _unreadable(self, label: str, why: str) -> dict[str, Any]:
        game, fmt = self.fallback
        return {
            "file": label,
            "game": game,
            "format": fmt,
            "legal": False,
            "problems": [Problem("parse", why).as_dict()],
        }

    def _verdict(self, label: str, deck: ResolvedDeck, problems: list[Problem]) -> dict[str, Any]:
        """The report of a readable deck; ``version`` names a dated format's version in force (None: its own list)."""
        self._note_unknown_limits(deck)
        report: dict[str, Any] = {"file": label, "game": deck.game, "format": deck.format.name}
        if deck.format.versions:
            report["version"] = deck.format.version
        report["legal"] = not problems
        if deck.notes:  # what reading decided (cards routed to their zone): said once, never a problem
            report["notes"] = list(deck.notes)
        if self.owned is not None:
            missing = self.owned(deck)
            problems = problems + missing
            report["owned"] = not missing
        return {**report, "problems": [p.as_dict() for p in problems]}

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
