"""A stored deck made ready for export: in a text decklist, cards that together are exactly leader sets
(an sfb champion's action cards) are written as the pseudo-zone lines that stand for them."""

from __future__ import annotations

from deckcli.cards.index import CardIndex
from deckcli.decklists.model import DeckEntry, Decklist
from deckcli.decklists.stored import stored_decklist
from deckcli.games import registry
from deckcli.games.hooks import hooks_of
from deckcli.legality.formats import line_name
from deckcli.legality.resolve import Resolver
from deckcli.legality.resolved import ResolvedDeck
from deckcli.storage.reads import Readable


def compact_form(resolved: ResolvedDeck, index: CardIndex) -> list[DeckEntry] | None:
    """The deck as pseudo-zone lines (``Champions``) when it is exactly complete leader sets, one copy each; else None.

    The lines expand back to the very same printings, so both forms import to the same deck.
    """
    game = registry.game(resolved.game)
    pseudo = next((z for z in game.zones.values() if z.stands_for), None)
    if pseudo is None or resolved.problems or not resolved.cards:
        return None
    held: dict[int, object] = {}
    order: list[int] = []
    for dc in resolved.cards:
        if dc.zone != pseudo.stands_for or dc.count != 1 or dc.card.id in held:
            return None
        held[dc.card.id] = dc.card
        order.append(dc.card.id)
    for hook in hooks_of(game):
        leaders = hook.compact(held, order, index) if hasattr(hook, "compact") else None
        if leaders:
            return [DeckEntry(pseudo.name, 1, leader.name) for leader in leaders]
    return None


def export_decklist(db: Readable, name: str, to: str = "text") -> Decklist:
    """A stored deck ready to write as ``to``; a text export lists leader lines (sfb ``Champions``) when it can."""
    with db.rows() as rows:
        decklist = stored_decklist(rows, name)
    assert decklist.game is not None  # a stored deck has its game
    if to == "text" and any(z.stands_for for z in registry.game(decklist.game).zones.values()):
        resolver = Resolver(db)
        entries = compact_form(resolver.resolve(decklist), resolver.index(decklist.game))
        if entries:
            decklist.entries = entries + [e for e in decklist.entries if e.zone in registry.aside_zones()]
    if decklist.format:  # a format file by its name: the file's path would be a parse problem read back
        decklist.format = line_name(decklist.format)
    return decklist
