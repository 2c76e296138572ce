"""Text bars (``deck show``'s curve, ``curve``, ``simulate``'s histograms, ``collection stats``): one block per card
up to the width, scaled down beyond it, and a positive value never invisible."""

from __future__ import annotations

from deckcli.cli.bars import bar, bar_chart


def test_bar_chart_one_block_per_card():
    assert bar_chart([("0", 0), ("1", 2), ("10", 5)]) == [" 0 | 0", " 1 | ██ 2", "10 | █████ 5"]


def test_bar_chart_scales_wide_buckets_and_keeps_small_ones_visible():
    lines = bar_chart([("a", 200), ("b", 1)], width=20)
    assert lines == ["a | " + "█" * 20 + " 200", "b | █ 1"]
    assert bar_chart([]) == []


def test_one_bar_drawing_serves_every_chart():
    assert bar(5, 10, 10) == "█████"
    assert bar(1, 1000, 10) == "█"  # a positive value is never invisible
    assert bar(0, 10, 10) == ""
    assert bar(50, 100, 4, track=True) == "██░░"
