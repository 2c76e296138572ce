"""The registry of format checks only code can do: what a format's ``checks`` may name, each with its function, the
format field it reads and the game hook it works through. The format loader refuses a format naming a check its
game has no hook for (or without the field), and the rules run the function of each check the format names."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from deckcli.games.hooks.champion_sets import ChampionSets
from deckcli.games.hooks.name_level import NameLevel


@dataclass(frozen=True)
class Check:
    """One named check: ``fn`` (``module:function``, imported when first run: the functions take resolved decks, a
    layer above the format loader that reads this registry), the format field it ``needs``, the game ``hook``."""

    fn: str
    needs: str
    hook: str

    def function(self) -> Callable[[Any], list[Any]]:
        """The function: a resolved deck -> its problems under the check."""
        module, name = self.fn.split(":")
        return getattr(importlib.import_module(module), name)


#: Check name (as a format's ``checks`` and ``schemas/format.schema.json`` list it) -> the check.
CHECKS: dict[str, Check] = {
    "champion-set": Check("deckcli.legality.hook_checks:champion_problems", "champions", ChampionSets.name),
    "name-limit": Check("deckcli.legality.hook_checks:name_limit_problems", "name_limit", NameLevel.name),
}
#: The game hook a format's ``draft`` works through: a team's champions (deckcli/legality/drafts.py).
DRAFT_HOOK = ChampionSets.name
