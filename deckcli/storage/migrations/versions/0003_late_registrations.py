"""Registrations get ``late``: true for one made after the event started (``event register --late``); every row
already there is false (user_version 5). Written out here, not taken from the models.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("registration", sa.Column("late", sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    op.drop_column("registration", "late")
