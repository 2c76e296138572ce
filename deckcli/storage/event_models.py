"""The tournament tables (schema 4): events, the locked registrations of their players, deck checks and side exchanges.

A registration is never updated in place: ``--replace`` marks the current row superseded and adds a new one, so
the history stays. At most one current registration per event and player key is enforced by a partial unique index,
so two judges registering the same player at once cannot both win.
"""

from __future__ import annotations

from datetime import date as Date
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, Column, DateTime, ForeignKey, Index, Integer, String, false, text
from sqlalchemy import Date as DateType
from sqlmodel import Field, SQLModel

_CURRENT = text("superseded_at IS NULL")


class EventRow(SQLModel, table=True):
    """One tournament: its game, its format (a bundled name or a format file's path), date and rounds."""

    __tablename__ = "event"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    #: The name's look-up key (:func:`deckcli.names.name_key`): events are found by it, and two clash on it.
    key: str = Field(sa_column=Column(String, nullable=False, unique=True))
    game: str = Field(index=True)
    format: str
    date: Date | None = Field(default=None, sa_column=Column(DateType, nullable=True))
    rounds: int | None = None
    created: datetime = Field(sa_column=Column(DateTime, nullable=False))
    #: Set by ``event start`` (or the first side exchange): registrations are locked from then on.
    started: datetime | None = Field(default=None, sa_column=Column(DateTime, nullable=True))


class RegistrationRow(SQLModel, table=True):
    """A player's registered decklist: the locked copy (every printing named), its verdict and its fingerprint."""

    __tablename__ = "registration"
    __table_args__ = (
        Index(
            "ux_registration_current",
            "event_id",
            "player_key",
            unique=True,
            sqlite_where=_CURRENT,
            postgresql_where=_CURRENT,
        ),
        Index("ix_registration_event_player", "event_id", "player_key"),
    )

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(sa_column=Column(Integer, ForeignKey("event.id", ondelete="CASCADE"), nullable=False))
    player: str
    player_key: str
    player_id: str = ""
    deck: str
    decklist: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    legal: bool
    problems: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    fingerprint: str
    registered_at: datetime = Field(sa_column=Column(DateTime, nullable=False))
    #: None for the player's current registration; the time it was replaced otherwise.
    superseded_at: datetime | None = Field(default=None, sa_column=Column(DateTime, nullable=True))
    #: Registered after the event started (``--late``); added by revision 0003, last.
    late: bool = Field(default=False, sa_column=Column(Boolean, nullable=False, server_default=false()))


class DeckCheckRow(SQLModel, table=True):
    """A judge's deck check: the presented deck compared with the registration, and when."""

    __tablename__ = "deck_check"

    id: int | None = Field(default=None, primary_key=True)
    registration_id: int = Field(
        sa_column=Column(Integer, ForeignKey("registration.id", ondelete="CASCADE"), nullable=False, index=True)
    )
    result: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    passed: bool
    checked_at: datetime = Field(sa_column=Column(DateTime, nullable=False))


class SideExchangeRow(SQLModel, table=True):
    """The deck a player plays in one round after a side-deck exchange; a later record of a round supersedes it."""

    __tablename__ = "side_exchange"
    __table_args__ = (
        Index(
            "ux_side_exchange_current",
            "registration_id",
            "round",
            unique=True,
            sqlite_where=_CURRENT,
            postgresql_where=_CURRENT,
        ),
        Index("ix_side_exchange_registration", "registration_id", "round"),
    )

    id: int | None = Field(default=None, primary_key=True)
    registration_id: int = Field(
        sa_column=Column(Integer, ForeignKey("registration.id", ondelete="CASCADE"), nullable=False)
    )
    round: int
    decklist: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    problems: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    legal: bool
    at: datetime = Field(sa_column=Column(DateTime, nullable=False))
    superseded_at: datetime | None = Field(default=None, sa_column=Column(DateTime, nullable=True))


#: The tables schema 4 adds, in the order they are created (``__table__``: made by SQLModel, which does not type it).
EVENT_TABLES = (EventRow.__table__, RegistrationRow.__table__, DeckCheckRow.__table__, SideExchangeRow.__table__)  # type: ignore[attr-defined]
