"""One rule for every command that reads a named file (Click's convention): a path that does not exist, or a folder
where a file is wanted, is a usage error (exit 2, with the command's usage line); what is inside a file is exit 1.
``cards import nosuch.json`` was exit 1 while ``deck import`` was 2, and a folder was a parse problem (exit 1) in
``validate`` but a usage error elsewhere. The walk finds every parameter typed as a file it reads (like
tests/cli/test_integer_options.py walks the integer options)."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from deckcli.cli.options import InputFile, NameOrFile


def _params(command: click.Command, path: tuple[str, ...], ctx: click.Context):
    """Every parameter of ``command`` and of each command under it, with the command's path."""
    for param in command.params:
        yield path, command, param
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            yield from _params(command.get_command(ctx, name), (*path, name), ctx)


def _file_params():
    from deckcli.cli.main import cli

    with click.Context(cli) as ctx:
        return [
            (path, command, p)
            for path, command, p in _params(cli, (), ctx)
            if isinstance(p.type, (InputFile, NameOrFile))
        ]


def _arguments(command: click.Command, param: click.Parameter, value: str) -> list[str]:
    """The command line that gives ``param`` the ``value`` (the arguments before it filled with a word)."""
    if isinstance(param, click.Option):
        return [param.opts[0], *([value] * param.nargs)]
    words: list[str] = []
    for other in command.params:
        if other is param:
            return [*words, value]
        if isinstance(other, click.Argument) and other.required:
            words.append("1" if isinstance(other.type, click.IntRange) else "x")  # (event side's ROUND)
    raise AssertionError(param)


def test_the_walk_reaches_the_commands_that_read_files():
    found = {" ".join((*path, p.name or "")) for path, _command, p in _file_params()}
    for wanted in ("cards import files", "collection import file", "deck import files", "validate files",
                   "validate pool", "deck diff a", "formats show ref", "build deck", "collection missing deck_file"):
        assert wanted in found, sorted(found)


@pytest.mark.parametrize("where", ["folder", "missing"])
def test_a_folder_or_a_missing_file_is_a_usage_error_with_the_usage_line(tmp_path, where):
    from deckcli.cli.main import cli

    folder = tmp_path / "decks"
    folder.mkdir()
    for path, command, param in _file_params():
        if where == "missing" and not isinstance(param.type, InputFile):
            continue  # (a name or a file: one naming nothing is looked up when the command runs; below)
        if where == "folder" and isinstance(param.type, InputFile) and param.type.dir_okay:
            continue  # (a folder is what it reads: event import FOLDER|FILE.csv)
        value = str(folder if where == "folder" else tmp_path / "nosuch.json")
        result = CliRunner().invoke(cli, [*path, *_arguments(command, param, value)], env={"DECKCLI_DATA_DIR": str(
            tmp_path / "data")})
        shown = " ".join(path)
        assert result.exit_code == 2, (shown, param.name, result.output)
        assert result.stderr.startswith("Usage: ") and f" {shown} [OPTIONS]" in result.stderr, (shown, result.stderr)
        said = "is a directory" if where == "folder" else "does not exist"
        assert f"'{value}' {said}." in result.stderr, (shown, result.stderr)


@pytest.mark.parametrize("command", [("validate",), ("deck", "import"), ("collection", "missing"), ("deck", "diff")])
def test_a_deck_file_naming_nothing_is_a_usage_error_with_the_usage_line(run, command):
    result = run(*command, "nosuch.txt", *(["examples/ember-rush.txt"] if command[-1] == "diff" else []))
    assert result.exit_code == 2
    assert result.stderr.startswith("Usage: ") and f" {' '.join(command[:2])} [OPTIONS]" in result.stderr
    assert "'nosuch.txt' does not exist: no decklist file, deck code or stored deck is called so" in result.stderr


def test_cards_import_of_a_missing_file_changes_nothing(run, tmp_path):
    result = run("cards", "import", tmp_path / "nosuch.json")
    assert result.exit_code == 2
    assert f"Invalid value for 'FILES...': File '{tmp_path / 'nosuch.json'}' does not exist." in result.stderr
