"""Deck legality: every rule of a deck's format, checked at once, each problem naming cards, zone and line.

The generic rules (zone sizes and kinds, copy limit, banned and restricted cards, legal sets) are driven
by the format file's data; the few rules data cannot say (sfb champion sets, the aqa ネーム limit) are
small functions registered by name in :data:`CHECKS` and switched on by the format's ``checks`` list.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from functools import lru_cache

from deckcli.cards.index import CardIndex
from deckcli.legality.formats import Format
from deckcli.names import name_key, nemu
from deckcli.legality.resolve import DeckCard, Problem, ResolvedDeck, champion_actions

#: Problems found while reading and resolving (not rules of the format).
READ_RULES = ("parse", "unknown-card", "wrong-game")


def check_deck(deck: ResolvedDeck) -> list[Problem]:
    """Every problem of ``deck``: reading problems first, then each rule of its format."""
    problems = list(deck.problems)
    problems += zone_problems(deck)
    problems += set_problems(deck)
    problems += limit_problems(deck)
    for name in deck.format.data.get("checks", ()):
        problems += CHECKS[name](deck)
    return problems


def check_side_exchange(original: ResolvedDeck, new: ResolvedDeck) -> list[Problem]:
    """``new`` as a between-rounds exchange of ``original``: the same count of every card name across the
    format's ``side_exchange`` zones, every other zone unchanged (rule ``side-exchange``), and ``new`` legal."""
    problems = [
        Problem("side-exchange", f"the original deck cannot be read: {p.message}", cards=p.cards, zone=p.zone, line=p.line)
        for p in original.problems
        if p.rule in READ_RULES
    ]
    if original.game != new.game:  # comparing counts of two games' cards would only list every card
        problems.append(Problem("side-exchange", f"the original deck is a {original.game} deck, this one {new.game}"))
        return problems + check_deck(new)
    zones = new.format.data.get("side_exchange", {}).get("zones") or list(new.format.zones)
    problems += _exchange_problems(original, new, zones, "an exchange only moves cards between them")
    for zone in (z for z in new.format.zones if z not in zones):
        problems += _exchange_problems(original, new, [zone], "it takes no part in a side-deck exchange")
    return problems + check_deck(new)


def _exchange_problems(original: ResolvedDeck, new: ResolvedDeck, zones: list[str], why: str) -> list[Problem]:
    """A ``side-exchange`` problem when any name's total across ``zones`` differs between the two decks."""
    before, after = _name_totals(original.cards, zones), _name_totals(new.cards, zones)
    names = {dc.card.key: dc.card.name for dc in [*original.cards, *new.cards] if dc.zone in zones}
    changed = [key for key in names if before[key] != after[key]]
    if not changed:
        return []
    detail = ", ".join(f"{names[k]!r} {before[k]} -> {after[k]}" for k in changed)
    return [
        Problem(
            "side-exchange",
            f"card counts across {_zone_list(new, zones)} changed: {detail}; {why}",
            cards=[names[k] for k in changed],
            line=_first_line(dc for dc in new.cards if dc.card.key in changed),
        )
    ]


