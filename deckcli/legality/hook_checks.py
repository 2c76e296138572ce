"""The functions of the format checks only code can do, each working through a game hook; the registry
:mod:`deckcli.legality.checks` names them, with the format field and the hook each needs.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from deckcli.games import registry
from deckcli.games.hooks import hook
from deckcli.games.hooks.champion_sets import ChampionSets
from deckcli.games.hooks.name_level import NameLevel
from deckcli.i18n import N_, Message
from deckcli.legality.grouping import first_line, in_zones, placement, unique
from deckcli.legality.resolved import Problem, ResolvedCard, ResolvedDeck
from deckcli.names import name_key


def _hook(deck: ResolvedDeck, name: str) -> Any:
    return hook(registry.game(deck.game), name)


def champion_problems(deck: ResolvedDeck) -> list[Problem]:
    """Leader sets (``champion-sets`` hook; sfb): exactly ``champions.count`` different champions
    (``champion-count``), each with its whole set of member cards exactly once (``champion-set``)."""
    spec = deck.format.champions
    if spec is None:  # never: a format naming this check without ``champions`` is refused when loaded
        return []
    count = spec.count
    sets = _hook(deck, ChampionSets.name)
    chosen: dict[str, list[ResolvedCard]] = {}
    for dc in in_zones(deck.cards, list(deck.format.zones)):
        champion = sets.leader_of(dc.card)
        if champion:
            chosen.setdefault(name_key(champion), []).append(dc)
    problems: list[Problem] = []
    if len(chosen) != count:
        names = [str(sets.leader_of(cards[0].card)) for cards in chosen.values()]
        problems.append(
            Problem(
                "champion-count",
                Message(
                    N_("the deck has cards of {leaders} ({names}); {format} needs exactly {count} different champions")
                    if names
                    else N_("the deck has cards of {leaders}; {format} needs exactly {count} different champions"),
                    leaders=registry.game(deck.game).kind_count(sets.leader_kind, len(chosen)),
                    names=", ".join(names),
                    format=deck.format.name,
                    count=count,
                ),
                cards=names,
                zone=deck.format.draw_zone,
                line=first_line(deck.cards),
                extra={"count": len(chosen)},
            )
        )
    problems += [p for cards in chosen.values() if (p := _champion_set_problem(deck, sets, cards)) is not None]
    return problems


def _champion_set_problem(deck: ResolvedDeck, sets: Any, cards: list[ResolvedCard]) -> Problem | None:
    """The ``champion-set`` problem of one champion's cards (``sets``: the game's champion-sets hook): a member
    card missing or more than once, or a stray one."""
    champion = str(sets.leader_of(cards[0].card))
    counts: dict[str, int] = {}
    for dc in cards:
        counts[dc.card.name] = counts.get(dc.card.name, 0) + dc.count
    expected = sets.member_names(champion, deck.index) if deck.index is not None else ()
    missing = [n for n in expected if n not in counts]
    extra = [n for n, c in counts.items() if c > 1 or n not in expected]
    if not missing and not extra:
        return None
    parts = []
    if missing:
        parts.append(Message("missing {cards}", cards=", ".join(repr(n) for n in missing)))
    if extra:
        parts.append(Message("too many {cards}", cards=", ".join(f"{n!r} ({counts[n]})" for n in extra)))
    return Problem(
        "champion-set",
        Message(
            "{champion}'s {total} {kind} cards must each be in the deck exactly once: {parts}",
            champion=champion,
            total=len(expected),
            kind=registry.game(deck.game).kind_name(sets.member_kind),
            parts=Message("{first}; {second}", first=parts[0], second=parts[1]) if len(parts) == 2 else parts[0],
        ),
        cards=missing + extra,
        zone=cards[0].zone,
        line=first_line(cards),
    )


class _NemuGroups(NamedTuple):
    """A deck's cards bearing a ネーム, grouped by its key, and the ネーム the deck declares (key and as written)."""

    level: NameLevel
    groups: dict[str, list[ResolvedCard]]
    declared: str | None
    declared_text: str


def _nemu_groups(deck: ResolvedDeck) -> _NemuGroups:
    """The cards of the format's counted zones by ネーム, and the declared ネーム's key among them (a declaration in
    romanised or another language's spelling is the key of the group whose names spell it so)."""
    level = _hook(deck, NameLevel.name)
    meta = deck.decklist.meta
    declared = level.declared(meta)
    groups: dict[str, list[ResolvedCard]] = {}
    for dc in in_zones(deck.cards, deck.format.copy_limit.zones if deck.format.copy_limit else None):
        card_nemu = level.of(dc.card.name)
        if card_nemu:
            groups.setdefault(name_key(card_nemu), []).append(dc)
    if declared is not None and declared not in groups:
        declared = next(
            (key for key, cards in groups.items() if declared in _other_nemu_keys(cards, level.of)), declared
        )
    return _NemuGroups(level, groups, declared, level.declared_text(meta))


