"""One deckcli command run in a child process, reporting what it printed, its exit status and which of the named
heavy packages it imported (``sys.modules`` of that fresh process): how the read and write path tests see that a
command on a ready database file stays off SQLAlchemy, SQLModel and pydantic."""

from __future__ import annotations

import json
import subprocess
import sys

#: The ORM and what it brings in, which a command on a ready SQLite file must not import.
ORM = ("sqlalchemy", "sqlmodel", "pydantic")

_SCRIPT = """
import sys, json
from click.testing import CliRunner
from deckcli.cli.main import cli

result = CliRunner().invoke(cli, json.loads(sys.argv[1]))
heavy = json.loads(sys.argv[2])
print(json.dumps({"exit": result.exit_code, "out": result.output,
                  "heavy": sorted({m.split('.')[0] for m in sys.modules if m.split('.')[0] in heavy})}))
"""


def invoke_counting(args: list[str], env: dict[str, str], heavy: tuple[str, ...]) -> dict:
    """``{"exit", "out", "heavy"}`` of ``deckcli ARGS`` run in a fresh process with ``env``; ``heavy``: the top-level
    packages among ``heavy`` it imported."""
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT, json.dumps(args), json.dumps(list(heavy))],
        capture_output=True, text=True, env=env, check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])
