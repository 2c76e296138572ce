"""The tournament tables: event, registration (one current per event and player: a partial unique index; history
kept), deck_check, side_exchange. No existing row is touched (was the schema 3 -> 4 step; user_version 4).

Written out here, not taken from the models (:mod:`deckcli.storage.tables`), so later model changes do not
alter this revision.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_CURRENT = sa.text("superseded_at IS NULL")


def upgrade() -> None:
    op.create_table(
        "event",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("key", sa.String(), nullable=False),
        sa.Column("game", sa.String(), nullable=False),
        sa.Column("format", sa.String(), nullable=False),
        sa.Column("date", sa.Date(), nullable=True),
        sa.Column("rounds", sa.Integer(), nullable=True),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("started", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name"),
        sa.UniqueConstraint("key"),
    )
    op.create_index("ix_event_game", "event", ["game"])
    op.create_table(
        "registration",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("player", sa.String(), nullable=False),
        sa.Column("player_key", sa.String(), nullable=False),
        sa.Column("player_id", sa.String(), nullable=False),
        sa.Column("deck", sa.String(), nullable=False),
        sa.Column("decklist", sa.JSON(), nullable=False),
        sa.Column("legal", sa.Boolean(), nullable=False),
        sa.Column("problems", sa.JSON(), nullable=False),
        sa.Column("fingerprint", sa.String(), nullable=False),
        sa.Column("registered_at", sa.DateTime(), nullable=False),
        sa.Column("superseded_at", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.ForeignKeyConstraint(["event_id"], ["event.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_registration_event_player", "registration", ["event_id", "player_key"])
    op.create_index(
        "ux_registration_current",
        "registration",
        ["event_id", "player_key"],
        unique=True,
        sqlite_where=_CURRENT,
        postgresql_where=_CURRENT,
    )
    op.create_table(
        "deck_check",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("registration_id", sa.Integer(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=False),
        sa.Column("passed", sa.Boolean(), nullable=False),
        sa.Column("checked_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.ForeignKeyConstraint(["registration_id"], ["registration.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_deck_check_registration_id", "deck_check", ["registration_id"])
    op.create_table(
        "side_exchange",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("registration_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("decklist", sa.JSON(), nullable=False),
        sa.Column("problems", sa.JSON(), nullable=False),
        sa.Column("legal", sa.Boolean(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("superseded_at", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.ForeignKeyConstraint(["registration_id"], ["registration.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_side_exchange_registration", "side_exchange", ["registration_id", "round"])
    op.create_index(
        "ux_side_exchange_current",
        "side_exchange",
        ["registration_id", "round"],
        unique=True,
        sqlite_where=_CURRENT,
        postgresql_where=_CURRENT,
    )


def downgrade() -> None:
    for table in ("side_exchange", "deck_check", "registration", "event"):
        op.drop_table(table)
