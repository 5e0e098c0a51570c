"""Bans kept by the server, the address a hero joined from, and the moderation log.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-28

Heroes from before have no address (null): a ban of their address covers their device
only. Games from before have no bans and an empty log.
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.add_column(sa.Column("address_hash", sa.String(length=64), nullable=True))
    op.create_table(
        "bans",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("device_hash", sa.String(length=64), nullable=True),
        sa.Column("address_hash", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("lifted_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_bans_game_id", "bans", ["game_id"])
    op.create_table(
        "moderation",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("by", sa.String(length=32), nullable=False),
        sa.Column("step", sa.String(length=16), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("detail", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_moderation_game_id", "moderation", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_moderation_game_id", table_name="moderation")
    op.drop_table("moderation")
    op.drop_index("ix_bans_game_id", table_name="bans")
    op.drop_table("bans")
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_column("address_hash")
