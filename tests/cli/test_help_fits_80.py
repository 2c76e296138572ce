"""Every ``--help`` at 80 columns, in every language (issue 32): no command's one-line summary is cut with ``...``,
and no line is wider than the terminal, so none breaks mid-word; help paragraphs are written unwrapped and wrapped
by Click. One process per language walks every command (the language is chosen once per process)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

#: Run in a fresh process: every command's ``--help`` at 80 columns; prints the lines too wide and the cut summaries.
WALK = """
import json, click
from click.testing import CliRunner
from deckcli.cli.main import cli
from deckcli.cli.tables import display_width

def paths(command, path):
    found = [path]
    if isinstance(command, click.Group):
        ctx = click.Context(command)
        for name in command.list_commands(ctx):
            found += paths(command.get_command(ctx, name), [*path, name])
    return found

wide, cut, shown = [], [], []
for path in paths(cli, []):
    result = CliRunner().invoke(cli, [*path, "--help"], prog_name="deckcli")
    assert result.exit_code == 0, (path, result.output)
    shown.append(result.output)
    lines = result.output.splitlines()
    wide += [" ".join(path) + ": " + line for line in lines if display_width(line) > 80]
    listed = lines[lines.index("Commands:") + 1 :] if "Commands:" in lines else []  # (English: the test's words)
    cut += [" ".join(path) + ": " + line for line in listed if line.rstrip().endswith("...")]
print(json.dumps({"wide": wide, "cut": cut, "first": shown[0]}))
"""


@pytest.mark.parametrize("language", ["en", "ja", "ru"])
def test_every_help_fits_80_columns_and_no_summary_is_cut(language, tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    env |= {"COLUMNS": "80", "DECKCLI_LANG": language, "DECKCLI_DATA_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", WALK], env=env, capture_output=True, text=True, check=True)
    found = json.loads(done.stdout)
    assert found["wide"] == [] and found["cut"] == []
    assert ("Usage:" in found["first"]) == (language == "en")  # (the language in use is the one asked for)
    assert ("Commands:" in found["first"]) == (language == "en")
