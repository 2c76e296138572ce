"""Alembic's environment for deckcli: the caller passes its open connection (``config.attributes["connection"]``)
and the migrations run inside that connection's transaction, so a failed step leaves the database as it was."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=None,
    transaction_per_migration=False,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
