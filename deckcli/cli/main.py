"""The ``deckcli`` command group: global options, error handling, and the subcommands."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from importlib import import_module
from pathlib import Path
from typing import Any

import click

from deckcli import __version__
from deckcli.cli.context import AppContext
from deckcli.cli.language import install_click_strings, translate_help
from deckcli.cli.options import DatabaseParam
from deckcli.games import registry
from deckcli.i18n import gettext as _
from deckcli.i18n import translated

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


#: Each command's module and name in it. A command's module is imported when the command runs (or a listing such as
#: the help names it), so a start-up pays for the click decorators of the command it runs, not of all of them.
COMMANDS = {
    "build": "deckcli.cli.build:build",
    "cards": "deckcli.cli.cards:cards",
    "collection": "deckcli.cli.collection:collection",
    "curve": "deckcli.cli.hands:curve",
    "db": "deckcli.cli.db:db",
    "deck": "deckcli.cli.deck:deck",
    "event": "deckcli.cli.event:event",
    "formats": "deckcli.cli.formats:formats",
    "games": "deckcli.cli.cards:games",
    "hand": "deckcli.cli.hands:hand",
    "odds": "deckcli.cli.odds:odds",
    "simulate": "deckcli.cli.odds:simulate",
    "validate": "deckcli.cli.validate:validate",
}


class DeckcliGroup(click.Group):
    """A group that turns library errors into clean messages (exit 1, never a traceback) and loads each
    subcommand's module only when it is asked for (:data:`COMMANDS`)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            module, name = COMMANDS[cmd_name].split(":")
            command = getattr(import_module(module), name)
            translate_help(command)
            self.add_command(command, cmd_name)
        return self.commands.get(cmd_name)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """As Click's, offering the closest of every command for a misspelt one (Click offers only those loaded, and
        :meth:`get_command` loads a command only when it is asked for)."""
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand as exc:
            if exc.possibilities:
                raise
            raise click.exceptions.NoSuchCommand(
                exc.command_name, possibilities=self.list_commands(ctx), ctx=ctx
            ) from None

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Click's own strings and the group's help in the user's language (deckcli.cli.language), then the run."""
        install_click_strings()
        translate_help(self)
        return super().main(*args, **kwargs)

    def invoke(self, ctx: click.Context):
        from deckcli.cli.options import USAGE_CONTEXT
        from deckcli.cli.output import shown_streams
        from deckcli.dberrors import BadDatabaseURL
        from deckcli.errors import DeckcliError, NoSuchDecklist
        from deckcli.textrules import shown

        try:
            with shown_streams():  # what the command prints: control characters escaped
                return super().invoke(ctx)
        except BadDatabaseURL as exc:  # a URL libpq would misread
            raise click.UsageError(shown(exc.translated())) from None
        except NoSuchDecklist as exc:  # a deck argument naming nothing: with its command's usage line
            raise click.UsageError(shown(exc.translated()), ctx=ctx.meta.get(USAGE_CONTEXT)) from None
        except DeckcliError as exc:
            raise click.ClickException(shown(exc.translated())) from None
        except click.ClickException as exc:  # printed after the command, outside shown_streams: escaped here
            exc.message = shown(exc.message)  # type: ignore[misc]  # typed Final; escaped in place, keeping its class
            raise
        except (click.exceptions.Exit, click.Abort, SystemExit):
            raise
        except BrokenPipeError:
            sys.stderr.close()
            raise SystemExit(1) from None
        except KeyboardInterrupt as exc:
            click.echo(_interrupted(ctx.obj, exc), err=True)
            raise SystemExit(130) from None
        except Exception as exc:  # the last line of defence against tracebacks
            raise self._unexpected(ctx, exc) from None

    @staticmethod
    def _unexpected(ctx: click.Context, exc: Exception) -> click.ClickException:
        """The message for an exception no library code turned into a DeckcliError (called while handling it)."""
        if os.environ.get("DECKCLI_DEBUG"):
            raise  # noqa: PLE0704 - re-raises the exception being handled
        from deckcli.textrules import shown

        db = ctx.obj.opened if isinstance(ctx.obj, AppContext) else None
        fault = db.fault(exc) if db is not None else None
        if fault is not None:
            return click.ClickException(shown(fault.translated()))
        from deckcli.storage.writes import ConstraintViolation

        if isinstance(exc, ConstraintViolation):  # a refusal no command worded itself
            return click.ClickException(shown(str(translated(exc.message))))
        if isinstance(exc, OSError) and _output_failed(exc):
            from deckcli.files.oserrors import file_error

            return click.ClickException(file_error("<stdout>", exc, writing=True).translated())
        from deckcli.storage.location import scrub

        target = ctx.obj.db_path if isinstance(ctx.obj, AppContext) else None
        return click.ClickException(
            shown(
                scrub(
                    _("internal error: {error}: {message} (set DECKCLI_DEBUG=1 for the traceback)").format(
                        error=type(exc).__name__, message=exc
                    ),
                    target if isinstance(target, str) else None,
                )
            )
        )


