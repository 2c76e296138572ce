"""The ``champion-sets`` hook: a leader card stands for a fixed set of member cards (an sfb champion and its
action deck), as its game's data describes (kinds, the linking field, cards per leader and their split).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any, Protocol
from weakref import WeakKeyDictionary

from deckcli.i18n import N_, Message
from deckcli.names import name_key

#: How a message says a number of member cards up to ten (a leader has at least one: game.schema.json).
_NUMBERS = dict(
    enumerate(
        (
            N_("one"),
            N_("two"),
            N_("three"),
            N_("four"),
            N_("five"),
            N_("six"),
            N_("seven"),
            N_("eight"),
            N_("nine"),
            N_("ten"),
        ),
        start=1,
    )
)


class CardLike(Protocol):
    """What the hook needs of a card: its id, name key, kind and fields (a :class:`deckcli.cards.index.CardRef`)."""

    id: int
    name: str
    kind: str
    fields: dict[str, Any]

    @property
    def key(self) -> str: ...


class IndexLike(Protocol):
    """What the hook needs of a card index: the cards of one kind, and the cards a name answers to."""

    def cards_of_kind(self, kind: str) -> Iterable[CardLike]: ...

    def find_all(self, name: str) -> list[CardLike]: ...


class ChampionSets:
    """Leaders (``leader_kind``) and their members (``member_kind`` cards whose ``link_field`` names the leader)."""

    name = "champion-sets"

    def __init__(self, settings: dict[str, Any]):
        self.leader_kind: str = settings["leader_kind"]
        self.member_kind: str = settings["member_kind"]
        self.link_field: str = settings["link_field"]
        self.cards_each: int = settings["cards_each"]
        self.split: dict[str, Any] | None = settings.get("split")
        self._members: WeakKeyDictionary[Any, dict[str, list[CardLike]]] = WeakKeyDictionary()

    # -- cards of a deck ----------------------------------------------------------------------------
    def leader_of(self, card: CardLike) -> str | None:
        """The leader's name a member card names (its champion), or None for any other card."""
        value = card.fields.get(self.link_field) if card.kind == self.member_kind else None
        return str(value) if value else None

    def leaders(self, cards: Iterable[CardLike]) -> tuple[str, list[str]]:
        """The leader kind, and the leaders the cards' members name, each once in the order first met (an sfb deck's
        three champions, as its Champions lines named them)."""
        found: dict[str, str] = {}
        for card in cards:
            leader = self.leader_of(card)
            if leader:
                found.setdefault(name_key(leader), leader)
        return self.leader_kind, list(found.values())

    def _index(self, index: IndexLike) -> dict[str, list[CardLike]]:
        """Leader name key -> its member cards, built once per card index (decks name many leaders) from the cards
        of the member kind only (a game's other cards are never read for it)."""
        found = self._members.get(index)
        if found is None:
            found = defaultdict(list)
            for card in index.cards_of_kind(self.member_kind):
                leader = self.leader_of(card)
                if leader:
                    found[name_key(leader)].append(card)
            self._members[index] = found
        return found

    def stands_for(self, card: CardLike, index: IndexLike) -> list[CardLike] | None:
        """The member cards a leader stands for (``deck add Kilgore``, a Champions line); None for other cards."""
        if card.kind != self.leader_kind:
            return None
        return list(self._index(index).get(card.key, ()))

    def leader(self, name: str, index: IndexLike) -> CardLike | None:
        """The leader card called ``name``."""
        return next((c for c in index.find_all(name) if c.kind == self.leader_kind), None)

    def member_names(self, leader_name: str, index: IndexLike) -> tuple[str, ...]:
        """The names of every member card of the leader called ``leader_name``."""
        leader = self.leader(leader_name, index)
        return tuple(c.name for c in self.stands_for(leader, index) or ()) if leader else ()

    def compact(self, held: dict[int, CardLike], order: list[int], index: IndexLike) -> list[CardLike] | None:
        """The leaders whose member sets are exactly the cards ``held`` (by id, one copy each), in ``order``; else None."""
        left = set(held)
        leaders: list[CardLike] = []
        for card_id in order:
            if card_id not in left:
                continue
            leader_name = self.leader_of(held[card_id])
            leader = self.leader(leader_name, index) if leader_name else None
            if leader is None:
                return None
            members = {c.id for c in self.stands_for(leader, index) or ()}
            if not members or not members <= left:
                return None
            left -= members
            leaders.append(leader)
        return leaders if not left else None

    # -- card-set files -----------------------------------------------------------------------------
    def cardset_problems(self, cards: list[dict[str, Any]], source: str) -> list[str]:
        """Each leader in a set file has exactly ``cards_each`` members, split by the data's field as given."""
        problems: list[str] = []
        leaders = {name_key(c["name"]): (i, c["name"]) for i, c in enumerate(cards) if c["kind"] == self.leader_kind}
        split_field = self.split["field"] if self.split else None
        got: dict[str, Counter[str]] = defaultdict(Counter)
        for i, card in enumerate(cards):
            if card["kind"] != self.member_kind:
                continue
            key = name_key(str(card.get(self.link_field, "")))
            if key not in leaders:
                text = N_("{file}: $.cards[{index}].{field}: no {kind} {name!r} in this set")
                link = card.get(self.link_field)
                problems.append(
                    Message(text, file=source, index=i, field=self.link_field, kind=self.leader_kind, name=link)
                )
            got[key][str(card.get(split_field)) if split_field else ""] += 1
        for key, (i, name) in leaders.items():
            problem = self._set_problem(got.get(key, Counter()), source, i, name)
            if problem:
                problems.append(problem)
        return problems

    def _set_problem(self, got: Counter[str], source: str, index: int, name: str) -> str | None:
        """What is wrong with the member counts (by split value) of the leader ``name``, card ``index``, or None."""
        wanted = self.split["counts"] if self.split else {}
        if sum(got.values()) == self.cards_each and all(got[v] == n for v, n in wanted.items()):
            return None
        number = Message(_NUMBERS[self.cards_each]) if self.cards_each in _NUMBERS else self.cards_each
        where: dict[str, Any] = {
            "file": source,
            "index": index,
            "kind": self.leader_kind,
            "name": name,
            "number": number,
        }
        if not wanted:
            text = N_("{file}: $.cards[{index}]: {kind} {name!r} must have {number} {members} cards; has {count}")
            return Message(text, members=self.member_kind, count=sum(got.values()), **where)
        parts = [f"{n} {v}" for v, n in wanted.items()]
        split = (
            Message("{items} and {last}", items=", ".join(parts[:-1]), last=parts[-1]) if len(parts) > 1 else parts[0]
        )
        have = ", ".join(f"{got[v]} {v}" for v in wanted)
        text = N_("{file}: $.cards[{index}]: {kind} {name!r} must have {number} {members} cards, {split}; has {have}")
        return Message(text, members=self.member_kind, split=split, have=have, **where)
