"""How many copies do I need: the fewest cards of one kind for the conditions to reach a target chance.

The varied cards are a card by name, or the cards matching a filter; every count from 0 up is tried, exactly,
with the game's mulligan (and by turn N when asked). The deck size stays fixed: the cards that come and go
in exchange are cards that meet no condition (the deck's own such cards, or blanks when copies are cut), so
every other card of the deck stays as it is. The varied cards must agree on every condition (a card does;
for a filter, the deck's cards matching it must), since a count alone says nothing of a mix.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from deckcli.cards.conditions import Condition
from deckcli.cards.filters import Filter
from deckcli.errors import InputError
from deckcli.i18n import N_, Message
from deckcli.legality.opening import OpeningRules
from deckcli.odds.classes import CardClass, CardCounts, DeckClasses, split_classes
from deckcli.odds.report import classes_odds
from deckcli.odds.rules import draw_rules


@dataclass
class CopiesResult:
    """The figure for each count tried and the fewest that reaches the target (``None``: none does)."""

    target: Fraction
    varied: str
    by_turn: int | None
    deck_size: int
    in_deck: int
    needed: int | None
    table: list[tuple[int, Fraction, Fraction]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        """``{"target", "needed", "table": [{"copies", "p", "p_without_mulligan"}], ...}``."""
        return {
            "target": float(self.target),
            "needed": self.needed,
            "table": [{"copies": k, "p": float(p), "p_without_mulligan": float(plain)} for k, p, plain in self.table],
            "vary": self.varied,
            "by_turn": self.by_turn,
            "deck_size": self.deck_size,
            "in_deck": self.in_deck,
            "notes": list(self.notes),
        }


def _signature(
    cards: CardCounts, conditions: Sequence[Condition], varied: Filter, card: Mapping[str, Any] | None
) -> tuple[bool, ...]:
    """The conditions the varied cards match, all alike (else an error naming two that differ)."""
    members = [c for c, n in cards if n > 0 and varied.matches(c)] or ([card] if card is not None else [])
    if not members:
        raise InputError(Message("no card of the deck matches {filter}: name a card to vary instead", filter=varied))
    alike = split_classes([(member, 1) for member in members], conditions).classes
    if len(alike) > 1:
        one, other = alike[:2]
        differ = next(c.text for c, x, y in zip(conditions, one.signature, other.signature) if x != y)
        text = N_(
            "the cards matching {filter} differ for '{condition}' ({one!r} and {other!r}): "
            "vary one card by name, or a narrower filter"
        )
        a, b = one.cards[0][0].get("name"), other.cards[0][0].get("name")
        raise InputError(Message(text, filter=varied, condition=differ, one=a, other=b))
    return alike[0].signature


def _with_count(classes: DeckClasses, signature: tuple[bool, ...], in_deck: int, copies: int) -> DeckClasses:
    """The deck with ``copies`` varied cards, the blanks (cards meeting no condition) making up the difference."""
    blank = (False,) * len(classes.conditions)
    counts = {c.signature: c.count for c in classes.classes}
    counts[signature] = counts.get(signature, 0) + copies - in_deck
    counts[blank] = counts.get(blank, 0) + in_deck - copies
    return DeckClasses(tuple(CardClass(s, n, ()) for s, n in counts.items() if n > 0), classes.conditions)


def copies_needed(
    cards: CardCounts,
    conditions: Sequence[Condition],
    opening: Mapping[str, Any] | OpeningRules | None,
    varied: Filter,
    target: Fraction,
    by_turn: int | None = None,
    on_the_play: bool = True,
    card: Mapping[str, Any] | None = None,
    max_copies: int | None = None,
) -> CopiesResult:
    """The fewest varied cards (``card``: the varied card's data, when the deck may lack it) for the chance with
    the mulligan, of the opening hand or by turn ``by_turn``, to reach ``target``; counts up to ``max_copies``."""
    rules = draw_rules(opening)
    classes = split_classes(cards, conditions)
    signature = _signature(cards, conditions, varied, card)
    in_deck = sum(n for c, n in cards if n > 0 and varied.matches(c))
    blanks = sum(c.count for c in classes.classes if not any(c.signature)) - (0 if any(signature) else in_deck)
    top = in_deck + blanks
    why = Message(
        "the deck has {count} cards that meet no condition to make room",
        "the deck has {count} cards that meet no condition to make room",
        blanks,
    )
    if max_copies is not None and max_copies < top:
        top, why = max(max_copies, 0), Message("the format allows at most {most}", most=max_copies)
    result = CopiesResult(target, str(varied), by_turn, classes.size, in_deck, None)
    for copies in range(top + 1):
        odds = classes_odds(_with_count(classes, signature, in_deck, copies), rules, by_turn or 0, on_the_play)
        if by_turn:
            p, plain = odds.by_turn_with_mulligan[-1], odds.by_turn[-1][2]
        else:
            p, plain = odds.p_with_mulligan, odds.p_opening
        result.table.append((copies, p, plain))
        if p >= target:
            result.needed = copies
            break
    if result.needed is None:
        result.notes.append(
            Message(
                "no count from 0 to {top} of {varied} reaches {target} ({why})",
                top=top,
                varied=str(varied),
                target=f"{float(target):.1%}",
                why=why,
            )
        )
    return result
