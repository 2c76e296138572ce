"""One deck under every format of its game at once (``validate --all-formats``, the ``deck show`` line): which
formats the deck is legal in, and for the others the rule ids that fail."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from deckcli.legality.format import Format
from deckcli.legality.formats import list_formats
from deckcli.legality.grouping import unique
from deckcli.legality.resolve import Resolver
from deckcli.legality.resolved import Problem, ResolvedDeck
from deckcli.legality.rules import check_deck


@dataclass(frozen=True)
class FormatVerdict:
    """A deck's problems under one format."""

    format: Format
    problems: list[Problem]

    @property
    def legal(self) -> bool:
        return not self.problems

    @property
    def rules(self) -> list[str]:
        """The rule ids of the problems, each once, in the order found."""
        return unique(p.rule for p in self.problems)


def formats_of(game: str, extra: Iterable[Format] = ()) -> list[Format]:
    """Every bundled format of ``game`` (its default first, then by name), then the ``extra`` ones of the game
    that are not bundled (an organiser's ``--format PATH``)."""
    bundled = sorted((f for f in list_formats() if f.game == game), key=lambda f: (not f.is_default, f.name))
    names = {f.name for f in bundled}
    others = [f for f in extra if f.game == game and f.name not in names]
    return bundled + list({f.name: f for f in others}.values())


def every_format(resolver: Resolver, deck: ResolvedDeck, extra: Iterable[Format] = ()) -> list[ResolvedDeck]:
    """The deck's decklist resolved under each format of its game (``extra`` and the deck's own format included)."""
    return [resolver.resolve(deck.decklist, fmt, deck.game) for fmt in formats_of(deck.game, [deck.format, *extra])]


def format_verdicts(resolver: Resolver, deck: ResolvedDeck, extra: Iterable[Format] = ()) -> list[FormatVerdict]:
    """The deck checked under each format of its game."""
    return [FormatVerdict(each.format, check_deck(each)) for each in every_format(resolver, deck, extra)]
