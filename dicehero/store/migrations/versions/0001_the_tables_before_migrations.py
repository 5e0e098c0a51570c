"""The tables as ``Base.metadata.create_all`` made them before migrations (commit 0052e1b).

Revision ID: 0001
Revises:
Create Date: 2026-11-22

A database made before migrations has some or all of these tables and no
``alembic_version``. Each table is created only if it is missing, so such a
database (a teacher's ``instance/dicehero.sqlite``) passes through this revision
unchanged and is stamped with it; later revisions then apply as to any other.
Every table that ever existed without migrations had exactly these columns
(before this revision, tables were added over time, never columns).
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _missing(table: str) -> bool:
    return not sa.inspect(op.get_bind()).has_table(table)


def upgrade() -> None:
    if _missing("games"):
        op.create_table(
            "games",
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("code", sa.String(length=12), nullable=False),
            sa.Column("edition", sa.String(length=64), nullable=False),
            sa.Column("rounds", sa.Integer(), nullable=False),
            sa.Column("power_mode", sa.String(length=8), nullable=False),
            sa.Column("seed", sa.String(length=64), nullable=False),
            sa.Column("seed_sha256", sa.String(length=64), nullable=False),
            sa.Column("host_secret_hash", sa.String(length=64), nullable=False),
            sa.Column("offer", sa.JSON(), nullable=True),
            sa.Column("offer_typed", sa.Boolean(), nullable=False),
            sa.Column("status", sa.String(length=10), nullable=False),
            sa.Column("roll_count", sa.Integer(), nullable=False),
            sa.Column("last_event_id", sa.Integer(), nullable=False),
            sa.Column("timer_ends_at", sa.Double(), nullable=True),
            sa.Column("created_at", sa.DateTime(), nullable=False),
            sa.Column("finished_at", sa.DateTime(), nullable=True),
            sa.PrimaryKeyConstraint("id"),
            sa.UniqueConstraint("code"),
        )
    if _missing("events"):
        op.create_table(
            "events",
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("game_id", sa.Integer(), nullable=False),
            sa.Column("seq", sa.Integer(), nullable=False),
            sa.Column("type", sa.String(length=32), nullable=False),
            sa.Column("data", sa.String(), nullable=False),
            sa.Column("created_at", sa.DateTime(), nullable=False),
            sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
            sa.PrimaryKeyConstraint("id"),
            sa.UniqueConstraint("game_id", "seq"),
        )
    if _missing("players"):
        op.create_table(
            "players",
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("game_id", sa.Integer(), nullable=False),
            sa.Column("name", sa.String(length=64), nullable=False),
            sa.Column("secret_hash", sa.String(length=64), nullable=False),
            sa.Column("joined_roll", sa.Integer(), nullable=False),
            sa.Column("done_roll", sa.Integer(), nullable=False),
            sa.Column("removed", sa.Boolean(), nullable=False),
            sa.Column("created_at", sa.DateTime(), nullable=False),
            sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
            sa.PrimaryKeyConstraint("id"),
            sa.UniqueConstraint("secret_hash"),
        )
        op.create_index("ix_players_game_id", "players", ["game_id"])
    if _missing("rolls"):
        op.create_table(
            "rolls",
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("game_id", sa.Integer(), nullable=False),
            sa.Column("number", sa.Integer(), nullable=False),
            sa.Column("dice", sa.JSON(), nullable=False),
            sa.Column("typed", sa.Boolean(), nullable=False),
            sa.Column("created_at", sa.DateTime(), nullable=False),
            sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
            sa.PrimaryKeyConstraint("id"),
            sa.UniqueConstraint("game_id", "number"),
        )
    if _missing("actions"):
        op.create_table(
            "actions",
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("game_id", sa.Integer(), nullable=False),
            sa.Column("player_id", sa.Integer(), nullable=False),
            sa.Column("roll", sa.Integer(), nullable=False),
            sa.Column("action", sa.JSON(), nullable=False),
            sa.Column("idempotency_key", sa.String(length=100), nullable=False),
            sa.Column("created_at", sa.DateTime(), nullable=False),
            sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
            sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
            sa.PrimaryKeyConstraint("id"),
            sa.UniqueConstraint("player_id", "idempotency_key"),
        )
        op.create_index("ix_actions_game_id_id", "actions", ["game_id", "id"])
    if _missing("doodles"):
        op.create_table(
            "doodles",
            sa.Column("player_id", sa.Integer(), nullable=False),
            sa.Column("game_id", sa.Integer(), nullable=False),
            sa.Column("png", sa.LargeBinary(), nullable=False),
            sa.Column("sha256", sa.String(length=64), nullable=False),
            sa.Column("updated_at", sa.DateTime(), nullable=False),
            sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
            sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
            sa.PrimaryKeyConstraint("player_id"),
        )
        op.create_index("ix_doodles_game_id", "doodles", ["game_id"])


def downgrade() -> None:
    for table in ("doodles", "actions", "rolls", "players", "events", "games"):
        op.drop_table(table)
