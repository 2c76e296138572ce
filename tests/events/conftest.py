"""Fixtures of the event tests: the whole tournament day of tests/support/event_world.py."""

from __future__ import annotations

import pytest


@pytest.fixture
def tournament(run, tmp_path):
    """The boa and sfb events registered, checked and exchanged through the CLI (see event_world.build)."""
    import event_world

    return event_world.build(run, tmp_path / "tournament")
