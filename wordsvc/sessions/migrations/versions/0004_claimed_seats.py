"""Seats remember when a person sat down with their token (``claimed_at``): a host may now
hold every seat's token to hand out as links, and a seat counts as claimed once its link is
opened. Seats joined before this were joined by the person who plays them: claimed then.

Revision ID: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("claimed_at", sa.DateTime(timezone=True)))
    seats = sa.table(
        "seats",
        sa.column("token_hash", sa.String),
        sa.column("joined_at", sa.DateTime(timezone=True)),
        sa.column("claimed_at", sa.DateTime(timezone=True)),
    )
    op.execute(
        seats.update().where(seats.c.token_hash.is_not(None)).values(claimed_at=seats.c.joined_at)
    )


def downgrade() -> None:
    op.drop_column("seats", "claimed_at")
