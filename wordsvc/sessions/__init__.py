"""Durable game sessions, generic over the engine contract: SQLAlchemy Core on SQLite by
default or PostgreSQL, with Alembic migrations. Every accepted action is committed before the
caller hears of it."""
