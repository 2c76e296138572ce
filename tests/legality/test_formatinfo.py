"""``format_rows`` and ``format_details`` hand the CLI types it reads by field (issue 34 item 2), each ``as_dict()``
exactly what ``--json`` printed before (the golden files of tests/data/formats/golden/)."""

from __future__ import annotations

import json
from datetime import date

import paths  # tests/support/paths.py
from deckcli.legality.format import Champions, CopyLimit
from deckcli.legality.formatinfo import (
    CardLimits,
    CardLimitVersion,
    FormatDetails,
    FormatRow,
    OpeningSetting,
    RestrictedCard,
    format_details,
    format_rows,
)
from deckcli.storage.location import carddb_dir

GOLDEN = paths.DATA / "formats" / "golden"


def _golden_json(case: str) -> object:
    """The golden ``--json`` with its bundled files where this deckcli has them (the repository's ``carddb/`` in a
    checkout, the package's own in a non-editable install) and the test data in the repository."""
    text = (GOLDEN / f"{case}.en.txt").read_text(encoding="utf-8")
    text = text.replace("<repo>/carddb", carddb_dir().as_posix())
    return json.loads(text.replace("<repo>", str(paths.REPO)))


def test_the_listing_is_rows_of_fields():
    rows = format_rows("boa")
    assert rows[1] == FormatRow(
        "boa-standard", "boa", "Battle of Aeons — Standard", "main 50-60, limitbreak 0-20, side 0-20", 4, True
    )
    assert [r.as_dict() for r in format_rows()] == _golden_json("list-json")


def test_a_formats_details_are_typed_and_its_dict_is_the_json_it_printed():
    details = format_details("boa-advanced", date(2026, 7, 1))
    assert isinstance(details, FormatDetails)
    assert details.format.copy_limit == CopyLimit(4, ("main", "limitbreak", "side"))
    assert details.format.side_exchange == ("main", "limitbreak", "side")
    assert details.opening[:2] == (OpeningSetting("hand_size", 6), OpeningSetting("mulligan", "full-redraw"))
    assert (details.version, details.limits.banned) == ("2026-06-01", ("Aeon Sphinx", "Infernal Dragon Lord"))
    assert details.versions[0].in_force and isinstance(details.versions[0], CardLimitVersion)
    assert RestrictedCard("Worldbreaker", 1) in details.limits.restricted
    assert (details.zones[0].zone, details.zones[0].label, details.zones[0].size) == ("main", "Main Deck", "50-60")
    assert details.as_dict() == _golden_json("boa-advanced-after-json")


def test_sfb_and_a_user_formats_rules_in_their_fields():
    sfb = format_details("sfb-standard", date(2026, 5, 1))
    assert (sfb.format.champions, sfb.format.draft_pool_format, sfb.format.checks) == (Champions(3, 6), "sfb-pool", ("champion-set",))
    assert sfb.as_dict() == _golden_json("sfb-standard-json")
    league = format_details(str(paths.DATA / "formats" / "golden-league.json"), date(2026, 5, 1))
    assert league.opening == (OpeningSetting("mulligan", "none"), OpeningSetting("hand_size", 5))  # as written
    assert league.format.legal_sets == ("S01", "S02") and league.format.copy_limit == CopyLimit(3, None)
    assert league.limits == CardLimits((), (RestrictedCard("Fireball", 1),))
    assert league.zones[1].labels == {"ja": "リザーブ", "ru": "Резерв"} and league.zones[0].labels is None
    assert league.as_dict() == _golden_json("league-json")