# -- the generic, data-driven rules -------------------------------------------------------------------
def zone_problems(deck: ResolvedDeck) -> list[Problem]:
    """Zone sizes out of bounds (the zone's ``rule`` id), and cards in a zone that may not hold them (``zone-kind``)."""
    fmt = deck.format
    problems: list[Problem] = []
    sizes = _zone_sizes(deck)
    for zone, spec in fmt.zones.items():
        size, low, high = sizes.get(zone, 0), spec.get("min", 0), spec.get("max")
        if size < low or (high is not None and size > high):
            bound = f"exactly {low}" if low == high else (f"{low}–{high}" if high is not None else f"at least {low}")
            problems.append(
                Problem(
                    spec.get("rule", f"{zone}-size"),
                    f"{_label(deck, zone)} has {size} card{'s' if size != 1 else ''}; {fmt.name} needs {bound}",
                    zone=zone,
                    extra={"count": size},
                )
            )
    foreign: dict[str, list[DeckCard]] = {}
    for dc in deck.cards:
        spec = fmt.zones.get(dc.zone)
        if spec is None:
            foreign.setdefault(dc.zone, []).append(dc)
        elif "kinds" in spec and dc.card.kind not in spec["kinds"]:
            problems.append(
                Problem(
                    "zone-kind",
                    f"{dc.card.name!r} is a {dc.card.kind} card; the {_label(deck, dc.zone)} holds only "
                    + " and ".join(spec["kinds"])
                    + " cards",
                    cards=[dc.card.name],
                    zone=dc.zone,
                    line=dc.line,
                )
            )
    for entry in deck.unresolved:
        if entry.zone not in fmt.zones and entry.zone != "champions":
            foreign.setdefault(entry.zone, [])
    for zone, cards in foreign.items():
        names = _unique(dc.card.name for dc in cards)
        lines = [dc.line for dc in cards] + [e.line for e in deck.unresolved if e.zone == zone]
        problems.append(
            Problem(
                "zone-kind",
                f"{fmt.name} has no {_label(deck, zone)} (its zones: {', '.join(fmt.zones)})"
                + (f"; remove {', '.join(repr(n) for n in names)}" if names else ""),
                cards=names,
                zone=zone,
                line=min((n for n in lines if n is not None), default=None),
            )
        )
    return problems


def set_problems(deck: ResolvedDeck) -> list[Problem]:
    """Cards printed only in sets the format does not allow (``set-not-legal``)."""
    legal = deck.format.data.get("legal_sets")
    if not legal:
        return []
    allowed = {s.casefold() for s in legal}
    return [
        Problem(
            "set-not-legal",
            f"{dc.card.name!r} ({dc.card.set_code}) {dc.card.number} is from set {dc.card.set_code}; "
            f"{deck.format.name} allows only {', '.join(legal)}",
            cards=[dc.card.name],
            zone=dc.zone,
            line=dc.line,
        )
        for dc in deck.cards
        if dc.card.set_code.casefold() not in allowed
    ]


def limit_problems(deck: ResolvedDeck) -> list[Problem]:
    """Too many copies of a name across the copy-limit zones: ``copy-limit``, or for cards on the format's
    list ``banned`` (limit 0) and ``restricted`` (limit 1 or 2)."""
    data = deck.format.data
    copy_limit = data.get("copy_limit", {})
    zones = copy_limit.get("zones")
    default_max = copy_limit.get("max")
    card_limits, _ = card_limit_keys(deck.format, deck.index)
    problems: list[Problem] = []
    for key, cards in _by_name(deck.cards, zones).items():
        count = sum(dc.count for dc in cards)
        name = cards[0].card.name
        limit = card_limits.get(key, default_max)
        if limit is None or count <= limit:
            continue
        where = _where(deck, cards)
        if key in card_limits and limit == 0:
            rule, message = "banned", f"{name!r} is banned in {deck.format.name} ({where})"
        elif key in card_limits:
            rule = "restricted"
            message = f"{name!r} is restricted to {limit} in {deck.format.name}; the deck has {count} ({where})"
        else:
            rule, message = "copy-limit", f"{count} copies of {name!r} ({where}); at most {limit} of a name"
        problems.append(
            Problem(rule, message, cards=[name], zone=cards[0].zone, line=_first_line(cards), extra={"count": count, "max": limit})
        )
    return problems


def card_limit_keys(fmt: Format, index: CardIndex | None) -> tuple[dict[str, int], list[str]]:
    """The format's ``card_limits`` by the name key copies are counted under (aliases and localised names
    resolved through ``index``), and the listed names that match no card of the game (typos in a list)."""
    limits: dict[str, int] = {}
    unknown: list[str] = []
    for name, limit in fmt.data.get("card_limits", {}).items():
        refs = index.find_all(name) if index is not None else []
        if index is not None and not refs:
            unknown.append(name)
        for key in {r.key for r in refs} or {name_key(name)}:
            limits[key] = limit
    return limits, unknown


