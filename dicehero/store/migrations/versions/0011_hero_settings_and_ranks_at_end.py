"""Settings per hero (extra time, less motion, high contrast, bigger text), a game whose
ranks are shown only at the end, and the length of the round's timer (a hero's extra time
is a share of it).

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28

Heroes from before have no settings; games from before show their ranks between rounds.
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.add_column(sa.Column("settings", sa.JSON(), nullable=True))
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("ranks_at_end", sa.Boolean(), server_default=sa.false(),
                                      nullable=False))
        batch_op.add_column(sa.Column("timer_seconds", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("timer_seconds")
        batch_op.drop_column("ranks_at_end")
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_column("settings")
