"""Shell completion that knows the data: card, stored deck, event, player and format names (``shell_complete``).

Game codes, zones and other choices complete through their ``click.Choice`` types. Each callback reads names
only when the shell asks, through the read-only look-ups of :mod:`deckcli.cards.completion`,
:mod:`deckcli.decks.completion` and :mod:`deckcli.events.completion` (plain sqlite3, nothing created or migrated),
so ``deckcli --help`` imports none of it. Enable it with ``eval "$(_DECKCLI_COMPLETE=bash_source deckcli)"`` (zsh:
``zsh_source``; fish: ``_DECKCLI_COMPLETE=fish_source deckcli | source``).

Names hold spaces, quotes and commas ("Ember Whelp", "Lil'Y", "Oh, R'Lyeh?"). zsh quotes what it inserts, so
Click's zsh script serves. Click's bash script inserts a name raw and its fish script cuts it at its first comma;
so bash and fish get deckcli's own scripts (:class:`QuotingBashComplete`, :class:`WholeNameFishComplete`),
registered in place of Click's under the same shell names. Bash escapes each name (``Ember\\ Whelp``), or quotes it
for the quote the user opened (``"Ember Whelp"``, ``'Oh, R'\\''Lyeh?'``); fish escapes what it inserts itself.
"""

from __future__ import annotations

import os

import click
from click.shell_completion import BashComplete, CompletionItem, FishComplete, add_completion_class

#: Click's bash script, changed where it inserts names: ``read -r`` keeps backslashes and each name is one word (no
#: globbing of ``[`` or ``*``), escaped with ``printf %q``, or quoted for the quote the word being completed opens:
#: after a ``'`` each ``'`` becomes ``'\''``, after a ``"`` each ``\``, ``"``, ``$`` and backquote gets a backslash,
#: and a single name closes the quote (readline would leave one ending in that quote open). Where files complete too
#: (a deck name or a decklist file), the files matching the word join the names (Click's dropped the names) and bash
#: quotes them all as it quotes file names.
_BASH_SCRIPT = """\
%(complete_func)s() {
    local IFS=$'\\n'
    local response type value typed files quote
    local -a names=()
    local word=${COMP_WORDS[COMP_CWORD]}

    response=$(env COMP_WORDS="${COMP_WORDS[*]}" COMP_CWORD=$COMP_CWORD \
%(complete_var)s=bash_complete $1)

    for completion in $response; do
        IFS=',' read -r type value <<< "$completion"

        if [[ $type == 'dir' ]]; then
            files=-d typed=$value
        elif [[ $type == 'file' ]]; then
            files=-f typed=$value
        elif [[ $type == 'plain' ]]; then
            names+=("$value")
        fi
    done

    if [[ -n $files ]]; then
        compopt -o filenames
        COMPREPLY=("${names[@]}")
        mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen $files -- "$typed")
    else
        [[ $word == [\\"\\']* ]] && quote=${word:0:1}
        for value in "${names[@]}"; do
            if [[ $quote == \\' ]]; then
                value=${value//\\'/\\'\\\\\\'\\'}
            elif [[ $quote == \\" ]]; then
                value=${value//\\\\/\\\\\\\\} value=${value//\\"/\\\\\\"}
                value=${value//\\$/\\\\\\$} value=${value//\\`/\\\\\\`}
            else
                printf -v value '%%q' "$value"
            fi
            COMPREPLY+=("$value")
        done
        if [[ -n $quote && ${#COMPREPLY[@]} == 1 ]]; then
            COMPREPLY[0]+=$quote
        fi
    fi

    return 0
}

%(complete_func)s_setup() {
    complete -o nosort -F %(complete_func)s %(prog_name)s
}

%(complete_func)s_setup;
"""


#: Click's fish script, changed where it reads a completion: split at the first comma only, between type and value
#: (Click's split at every one and kept a name's first piece), and printed with ``printf`` (``echo`` takes ``-n``).
_FISH_SCRIPT = """\
function %(complete_func)s;
    set -l response (env %(complete_var)s=fish_complete COMP_WORDS=(commandline -cp) COMP_CWORD=(commandline -t) \
%(prog_name)s);

    for completion in $response;
        set -l metadata (string split --max 1 "," -- $completion);

        if test $metadata[1] = "dir";
            __fish_complete_directories $metadata[2];
        else if test $metadata[1] = "file";
            __fish_complete_path $metadata[2];
        else if test $metadata[1] = "plain";
            printf '%%s\\n' $metadata[2];
        end;
    end;
end;

complete --no-files --command %(prog_name)s --arguments "(%(complete_func)s)";
"""


class QuotingBashComplete(BashComplete):
    """Bash completion whose script quotes the names it inserts (Click's inserts ``Ember Whelp`` as two words)."""

    source_template = _BASH_SCRIPT


class WholeNameFishComplete(FishComplete):
    """Fish completion whose script keeps a name with a comma whole (Click's offers ``Oh`` for ``Oh, R'Lyeh?``)."""

    source_template = _FISH_SCRIPT


for _shell in (QuotingBashComplete, WholeNameFishComplete):
    add_completion_class(_shell)  # under its shell's name ("bash", "fish"), in place of Click's own


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


def complete_event(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Event names."""
    from deckcli.events.completion import event_names

    return [CompletionItem(name) for name in event_names(_database(ctx), incomplete)]


def complete_player(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The players registered for the command's EVENT."""
    from deckcli.events.completion import player_names

    event = ctx.params.get("event_name")
    return [CompletionItem(name) for name in player_names(_database(ctx), event, incomplete)] if event else []


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
