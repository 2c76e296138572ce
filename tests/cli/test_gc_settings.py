"""Library code leaves the garbage collector as the program set it: only the console entry (``deckcli``) tunes it,
for its own process."""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest

import paths  # tests/support/paths.py


@pytest.fixture
def gc_calls(monkeypatch):
    """Every call that would change the collector's settings, recorded instead of made."""
    calls: list[str] = []
    for name in ("freeze", "unfreeze", "set_threshold", "disable", "enable"):
        monkeypatch.setattr(gc, name, lambda *args, _name=name: calls.append(_name))
    return calls


def test_validate_and_buildable_through_the_library_never_touch_the_collector(run, gc_calls):
    before = gc.get_threshold()
    result = run("validate", paths.EXAMPLES / "ember-rush.txt")
    assert result.exit_code == 0 and "legal" in result.output
    assert run("collection", "buildable", "--json").exit_code == 0
    assert gc_calls == [] and gc.get_threshold() == before


def test_the_console_entry_tunes_its_own_process(tmp_path):
    code = (
        "import gc, sys\n"
        "from deckcli.cli import main\n"
        "sys.argv = ['deckcli', '--version']\n"
        "try:\n    main.main()\nexcept SystemExit:\n    pass\n"
        "print(gc.get_threshold()[0], gc.get_freeze_count() > 0)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                          env={"PYTHONPATH": str(paths.REPO), "DECKCLI_DATA_DIR": str(tmp_path), "PATH": ""}, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "20000 True"
