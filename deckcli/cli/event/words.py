"""The ``event`` commands' words in the user's language: their tables' headers (the columns are the
``--json``/``--csv`` keys, which stay English; only the table shows these), a deck's verdict and a problem's row."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckcli.i18n import N_, pgettext, translated
from deckcli.i18n import gettext as _
from deckcli.words import plural

if TYPE_CHECKING:
    from deckcli.legality.resolved import Problem

HEADERS = {
    **{"rule": N_("rule"), "zone": N_("zone"), "line": N_("line"), "message": N_("message")},
    **{"name": N_("name"), "game": N_("game"), "format": N_("format"), "date": N_("date"), "rounds": N_("rounds")},
    **{"players": N_("players"), "legal": N_("legal"), "illegal": N_("illegal"), "started": N_("started")},
    **{"card": N_("card"), "registered": N_("registered"), "presented": N_("presented"), "verdict": N_("verdict")},
    **{"player": N_("player"), "player_id": N_("player id"), "deck": N_("deck"), "problems": N_("problems")},
    **{"fingerprint": N_("fingerprint"), "registered_at": N_("registered at"), "late": N_("late")},
    **{"opponent": N_("opponent"), "rank": N_("rank"), "points": N_("points")},
    **{"record": N_("record"), "omw": N_("omw"), "gw": N_("gw"), "ogw": N_("ogw"), "dropped": N_("dropped")},
    **{"created": N_("created"), "current_round": N_("current round"), "seed": N_("seed")},
    **{"round": N_("round"), "result": N_("result"), "winner": N_("winner")},
}


def header(key: str) -> str:
    """One column's header in the user's language (``event show`` names its facts by them)."""
    return _(HEADERS[key])


def headers() -> dict[str, str]:
    """Each column's header, for :func:`deckcli.cli.output.emit` to show in the user's language; an event's
    ``table`` (where a match is played) is told apart from a database table by its context, so it comes
    translated."""
    return HEADERS | {"table": pgettext("a match", "table")}


def verdict(legal: bool, problems) -> str:
    """ "legal", or "NOT legal, 2 problems"."""
    if legal:
        return _("legal")
    return _("NOT legal, {problems}").format(problems=translated(plural(len(problems), "problem")))


def problem_row(problem: Problem, player: str | None = None) -> dict[str, Any]:
    """A problem as a table's row: its rule, zone, line and message in the user's language (and its player)."""
    row = {"rule": problem.rule, "zone": problem.zone, "line": problem.line, "message": translated(problem.message)}
    return row if player is None else {"player": player, **row}
