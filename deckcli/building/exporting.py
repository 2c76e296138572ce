"""``deckcli build``'s export key: the deck being built written through the exporters every other command uses,
the kind told by the target's extension as ``deck export -o`` tells it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from deckcli.errors import InputError
from deckcli.i18n import Message

if TYPE_CHECKING:
    from deckcli.building.draft import DeckDraft
    from deckcli.storage.reads import Readable

#: Proxy sheets by their extension; every other extension is a decklist layout, and a name without one a folder.
PROXY_KINDS = {".pdf": "pdf", ".html": "html"}


class Exported(NamedTuple):
    """What an export wrote: the file or folder, and what kind of export it was (a decklist layout, ``pdf`` or
    ``html`` proxies, ``tts``)."""

    path: str
    kind: str


def export_draft(db: Readable, draft: DeckDraft, target: str) -> Exported:
    """Write the draft to ``target``: ``.txt``/``.json``/``.csv``/``.code``/``.cod`` a decklist, ``.pdf``/``.html``
    proxy sheets, a folder (no extension) a Tabletop Simulator saved object of the stored deck (saved first)."""
    target = target.strip()
    if not target:
        raise InputError(Message("give a file or folder to export to"))
    suffix = Path(target).suffix.lower()
    if suffix in PROXY_KINDS:
        from deckcli.play.proxies import write_proxies

        result = write_proxies(db, draft.resolved(), target, PROXY_KINDS[suffix])
        return Exported(target, result.to)
    if not suffix:
        return Exported(str(_tts(db, draft, target)), "tts")
    from deckcli.decklists.io import EXTENSIONS, write_decklist

    if suffix not in EXTENSIONS:
        known = ", ".join(sorted({*EXTENSIONS, *PROXY_KINDS}))
        raise InputError(
            Message("{file}: unknown kind of export; use one of {known}, or a folder", file=target, known=known)
        )
    write_decklist(draft.decklist(), EXTENSIONS[suffix], target)
    return Exported(target, EXTENSIONS[suffix])


def _tts(db: Readable, draft: DeckDraft, folder: str) -> Path:
    """The Tabletop Simulator export reads the stored deck: one with unsaved changes is saved first."""
    from deckcli.play.tts import export_tts

    if draft.stored_as is None or draft.dirty:
        raise InputError(Message("save the deck first (s): Tabletop Simulator's export writes the stored deck"))
    return export_tts(db, draft.stored_as, folder).saved_object
