"""Result entries get their number among their table's entries (``entry_no``, unique per table) and where they were
entered from (``source``: a results file and its line), so two judges entering one table at once cannot both store
(user_version 8). Written out here, not taken from the models.

The entries already stored are numbered in the order they were written (by id): none is removed, and the latest of
each table, the one that counts, stays the latest. Two entries a race once stored for one table become its result
and a correction of it, as they were counted before.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("result_entry", sa.Column("entry_no", sa.Integer(), nullable=False, server_default="1"))
    op.add_column("result_entry", sa.Column("source", sa.String(), nullable=True))
    op.execute(
        "UPDATE result_entry SET entry_no = (SELECT COUNT(*) FROM result_entry e"
        " WHERE e.pairing_id = result_entry.pairing_id AND e.id <= result_entry.id)"
    )
    op.create_index("ux_result_entry_pairing_entry", "result_entry", ["pairing_id", "entry_no"], unique=True)


def downgrade() -> None:
    op.drop_index("ux_result_entry_pairing_entry", "result_entry")
    with op.batch_alter_table("result_entry") as batch:
        batch.drop_column("source")
        batch.drop_column("entry_no")
