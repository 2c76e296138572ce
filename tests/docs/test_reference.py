"""The generated reference says what the code says: every command and option of the Click tree is on the command
reference page and in the man page, every rule id a check raises is on the rule id page, every layout and format of
the registries on theirs; and the man page is roff that ``man`` reads."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys

import click
import pytest

import paths  # tests/support/paths.py
from deckcli.cli.main import cli


def _hook():
    """docs/hooks/reference.py, the MkDocs hook, imported as a module."""
    spec = importlib.util.spec_from_file_location("docs_reference", paths.REPO / "docs" / "hooks" / "reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _click_tree() -> list[tuple[str, list[str]]]:
    """``(command path, every option name)`` of each command, walked with Click's own API only."""
    found = []

    def walk(command: click.Command, ctx: click.Context) -> None:
        options = [p for p in command.get_params(ctx) if isinstance(p, click.Option) and not p.hidden]
        names = [n for p in options for n in p.opts + p.secondary_opts]
        found.append((ctx.command_path, names))
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                walk(sub, click.Context(sub, info_name=name, parent=ctx))

    walk(cli, click.Context(cli, info_name="deckcli"))
    return found


def _section(page: str, path: str) -> str:
    """The part of the generated page about one command: from its heading to the next heading."""
    heading = next(line for line in page.splitlines() if line.startswith("#") and line.lstrip("#").strip() == path)
    rest = page.split(heading + "\n", 1)[1]
    return rest.split("\n#", 1)[0]


def test_every_command_and_option_of_the_click_tree_is_in_the_reference_and_the_man_page():
    hook = _hook()
    page = hook.generated((paths.REPO / "docs" / "reference" / "commands.md").read_text(encoding="utf-8"))
    from deckcli.cli.manpage import man_page, reference

    roff = man_page(reference(), "0", __import__("datetime").date(2026, 1, 1)).replace("\\-", "-")
    tree = _click_tree()
    assert len(tree) > 60 and any(path == "deckcli event result" for path, _ in tree)
    for path, options in tree:
        section = _section(page, path)
        assert f"```text\n{path} " in section, f"{path}: no usage line"
        for option in options:
            assert option in section.replace("\\_", "_"), f"{path}: {option} missing"
        assert f'.SS "{path}"' in roff or path == "deckcli", path
        man = roff.split(f'.SS "{path}"', 1)[-1].split(".SS ", 1)[0]
        assert all(option in man for option in options), f"{path}: an option missing from the man page"


def test_the_reference_shows_an_options_help_as_help_does():
    page = _hook().commands()
    section = _section(page, "deckcli deck proxies")
    assert "--bleed" in section and "--missing" in section and "--paper" in section
    assert "deckcli deck proxies [OPTIONS] [DECK]" in section


def test_every_rule_id_of_the_code_and_the_formats_is_on_the_rule_page():
    rules = _hook().rules()
    for rule in ("main-size", "limitbreak-size", "side-size", "deck-size", "copy-limit", "zone-kind", "banned",
                 "restricted", "champion-count", "champion-set", "name-limit", "set-not-legal", "unknown-card", "parse",
                 "wrong-game", "side-exchange", "not-in-pool", "banned-champion", "shared-champion", "not-owned"):
        assert f"| `{rule}` |" in rules, rule
    assert "{copies} copies of {card!r} ({where}); at most {limit} of a name" in rules


def test_the_rule_page_names_every_rule_id_a_check_reports_each_with_its_messages():
    """Every rule id the legality cases expect (what the checks report on real decks, tests/data/decks/) and every
    zone size rule of a bundled format has a row, and every row says the messages of its problems."""
    import json

    from deckcli.legality.formats import list_formats

    reported = set()
    for expected in (paths.DATA / "decks").glob("*/illegal/*.expected.json"):
        case = json.loads(expected.read_text(encoding="utf-8"))
        reported |= set(case["rules"]) | {p["rule"] for p in case.get("problems", [])}
    sizes = {zone.size_rule for fmt in list_formats() for zone in fmt.zones.values()}
    rows = [line for line in _hook().rules().splitlines() if line.startswith("| `")]
    on_page = {row.split("`")[1]: row.rsplit("|", 2)[1].strip() for row in rows}
    assert reported | sizes <= set(on_page), sorted(reported | sizes - set(on_page))
    assert [rule for rule, messages in on_page.items() if not messages.startswith("<code>")] == []
    assert "<code>{card!r} ({set}) {number} is from set {set}; {format} allows only {legal}</code>" in on_page["set-not-legal"]
    assert "<code>unknown card {name!r} in {game}</code>" in on_page["unknown-card"]
    assert "<code>{name!r} is a card of {others}, not of {game}</code>" in on_page["wrong-game"]
    assert on_page["main-size"] == "<code>{zone} has {cards}; {format} needs {bound}</code>"


def test_every_layout_and_bundled_format_is_on_its_page():
    from deckcli.collection.layouts import LAYOUTS as COLLECTION
    from deckcli.decklists.layouts import LAYOUTS as DECKLISTS

    hook = _hook()
    decklists, collections, formats = hook.decklist_layouts(), hook.collection_layouts(), hook.formats()
    assert all(f"| `{name}` |" in decklists for name in DECKLISTS)
    assert all(f"| `{layout.name}` |" in collections for layout in COLLECTION)
    for path in sorted((paths.REPO / "carddb").glob("*/formats/*.json")):
        assert f"## {path.stem}\n" in formats, path
    assert "From 2026-06-01" in formats  # boa-advanced's dated version


def test_an_unknown_marker_fails_the_build():
    with pytest.raises(KeyError):
        _hook().generated("<!-- reference: nothing -->")


@pytest.mark.skipif(shutil.which("man") is None, reason="man is not installed")
def test_the_man_page_is_built_by_its_documented_command_and_man_reads_it(tmp_path):
    page = subprocess.run([sys.executable, "-m", "deckcli.cli.manpage"], capture_output=True, text=True, check=True)
    assert page.stdout.startswith(".TH DECKCLI 1 ")
    (tmp_path / "deckcli.1").write_text(page.stdout, encoding="utf-8")
    shown = subprocess.run(
        ["man", "-l", str(tmp_path / "deckcli.1")], capture_output=True, text=True, env={"MANWIDTH": "100", "PATH": "/usr/bin:/bin"}, check=False
    )
    assert shown.returncode == 0, shown.stderr
    assert "deckcli event result" in shown.stdout and "EXIT STATUS" in shown.stdout and "DECKCLI_DATA_DIR" in shown.stdout
