"""A misspelt command is answered with the closest ones, at the top as in every group: the top group loads a
command's module only when it is asked for, so Click alone would offer none of them there."""

from __future__ import annotations


def test_a_misspelt_command_is_answered_with_the_closest(run):
    result = run("valdiate", "examples/ember-rush.txt")
    assert result.exit_code == 2
    assert "Error: No such command 'valdiate'. Did you mean 'validate'?" in result.stderr
    assert "No such command 'colection'. Did you mean 'collection'?" in run("colection").stderr
    assert "'validate'" in run("vaildate").stderr.splitlines()[-1]


def test_a_misspelt_subcommand_still_is(run):
    assert "No such command 'shwo'. Did you mean 'show'?" in run("deck", "shwo", "x").stderr
