"""The functions of the format checks only code can do, each working through a game hook; the registry
:mod:`deckcli.legality.checks` names them, with the format field and the hook each needs.
"""

from __future__ import annotations

from typing import Any

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
    spec = deck.format.data["champions"]  # present: formats are checked when loaded
    count = spec["count"]
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
    for cards in chosen.values():
        champion = str(sets.leader_of(cards[0].card))
        counts: dict[str, int] = {}
        for dc in cards:
            counts[dc.card.name] = counts.get(dc.card.name, 0) + dc.count
        expected = sets.member_names(champion, deck.index) if deck.index is not None else ()
        missing = [n for n in expected if n not in counts]
        extra = [n for n, c in counts.items() if c > 1 or n not in expected]
        if not missing and not extra:
            continue
        parts = []
        if missing:
            parts.append(Message("missing {cards}", cards=", ".join(repr(n) for n in missing)))
        if extra:
            parts.append(Message("too many {cards}", cards=", ".join(f"{n!r} ({counts[n]})" for n in extra)))
        problems.append(
            Problem(
                "champion-set",
                Message(
                    "{champion}'s {total} {kind} cards must each be in the deck exactly once: {parts}",
                    champion=champion,
                    total=len(expected),
                    kind=registry.game(deck.game).kind_name(sets.member_kind),
                    parts=Message("{first}; {second}", first=parts[0], second=parts[1])
                    if len(parts) == 2
                    else parts[0],
                ),
                cards=missing + extra,
                zone=cards[0].zone,
                line=first_line(cards),
            )
        )
    return problems


def name_limit_problems(deck: ResolvedDeck) -> list[Problem]:
    """Name-level names (``name-level`` hook; aqa-yome): cards sharing a ネーム count together; the ネーム declared
    under the hook's ``meta_key`` may be on up to ``declared_max`` cards, every other on up to ``max`` (``name-limit``)."""
    spec = deck.format.data["name_limit"]  # present: formats are checked when loaded
    level = _hook(deck, NameLevel.name)
    meta, nemu = deck.decklist.meta, level.of
    declared_text, declared = level.declared_text(meta), level.declared(meta)
    zones = deck.format.data.get("copy_limit", {}).get("zones")
    groups: dict[str, list[ResolvedCard]] = {}
    for dc in in_zones(deck.cards, zones):
        card_nemu = nemu(dc.card.name)
        if card_nemu:
            groups.setdefault(name_key(card_nemu), []).append(dc)
    if declared is not None and declared not in groups:  # declared in romanised or another language's spelling
        declared = next((key for key, cards in groups.items() if declared in _other_nemu_keys(cards, nemu)), declared)
    problems: list[Problem] = []
    for key, cards in groups.items():
        count = sum(dc.count for dc in cards)
        limit = spec["declared_max"] if key == declared else spec["max"]
        if count <= limit:
            continue
        shown = nemu(cards[0].card.name)
        known = {"copies": count, "name": shown, "where": placement(deck, cards), "limit": limit}
        if declared is None:
            message = Message(
                "{copies} cards with the ネーム “{name}” ({where}); at most {limit}"
                " (declare it with '{key}: {name}' to allow {declared_max})",
                key=level.meta_key,
                declared_max=spec["declared_max"],
                **known,
            )
        elif key != declared:
            message = Message(
                "{copies} cards with the ネーム “{name}” ({where}); at most {limit} (the declared ネーム is {declared!r})",
                declared=declared_text,
                **known,
            )
        else:
            message = Message("{copies} cards with the ネーム “{name}” ({where}); at most {limit}", **known)
        problems.append(
            Problem(
                "name-limit",
                message,
                cards=unique(dc.card.name for dc in cards),
                zone=cards[0].zone,
                line=first_line(cards),
                extra={"count": count, "max": limit},
            )
        )
    return problems


def _other_nemu_keys(cards: list[ResolvedCard], nemu) -> set[str]:
    """The ネーム keys of the cards' aliases and localised names (``Datenshi "Amaha Tsukasa"`` -> amaha tsukasa)."""
    keys: set[str] = set()
    for dc in cards:
        names = dc.card.fields.get("names")
        others = [*(dc.card.fields.get("aliases") or ()), *(names.values() if isinstance(names, dict) else ())]
        keys.update(name_key(found) for found in map(nemu, (str(o) for o in others)) if found)
    return keys
