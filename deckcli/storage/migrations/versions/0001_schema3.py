"""The schema of deckcli before Alembic (PRAGMA user_version 3): cards, decks, the collection.

Written out here, not taken from the models, so later model changes do not alter this revision. An SQLite file
of that release is stamped at this revision (its tables are these) and upgraded from here.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "meta",
        sa.Column("key", sa.String(), nullable=False),
        sa.Column("value", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )
    op.create_table(
        "card_set",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(), nullable=False),
        sa.Column("code", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("sample", sa.Boolean(), nullable=False),
        sa.Column("source", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game", "code"),
    )
    op.create_index("ix_card_set_game", "card_set", ["game"])
    op.create_table(
        "deck",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("game", sa.String(), nullable=False),
        sa.Column("format", sa.String(), nullable=False),
        sa.Column("meta", sa.JSON(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.Column("key", sa.String(), server_default="", nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name"),
    )
    op.create_index("ix_deck_game", "deck", ["game"])
    op.create_index("ix_deck_key", "deck", ["key"])
    op.create_table(
        "card",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("set_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(), nullable=False),
        sa.Column("set_code", sa.String(), nullable=False),
        sa.Column("number", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("key", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("set_id", "number"),
        sa.ForeignKeyConstraint(["set_id"], ["card_set.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_card_game_key", "card", ["game", "key"])
    op.create_table(
        "card_name",
        sa.Column("card_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(), nullable=False),
        sa.Column("game", sa.String(), nullable=False),
        sa.Column("display", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("card_id", "key"),
        sa.ForeignKeyConstraint(["card_id"], ["card.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_card_name_game_key", "card_name", ["game", "key"])
    op.create_table(
        "deck_card",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("deck_id", sa.Integer(), nullable=False),
        sa.Column("zone", sa.String(), nullable=False),
        sa.Column("card_id", sa.Integer(), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("deck_id", "zone", "card_id"),
        sa.ForeignKeyConstraint(["deck_id"], ["deck.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["card_id"], ["card.id"], ondelete="RESTRICT"),
    )
    op.create_index("ix_deck_card_deck_id", "deck_card", ["deck_id"])
    op.create_table(
        "collection_item",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("card_id", sa.Integer(), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("finish", sa.String(), nullable=False),
        sa.Column("condition", sa.String(), nullable=False),
        sa.Column("language", sa.String(), nullable=False),
        sa.Column("tag", sa.String(), nullable=False),
        sa.Column("proxy", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("card_id", "finish", "condition", "language", "tag", "proxy"),
        sa.ForeignKeyConstraint(["card_id"], ["card.id"], ondelete="RESTRICT"),
    )
    op.create_index("ix_collection_item_card_id", "collection_item", ["card_id"])


def downgrade() -> None:
    for table in ("collection_item", "deck_card", "card_name", "card", "deck", "card_set", "meta"):
        op.drop_table(table)
