"""The database tables (SQLModel). Card fields live in a JSON column; everything looked up has its own column."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlmodel import Field, SQLModel


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


from deckcli.storage.event_models import DeckCheckRow, EventRow, RegistrationRow, SideExchangeRow  # noqa: E402,F401  (schema 4)
