"""What ``event publish`` shows of an event's rounds: a page per Swiss round (its tables with their results), the
standings after the last complete round and the top cut's bracket, each player shown as the deck pages show them
(on an anonymous site the same 'Player N', linked to the same deck page; no name anywhere)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from deckcli.events.records import EventInfo
from deckcli.events.roundpick import round_title
from deckcli.events.slugs import slug
from deckcli.events.tournament import Pairing, Round, Standing, Tournament
from deckcli.i18n import Message
from deckcli.i18n import gettext as _

STANDINGS, BRACKET = "standings.html", "bracket.html"


@dataclass(frozen=True)
class Seat:
    """A player as the site shows them: their name (or anonymous label) and their deck's page, if they have one."""

    name: str
    page: str | None


@dataclass(frozen=True)
class MatchView:
    """One table: its players, the result as the first player's games ("2-1", "bye", "" before it is entered) and
    the winner (None for a draw or no result yet)."""

    table: int
    player: Seat
    opponent: Seat | None
    result: str
    winner: Seat | None


@dataclass(frozen=True)
class RoundView:
    """A round as its page and the bracket show it."""

    label: str
    title: str
    page: str
    complete: bool
    matches: tuple[MatchView, ...]


@dataclass(frozen=True)
class StandingView:
    """A line of the standings: the three rates as percentages with two decimals ("66.67%")."""

    rank: int
    player: Seat
    points: int
    record: str
    omw: str
    gw: str
    ogw: str
    dropped: bool


@dataclass(frozen=True)
class RoundsView:
    """Everything the site shows of the rounds: the Swiss rounds, the standings (after ``standings_after``, a
    round's title) and the cut; the index links to each page."""

    rounds: tuple[RoundView, ...]
    standings: tuple[StandingView, ...]
    standings_after: str
    cut: tuple[RoundView, ...]
    total_rounds: int

    def links(self) -> list[tuple[str, str]]:
        """(title, page) of every page about the rounds, in the order the index lists them."""
        found = [(r.title, r.page) for r in self.rounds]
        if self.standings:
            found.append((_("Standings after {round}").format(round=self.standings_after.lower()), STANDINGS))
        if self.cut:
            found.append((_("Top cut"), BRACKET))
        return found


def round_page(label: str) -> str:
    """The file name of a Swiss round's page (``round-2.html``)."""
    return f"round-{slug(label)}.html"


def is_round_page(name: str) -> bool:
    """Whether a file of the site is one of the rounds' pages."""
    return name in (STANDINGS, BRACKET) or (name.startswith("round-") and name.endswith(".html"))


def rounds_view(tournament: Tournament, registered: Mapping[str, Seat], anonymous: bool) -> RoundsView:
    """The rounds with every player shown as ``registered`` (registered name -> how the deck pages show them: the
    name, or on an anonymous site 'Player N'); a player the tournament has and the registrations do not is shown by
    name, or on an anonymous site by the next number."""
    from deckcli.names import name_key

    seats = {name_key(player): shown for player, shown in registered.items()}

    def seat(player: str) -> Seat:
        key = name_key(player)
        if key not in seats:
            seats[key] = Seat(Message("Player {number}", number=len(seats) + 1) if anonymous else player, None)
        return seats[key]

    complete = [r for r in tournament.rounds if r.complete]
    standings = [_standing(s, seat(s.player)) for s in tournament.standings]
    if anonymous:  # tied players in the anonymous labels' order, not in one their names might have decided
        standings.sort(key=lambda s: (s.rank, _number(s.player.name)))
    return RoundsView(
        rounds=tuple(_round(r, seat) for r in tournament.rounds),
        standings=tuple(standings),
        standings_after=round_title(complete[-1].label) if complete else "",
        cut=tuple(_round(r, seat) for r in tournament.cut),
        total_rounds=tournament.total_rounds,
    )


def _number(label: str) -> int:
    """An anonymous label's number ('Player 12' -> 12), so labels sort as numbers."""
    return int(label.rpartition(" ")[2])


def _round(paired: Round, seat: Callable[[str], Seat]) -> RoundView:
    return RoundView(
        label=paired.label,
        title=round_title(paired.label),
        page=round_page(paired.label),
        complete=paired.complete,
        matches=tuple(_match(p, seat) for p in paired.pairings),
    )


def _match(pairing: Pairing, seat: Callable[[str], Seat]) -> MatchView:
    won = pairing.winner
    result = _("bye") if pairing.opponent is None else str(pairing.score) if pairing.score else ""
    return MatchView(
        table=pairing.table,
        player=seat(pairing.player),
        opponent=seat(pairing.opponent) if pairing.opponent is not None else None,
        result=result,
        winner=seat(won) if won is not None else None,
    )


def _standing(standing: Standing, player: Seat) -> StandingView:
    return StandingView(
        rank=standing.rank,
        player=player,
        points=standing.points,
        record=standing.record,
        omw=f"{standing.omw * 100:.2f}%",
        gw=f"{standing.gw * 100:.2f}%",
        ogw=f"{standing.ogw * 100:.2f}%",
        dropped=standing.dropped,
    )


def rounds_pages(event: EventInfo, shown: RoundsView, version: str) -> Mapping[str, str]:
    """File name -> HTML of the round pages, the standings and the bracket (those the event has so far)."""
    from deckcli.events.pages import render

    pages = {
        view.page: render("round.html.j2", event=event, round=view, rounds=shown, version=version)
        for view in shown.rounds
    }
    if shown.standings:
        pages[STANDINGS] = render("standings.html.j2", event=event, rounds=shown, version=version)
    if shown.cut:
        pages[BRACKET] = render("bracket.html.j2", event=event, rounds=shown, version=version)
    return pages
