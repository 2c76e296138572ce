"""Between-rounds side-deck exchanges: the new deck keeps every card count across the exchange zones, leaves
every other zone as it was, and is legal itself."""

from __future__ import annotations

from collections.abc import Sequence

from deckcli.i18n import N_, Message
from deckcli.legality.grouping import first_line, name_totals, zone_list
from deckcli.legality.resolved import Problem, ResolvedDeck
from deckcli.legality.rules import READ_RULES, check_deck


def check_side_exchange(original: ResolvedDeck, new: ResolvedDeck) -> list[Problem]:
    """``new`` as a between-rounds exchange of ``original``: the same count of every card name across the
    format's ``side_exchange`` zones, every other zone unchanged (rule ``side-exchange``), and ``new`` legal."""
    problems = [
        Problem(
            "side-exchange",
            Message("the original deck cannot be read: {problem}", problem=p.message),
            cards=p.cards,
            zone=p.zone,
            line=p.line,
        )
        for p in original.problems
        if p.rule in READ_RULES
    ]
    if original.game != new.game:  # comparing counts of two games' cards would only list every card
        problems.append(
            Problem(
                "side-exchange",
                Message("the original deck is a {original} deck, this one {new}", original=original.game, new=new.game),
            )
        )
        return problems + check_deck(new)
    zones = new.format.side_exchange or list(new.format.zones)
    problems += exchange_problems(original, new, zones, N_("an exchange only moves cards between them"))
    for zone in (z for z in new.format.zones if z not in zones):
        problems += exchange_problems(original, new, [zone], N_("it takes no part in a side-deck exchange"))
    return problems + check_deck(new)


def exchange_problems(original: ResolvedDeck, new: ResolvedDeck, zones: Sequence[str], why: str) -> list[Problem]:
    """A ``side-exchange`` problem when any name's total across ``zones`` differs between the two decks."""
    before, after = name_totals(original.cards, zones), name_totals(new.cards, zones)
    names = {dc.card.key: dc.card.name for dc in [*original.cards, *new.cards] if dc.zone in zones}
    changed = [key for key in names if before[key] != after[key]]
    if not changed:
        return []
    detail = ", ".join(f"{names[k]!r} {before[k]} -> {after[k]}" for k in changed)
    return [
        Problem(
            "side-exchange",
            Message(
                "card counts across {zones} changed: {detail}; {why}",
                zones=zone_list(new, zones),
                detail=detail,
                why=Message(why),
            ),
            cards=[names[k] for k in changed],
            line=first_line(dc for dc in new.cards if dc.card.key in changed),
        )
    ]
