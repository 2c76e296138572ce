"""A format the user names (``--format/-f NAME|PATH``, declared once by options.format_option, and ``formats show
NAME|PATH``) follows the file-argument convention of tests/cli/test_file_arguments.py: one naming no bundled format
and no file, a folder, or an empty name is a usage error (exit 2, the command's usage line), refused before the
command runs, so nothing is read or stored. It was exit 1 without the usage line everywhere but ``validate``, and an
empty name was an internal error in ``validate`` and ``formats show`` (issue 34). What is inside a format file, an
``extends`` naming nothing and a decklist's ``Format:`` line naming nothing stay the command's business (exit 1)."""

from __future__ import annotations

import json

import click
import pytest
from click.testing import CliRunner

from deckcli.cli.options import FormatRef
from paths import EXAMPLES

KNOWN = ("known formats: aqa-extreme, aqa-standard, aqa-yome, boa-advanced, boa-standard, sfb-4p, sfb-pool,"
         " sfb-standard (or give a path to a format file)")


def _format_params() -> list[tuple[tuple[str, ...], click.Command, click.Parameter]]:
    """Every parameter that names a format: each command's ``--format`` and ``formats show``'s NAME|PATH."""
    from deckcli.cli.main import cli

    found = []
    with click.Context(cli) as ctx:
        todo: list[tuple[tuple[str, ...], click.Command]] = [((), cli)]
        while todo:
            path, command = todo.pop()
            named = [p for p in command.params if "--format" in p.opts or isinstance(p.type, FormatRef)]
            found += [(path, command, p) for p in named]
            if isinstance(command, click.Group):
                todo += [((*path, name), command.get_command(ctx, name)) for name in command.list_commands(ctx)]
    return sorted(found, key=lambda found: found[0])


FORMAT_PARAMS = _format_params()


def test_the_walk_finds_every_format_option_and_each_is_a_format_reference():
    found = {" ".join(path) for path, _, _ in FORMAT_PARAMS}
    assert {"validate", "odds", "simulate", "hand", "curve", "build", "deck import", "deck new", "deck show",
            "deck proxies", "collection add-deck", "collection missing", "event new", "event set",
            "formats show"} <= found, sorted(found)
    assert all(isinstance(p.type, FormatRef) for _, _, p in FORMAT_PARAMS)


def _line(command: click.Command, param: click.Parameter, value: str) -> list[str]:
    """The command line giving ``param`` the ``value``, first (Click processes parameters in the order typed, so its
    refusal comes before any other), then a word for each required argument."""
    given = [param.opts[0], value] if isinstance(param, click.Option) else [value]
    rest = ["x" for p in command.params if isinstance(p, click.Argument) and p.required and p is not param]
    return [*given, *rest]


@pytest.mark.parametrize("path, command, param", FORMAT_PARAMS, ids=[" ".join(p) for p, _, _ in FORMAT_PARAMS])
def test_a_format_naming_nothing_is_a_usage_error_with_the_usage_line(tmp_path, path, command, param):
    from deckcli.cli.main import cli

    folder = tmp_path / "formats"
    folder.mkdir()
    hint = "'--format' / '-f'" if isinstance(param, click.Option) else "'NAME|PATH'"
    cases = {
        str(tmp_path / "nosuch.json"): f"{tmp_path / 'nosuch.json'}: format file not found",
        "nosuch": f"unknown format 'nosuch'; {KNOWN}",
        "boa-advnced": "unknown format 'boa-advnced'; did you mean 'boa-advanced', 'boa-standard'? (or give a path",
        str(folder): f"File '{folder}' is a directory.",
        "": "an empty name: give a file or a name",
    }
    data = tmp_path / "data"
    for value, message in cases.items():
        result = CliRunner().invoke(cli, [*path, *_line(command, param, value)], env={"DECKCLI_DATA_DIR": str(data)})
        shown = " ".join(path)
        assert result.exit_code == 2, (shown, value, result.output)
        assert result.stderr.startswith("Usage: ") and f" {shown} [OPTIONS]" in result.stderr, (shown, result.stderr)
        assert f"Error: Invalid value for {hint}: {message}" in result.stderr, (shown, value, result.stderr)
    assert not data.exists()  # refused before the command ran: no database made or opened


@pytest.fixture
def extends_nothing(tmp_path):
    path = tmp_path / "event.json"
    path.write_text(json.dumps({"name": "event", "game": "boa", "extends": "spring-league"}), encoding="utf-8")
    return path


@pytest.fixture
def invalid(tmp_path):
    path = tmp_path / "invalid.json"
    path.write_text(json.dumps({"name": "invalid", "game": "boa", "copy_limit": "four"}), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [("curve",), ("hand",), ("deck", "import"), ("formats", "show")])
def test_a_format_file_that_extends_nothing_or_is_invalid_is_the_commands_error(run, extends_nothing, invalid,
                                                                                 command):
    deck = [] if command[0] == "formats" else [EXAMPLES / "ember-rush.txt"]
    option = [] if command[0] == "formats" else ["--format"]
    result = run(*command, *deck, *option, extends_nothing)
    assert result.exit_code == 1 and not result.stderr.startswith("Usage:"), result.stderr
    assert result.stderr == f"Error: unknown format 'spring-league'; {KNOWN}\n"
    result = run(*command, *deck, *option, invalid)
    assert result.exit_code == 1 and result.stderr.startswith("Error: invalid format file:\n"), result.stderr
    assert f"{invalid}: $.copy_limit" in result.stderr


def test_a_decklists_format_line_naming_nothing_stays_a_parse_problem(run, tmp_path):
    deck = tmp_path / "deck.txt"
    text = (EXAMPLES / "ember-rush.txt").read_text(encoding="utf-8")
    deck.write_text(text.replace("Format: boa-standard", "Format: spring-league"), encoding="utf-8")
    result = run("validate", deck)
    assert result.exit_code == 1 and not result.stderr.startswith("Usage:")
    assert "Format: unknown format 'spring-league'; known formats: boa-advanced, boa-standard" in (
        result.stdout)
