"""Alembic's environment: runs on the connection that :mod:`dicehero.store.schema` passes in.

There is no alembic.ini: ``schema.alembic_config`` builds the configuration in code and
puts the open (and already locked) connection in ``config.attributes["connection"]``.
"""

from alembic import context

from dicehero.store.models import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run the migrations with `dicehero db upgrade`, not the alembic command")

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    # SQLite cannot alter most of a table in place: batch operations copy it instead.
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
