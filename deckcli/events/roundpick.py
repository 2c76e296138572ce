"""The rounds of a tournament as the printed slips and the published site name them: "Round 2", "Top 8"; the round
a command asks for by its label (the latest paired one by default); who won a table."""

from __future__ import annotations

import re

from deckcli.errors import NoRoundPaired, UnknownRound
from deckcli.events.tournament import Round, Tournament
from deckcli.i18n import gettext as _

_CUT = re.compile(r"top(\d+)")


def round_title(label: str) -> str:
    """How pages name a round, in the user's language: "Round 2" for a Swiss round, "Top 8" for the top cut's
    "top8" (the labels themselves stay as they are in --json and the data files)."""
    cut = _CUT.fullmatch(label)
    return _("Top {size}").format(size=cut.group(1)) if cut else _("Round {label}").format(label=label)


def paired_rounds(tournament: Tournament) -> tuple[Round, ...]:
    """Every round paired so far, the Swiss rounds then those of the cut."""
    return tournament.rounds + tournament.cut


def pick_round(tournament: Tournament, label: str | None) -> Round:
    """The round called ``label`` ("2", "top8"; case and spaces aside), else the latest round paired; NoRoundPaired
    before the first pairing, UnknownRound naming the rounds there are."""
    rounds = paired_rounds(tournament)
    if not rounds:
        raise NoRoundPaired(tournament.event)
    if label is None:
        return rounds[-1]
    wanted = "".join(label.split()).casefold()
    for found in rounds:
        if found.label.casefold() == wanted:
            return found
    raise UnknownRound(tournament.event, label, [r.label for r in rounds])
