"""How many cards hold each value of one card field: the one bucketing behind every curve (``deck show``,
``deckcli curve``, an event's deck pages), so they all show the same buckets for the same deck."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from deckcli.errors import InputError
from deckcli.i18n import N_, Message

if TYPE_CHECKING:
    from deckcli.games.registry import Game

#: The bucket of the cards that have no value for the field (English in --json and --csv, translated where shown).
NONE_BUCKET = N_("(none)")
#: A field of whole numbers gets a bucket for every value from its lowest to its highest, empty ones too, but at
#: most this many: the values from the last one up share it (``19+``), so a field like a year stays a short table.
MAX_SPAN = 20


def check_bucket_fields(fields: Iterable[str], known: Mapping[str, Any]) -> None:
    """Refuse the first field to bucket by (``--by``) that no card schema has (not in ``known``), naming the closest."""
    from deckcli.cards.filters import closest_field

    for name in fields:
        if name not in known:
            hint = closest_field(name, known)
            if hint:
                text = N_("unknown card field {name!r} for --by; did you mean {hint!r}?")
                raise InputError(Message(text, name=name, hint=hint))
            raise InputError(Message("unknown card field {name!r} for --by", name=name))


def field_buckets(cards: Iterable[tuple[Mapping[str, Any], int]], field_name: str, game: Game) -> list[tuple[Any, int]]:
    """``[(value, cards)]`` over ``(card, count)`` pairs: numbers ascending (whole numbers with the gaps between
    them), then text in the game's order for the field, then by name (case ignored), then ``(none)``.

    A card whose field holds a list counts in the bucket of each of its values.
    """
    numbers: dict[float, int] = {}
    texts: dict[str, list[Any]] = {}  # casefolded -> [the first spelling seen, cards]
    missing = 0
    for card, count in cards:
        if count <= 0:
            continue
        values = _values(card.get(field_name))
        if not values:
            missing += count
        for value in values:
            if _is_number(value):
                numbers[value] = numbers.get(value, 0) + count
            else:
                texts.setdefault(str(value).casefold(), [value, 0])[1] += count
    found = _number_buckets(numbers)

    def rank(key: str) -> tuple[int, str]:  # the game's order, by the spelling seen or in lower case
        return (min(game.order_of(field_name, texts[key][0]), game.order_of(field_name, key)), key)

    found += [(texts[key][0], texts[key][1]) for key in sorted(texts, key=rank)]
    return found + ([(NONE_BUCKET, missing)] if missing else [])


def _values(value: Any) -> list[Any]:
    if isinstance(value, (list, tuple)):
        return [v for v in value if v is not None and v != ""]
    return [] if value is None or value == "" else [value]


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _number_buckets(numbers: dict[float, int]) -> list[tuple[Any, int]]:
    """Whole numbers from the lowest to the highest (at most MAX_SPAN buckets); other numbers, each as found."""
    if not numbers:
        return []
    if not all(float(v).is_integer() for v in numbers):
        return sorted(numbers.items())
    whole: dict[int, int] = {}
    for value, n in numbers.items():
        whole[int(value)] = whole.get(int(value), 0) + n
    low, high = min(whole), max(whole)
    last = min(high, low + MAX_SPAN - 1)
    found: list[tuple[Any, int]] = [(value, whole.get(value, 0)) for value in range(low, last)]
    rest = sum(n for value, n in whole.items() if value >= last)
    return found + [(last if last == high else f"{last}+", rest)]
