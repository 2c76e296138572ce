"""The ``not-owned`` rule for ``validate --collection``: cards the deck needs more of than the collection holds."""

from __future__ import annotations

from typing import Any

from deckcli.collection.needs import deck_needs, fill_owned
from deckcli.i18n import Message
from deckcli.legality.resolved import Problem, ResolvedDeck


def not_owned_problems(source: Any, deck: ResolvedDeck) -> list[Problem]:
    """One ``not-owned`` problem per card short, counted by name across all zones (any printing owned counts);
    ``source``: a Readable, Rows or an open SQLAlchemy Session.

    Lines that did not resolve to a card are skipped here (they are reported as their own problems).
    """
    return [
        Problem(
            "not-owned",
            Message(
                "{name}: the deck needs {need}, the collection has {have} ({missing} missing)",
                name=need.name,
                need=need.need,
                have=need.have,
                missing=need.missing,
            ),
            cards=[need.name],
            extra={"need": need.need, "have": need.have, "missing": need.missing},
        )
        for need in fill_owned(source, deck_needs(deck))
    ]
