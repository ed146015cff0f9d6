"""Sessions remember whether their creator chose the seed (a chosen deal), so that every seat
can be told: whoever chose it can recompute every hidden card.

Revision ID: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "sessions",
        sa.Column("seed_chosen", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    op.drop_column("sessions", "seed_chosen")
