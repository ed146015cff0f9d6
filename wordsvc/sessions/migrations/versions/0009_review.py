"""A finished game's review (Words of Magic: every turn against the solver's best play) is
made once, at its first request, and kept with its session (``docs/solver.md``).

Revision ID: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("sessions", sa.Column("review", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("sessions", "review")
