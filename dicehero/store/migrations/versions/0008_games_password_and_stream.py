"""A room password a game may require, and "stream" games that hide their join code.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-28

Games from before have no password (null) and are not stream games, as before.
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("password_hash", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("stream", sa.Boolean(), server_default=sa.false(),
                                      nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("stream")
        batch_op.drop_column("password_hash")
