"""`deckcli --help` stays fast: no SQLAlchemy, pydantic, numpy or Jinja2 on the start-up path."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("sqlalchemy", "sqlmodel", "pydantic", "numpy", "jsonschema", "jinja2", "alembic", "psycopg")

SCRIPT = f"""
import sys, json
from click.testing import CliRunner
from deckcli.cli.main import cli
args = json.loads(sys.argv[1])
result = CliRunner().invoke(cli, args)
assert result.exit_code == 0, result.output
print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r})))
"""


def _heavy_modules_after(args: list[str]) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(args)], capture_output=True, text=True, check=True
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def test_help_imports_no_heavy_modules():
    assert _heavy_modules_after(["--help"]) == []


def _all_command_paths() -> list[list[str]]:
    import click

    from deckcli.cli.main import cli

    paths = []
    with click.Context(cli) as ctx:
        for name in cli.list_commands(ctx):
            command = cli.get_command(ctx, name)
            paths.append([name])
            if isinstance(command, click.Group):
                paths += [[name, sub] for sub in command.commands]
    return paths


#: Each command's help in a process of its own, forked from one that has done what ``deckcli`` does at start
#: (imported its entry point) and nothing more: each child starts as a fresh ``deckcli`` process would, without
#: a new interpreter and its imports per command. A child prints its args and the heavy modules it then holds.
FORKED = f"""
import json, os, sys
from click.testing import CliRunner
from deckcli.cli.main import cli
for args in json.loads(sys.argv[1]):
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        result = CliRunner().invoke(cli, args)
        heavy = sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r})
        print(json.dumps([args, result.exit_code, result.output if result.exit_code else "", heavy]), flush=True)
        os._exit(0)
    assert os.waitpid(pid, 0)[1] == 0, args
"""


def test_every_command_help_imports_no_heavy_modules():
    paths = _all_command_paths()
    assert ["validate"] in paths and ["collection", "import"] in paths and ["deck", "show"] in paths
    helps = [[*path, "--help"] for path in paths]
    out = subprocess.run([sys.executable, "-c", FORKED, json.dumps(helps)], capture_output=True, text=True,
                         check=True).stdout
    shown = [json.loads(line) for line in out.splitlines() if line.startswith("[")]
    assert [args for args, *_ in shown] == helps
    for args, exit_code, output, heavy in shown:
        assert exit_code == 0, (args, output)
        assert heavy == [], args


def test_a_command_loads_only_its_own_module():
    script = ("import sys\nfrom click.testing import CliRunner\nfrom deckcli.cli.main import cli\n"
              "assert CliRunner().invoke(cli, ['games']).exit_code == 0\n"
              "print(sorted(m for m in sys.modules if m.startswith('deckcli.cli.')))")
    loaded = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert "'deckcli.cli.cards'" in loaded
    for other in ("collection", "deck", "db", "odds", "hands", "validate"):
        assert f"'deckcli.cli.{other}'" not in loaded, other


def test_version_and_short_help(runner):
    from deckcli import __version__
    from deckcli.cli.main import cli

    assert __version__ in runner.invoke(cli, ["--version"]).output
    short = runner.invoke(cli, ["-h"])
    assert short.exit_code == 0 and "Usage:" in short.output  # click's help heading (click is pinned <9)


def test_python_dash_m_runs():
    result = subprocess.run([sys.executable, "-m", "deckcli", "--help"], capture_output=True, text=True, check=False)
    assert result.returncode == 0
    assert "cards" in result.stdout


def test_usage_error_exits_2(runner):
    from deckcli.cli.main import cli

    result = runner.invoke(cli, ["cards", "search", "--no-such-option"])
    assert result.exit_code == 2


def test_bundled_data_is_found():
    from deckcli.storage.location import bundled_set_files, schemas_dir

    assert (schemas_dir() / "cardset.schema.json").is_file()
    games = {p.parent.name for p in bundled_set_files()}
    assert games == {"boa", "aqa", "sfb"}
