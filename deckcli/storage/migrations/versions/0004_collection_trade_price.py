"""Collection entries get ``tradelist`` (how many of the copies are for trade) and ``purchase_price`` (the price
paid, as the tool wrote it); every entry already there has none (0 and empty; user_version 6). Written out here,
not taken from the models.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("collection_item", sa.Column("tradelist", sa.Integer(), server_default="0", nullable=False))
    op.add_column("collection_item", sa.Column("purchase_price", sa.String(), server_default="", nullable=False))


def downgrade() -> None:
    op.drop_column("collection_item", "purchase_price")
    op.drop_column("collection_item", "tradelist")
