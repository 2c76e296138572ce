"""What the ``deck`` commands say of a change: the copies added or removed, the zones' sizes after it, and what
``deck import`` stored (its zones, reading notes and construction problems)."""

from __future__ import annotations

import click

from deckcli.cards.shownname import shown_name
from deckcli.games import registry
from deckcli.i18n import gettext as _
from deckcli.i18n import translated
from deckcli.words import listing, plural


def warn(message: str) -> None:
    """A warning line on stderr, in the user's language."""
    click.echo(_("Warning: {warning}").format(warning=translated(message)), err=True)


def said_changes(edit, *, added: bool) -> None:
    """``deck add``/``deck remove``: each card's change, then every zone's size."""
    for c in edit.changes:
        line = (
            _("Added {count} × {card} ({set} {number}) to {zone}: {total} now.")
            if added
            else _("Removed {count} × {card} ({set} {number}) from {zone}: {total} left.")
        )
        click.echo(
            line.format(
                count=abs(c.delta),
                card=shown_name(c.card),
                set=c.card.set_code,
                number=c.card.number,
                zone=translated(edit.label(c.zone)),
                total=c.total,
            )
        )
    for zone, size in edit.zone_sizes.items():
        click.echo(
            _("{zone}: {cards}.").format(zone=translated(edit.label(zone)), cards=translated(plural(size, "card")))
        )


def said_import(done) -> None:
    """What ``deck import`` says of one stored deck: its zones, reading notes and construction problems."""
    stored, resolved = done.stored, done.resolved
    game, zones = registry.game(resolved.game), resolved.format.zones
    sizes = [
        f"{translated(game.zone_name(z, zones))} {resolved.zone_size(z)}"
        for z in resolved.format.zones
        if resolved.zone_size(z) or z == resolved.format.draw_zone
    ]
    sizes += [
        _("{zone} {count} (not counted)").format(zone=translated(game.zone_name(z, zones)), count=n)
        for z, n in done.aside_sizes().items()
    ]
    click.echo(
        _("Imported deck {deck!r} ({game}, {format}): {sizes}.").format(
            deck=stored.name, game=resolved.game, format=resolved.format.name, sizes=translated(listing(sizes))
        )
    )
    for note in resolved.notes:
        click.echo(_("Note: {note}.").format(note=translated(note)), err=True)
    if done.problems:
        warn(
            _("deck {deck!r} is not legal under {format} (stored anyway):").format(
                deck=stored.name, format=resolved.format.name
            )
        )
        for p in done.problems:
            click.echo(f"  - [{p.rule}] {translated(p.message)}", err=True)
