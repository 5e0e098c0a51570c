"""A sheet refused after its check keeps its refusal in paper_waits, not in the game's log.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-28

The refusal was a paper_check event that every stream of the game was sent; only the hero's
next read needs it. Rows from before are sheets still being checked (no refusal).
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("paper_waits", schema=None) as batch_op:
        batch_op.add_column(sa.Column("refusal", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("paper_waits", schema=None) as batch_op:
        batch_op.drop_column("refusal")