# -- checks only code can do (named in a format's "checks") ---------------------------------------------
def champion_problems(deck: ResolvedDeck) -> list[Problem]:
    """sfb: exactly ``champions.count`` different champions (``champion-count``), each with its complete set of
    action cards exactly once and no card of a champion not fully there (``champion-set``)."""
    spec = deck.format.data["champions"]  # present: formats are checked when loaded
    count = spec["count"]
    chosen: dict[str, list[DeckCard]] = {}
    for dc in _in_zones(deck.cards, list(deck.format.zones)):
        champion = dc.card.fields.get("champion") if dc.card.kind == "action" else None
        if champion:
            chosen.setdefault(name_key(str(champion)), []).append(dc)
    problems: list[Problem] = []
    if len(chosen) != count:
        names = [str(cards[0].card.fields["champion"]) for cards in chosen.values()]
        problems.append(
            Problem(
                "champion-count",
                f"the deck has cards of {len(chosen)} champion{'s' if len(chosen) != 1 else ''}"
                + (f" ({', '.join(names)})" if names else "")
                + f"; {deck.format.name} needs exactly {count} different champions",
                cards=names,
                zone=deck.format.draw_zone,
                line=_first_line(deck.cards),
                extra={"count": len(chosen)},
            )
        )
    for key, cards in chosen.items():
        champion = str(cards[0].card.fields["champion"])
        counts: dict[str, int] = {}
        for dc in cards:
            counts[dc.card.name] = counts.get(dc.card.name, 0) + dc.count
        expected = _champion_set(deck, champion)
        missing = [n for n in expected if n not in counts]
        extra = [n for n, c in counts.items() if c > 1 or n not in expected]
        if not missing and not extra:
            continue
        parts = []
        if missing:
            parts.append("missing " + ", ".join(repr(n) for n in missing))
        if extra:
            parts.append("too many " + ", ".join(f"{n!r} ({counts[n]})" for n in extra))
        problems.append(
            Problem(
                "champion-set",
                f"{champion}'s {len(expected)} action cards must each be in the deck exactly once: " + "; ".join(parts),
                cards=missing + extra,
                zone=cards[0].zone,
                line=_first_line(cards),
            )
        )
    return problems


def name_limit_problems(deck: ResolvedDeck) -> list[Problem]:
    """aqa-yome: cards sharing a ネーム count together; the ネーム declared in the deck's metadata may be on up to
    ``declared_max`` cards, every other on up to ``max`` (``name-limit``)."""
    spec = deck.format.data["name_limit"]  # present: formats are checked when loaded
    meta_key = name_key(spec["meta_key"])
    declared_text = next((v for k, v in deck.decklist.meta.items() if name_key(k) == meta_key), "") or ""
    declared = name_key(nemu(declared_text) or declared_text) if declared_text.strip() else None
    zones = deck.format.data.get("copy_limit", {}).get("zones")
    groups: dict[str, list[DeckCard]] = {}
    for dc in _in_zones(deck.cards, zones):
        card_nemu = nemu(dc.card.name)
        if card_nemu:
            groups.setdefault(name_key(card_nemu), []).append(dc)
    if declared is not None and declared not in groups:  # declared in romanised or another language's spelling
        declared = next((key for key, cards in groups.items() if declared in _other_nemu_keys(cards)), declared)
    problems: list[Problem] = []
    for key, cards in groups.items():
        count = sum(dc.count for dc in cards)
        limit = spec["declared_max"] if key == declared else spec["max"]
        if count <= limit:
            continue
        shown = nemu(cards[0].card.name)
        hint = ""
        if declared is None:
            hint = f" (declare it with '{spec['meta_key']}: {shown}' to allow {spec['declared_max']})"
        elif key != declared:
            hint = f" (the declared ネーム is {declared_text.strip()!r})"
        problems.append(
            Problem(
                "name-limit",
                f"{count} cards with the ネーム “{shown}” ({_where(deck, cards)}); at most {limit}{hint}",
                cards=_unique(dc.card.name for dc in cards),
                zone=cards[0].zone,
                line=_first_line(cards),
                extra={"count": count, "max": limit},
            )
        )
    return problems


