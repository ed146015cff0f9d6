"""A finished session may lead to the next: "again, the same people" makes a new session with
the same game, options and seats, once, and every seat of the old one finds it there
(``rematch``, the new session's id; ``docs/sessions.md``).

Revision ID: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("sessions", sa.Column("rematch", sa.String(32), nullable=True))


def downgrade() -> None:
    op.drop_column("sessions", "rematch")
