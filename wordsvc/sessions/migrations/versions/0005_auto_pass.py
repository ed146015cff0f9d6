"""Each seat keeps its person's "answer only when I can" setting (``auto_pass``): while it is
on, a seat whose one legal action is the game's pass passes by itself (``docs/sessions.md``).
On by default for human seats, the seats of sessions in progress included; a bot's seat has
no use for it and stores it off.

Revision ID: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "seats", sa.Column("auto_pass", sa.Boolean, nullable=False, server_default=sa.true())
    )
    seats = sa.table("seats", sa.column("kind", sa.String), sa.column("auto_pass", sa.Boolean))
    op.execute(seats.update().where(seats.c.kind != "human").values(auto_pass=False))


def downgrade() -> None:
    op.drop_column("seats", "auto_pass")
