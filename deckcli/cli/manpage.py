"""The command reference read from the Click tree, and the ``deckcli(1)`` man page written from it.

:func:`reference` walks every command (the lazily loaded ones too) and keeps what ``--help`` shows of each: its
usage line, its help and its options' help records, as data. The man page (``python -m deckcli.cli.manpage >
deckcli.1``) and the documentation site's command reference (``docs/hooks/reference.py``, run by MkDocs) both render
that data, so neither can say something ``--help`` does not: a new option is in both on the next build. Written
here rather than with click-man or mkdocs-click: one walk serves both, and a man page needs no new dependency.
"""

from __future__ import annotations

import inspect
import os
import re
import sys
from dataclasses import dataclass
from datetime import date

import click

#: What the man page says of the environment and of exit statuses (``--help`` has no place for them).
ENVIRONMENT = (
    ("DECKCLI_DB", "The database: a file, or a PostgreSQL URL (as --db)."),
    ("DECKCLI_DATA_DIR", "The data folder, holding deckcli.db (default: the user data folder)."),
    ("DECKCLI_DB_PASSWORD", "The password of a PostgreSQL URL that leaves it out."),
    ("DECKCLI_BUSY_TIMEOUT_MS", "How long to wait for a lock another program holds (default 30000)."),
    ("DECKCLI_LANG", "The language of messages: en, ja or ru (else LC_ALL, LC_MESSAGES, LANG)."),
)
EXIT_STATUS = (
    ("0", "Success; for checks, every deck legal."),
    ("1", "An error, or a check that found a problem (an illegal deck, a difference)."),
    ("2", "A usage error: a missing or malformed argument or option."),
    ("130", "Interrupted (Ctrl-C); the message says whether the change was saved."),
)


@dataclass(frozen=True)
class OptionEntry:
    """One option as ``--help`` lists it: its names with the metavar (``-f, --format NAME|PATH``) and its help."""

    names: str
    help: str


@dataclass(frozen=True)
class CommandEntry:
    """One command: its words (``deckcli deck add``), usage line, whole help, short help, options, subcommands."""

    path: str
    usage: str
    help: str
    short: str
    options: tuple[OptionEntry, ...]
    subcommands: tuple[str, ...]


def reference(root: click.Command | None = None) -> list[CommandEntry]:
    """Every command under ``root`` (default: deckcli's group), the group first, then depth first by name."""
    if root is None:
        from deckcli.cli.main import cli

        root = cli
    return _walk(root, click.Context(root, info_name="deckcli", **root.context_settings))


def _walk(command: click.Command, ctx: click.Context) -> list[CommandEntry]:
    names = command.list_commands(ctx) if isinstance(command, click.Group) else []
    subs = [(n, sub) for n in names if (sub := command.get_command(ctx, n)) is not None and not sub.hidden]  # type: ignore[attr-defined]
    help_text = inspect.cleandoc(command.help or "").partition("\f")[0]
    options = []
    for param in command.get_params(ctx):
        record = param.get_help_record(ctx) if isinstance(param, click.Option) else None  # arguments: in the usage
        if record is not None:
            options.append(OptionEntry(record[0], record[1]))
    entry = CommandEntry(
        path=ctx.command_path,
        usage=" ".join([ctx.command_path, *command.collect_usage_pieces(ctx)]),
        help=help_text,
        short=command.get_short_help_str(limit=300),
        options=tuple(options),
        subcommands=tuple(n for n, _ in subs),
    )
    found = [entry]
    for name, sub in subs:
        found += _walk(sub, click.Context(sub, info_name=name, parent=ctx, **sub.context_settings))
    return found


def paragraphs(text: str) -> list[tuple[bool, str]]:
    """A help text's paragraphs as ``(verbatim, text)``: a paragraph after Click's ``\\b`` keeps its lines."""
    found = []
    for block in re.split(r"\n\s*\n", text.strip()):
        verbatim = block.startswith("\b")
        found.append((verbatim, block.removeprefix("\b").strip("\n") if verbatim else " ".join(block.split())))
    return found


def _roff(text: str) -> str:
    """Text safe in a roff line: backslashes escaped, a leading control character made literal."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join("\\&" + line if line[:1] in ".'" else line for line in text.splitlines())


def _roff_help(text: str) -> list[str]:
    lines: list[str] = []
    for verbatim, block in paragraphs(text):
        lines += [".PP", ".nf", _roff(block), ".fi"] if verbatim else [".PP", _roff(block)]
    return lines


def _roff_options(options: tuple[OptionEntry, ...]) -> list[str]:
    lines: list[str] = []
    for option in options:
        lines += [".TP", f"\\fB{_roff(option.names)}\\fR", _roff(option.help)]
    return lines


def man_page(entries: list[CommandEntry], version: str, day: date) -> str:
    """The ``deckcli(1)`` page: the group's help and options, then each command under a heading of its own."""
    top, commands = entries[0], entries[1:]
    lines = [
        f'.TH DECKCLI 1 "{day.isoformat()}" "deckcli {version}" "User Commands"',
        ".SH NAME",
        f"deckcli \\- {_roff(top.short)}",
        ".SH SYNOPSIS",
        _roff(top.usage),
        ".SH DESCRIPTION",
        *_roff_help(top.help),
        ".SH OPTIONS",
        *_roff_options(top.options),
        ".SH COMMANDS",
    ]
    for entry in commands:
        lines += [
            f'.SS "{_roff(entry.path)}"',
            _roff(entry.usage),
            *_roff_help(entry.help),
            *_roff_options(entry.options),
        ]
    lines.append(".SH ENVIRONMENT")
    for name, what in ENVIRONMENT:
        lines += [".TP", f"\\fB{name}\\fR", _roff(what)]
    lines.append(".SH EXIT STATUS")
    for status, what in EXIT_STATUS:
        lines += [".TP", f"\\fB{status}\\fR", _roff(what)]
    return "\n".join(lines) + "\n"


def main() -> None:
    """``python -m deckcli.cli.manpage > deckcli.1``: the man page on standard output, in English (as the site)."""
    os.environ["DECKCLI_LANG"] = "en"  # before the first message decides the process's language
    from deckcli import __version__

    sys.stdout.write(man_page(reference(), __version__, date.today()))


if __name__ == "__main__":
    main()