def name_limit_problems(deck: ResolvedDeck) -> list[Problem]:
    """Name-level names (``name-level`` hook; aqa-yome): cards sharing a ネーム count together; the ネーム declared
    under the hook's ``meta_key`` may be on up to ``declared_max`` cards, every other on up to ``max`` (0: a card of
    another ネーム is not allowed) (``name-limit``)."""
    spec = deck.format.name_limit
    if spec is None:  # never: a format naming this check without ``name_limit`` is refused when loaded
        return []
    found = _nemu_groups(deck)
    problems: list[Problem] = []
    for key, cards in found.groups.items():
        count = sum(dc.count for dc in cards)
        limit = spec.declared_max if key == found.declared else spec.max
        if count > limit:
            problems.append(
                Problem(
                    "name-limit",
                    _limit_message(found, key, cards, deck, count, limit, spec.declared_max),
                    cards=unique(dc.card.name for dc in cards),
                    zone=cards[0].zone,
                    line=first_line(cards),
                    extra={"count": count, "max": limit},
                )
            )
    return problems


def _limit_message(
    found: _NemuGroups, key: str, cards: list[ResolvedCard], deck: ResolvedDeck, count: int, limit: int, most: int
) -> Message:
    """Why ``count`` cards of the ネーム ``key`` are too many: over the declared ネーム's ``limit``, over another's, or
    any at all of another ネーム (a limit of 0), with how to declare one when the deck declares none."""
    known: dict[str, Any] = {
        "copies": count,
        "name": found.level.of(cards[0].card.name),
        "where": placement(deck, cards),
    }
    if found.declared is None and limit == 0:
        return Message(
            "{copies} card with the ネーム “{name}” ({where}); no card of an undeclared ネーム is allowed"
            " (declare it with '{key}: {name}' to allow {declared_max})",
            "{copies} cards with the ネーム “{name}” ({where}); no card of an undeclared ネーム is allowed"
            " (declare it with '{key}: {name}' to allow {declared_max})",
            count,
            key=found.level.meta_key,
            declared_max=most,
            **known,
        )
    if found.declared is None:
        return Message(
            "{copies} cards with the ネーム “{name}” ({where}); at most {limit}"
            " (declare it with '{key}: {name}' to allow {declared_max})",
            key=found.level.meta_key,
            declared_max=most,
            limit=limit,
            **known,
        )
    if key != found.declared and limit == 0:
        return Message(
            "{copies} card with the ネーム “{name}” ({where}); a card of a ネーム other than the declared one"
            " ({declared!r}) is not allowed",
            "{copies} cards with the ネーム “{name}” ({where}); a card of a ネーム other than the declared one"
            " ({declared!r}) is not allowed",
            count,
            declared=found.declared_text,
            **known,
        )
    if key != found.declared:
        return Message(
            "{copies} cards with the ネーム “{name}” ({where}); at most {limit} (the declared ネーム is {declared!r})",
            declared=found.declared_text,
            limit=limit,
            **known,
        )
    return Message("{copies} cards with the ネーム “{name}” ({where}); at most {limit}", limit=limit, **known)


def name_required_problems(deck: ResolvedDeck) -> list[Problem]:
    """A deck of a format naming ``name-required`` (aqa-yome) declares a ネーム under the hook's ``meta_key`` and
    holds at least one card bearing it (``name-required``)."""
    found = _nemu_groups(deck)
    if found.declared is None:
        message = Message(
            "no ネーム declared: the deck names one with a '{key}: NAME' line and holds at least one card bearing it",
            key=found.level.meta_key,
        )
        return [Problem("name-required", message)]
    if found.declared not in found.groups:
        message = Message(
            "no card bears the declared ネーム {declared!r}; at least one is required", declared=found.declared_text
        )
        return [Problem("name-required", message)]
    return []


def _other_nemu_keys(cards: list[ResolvedCard], nemu) -> set[str]:
    """The ネーム keys of the cards' aliases and localised names (``Datenshi "Amaha Tsukasa"`` -> amaha tsukasa)."""
    keys: set[str] = set()
    for dc in cards:
        names = dc.card.fields.get("names")
        others = [*(dc.card.fields.get("aliases") or ()), *(names.values() if isinstance(names, dict) else ())]
        keys.update(name_key(found) for found in map(nemu, (str(o) for o in others)) if found)
    return keys
