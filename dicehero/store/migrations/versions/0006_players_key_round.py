"""A paper hero's key may be renewed by the host: the round of the key that works.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27

Heroes from before are at round 0 (server default). A paper hero written in before this
revision keeps the random secret they were given until the host shows or renews their link.
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.add_column(sa.Column("key_round", sa.Integer(), server_default="0",
                                      nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_column("key_round")
