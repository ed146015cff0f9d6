"""Words of Magic states name every player's ``held`` cards (the Balance of Power cards taken
face down) from the deal on. States cached before that lack the key where no card was held:
give them the empty list the deal now starts with, so their view and next action read them.

Revision ID: 0003
"""

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

_sessions = sa.table(
    "sessions",
    sa.column("id", sa.String),
    sa.column("game", sa.String),
    sa.column("state", sa.JSON),
)


def _with_held(state: Any) -> Any | None:
    """The state with ``held`` on every player, or None when nothing was missing."""
    if isinstance(state, str):  # SQLite may hand back the JSON text
        state = json.loads(state)
    players = state.get("players") if isinstance(state, dict) else None
    if not isinstance(players, list):
        return None
    missing = [p for p in players if isinstance(p, dict) and "held" not in p]
    for player in missing:
        player["held"] = []
    return state if missing else None


def upgrade() -> None:
    conn = op.get_bind()
    rows = conn.execute(
        sa.select(_sessions.c.id, _sessions.c.state).where(_sessions.c.game == "words-of-magic")
    ).all()
    for session_id, state in rows:
        upgraded = _with_held(state)
        if upgraded is not None:
            conn.execute(
                _sessions.update().where(_sessions.c.id == session_id).values(state=upgraded)
            )


def downgrade() -> None:
    """Nothing to undo: an empty ``held`` list reads the same as a missing one did."""
