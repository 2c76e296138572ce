"""Asking before a command deletes: a person at a terminal answers; without a terminal only ``--yes`` deletes, so a
piped ``n`` (or a script that forgot the flag) never deletes by default."""

from __future__ import annotations

import sys

import click

from deckcli.i18n import gettext as _


def stdin_is_terminal() -> bool:
    """Whether a person is at the keyboard to answer a question."""
    return sys.stdin.isatty()


def confirm_deletion(what: str, question: str, yes: bool) -> None:
    """Return when ``what`` may be deleted: ``--yes`` given, or the person at the terminal answered yes to
    ``question``. Without a terminal: a usage error asking for ``--yes``; answered no: "Nothing deleted.", exit 1."""
    if yes:
        return
    if not stdin_is_terminal():
        raise click.UsageError(
            _(
                "{what} is deleted only when confirmed at a terminal, and there is none here:"
                " give --yes to delete it without asking"
            ).format(what=what)
        )
    if not click.confirm(question, default=False, err=True):
        click.echo(_("Nothing deleted."), err=True)
        raise SystemExit(1)
