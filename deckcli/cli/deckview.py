"""``deck show`` as text: a deck's view (:class:`deckcli.decks.view.DeckView`) laid out by zone and kind, its curve
as a bar chart, the verdict with every problem, and the formats of its game the deck is legal in."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcli.cards.shownname import shown_name
from deckcli.cards.summary import summary_parts
from deckcli.cli.bars import bar_chart
from deckcli.decklists.model import meta_label
from deckcli.games import registry
from deckcli.i18n import gettext as _
from deckcli.i18n import ngettext, translated

if TYPE_CHECKING:
    from deckcli.cards.index import CardRef
    from deckcli.decks.view import DeckView, ZoneCards
    from deckcli.legality.allformats import FormatVerdict
    from deckcli.legality.resolved import Problem, ResolvedDeck


def deck_text(view: DeckView) -> str:
    """The whole ``deck show`` text."""
    deck = view.deck
    lines = [
        deck.name or _("Deck"),
        _("Game: {game} ({title})").format(game=deck.game, title=view.game_title),
        _("Format: {format}").format(format=deck.format.name),
    ]
    lines += [f"{translated(meta_label(key))}: {value}" for key, value in deck.decklist.meta.items()]
    lines += [
        f"{translated(title)}: {', '.join(_leader(deck, name) for name in names)}" for title, names in view.leaders
    ]
    for zone in view.zones:
        lines += ["", f"{translated(zone.label)} ({zone.size}{_span(zone)})"]
        if not zone.kinds:
            lines.append("    " + _("(empty)"))
        for kind in zone.kinds:
            lines.append(f"  {translated(kind.title)} ({kind.count})")
            lines += ["    " + _card_line(card, count) for card, count in kind.cards]
    for aside in view.aside:
        lines += ["", _("{zone} ({count}, not counted)").format(zone=translated(aside.label), count=aside.size)]
        lines += ["    " + _card_line(card, count) for card, count in aside.cards]
    if view.curve:
        name = str(translated(registry.game(deck.game).field_label(view.curve_field))).capitalize()
        numbers = view.curve[0][0].lstrip("-").isdigit()
        title = (_("{field} curve ({zone})") if numbers else _("{field}s ({zone})")).format(
            field=name, zone=translated(view.draw_zone_label)
        )
        lines += ["", title]
        lines += ["  " + line for line in bar_chart(view.curve)]
    lines += [""] + _verdict_lines(deck, view.problems)
    if view.verdicts:
        lines.append(_formats_line(view.verdicts))
    return "\n".join(lines)


def _leader(deck: ResolvedDeck, name: str) -> str:
    """A leader's name as the user reads it (``Килгор (Kilgore)``), from its card in the deck's index."""
    found = [ref for ref in deck.index.find_all(name) if ref.name == name] if deck.index else []
    return shown_name(found[0]) if found else name


def _span(zone: ZoneCards) -> str:
    """', 50–60', ', exactly 40', ', 0+' or nothing: the format's bounds for the zone."""
    if zone.least is None and zone.most is None:
        return ""
    low, high = zone.least or 0, zone.most
    if high is None:
        return f", {low}+"
    return _(", exactly {count}").format(count=low) if high == low else f", {low}–{high}"


def _card_line(card: CardRef, count: int) -> str:
    details = summary_parts(card.as_dict(), shown=True)
    extra = f"  — {', '.join(details)}" if details else ""
    return f"{count:>3}  {shown_name(card)}  ({card.set_code} {card.number}){extra}"


def _verdict_lines(deck: ResolvedDeck, problems: list[Problem]) -> list[str]:
    """'Legal under ...' or 'Not legal under ...' followed by every problem."""
    under = f"{deck.format.name} ({deck.format.title})" if deck.format.title != deck.format.name else deck.format.name
    if not problems:
        return [_("Verdict: legal under {format}").format(format=under)]
    n = len(problems)
    verdict = ngettext(
        "Verdict: NOT legal under {format} — {count} problem:",
        "Verdict: NOT legal under {format} — {count} problems:",
        n,
    )
    lines = [verdict.format(format=under, count=n)]
    for p in problems:
        where = _(" (line {line})").format(line=p.line) if p.line is not None else ""
        lines.append(f"  - [{p.rule}] {translated(p.message)}{where}")
    return lines


def _formats_line(verdicts: list[FormatVerdict]) -> str:
    """``legal in: boa-standard; not in: boa-advanced (restricted)``."""
    legal = [v.format.name for v in verdicts if v.legal]
    illegal = [f"{v.format.name} ({', '.join(v.rules)})" for v in verdicts if not v.legal]
    parts = ([_("legal in: {formats}").format(formats=", ".join(legal))] if legal else []) + (
        [_("not in: {formats}").format(formats=", ".join(illegal))] if illegal else []
    )

    return "; ".join(parts)
