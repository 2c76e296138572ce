"""The garbage-collector tuning of a hot path is undone when it ends, even when it fails, and nests."""

from __future__ import annotations

import gc

import paths  # tests/support/paths.py
import pytest

from deckcli.gcpause import THRESHOLD, fewer_collections


def test_thresholds_and_frozen_objects_are_given_back():
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    with fewer_collections():
        assert gc.get_threshold()[0] == THRESHOLD and gc.get_freeze_count() > 0
        with fewer_collections():
            assert gc.get_threshold()[0] == THRESHOLD
        assert gc.get_threshold()[0] == THRESHOLD  # the inner block leaves the outer one's settings
    assert gc.get_threshold() == before and gc.get_freeze_count() == frozen
    with pytest.raises(ValueError), fewer_collections():
        raise ValueError("a failing command")
    assert gc.get_threshold() == before and gc.get_freeze_count() == frozen


def test_a_command_run_through_the_library_leaves_the_collector_as_it_was(run):
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    result = run("validate", paths.EXAMPLES / "ember-rush.txt")
    assert result.exit_code == 0 and "legal" in result.output
    assert run("collection", "buildable", "--json").exit_code == 0
    assert gc.get_threshold() == before and gc.get_freeze_count() == frozen


def test_the_block_that_ends_the_process_may_leave_its_objects_frozen():
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    try:
        with fewer_collections(keep_frozen=True):
            pass
        assert gc.get_threshold() == before and gc.get_freeze_count() > 0 and gc.get_freeze_count() >= frozen
    finally:
        if not frozen:
            gc.unfreeze()


def test_objects_frozen_before_the_block_are_left_as_they_were():
    """unfreeze() gives back every frozen object, not only the block's: with some frozen already (by the program, or
    an earlier command that ended its process in-process), the block freezes nothing and unfreezes nothing."""
    was_frozen = gc.get_freeze_count()
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        kept = [object() for _ in range(1000)]  # young objects made after the program's freeze
        with fewer_collections():
            assert gc.get_threshold()[0] == THRESHOLD and gc.get_freeze_count() == frozen
        assert gc.get_freeze_count() == frozen and kept
    finally:
        if not was_frozen:
            gc.unfreeze()
