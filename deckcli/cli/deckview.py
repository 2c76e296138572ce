"""``deck show`` as text: a deck's view (:class:`deckcli.decks.view.DeckView`) laid out by zone and kind, its curve
as a bar chart, the verdict with every problem, and the formats of its game the deck is legal in."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcli.cards.summary import summary_parts
from deckcli.cli.bars import bar_chart

if TYPE_CHECKING:
    from deckcli.cards.index import CardRef
    from deckcli.decks.view import DeckView, ZoneCards
    from deckcli.legality.allformats import FormatVerdict
    from deckcli.legality.resolved import Problem, ResolvedDeck


def deck_text(view: DeckView) -> str:
    """The whole ``deck show`` text."""
    deck = view.deck
    lines = [f"{deck.name or 'Deck'}", f"Game: {deck.game} ({view.game_title})", f"Format: {deck.format.name}"]
    lines += [f"{key}: {value}" for key, value in deck.decklist.meta.items()]
    lines += [f"{title}: {', '.join(names)}" for title, names in view.leaders]
    for zone in view.zones:
        lines += ["", f"{zone.label} ({zone.size}{_span(zone)})"]
        if not zone.kinds:
            lines.append("    (empty)")
        for kind in zone.kinds:
            lines.append(f"  {kind.title} ({kind.count})")
            lines += ["    " + _card_line(card, count) for card, count in kind.cards]
    for aside in view.aside:
        lines += ["", f"{aside.label} ({aside.size}, not counted)"]
        lines += ["    " + _card_line(card, count) for card, count in aside.cards]
    if view.curve:
        name = view.curve_field.capitalize()
        title = f"{name} curve" if view.curve[0][0].lstrip("-").isdigit() else f"{name}s"
        lines += ["", f"{title} ({view.draw_zone_label})"]
        lines += ["  " + line for line in bar_chart(view.curve)]
    lines += [""] + _verdict_lines(deck, view.problems)
    if view.verdicts:
        lines.append(_formats_line(view.verdicts))
    return "\n".join(lines)


def _span(zone: ZoneCards) -> str:
    """', 50–60', ', exactly 40', ', 0+' or nothing: the format's bounds for the zone."""
    if zone.least is None and zone.most is None:
        return ""
    low, high = zone.least or 0, zone.most
    return f", {low}+" if high is None else f", exactly {low}" if high == low else f", {low}–{high}"


def _card_line(card: CardRef, count: int) -> str:
    details = summary_parts(card.as_dict())
    extra = f"  — {', '.join(details)}" if details else ""
    return f"{count:>3}  {card.name}  ({card.set_code} {card.number}){extra}"


def _verdict_lines(deck: ResolvedDeck, problems: list[Problem]) -> list[str]:
    """'Legal under ...' or 'Not legal under ...' followed by every problem."""
    under = f"{deck.format.name} ({deck.format.title})" if deck.format.title != deck.format.name else deck.format.name
    if not problems:
        return [f"Verdict: legal under {under}"]
    n = len(problems)
    lines = [f"Verdict: NOT legal under {under} — {n} problem{'s' if n != 1 else ''}:"]
    for p in problems:
        where = f" (line {p.line})" if p.line is not None else ""
        lines.append(f"  - [{p.rule}] {p.message}{where}")
    return lines


def _formats_line(verdicts: list[FormatVerdict]) -> str:
    """``legal in: boa-standard; not in: boa-advanced (restricted)``."""
    legal = [v.format.name for v in verdicts if v.legal]
    illegal = [f"{v.format.name} ({', '.join(v.rules)})" for v in verdicts if not v.legal]
    parts = ([f"legal in: {', '.join(legal)}"] if legal else []) + (
        [f"not in: {', '.join(illegal)}"] if illegal else []
    )
    return "; ".join(parts)
