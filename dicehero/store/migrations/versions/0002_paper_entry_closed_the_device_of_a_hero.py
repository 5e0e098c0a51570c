"""Paper entry closed by the host; the device that joined a hero.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24

Both columns are nullable: games and heroes from before have neither (paper entry
still open as before, heroes joined from no known device).
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("paper_closed_at", sa.DateTime(), nullable=True))
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.add_column(sa.Column("device_hash", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_column("device_hash")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("paper_closed_at")
