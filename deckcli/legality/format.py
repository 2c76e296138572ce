"""One format as deckcli holds it: a game's construction rules, card limits and opening rules, ``extends`` merged;
:mod:`deckcli.legality.formats` reads and checks the files."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from deckcli.games import registry


@dataclass(frozen=True)
class Format:
    """One format, with ``extends`` already merged in."""

    name: str
    game: str
    title: str
    data: dict[str, Any] = field(repr=False, hash=False, compare=False)
    path: str = ""
    #: The ``from`` date of the dated version whose card limits are in force (:meth:`on`); None: the format's own.
    version: str | None = None

    @property
    def zones(self) -> dict[str, dict[str, Any]]:
        """Zone name -> {label, min, max, kinds, rule}, in file order (main first)."""
        return self.data.get("zones", {})

    @property
    def opening(self) -> dict[str, Any]:
        """Hand size, mulligan kind and draws per turn."""
        return self.data.get("opening", {})

    @property
    def draw_zone(self) -> str:
        """The zone shuffled into the draw deck (when the format names none, the games' main deck)."""
        return self.data.get("draw_zone") or registry.default_zone()

    @property
    def is_default(self) -> bool:
        return bool(self.data.get("default", False))

    @property
    def versions(self) -> list[dict[str, Any]]:
        """The dated versions of the card limits, oldest first (empty: the format does not change over time)."""
        return self.data.get("versions", [])

    def on(self, day: date) -> Format:
        """The format as in force on ``day``: the card limits of the latest version from ``day`` or before
        (the format's own ``card_limits`` before its first version)."""
        if not self.versions:
            return self
        current = [v for v in self.versions if date.fromisoformat(v["from"]) <= day]
        if not current:
            return replace(self, version=None)
        data = {**self.data, "card_limits": current[-1]["card_limits"]}
        return replace(self, data=data, version=current[-1]["from"])
