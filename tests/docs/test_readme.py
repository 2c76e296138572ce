"""The README is one screen that starts with the two commands (install and run; install the test dependencies and
pass the tests), and CI runs exactly its test command; its quick start runs in tests/docs/test_guide_examples.py."""

from __future__ import annotations

import re

import paths  # tests/support/paths.py

README = (paths.REPO / "README.md").read_text(encoding="utf-8")
INSTALL = 'pip install . && deckcli validate examples/*.txt'
TESTS = 'pip install ".[test]" && pytest'


def test_the_readme_is_one_screen_and_starts_with_the_two_commands():
    assert len(README.splitlines()) <= 120
    blocks = re.findall(r"^```sh\n(.*?)\n```$", README, re.M | re.S)
    assert blocks[:2] == [INSTALL, TESTS]


def test_ci_runs_exactly_the_readmes_test_command():
    ci = (paths.REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"# The README's test command:\n\s*" + re.escape(TESTS) + r"\n", ci)


def test_the_readme_links_into_the_docs_and_each_link_exists():
    links = re.findall(r"\]\(((?:docs/)[^)#]+)", README)
    assert len(links) >= 6
    for link in links:
        assert (paths.REPO / link).is_file(), link
