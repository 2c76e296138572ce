"""Print a pip constraints file pinning every direct dependency of deckcli (its runtime dependencies and the extras
named on the command line) to the lowest version pyproject.toml allows: ``name>=X`` becomes ``name==X``. .ci/run
installs with it (``pip install ".[test]" -c FILE``) to test the floors that pyproject.toml promises, as uv's
``--resolution lowest-direct`` would; dependencies of the dependencies are left to pip."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

#: A requirement's name (extras dropped: a constraint names a project) and its lower bound.
FLOOR = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*[^;]*?>=\s*([0-9][^,;\s]*)")


def floors(pyproject: Path, extras: list[str]) -> list[str]:
    """``name==floor`` for each requirement with a ``>=`` bound, runtime first, then each extra's, once each."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    requirements = list(project["dependencies"])
    for extra in extras:
        requirements += project["optional-dependencies"][extra]
    pins: dict[str, str] = {}
    for requirement in requirements:
        found = FLOOR.match(requirement)
        if found:
            pins.setdefault(found.group(1).lower(), found.group(2))
    return [f"{name}=={version}" for name, version in pins.items()]


if __name__ == "__main__":
    print("\n".join(floors(Path(__file__).resolve().parent.parent / "pyproject.toml", sys.argv[1:])))
