"""The Swiss rounds: events get ``seed`` (none for an event already there: set at its first pairing), and the tables
event_round (one per event and label), pairing, result_entry (every entry and correction) and event_drop
(user_version 7). Written out here, not taken from the models.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("event", sa.Column("seed", sa.String(), nullable=True))
    op.create_table(
        "event_round",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("label", sa.String(), nullable=False),
        sa.Column("paired_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.ForeignKeyConstraint(["event_id"], ["event.id"], ondelete="CASCADE"),
        sa.UniqueConstraint("event_id", "label"),
    )
    op.create_table(
        "pairing",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("player", sa.String(), nullable=False),
        sa.Column("opponent", sa.String(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.ForeignKeyConstraint(["round_id"], ["event_round.id"], ondelete="CASCADE"),
        sa.UniqueConstraint("round_id", "table_no"),
    )
    op.create_table(
        "result_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("pairing_id", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("losses", sa.Integer(), nullable=False),
        sa.Column("draws", sa.Integer(), nullable=False),
        sa.Column("entered_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.ForeignKeyConstraint(["pairing_id"], ["pairing.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_result_entry_pairing_id", "result_entry", ["pairing_id"])
    op.create_table(
        "event_drop",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("player", sa.String(), nullable=False),
        sa.Column("player_key", sa.String(), nullable=False),
        sa.Column("from_round", sa.Integer(), nullable=False),
        sa.Column("dropped_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.ForeignKeyConstraint(["event_id"], ["event.id"], ondelete="CASCADE"),
        sa.UniqueConstraint("event_id", "player_key"),
    )


def downgrade() -> None:
    for table in ("event_drop", "result_entry", "pairing", "event_round"):
        op.drop_table(table)
    op.drop_column("event", "seed")
