"""Shell completion that knows the data: card names, stored deck names and format names (``shell_complete``).

Game codes, zones and other choices complete through their ``click.Choice`` types. Each callback reads names
only when the shell asks, through the read-only look-ups of :mod:`deckcli.cards.completion` and
:mod:`deckcli.decks.completion` (plain sqlite3, nothing created or migrated), so ``deckcli --help`` imports none
of it. Enable it with ``eval "$(_DECKCLI_COMPLETE=bash_source deckcli)"`` (zsh: ``zsh_source``; fish:
``_DECKCLI_COMPLETE=fish_source deckcli | source``).
"""

from __future__ import annotations

import os

import click
from click.shell_completion import CompletionItem


def _database(ctx: click.Context):
    from deckcli.cards.completion import database_file

    return database_file(ctx.find_root().params.get("db_path"))


def _game(ctx: click.Context) -> str | None:
    game = ctx.params.get("game")
    return game.lower() if isinstance(game, str) else None


def complete_card(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Card names (and aliases, localised names) of ``--game`` when given, else of every game."""
    from deckcli.cards.completion import card_names

    return [CompletionItem(name) for name in card_names(_database(ctx), incomplete, _game(ctx))]


def complete_deck(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Stored deck names."""
    from deckcli.decks.completion import deck_names

    return [CompletionItem(name) for name in deck_names(_database(ctx), incomplete)]


def _looks_like_path(text: str) -> bool:
    return text.startswith((".", "~")) or os.sep in text or (os.altsep or os.sep) in text


def complete_deck_or_file(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """A stored deck's name, or a decklist file (the shell completes files)."""
    decks = [] if _looks_like_path(incomplete) else complete_deck(ctx, param, incomplete)
    return decks + [CompletionItem(incomplete, type="file")]


def complete_format(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Bundled format names (of ``--game`` when given), or a format file when what is typed looks like a path."""
    if _looks_like_path(incomplete):
        return [CompletionItem(incomplete, type="file")]
    from deckcli.errors import DeckcliError
    from deckcli.legality.formats import list_formats

    try:
        formats = list_formats()
    except DeckcliError:
        return []
    game = _game(ctx)
    return [
        CompletionItem(f.name, help=f.title)
        for f in formats
        if f.name.startswith(incomplete) and (game is None or f.game == game)
    ]
