"""Sample opening hands, as a playtest window deals them, and what the game's mulligan would do with each."""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deckcli.cards.summary import summary_values
from deckcli.i18n import N_, Message
from deckcli.legality.opening import OpeningRules
from deckcli.odds.classes import CardCounts, split_classes
from deckcli.odds.conditions import Condition
from deckcli.odds.rules import draw_rules

if TYPE_CHECKING:  # the policy's module loads numpy: only a partial redraw needs it
    from deckcli.odds.bestpolicy import Policy

Card = Mapping[str, Any]
KEEP_IT = N_("the hand meets the conditions: keep it")


def card_summary(card: Card) -> dict[str, Any]:
    """The fields a hand listing shows: name, set and number, and the kind/cost-like fields the card has."""
    data = {"name": card.get("name"), "set": card.get("set"), "number": card.get("number")}
    if card.get("kind"):
        data["kind"] = card["kind"]
    data.update(summary_values(card))
    return data


@dataclass
class MulliganOutcome:
    """What the mulligan did: ``action`` is keep, redraw, partial, or none (not allowed / no mulligan)."""

    action: str
    note: str = ""  # a Message: English in --json, translated where hand prints it
    discarded: list[Card] = field(default_factory=list)
    drawn: list[Card] = field(default_factory=list)
    final: list[Card] = field(default_factory=list)
    meets: bool | None = None
    p_success: float | None = None

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"action": self.action, "note": self.note}
        if self.action == "partial":
            data["discarded"] = [card_summary(c) for c in self.discarded]
            data["drawn"] = [card_summary(c) for c in self.drawn]
        data["final"] = [card_summary(c) for c in self.final]
        if self.meets is not None:
            data["meets"] = self.meets
        if self.p_success is not None:
            data["p_success"] = self.p_success
        return data


@dataclass
class DealtHand:
    """One sample opening hand, whether it meets the conditions, and the mulligan's outcome."""

    number: int
    cards: list[Card]
    meets: bool | None = None
    mulligan: MulliganOutcome | None = None
    #: How many of the last ``cards`` are the extra cards for the opponent's mulligan.
    extra: int = 0

    @property
    def extra_cards(self) -> list[Card]:
        return self.cards[len(self.cards) - self.extra :] if self.extra else []

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"number": self.number, "cards": [card_summary(c) for c in self.cards]}
        if self.extra:
            data["extra"] = [card_summary(c) for c in self.extra_cards]
        if self.meets is not None:
            data["meets"] = self.meets
        if self.mulligan is not None:
            data["mulligan"] = self.mulligan.as_dict()
        return data


def _meets(conditions: Sequence[Condition], hand: Sequence[Card]) -> bool:
    return all(c.holds(sum(1 for card in hand if c.filter.matches(card))) for c in conditions)


def sample_hands(
    cards: CardCounts,
    opening: Mapping[str, Any] | OpeningRules | None,
    count: int = 1,
    seed: int | None = None,
    conditions: Sequence[Condition] = (),
    mulligan: bool = False,
    on_the_play: bool = True,
    policy: Policy | None = None,
    opponent_mulligan: bool = False,
) -> tuple[int, list[DealtHand]]:
    """Deal ``count`` shuffled opening hands; returns the seed used (so a run can be repeated) and the hands.

    ``opponent_mulligan``: the opponent took a mulligan, so each hand holds the format's extra cards (the last).
    """
    rules = draw_rules(opening, opponent_mulligan=opponent_mulligan)
    extra = rules.opponent_mulligan_cards if opponent_mulligan else 0
    if seed is None:
        seed = secrets.randbits(32)
    rng = random.Random(seed)
    # Redraws use their own stream, so --mulligan and --want never change which hands the seed deals.
    redraw_rng = random.Random(f"mulligan:{seed}")
    deck = [card for card, n in cards for _ in range(max(0, n))]
    size = min(rules.hand_size, len(deck))
    classes = split_classes(cards, conditions)
    if mulligan and rules.mulligan == "partial-redraw" and policy is None:
        from deckcli.odds.bestpolicy import best_policy

        policy = best_policy(classes, size)
    hands = []
    for number in range(1, count + 1):
        order = deck[:]
        rng.shuffle(order)
        hand = order[:size]
        dealt = DealtHand(number, hand, _meets(conditions, hand) if conditions else None, extra=min(extra, size))
        if mulligan:
            dealt.mulligan = _mulligan(rules, conditions, classes, policy, order, size, on_the_play, redraw_rng)
        hands.append(dealt)
    return seed, hands


