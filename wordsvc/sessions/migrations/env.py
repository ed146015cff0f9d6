"""Alembic environment: the connection comes from :func:`wordsvc.sessions.database.upgrade`."""

from alembic import context

from wordsvc.sessions.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
