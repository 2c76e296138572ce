"""Every integer option and argument of every command takes only what the database holds (a bounded range within a
32-bit INTEGER, PostgreSQL's), says the range in its help, and refuses a larger number as a usage error, never an
internal error (``event new --rounds 9223372036854775808`` was an OverflowError)."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

#: PostgreSQL's INTEGER (SQLite's holds more).
LEAST, MOST = -(2**31), 2**31 - 1


def _params(command: click.Command, path: tuple[str, ...], ctx: click.Context):
    """Every parameter of ``command`` and of each command under it, with the command's path."""
    for param in command.params:
        yield path, param
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            yield from _params(command.get_command(ctx, name), (*path, name), ctx)


def _integer_params() -> list[tuple[tuple[str, ...], click.Parameter]]:
    from deckcli.cli.main import cli

    with click.Context(cli) as ctx:
        return [(path, p) for path, p in _params(cli, (), ctx) if isinstance(p.type, click.types.IntParamType)]


def test_every_integer_option_has_a_range_the_database_holds():
    found = _integer_params()
    assert len(found) >= 15  # (the walk reached every command: deck, collection, event, odds, ...)
    unbounded = [
        f"{' '.join(path)} {param.name}"
        for path, param in found
        if not isinstance(param.type, click.IntRange)
        or param.type.min is None
        or param.type.max is None
        or not LEAST <= param.type.min <= param.type.max <= MOST
    ]
    assert unbounded == []


def test_every_integer_option_says_its_range_in_the_help():
    from deckcli.cli.main import cli

    for path, param in _integer_params():
        if isinstance(param, click.Option):
            shown = CliRunner().invoke(cli, [*path, "--help"], terminal_width=200)
            assert f"{param.type.min}<=x<={param.type.max}" in shown.output, (path, param.name)


@pytest.mark.parametrize("rounds", ["9223372036854775808", "100000000000000000000", "2147483648"])
def test_a_number_past_the_range_is_a_usage_error_naming_it(run, db, rounds):
    created = run("event", "new", "Cup", "--game", "boa", "--rounds", rounds)
    assert created.exit_code == 2
    assert f"Invalid value for '--rounds': {rounds} is not in the range 1<=x<=2147483647." in created.stderr
    assert run("event", "new", "Cup", "--game", "boa", "--rounds", "2147483647").exit_code == 0
