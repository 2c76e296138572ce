"""Every table of deckcli's database, declared once (SQLModel): the cards, decks and collection, then the tournament
tables. Card fields live in a JSON column; everything looked up has its own column.

The Alembic revisions (``migrations/versions``) keep their own frozen copy of each table as it was at that revision:
that is the schema's history, not a second declaration. A registration is never updated in place: ``--replace``
marks the current row superseded and adds a new one, so the history stays; at most one current registration per
event and player key is enforced by a partial unique index, so two judges registering the same player at once
cannot both win.
"""

from __future__ import annotations

from datetime import UTC, datetime
from datetime import date as Date
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy import Date as DateType
from sqlmodel import Field, SQLModel

_CURRENT = text("superseded_at IS NULL")


def _now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


class Meta(SQLModel, table=True):
    """Key/value facts about the database itself (e.g. the hash of the bundled card data loaded)."""

    key: str = Field(primary_key=True)
    value: str


class CardSet(SQLModel, table=True):
    """One card set of one game."""

    __tablename__ = "card_set"
    __table_args__ = (UniqueConstraint("game", "code"),)

    id: int | None = Field(default=None, primary_key=True)
    game: str = Field(index=True)
    code: str
    name: str
    sample: bool = False
    source: str = ""


class Card(SQLModel, table=True):
    """One printing: a card number in a set. ``data`` holds every field of the card file."""

    __tablename__ = "card"
    __table_args__ = (UniqueConstraint("set_id", "number"), Index("ix_card_game_key", "game", "key"))

    id: int | None = Field(default=None, primary_key=True)
    set_id: int = Field(sa_column=Column(Integer, ForeignKey("card_set.id", ondelete="CASCADE"), nullable=False))
    game: str
    set_code: str
    number: str
    name: str
    key: str
    kind: str
    data: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))


class CardName(SQLModel, table=True):
    """Every normalised name a card answers to (its name, localised names, aliases)."""

    __tablename__ = "card_name"
    __table_args__ = (Index("ix_card_name_game_key", "game", "key"),)

    card_id: int = Field(sa_column=Column(Integer, ForeignKey("card.id", ondelete="CASCADE"), primary_key=True))
    key: str = Field(primary_key=True)
    game: str
    display: str


class Deck(SQLModel, table=True):
    """A stored deck."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    game: str = Field(index=True)
    format: str
    meta: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created: datetime = Field(default_factory=_now)
    updated: datetime = Field(default_factory=_now)
    #: The name's look-up key (:func:`deckcli.names.name_key`), indexed: decks are found by it (schema 3).
    key: str = Field(default="", sa_column=Column(String, nullable=False, server_default="", index=True))


class DeckCard(SQLModel, table=True):
    """A count of one printing in one zone of a stored deck."""

    __tablename__ = "deck_card"
    __table_args__ = (UniqueConstraint("deck_id", "zone", "card_id"),)

    id: int | None = Field(default=None, primary_key=True)
    deck_id: int = Field(
        sa_column=Column(Integer, ForeignKey("deck.id", ondelete="CASCADE"), nullable=False, index=True)
    )
    zone: str
    card_id: int = Field(sa_column=Column(Integer, ForeignKey("card.id", ondelete="RESTRICT"), nullable=False))
    count: int
    position: int = 0


class CollectionItem(SQLModel, table=True):
    """How many copies of one printing a player owns, split by finish, condition, language, tag and proxy."""

    __tablename__ = "collection_item"
    __table_args__ = (UniqueConstraint("card_id", "finish", "condition", "language", "tag", "proxy"),)

    id: int | None = Field(default=None, primary_key=True)
    card_id: int = Field(
        sa_column=Column(Integer, ForeignKey("card.id", ondelete="RESTRICT"), nullable=False, index=True)
    )
    count: int
    finish: str = "normal"
    condition: str = ""
    language: str = ""
    tag: str = ""
    proxy: bool = False  # a stand-in printed for play: kept, but never counted as owned (schema 2)
    #: How many of the copies are on the trade list, and the price paid per copy as the tool wrote it (``0.25``);
    #: added by revision 0004, last.
    tradelist: int = Field(default=0, sa_column=Column(Integer, nullable=False, server_default="0"))
    purchase_price: str = Field(default="", sa_column=Column(String, nullable=False, server_default=""))


# -- the tournament tables (revision 0002) ----------------------------------------------------------------------


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
    #: What round 1's random order and the standings' last tiebreak come from (``secrets``, set at creation or at the
    #: first pairing); added by revision 0005, last.
    seed: str | None = Field(default=None, sa_column=Column(String, nullable=True))


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


# -- the Swiss rounds (revision 0005) ----------------------------------------------------------------------------
# Rows are only ever added: a result entry, a correction and a drop are each a new row (the latest entry of a table
# counts), so two judges entering results of different tables at once never touch the same row; one round per event
# and label, one entry number per table and one drop per event and player are unique constraints, so two clients
# pairing the next round, entering one table or dropping one player at once cannot both write.


class RoundRow(SQLModel, table=True):
    """One paired round of an event: ``label`` ``"1"``, ``"2"``, … or ``"top8"``, ``"top4"``, ``"top2"``."""

    __tablename__ = "event_round"
    __table_args__ = (UniqueConstraint("event_id", "label"),)

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(sa_column=Column(Integer, ForeignKey("event.id", ondelete="CASCADE"), nullable=False))
    label: str
    paired_at: datetime = Field(sa_column=Column(DateTime, nullable=False))


class PairingRow(SQLModel, table=True):
    """One table of a round: its first player and the opponent (None for a bye), as registered."""

    __tablename__ = "pairing"
    __table_args__ = (UniqueConstraint("round_id", "table_no"),)

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(sa_column=Column(Integer, ForeignKey("event_round.id", ondelete="CASCADE"), nullable=False))
    table_no: int
    player: str
    opponent: str | None = Field(default=None, sa_column=Column(String, nullable=True))


class ResultEntryRow(SQLModel, table=True):
    """A result entered for a table, or a correction of it (the latest entry counts), and when.

    Each entry of a table has its number (``entry_no``: 1 the result, 2 on its corrections), unique per table: two
    judges entering the same table at once both write number 1 (or both the same correction's number), and the
    database lets one in, so the other is refused naming it, on SQLite and PostgreSQL alike (revision 0006)."""

    __tablename__ = "result_entry"
    __table_args__ = (Index("ux_result_entry_pairing_entry", "pairing_id", "entry_no", unique=True),)

    id: int | None = Field(default=None, primary_key=True)
    pairing_id: int = Field(
        sa_column=Column(Integer, ForeignKey("pairing.id", ondelete="CASCADE"), nullable=False, index=True)
    )
    wins: int
    losses: int
    draws: int
    entered_at: datetime = Field(sa_column=Column(DateTime, nullable=False))
    #: The entry's number among its table's entries; added by revision 0006, with ``source``, last.
    entry_no: int = Field(default=1, sa_column=Column(Integer, nullable=False, server_default="1"))
    #: Where it was entered from: a results file and its line (None: typed on the command line).
    source: str | None = Field(default=None, sa_column=Column(String, nullable=True))


class DropRow(SQLModel, table=True):
    """A player dropped from the event: not paired from round ``from_round`` on (the Swiss round's number)."""

    __tablename__ = "event_drop"
    __table_args__ = (UniqueConstraint("event_id", "player_key"),)

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(sa_column=Column(Integer, ForeignKey("event.id", ondelete="CASCADE"), nullable=False))
    player: str
    player_key: str
    from_round: int
    dropped_at: datetime = Field(sa_column=Column(DateTime, nullable=False))