def _mulligan(rules, conditions, classes, policy, order, size, on_the_play, rng) -> MulliganOutcome:
    hand, rest = order[:size], order[size:]
    if rules.mulligan == "none":
        return MulliganOutcome("none", Message("this format has no mulligan"), final=hand)
    if rules.mulligan == "partial-redraw":
        return _partial(conditions, classes, policy, hand, rest)
    if not rules.redraws(on_the_play):
        return MulliganOutcome("none", Message("only the player going second may redraw (try --draw)"), final=hand)
    if conditions and _meets(conditions, hand):
        return MulliganOutcome("keep", Message(KEEP_IT), final=hand, meets=True)
    again = order[:]
    rng.shuffle(again)
    new = again[: min(rules.new_hand_size, len(again))]
    if len(new) != size:  # the extra cards went back with the hand
        note = (
            Message("the hand misses the conditions: shuffle it back and draw a new hand of {size}", size=len(new))
            if conditions
            else Message("shuffle the hand back and draw a new hand of {size}", size=len(new))
        )
    else:
        note = (
            Message("the hand misses the conditions: shuffle it back and draw a new hand")
            if conditions
            else Message("shuffle the hand back and draw a new hand")
        )
    return MulliganOutcome("redraw", note, final=new, meets=_meets(conditions, new) if conditions else None)


def _partial(conditions, classes, policy, hand, rest) -> MulliganOutcome:
    """Discard what the best policy discards (later cards of a class first) and draw replacements from the rest."""
    if not conditions:
        return MulliganOutcome("keep", Message("no conditions given (--want): every hand is kept"), final=hand)
    index = {c.signature: i for i, c in enumerate(classes.classes)}
    of_card = [index[tuple(bool(c.filter.matches(card)) for c in conditions)] for card in hand]
    counts = [0] * len(classes.classes)
    for i in of_card:
        counts[i] += 1
    keep = policy.keep(counts)
    to_drop = [h - k for h, k in zip(counts, keep.kept)]
    discarded_at = set()
    for position in range(len(hand) - 1, -1, -1):
        cls = of_card[position]
        if to_drop[cls]:
            to_drop[cls] -= 1
            discarded_at.add(position)
    kept = [card for i, card in enumerate(hand) if i not in discarded_at]
    discarded = [card for i, card in enumerate(hand) if i in discarded_at]
    drawn = rest[: len(discarded)]
    final = kept + drawn
    if not discarded:
        note = Message(KEEP_IT) if keep.p_success == 1 else Message("keeping every card is best")
        return MulliganOutcome(
            "keep", note, final=hand, meets=_meets(conditions, hand), p_success=float(keep.p_success)
        )
    note = (
        Message(
            "discard {discarded} and draw {drawn}: the hand meets the conditions either way, and the spare cards "
            "shuffled back give round 2 a better chance",
            discarded=len(discarded),
            drawn=len(drawn),
        )
        if keep.p_success == 1 and _meets(conditions, hand)
        else Message(
            "discard {discarded} and draw {drawn}: the best chance, {chance}, of meeting the conditions",
            discarded=len(discarded),
            drawn=len(drawn),
            chance=f"{float(keep.p_success):.1%}",
        )
    )
    return MulliganOutcome(
        "partial",
        note,
        discarded=discarded,
        drawn=drawn,
        final=final,
        meets=_meets(conditions, final),
        p_success=float(keep.p_success),
    )
