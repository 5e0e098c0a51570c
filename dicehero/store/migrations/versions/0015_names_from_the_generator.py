"""Names from the generator: the game's setting and language, and the names offered.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-28

Games from before have free names and no language (their generated names, if the host
turns the setting on, are English).
"""

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("generated_names", sa.Boolean(),
                                      server_default=sa.false(), nullable=False))
        batch_op.add_column(sa.Column("language", sa.String(length=16), nullable=True))
    op.create_table(
        "name_offers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("device_hash", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "name"),
    )
    op.create_index("ix_name_offers_game_id", "name_offers", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_name_offers_game_id", table_name="name_offers")
    op.drop_table("name_offers")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("language")
        batch_op.drop_column("generated_names")
