"""In "each" mode a hero's own superpower offer is drawn for their name, not their id.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-28

Heroes from before keep the offer drawn for their id (null): what they chose stays legal.
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.add_column(sa.Column("offer_key", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_column("offer_key")
