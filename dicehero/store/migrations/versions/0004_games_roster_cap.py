"""The host may cap how many heroes a game takes.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-27

Games from before have no cap (null), as they had none.
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("roster_cap", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("roster_cap")
