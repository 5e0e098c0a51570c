"""A stream's overlay may show the game late: the host's delay, in seconds.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-28

Games from before show the overlay at once (server default 0).
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("overlay_delay", sa.Integer(), server_default="0",
                                      nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("overlay_delay")
