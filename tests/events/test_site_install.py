"""The page templates travel in the wheel: a non-editable build holds every ``*.html.j2`` of deckcli/events/pages."""

from __future__ import annotations

import subprocess
import sys
import zipfile

import paths  # tests/support/paths.py


def test_the_wheel_ships_the_templates(tmp_path):
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w",
                           str(tmp_path), str(paths.REPO)], capture_output=True, text=True, check=False)
    if done.returncode != 0 and "hatchling" in done.stderr:  # no build backend installed here: build isolated
        done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path),
                               str(paths.REPO)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    [wheel] = tmp_path.glob("deckcli-*.whl")
    shipped = set(zipfile.ZipFile(wheel).namelist())
    templates = {f"deckcli/events/pages/{p.name}" for p in (paths.REPO / "deckcli" / "events" / "pages").glob("*.j2")}
    assert len(templates) >= 5 and templates <= shipped, templates - shipped
    assert "deckcli/events/pages/__init__.py" in shipped
