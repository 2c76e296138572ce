"""One card summary for every listing (cards search, deck show, hands): the fields the card's game names in its
``summary_fields``, numbers labelled as its ``field_labels`` say (``ATK 3``), text shown as it is."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from deckcli.games import registry
from deckcli.i18n import translated


def summary_values(card: Mapping[str, Any]) -> dict[str, Any]:
    """The card's summary fields that it has, in its game's order (``card`` holds ``game`` and its fields)."""
    game = card.get("game")
    fields = registry.game(game).summary_fields if registry.is_game(game) else ()
    return {key: card[key] for key in fields if card.get(key) not in (None, "", [])}


def summary_parts(card: Mapping[str, Any], skip: Iterable[str] = (), shown: bool = False) -> list[str]:
    """The summary as short texts (``cost 2``, ``Fire``, ``ATK 3``), leaving out the fields in ``skip``; ``shown``:
    the labels and the values the data translates in the user's language (what a listing prints; data written out
    keeps them English)."""
    return value_parts(card.get("game"), summary_values(card), skip, shown)


def value_parts(game: Any, values: Mapping[str, Any], skip: Iterable[str] = (), shown: bool = False) -> list[str]:
    """:func:`summary_parts` of a card of ``game`` whose summary values (:func:`summary_values`) are ``values``."""
    known = registry.game(game) if registry.is_game(game) else None
    left_out = set(skip)
    parts = []
    for key, value in values.items():
        if key in left_out:
            continue
        if shown and known is not None:  # a value the data translates (sfb's red), in the user's language
            value = [translated(known.value_label(key, v)) for v in value] if isinstance(value, list) else value
            value = translated(known.value_label(key, value))
        text = ", ".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)
        if known is not None and key in known.field_labels:
            label = known.field_label(key)
            text = f"{translated(label) if shown else label} {text}"
        parts.append(text)
    return parts


#: The columns of ``cards search``.
SEARCH_COLUMNS = ["game", "set", "number", "name", "kind", "cost", "details"]


@dataclass(frozen=True)
class SearchRow:
    """One ``cards search`` row: where the card is printed, its kind and cost, and the rest of its summary
    (``details``: ``Fire · ATK 3``)."""

    game: str | None
    set: str | None
    number: str | None
    name: str | None
    kind: str | None
    cost: Any
    details: str

    def as_row(self) -> dict[str, Any]:
        """The row as the listing shows it (:data:`SEARCH_COLUMNS`, in order)."""
        return asdict(self)


def search_row(card: Mapping[str, Any]) -> SearchRow:
    """The ``cards search`` row of ``card`` (its fields, with ``game``)."""
    return SearchRow(
        card.get("game"),
        card.get("set"),
        card.get("number"),
        card.get("name"),
        card.get("kind"),
        card.get("cost"),
        " · ".join(summary_parts(card, skip=("cost",))),
    )


@dataclass(frozen=True)
class ListedCard:
    """A card as a hand listing shows it (``hand``, ``build``'s sample hand): its name and printing, its kind and
    game, and its summary values (:func:`summary_values`); ``as_dict()`` is its ``--json`` object."""

    name: str | None
    set: str | None
    number: str | None
    kind: Any
    game: str | None
    values: Mapping[str, Any]

    @classmethod
    def of(cls, card: Mapping[str, Any]) -> ListedCard:
        """The listing of ``card`` (its fields, with ``game``)."""
        return cls(
            card.get("name"),
            card.get("set"),
            card.get("number"),
            card.get("kind"),
            card.get("game"),
            summary_values(card),
        )

    def as_dict(self) -> dict[str, Any]:
        """``{"name", "set", "number", "kind" (when it has one), then its summary values}``."""
        data = {"name": self.name, "set": self.set, "number": self.number}
        if self.kind:
            data["kind"] = self.kind
        return {**data, **self.values}

    def parts(self, shown: bool = False) -> list[str]:
        """Its summary as short texts (:func:`summary_parts`)."""
        return value_parts(self.game, self.values, shown=shown)
