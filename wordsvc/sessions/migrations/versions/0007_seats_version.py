"""Each session counts the changes to its seats (``seats_version``): a person sitting down,
a new name, a seat's link renewed. Live streams follow it beside the log's version, so that
every screen at a table shows a name within a second of its being typed, and a device whose
link was replaced stops at once (``docs/sessions.md``).

Revision ID: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "sessions",
        sa.Column("seats_version", sa.Integer, nullable=False, server_default="0"),
    )


def downgrade() -> None:
    op.drop_column("sessions", "seats_version")
