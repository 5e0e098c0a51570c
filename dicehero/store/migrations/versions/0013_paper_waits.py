"""Paper sheets being checked, kept until their verdict is stored.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-28

A server killed while a sheet was in the worker pool checks it again when it starts.
Databases from before have none waiting (a check lost in a crash before this stays lost).
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "paper_waits",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("token", sa.String(length=32), nullable=False),
        sa.Column("body", sa.JSON(), nullable=False),
        sa.Column("by_host", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("player_id"),
    )
    op.create_index("ix_paper_waits_game_id", "paper_waits", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_paper_waits_game_id", table_name="paper_waits")
    op.drop_table("paper_waits")
