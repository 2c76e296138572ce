"""deckcli's Alembic migrations (run from code by :mod:`deckcli.storage.revisions`; no alembic.ini)."""
