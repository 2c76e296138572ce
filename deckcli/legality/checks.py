"""The registry of format checks only code can do: what a format's ``checks`` may name, each with its function, the
format field it reads and the game hook it works through. The format loader refuses a format naming a check its
game has no hook for (or without the field), and the rules run the function of each check the format names."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from deckcli.games.hooks.champion_sets import ChampionSets
from deckcli.games.hooks.name_level import NameLevel
from deckcli.legality.hook_checks import champion_problems, name_limit_problems, name_required_problems
from deckcli.legality.resolved import Problem, ResolvedDeck


@dataclass(frozen=True)
class Check:
    """One named check: ``fn`` gives a resolved deck's problems under it, from the format field it ``needs``,
    through the game ``hook``."""

    fn: Callable[[ResolvedDeck], list[Problem]]
    needs: str
    hook: str


#: Check name (as a format's ``checks`` and ``schemas/format.schema.json`` list it) -> the check.
CHECKS: dict[str, Check] = {
    "champion-set": Check(champion_problems, "champions", ChampionSets.name),
    "name-limit": Check(name_limit_problems, "name_limit", NameLevel.name),
    "name-required": Check(name_required_problems, "name_limit", NameLevel.name),
}
#: The game hook a format's ``draft`` works through: a team's champions (deckcli/legality/drafts.py).
DRAFT_HOOK = ChampionSets.name
