"""Where ``deckcli build`` starts and ends: the deck it opens (a stored deck, a decklist file or deck code, or a new
name) and saving it back as a stored deck, in one transaction."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcli.building.draft import DeckDraft, Held
from deckcli.decklists.sources import DeckRef
from deckcli.errors import InputError, NoSuchDecklist, NotFoundError
from deckcli.i18n import Message
from deckcli.legality.formats import default_format, load_format
from deckcli.legality.resolve import Resolver

if TYPE_CHECKING:
    from deckcli.storage.base import BaseDatabase
    from deckcli.storage.reads import Readable


def open_draft(db: Readable, deck: str | None, game: str | None, format_name: str | None) -> DeckDraft:
    """The deck ``deck`` names: a stored deck (saved back to itself), a decklist file or deck code (a new deck that
    asks for a name when saved), or a name nothing answers to (a new empty deck of ``game`` with that name)."""
    resolver = Resolver(db)
    ref = _located(resolver, deck)
    if ref is None:
        return _new_draft(resolver, deck, game, format_name)
    resolved = resolver.open(ref, format_name=format_name, game=game)
    resolved.require_cards()  # a line that names no card is fixed in the file first: the builder holds cards only
    assert resolved.index is not None
    held = tuple(Held(c.zone, c.card, c.count) for c in resolved.cards + resolved.aside)
    stored = ref.text if ref.kind == "stored" else None
    name = resolved.name or (ref.stem if ref.kind == "file" else None)
    meta = dict(resolved.decklist.meta)
    saved = held if stored else ()  # a deck read from a file or code is not stored yet: it has unsaved changes
    return DeckDraft(name, resolved.game, resolved.format, resolved.index, held, meta, stored, saved, ref.kind)


def _located(resolver: Resolver, deck: str | None) -> DeckRef | None:
    """What ``deck`` names, or None for no argument or a new deck's name (a name with an extension is a missing
    file, an error as everywhere else)."""
    if deck is None:
        return None
    try:
        return resolver.locator.locate(deck)
    except NoSuchDecklist:
        raise
    except NotFoundError:
        return None


def _new_draft(resolver: Resolver, name: str | None, game: str | None, format_name: str | None) -> DeckDraft:
    """An empty deck of ``game`` (or of ``format_name``'s game) under that format or the game's default one."""
    fmt = load_format(format_name, game) if format_name else None
    chosen = game or (fmt.game if fmt else None)
    if chosen is None:
        raise InputError(
            Message("a new deck needs its game: give --game (or --format) with {deck!r}", deck=name or "deckcli build")
        )
    fmt = fmt or default_format(chosen)
    return DeckDraft(name, chosen, fmt, resolver.index(chosen))


def save_draft(db: BaseDatabase, draft: DeckDraft, name: str) -> None:
    """Store the draft as the deck ``name`` in one transaction: over the deck it was opened from or last saved to,
    a new deck otherwise (an error when another deck already has the name, and nothing is written)."""
    from deckcli.decks.store import save_deck, stored_format_name

    same = draft.stored_as is not None and draft.stored_as.casefold() == name.casefold()
    cards = [(h.zone, h.card.id, h.copies) for h in draft.cards]
    with db.write() as session:
        save_deck(session, name, draft.game, stored_format_name(draft.format), cards, draft.meta, replace=same)
    draft.mark_saved(name)
