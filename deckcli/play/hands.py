"""Sample opening hands, as a playtest window deals them, and what the game's mulligan would do with each."""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deckcli.cards.conditions import Condition
from deckcli.cards.summary import ListedCard
from deckcli.i18n import N_, Message
from deckcli.legality.opening import OpeningRules
from deckcli.odds.classes import CardCounts, split_classes
from deckcli.odds.rules import draw_rules

if TYPE_CHECKING:  # the policy's module loads numpy: only a partial redraw needs it
    from deckcli.odds.bestpolicy import Policy

Card = Mapping[str, Any]
KEEP_IT = N_("the hand meets the conditions: keep it")
#: Without a condition (--want) no hand calls for a mulligan (issue 32): said once, up front, by ``hand``.
NOTHING_ASKED = N_("no conditions given (--want): every hand is kept")


@dataclass
class MulliganOutcome:
    """What the mulligan did: ``action`` is keep, redraw, partial, or none (not allowed / no mulligan)."""

    action: str
    note: str = ""  # a Message: English in --json, translated where hand prints it
    discarded: list[ListedCard] = field(default_factory=list)
    drawn: list[ListedCard] = field(default_factory=list)
    final: list[ListedCard] = field(default_factory=list)
    meets: bool | None = None
    p_success: float | None = None

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"action": self.action, "note": self.note}
        if self.action == "partial":
            data["discarded"] = [c.as_dict() for c in self.discarded]
            data["drawn"] = [c.as_dict() for c in self.drawn]
        data["final"] = [c.as_dict() for c in self.final]
        if self.meets is not None:
            data["meets"] = self.meets
        if self.p_success is not None:
            data["p_success"] = self.p_success
        return data


@dataclass
class DealtHand:
    """One sample opening hand, whether it meets the conditions, and the mulligan's outcome."""

    number: int
    cards: list[ListedCard]
    meets: bool | None = None
    mulligan: MulliganOutcome | None = None
    #: How many of the last ``cards`` are the extra cards for the opponent's mulligan.
    extra: int = 0

    @property
    def extra_cards(self) -> list[ListedCard]:
        return self.cards[len(self.cards) - self.extra :] if self.extra else []

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"number": self.number, "cards": [c.as_dict() for c in self.cards]}
        if self.extra:
            data["extra"] = [c.as_dict() for c in self.extra_cards]
        if self.meets is not None:
            data["meets"] = self.meets
        if self.mulligan is not None:
            data["mulligan"] = self.mulligan.as_dict()
        return data


class _Dealt:
    """The deck a command deals from, split by the conditions' filters, and each card's listing, made once."""

    def __init__(self, cards: CardCounts, conditions: Sequence[Condition]):
        self.classes = split_classes(cards, conditions)
        self.asked = bool(conditions)
        self.listed = {id(card): ListedCard.of(card) for card, count in cards if count > 0}

    def meets(self, hand: Sequence[Card]) -> bool | None:
        """Whether the hand meets every condition (None: no condition asked)."""
        return self.classes.meets(self.classes.composition(hand)) if self.asked else None

    def listing(self, hand: Sequence[Card]) -> list[ListedCard]:
        return [self.listed[id(card)] for card in hand]


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
    """Deal ``count`` shuffled opening hands: the seed used (so a run can be repeated) and the hands;
    ``opponent_mulligan``: the opponent took a mulligan, so each hand holds the format's extra cards (the last)."""
    rules = draw_rules(opening, opponent_mulligan=opponent_mulligan)
    extra = rules.opponent_mulligan_cards if opponent_mulligan else 0
    if seed is None:
        seed = secrets.randbits(32)
    rng = random.Random(seed)
    # Redraws use their own stream, so --mulligan and --want never change which hands the seed deals.
    redraw_rng = random.Random(f"mulligan:{seed}")
    deck = [card for card, n in cards for _ in range(max(0, n))]
    size = min(rules.hand_size, len(deck))
    dealt_from = _Dealt(cards, conditions)
    if mulligan and rules.mulligan == "partial-redraw" and policy is None:
        from deckcli.odds.bestpolicy import best_policy

        policy = best_policy(dealt_from.classes, size)
    hands = []
    for number in range(1, count + 1):
        order = deck[:]
        rng.shuffle(order)
        hand = order[:size]
        dealt = DealtHand(number, dealt_from.listing(hand), dealt_from.meets(hand), extra=min(extra, size))
        if mulligan:
            dealt.mulligan = _mulligan(rules, dealt_from, policy, order, size, on_the_play, redraw_rng)
        hands.append(dealt)
    return seed, hands


def _mulligan(rules, deck: _Dealt, policy, order, size, on_the_play, rng) -> MulliganOutcome:
    hand, rest = order[:size], order[size:]
    if rules.mulligan == "none":
        return MulliganOutcome("none", Message("this format has no mulligan"), final=deck.listing(hand))
    if rules.mulligan == "partial-redraw":
        return _partial(deck, policy, hand, rest)
    if not rules.redraws(on_the_play):
        note = Message("only the player going second may redraw (try --draw)")
        return MulliganOutcome("none", note, final=deck.listing(hand))
    if not deck.asked:
        return MulliganOutcome("keep", Message(NOTHING_ASKED), final=deck.listing(hand))
    if deck.meets(hand):
        return MulliganOutcome("keep", Message(KEEP_IT), final=deck.listing(hand), meets=True)
    again = order[:]
    rng.shuffle(again)
    new = again[: min(rules.new_hand_size, len(again))]
    note = (
        Message("the hand misses the conditions: shuffle it back and draw a new hand of {size}", size=len(new))
        if len(new) != size  # the extra cards went back with the hand
        else Message("the hand misses the conditions: shuffle it back and draw a new hand")
    )
    return MulliganOutcome("redraw", note, final=deck.listing(new), meets=deck.meets(new))


def _partial(deck: _Dealt, policy, hand, rest) -> MulliganOutcome:
    """Discard what the best policy discards (later cards of a class first) and draw replacements from the rest."""
    if not deck.asked:
        return MulliganOutcome("keep", Message(NOTHING_ASKED), final=deck.listing(hand))
    keep = policy.keep(deck.classes.composition(hand))
    left, kept, discarded = list(keep.kept), list[Card](), list[Card]()
    for card in hand:  # the first cards of each class kept, the later ones discarded
        c = deck.classes.class_of[id(card)]
        (kept if left[c] else discarded).append(card)
        left[c] = max(0, left[c] - 1)
    drawn = rest[: len(discarded)]
    p_success = float(keep.p_success)
    if not discarded:
        note = Message(KEEP_IT) if keep.p_success == 1 else Message("keeping every card is best")
        return MulliganOutcome("keep", note, final=deck.listing(hand), meets=deck.meets(hand), p_success=p_success)
    note = (
        Message(
            "discard {discarded} and draw {drawn}: the hand meets the conditions either way, and the spare cards "
            "shuffled back give round 2 a better chance",
            discarded=len(discarded),
            drawn=len(drawn),
        )
        if keep.p_success == 1 and deck.meets(hand)
        else Message(
            "discard {discarded} and draw {drawn}: the best chance, {chance}, of meeting the conditions",
            discarded=len(discarded),
            drawn=len(drawn),
            chance=f"{float(keep.p_success):.1%}",
        )
    )
    final, listed = kept + drawn, deck.listing
    return MulliganOutcome(
        "partial", note, listed(discarded), listed(drawn), listed(final), deck.meets(final), p_success
    )
