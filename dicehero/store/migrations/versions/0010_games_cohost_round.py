"""Co-hosts and the host playing along: the round of the co-host link, and the host's own
hero (the moderation log is 0007's).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-28

Games from before have no co-host link (round 0) and no host's hero.
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
        batch_op.add_column(sa.Column("host_player_id", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("host_player_id")
        batch_op.drop_column("cohost_round")
