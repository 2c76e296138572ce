"""Draft checks over a team's champions (the game's ``champion-sets`` hook): in a competitive draft the team comes
from the player's pool less the champion the opponent banned (``not-in-pool``, ``banned-champion``); in a casual
draft two teams share no champion (``shared-champion``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckcli.carderrors import UnknownCard
from deckcli.errors import InputError
from deckcli.games import registry
from deckcli.games.hooks import hook
from deckcli.i18n import N_, Message
from deckcli.legality.checks import DRAFT_HOOK
from deckcli.legality.resolved import Problem, ResolvedDeck, Unreadable
from deckcli.legality.rules import check_deck
from deckcli.names import name_key


@dataclass(frozen=True)
class Champion:
    """A champion whose cards a deck holds, and where its first card is."""

    name: str
    zone: str
    line: int | None


def _sets(game: str) -> Any:
    """The game's ``champion-sets`` hook; an error for a game without champions."""
    sets = hook(registry.game(game), DRAFT_HOOK)
    if sets is None:
        text = N_("{game} decks have no champions; --pool, --banned and --match check champion drafts")
        raise InputError(Message(text, game=registry.title(game)))
    return sets


def champions_of(deck: ResolvedDeck) -> dict[str, Champion]:
    """Name key -> champion, for every champion with cards in the deck, in deck order."""
    sets = _sets(deck.game)
    found: dict[str, Champion] = {}
    for dc in deck.cards:
        leader = sets.leader_of(dc.card)
        if leader and name_key(leader) not in found:
            found[name_key(leader)] = Champion(leader, dc.zone, dc.line)
    return found


def pool_format_of(team: ResolvedDeck) -> str:
    """The format a pool for the team's format is checked under (its ``draft.pool_format``)."""
    _sets(team.game)  # a game without champions says so first
    pool_format = team.format.draft_pool_format
    if pool_format is None:
        text = N_("format {name!r} has no competitive draft (no 'draft' in its format file)")
        raise InputError(Message(text, name=team.format.name))
    return pool_format


def banned_champion(team: ResolvedDeck, name: str) -> str:
    """The champion ``name`` means (forgiving spelling), in the team's game."""
    sets = _sets(team.game)
    index = team.index
    leader = sets.leader(name, index) if index is not None else None
    if leader is not None:
        return str(leader.name)
    if index is not None and index.find_all(name):
        raise InputError(Message("--banned {name!r}: not a {kind} card", name=name, kind=sets.leader_kind))
    raise UnknownCard(name, index.suggest(name) if index is not None else [], team.game)


def pool_problems(team: ResolvedDeck, pool: ResolvedDeck | Unreadable, label: str) -> list[Problem]:
    """``not-in-pool``: each champion of the team not in the pool, and the pool itself unreadable or not legal."""
    if isinstance(pool, Unreadable):
        why = pool.message
        return [Problem("not-in-pool", Message("the pool {label} cannot be read: {why}", label=label, why=why))]
    problems = [
        Problem(
            "not-in-pool",
            Message(
                "the pool {label} is not legal under {format}: {problem}",
                label=label,
                format=pool.format.name,
                problem=p.message,
            ),
            cards=p.cards,
            extra={"pool_rule": p.rule},
        )
        for p in check_deck(pool)
    ]
    pooled = champions_of(pool)
    names = ", ".join(c.name for c in pooled.values()) or Message("no champions")
    problems += [
        Problem(
            "not-in-pool",
            Message("{champion} is not in the pool {label} ({names})", champion=c.name, label=label, names=names),
            cards=[c.name],
            zone=_zone_named(team, c.zone),
            line=c.line,
        )
        for key, c in champions_of(team).items()
        if key not in pooled
    ]
    return problems


def banned_problems(team: ResolvedDeck, banned: str) -> list[Problem]:
    """``banned-champion``: the team fields the champion the opponent banned."""
    chosen = champions_of(team).get(name_key(banned))
    if chosen is None:
        return []
    return [
        Problem(
            "banned-champion",
            Message("{champion} was banned by the opponent; pick another champion of the pool", champion=chosen.name),
            cards=[chosen.name],
            zone=_zone_named(team, chosen.zone),
            line=chosen.line,
        )
    ]


def shared_problems(team: ResolvedDeck, other: ResolvedDeck | Unreadable, label: str) -> list[Problem]:
    """``shared-champion``: each champion the team shares with the other team of a casual draft."""
    if isinstance(other, Unreadable):
        why = other.message
        return [
            Problem("shared-champion", Message("the other team {label} cannot be read: {why}", label=label, why=why))
        ]
    theirs = champions_of(other)
    return [
        Problem(
            "shared-champion",
            Message(
                "{champion} is on both teams (also in {label}); in a casual draft each champion is picked once",
                champion=c.name,
                label=label,
            ),
            cards=[c.name],
            zone=_zone_named(team, c.zone),
            line=c.line,
        )
        for key, c in champions_of(team).items()
        if key in theirs
    ]


def pool_misses_ban(pool: ResolvedDeck | Unreadable, banned: str) -> bool:
    """Whether a readable pool lacks the banned champion (the opponent bans one of the pool's)."""
    return not isinstance(pool, Unreadable) and name_key(banned) not in champions_of(pool)


def _zone_named(deck: ResolvedDeck, zone: str) -> str:
    """The zone of a draft problem as every problem names it (:meth:`deckcli.games.registry.Game.zone_name`: its id
    in English and ``--json``, its title where shown); these problems are added after the format's rules named theirs
    (:func:`deckcli.legality.rules.check_deck`)."""
    return registry.game(deck.game).zone_name(zone, deck.format.zones)
