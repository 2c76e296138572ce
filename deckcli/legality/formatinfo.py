"""What ``deckcli formats`` shows: each bundled format in a row (game, zones and sizes, copy limit, default), and
one format's every rule with the banned and restricted lists in force on a day and its dated versions."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from deckcli.games import registry
from deckcli.legality.formats import list_formats, load_format


def format_rows(game: str | None = None) -> list[dict[str, Any]]:
    """One row per bundled format (of ``game``): ``name``, ``game``, ``title``, ``zones`` (``main 50-60, ...``),
    ``copy_limit`` (None: no limit) and ``default``, by game then name."""
    formats = [f for f in list_formats() if game is None or f.game == game]
    return [
        {
            "name": f.name,
            "game": f.game,
            "title": f.title,
            "zones": ", ".join(f"{zone} {rule.sizes}" for zone, rule in f.zones.items()),
            "copy_limit": f.copy_limit.max if f.copy_limit else None,
            "default": f.is_default,
        }
        for f in sorted(formats, key=lambda f: (f.game, f.name))
    ]


def _limits(card_limits: Mapping[str, int]) -> dict[str, Any]:
    """A card-limit list as the banned names (limit 0) and the restricted ones with their limits, by name."""
    return {
        "banned": sorted(name for name, n in card_limits.items() if n == 0),
        "restricted": [{"card": name, "max": n} for name, n in sorted(card_limits.items()) if n > 0],
    }


def format_details(ref: str, day: date | None = None) -> dict[str, Any]:
    """Every rule of the format ``ref`` (a bundled name or a format file), its card limits in force on ``day``
    (default today: ``version`` names the dated version, None its own list) and each dated version's lists."""
    fmt = load_format(ref)
    day = day or date.today()
    current = fmt.on(day)
    details: dict[str, Any] = {
        "name": fmt.name,
        "game": fmt.game,
        "title": fmt.title,
        "description": fmt.description,
        "file": fmt.path,
        "extends": fmt.extends,
        "default": fmt.is_default,
        "zones": [
            {
                "zone": zone,
                "label": registry.game(fmt.game).zone_label(zone, fmt.zones) if rule.label else zone,
                "size": rule.sizes,
                "kinds": list(rule.kinds or ()),
                "rule": rule.rule,
            }
            for zone, rule in fmt.zones.items()
        ],
        "draw_zone": fmt.draw_zone,
        **fmt.rules_as_written(),
        "date": day.isoformat(),
        "version": current.version,
        **_limits(current.card_limits),
        "versions": [
            {
                "from": v.starts,
                "in_force": v.starts == current.version,
                "description": v.description,
                **_limits(v.card_limits),
            }
            for v in fmt.versions
        ],
    }
    return details