def _other_nemu_keys(cards: list[DeckCard]) -> set[str]:
    """The ネーム keys of the cards' aliases and localised names (``Datenshi "Amaha Tsukasa"`` -> amaha tsukasa)."""
    keys = set()
    for dc in cards:
        names = dc.card.fields.get("names")
        others = [*(dc.card.fields.get("aliases") or ()), *(names.values() if isinstance(names, dict) else ())]
        keys.update(name_key(found) for found in map(nemu, (str(o) for o in others)) if found)
    return keys


#: Named checks a format switches on with ``"checks": [...]`` (the schema lists the same names).
CHECKS: dict[str, Callable[[ResolvedDeck], list[Problem]]] = {
    "champion-set": champion_problems,
    "name-limit": name_limit_problems,
}


# -- helpers ----------------------------------------------------------------------------------------------
def _zone_sizes(deck: ResolvedDeck) -> dict[str, int]:
    """Cards per zone, counting lines that named no known card too (they are reported once, as unknown)."""
    sizes: dict[str, int] = {}
    for dc in deck.cards:
        sizes[dc.zone] = sizes.get(dc.zone, 0) + dc.count
    for entry in deck.unresolved:
        if entry.zone != "champions":
            sizes[entry.zone] = sizes.get(entry.zone, 0) + entry.count
    return sizes


def _in_zones(cards: Iterable[DeckCard], zones: list[str] | None) -> Iterable[DeckCard]:
    return cards if zones is None else (dc for dc in cards if dc.zone in zones)


def _by_name(cards: Iterable[DeckCard], zones: list[str] | None) -> dict[str, list[DeckCard]]:
    groups: dict[str, list[DeckCard]] = {}
    for dc in _in_zones(cards, zones):
        groups.setdefault(dc.card.key, []).append(dc)
    return groups


def _name_totals(cards: Iterable[DeckCard], zones: list[str]) -> Counter[str]:
    """Copies per name key across ``zones``."""
    totals: Counter[str] = Counter()
    for dc in _in_zones(cards, zones):
        totals[dc.card.key] += dc.count
    return totals


def _champion_set(deck: ResolvedDeck, champion: str) -> tuple[str, ...]:
    """The names of every action card of ``champion``, from the deck's card index."""
    return _champion_card_names(deck.index, champion) if deck.index is not None else ()


@lru_cache(maxsize=256)
def _champion_card_names(index: CardIndex, champion: str) -> tuple[str, ...]:
    """Cached per index: validating 1,000 decks must not scan the card list for every champion of every deck."""
    ref = next((r for r in index.find_all(champion) if r.kind == "champion"), None)
    return tuple(c.name for c in champion_actions(index, ref)) if ref else ()


def _label(deck: ResolvedDeck, zone: str) -> str:
    spec = deck.format.zones.get(zone)
    return spec.get("label", zone) if spec else f"{zone} zone"


def _zone_list(deck: ResolvedDeck, zones: list[str]) -> str:
    return " + ".join(_label(deck, z) for z in zones)


def _where(deck: ResolvedDeck, cards: list[DeckCard]) -> str:
    """Per-zone counts, e.g. ``Main Deck 4, Side Deck 1``."""
    per_zone: dict[str, int] = {}
    for dc in cards:
        per_zone[dc.zone] = per_zone.get(dc.zone, 0) + dc.count
    return ", ".join(f"{_label(deck, z)} {n}" for z, n in per_zone.items())


def _first_line(cards: Iterable[DeckCard]) -> int | None:
    return min((dc.line for dc in cards if dc.line is not None), default=None)


def _unique(names: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(names))
