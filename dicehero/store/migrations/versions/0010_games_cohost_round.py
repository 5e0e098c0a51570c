"""Co-hosts: the round of the co-host link (the moderation log is 0007's).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-28

Games from before have no co-host link (round 0).
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("cohost_round", sa.Integer(), server_default="0",
                                      nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("cohost_round")
