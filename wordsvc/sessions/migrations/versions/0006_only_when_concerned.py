"""Each seat keeps its person's "answer only when it concerns me" choice
(``only_when_concerned``): with "answer only when I can" on too, the seat also passes by
itself whenever nothing on the stack is aimed at its side (``docs/sessions.md``). Off by
default: a person who takes it gives up answering moves that touch neither them nor theirs.

Revision ID: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "seats",
        sa.Column("only_when_concerned", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    op.drop_column("seats", "only_when_concerned")