#: What a full disk or a failing device says when the command's output (a file or device standing for stdout) is
#: written: deckcli's own files are written through deckcli.files.writing, which names them, so such an error with no
#: file name is the output's.
_OUTPUT_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


def _output_failed(exc: OSError) -> bool:
    """Whether ``exc`` is the standard output failing (``deckcli ... > /dev/full``); if so, stdout is pointed at
    the null device, so the interpreter's last flush does not fail again."""
    if exc.filename is not None or exc.errno not in _OUTPUT_ERRNOS:
        return False
    with contextlib.suppress(OSError, ValueError, AttributeError):  # (a test runner's stdout has no file number)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return True


def _interrupted(app: object, exc: KeyboardInterrupt | None = None) -> str:
    """What an interrupted command did: a change it says it made (``InterruptedAfterChange.done``: a published
    site), saved changes to the database (committed before the interrupt) or none."""
    done = getattr(exc, "done", None)
    if done:
        return _("Interrupted after {change} (the command's last output was not printed).").format(
            change=translated(done)
        )
    db = app.opened if isinstance(app, AppContext) else None
    if db is not None and db.committed:
        return _(
            "Interrupted after the change was saved: {database} holds it (the command's last output was not printed)."
        ).format(database=getattr(db, "label", db.path))
    return _("Interrupted: nothing was changed.") if db is not None else _("Interrupted.")


@click.group(cls=DeckcliGroup, context_settings=CONTEXT_SETTINGS)
@click.version_option(__version__, "-V", "--version", prog_name="deckcli")
@click.option(
    "--db",
    "db_path",
    type=DatabaseParam(),
    envvar="DECKCLI_DB",
    help="Database file, or a PostgreSQL URL postgresql+psycopg://USER@HOST:5432/DBNAME (default: deckcli.db in"
    " the user data folder; env DECKCLI_DB; a file's folder must exist).",
)
@click.pass_context
def cli(ctx: click.Context, db_path: Path | str | None) -> None:
    source = ctx.get_parameter_source("db_path")
    origins: dict[click.core.ParameterSource | None, str] = {
        click.core.ParameterSource.COMMANDLINE: "--db",
        click.core.ParameterSource.ENVIRONMENT: "DECKCLI_DB",
    }
    app = AppContext(db_path, origins.get(source))
    ctx.obj = app
    ctx.call_on_close(app.close)


def _help() -> str:
    """The group's help, naming the games the data folder holds."""
    names = [f"{title} ({code})" for code, title in registry.titles().items()]
    listed = (
        _("{games} and {last}").format(games=", ".join(names[:-1]), last=names[-1])
        if len(names) > 1
        else "".join(names)
    )
    return "\n\n".join(
        (
            _("Deck builder, tournament deck checker and collection manager for {games}.").format(games=listed),
            _("The card database is created and filled with the bundled card sets on first use."),
        )
    )


cli.help = _help()


def main() -> None:
    """Console entry point (``deckcli``, ``python -m deckcli``): the one place deckcli sets the garbage collector. The
    objects alive now live to the end of the process (modules, the games' data), so they are frozen out of its scans,
    and young objects are collected every 20,000 allocations rather than 700 (a command builds many that live to its
    end). The process ends with the command, so nothing is given back; a program using deckcli as a library (or
    ``cli`` directly) keeps its own settings."""
    import gc

    gc.freeze()
    gc.set_threshold(20_000, *gc.get_threshold()[1:])
    cli(prog_name="deckcli")
