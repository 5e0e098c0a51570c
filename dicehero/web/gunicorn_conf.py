"""gunicorn settings for several ``dicehero`` processes on one machine.

    DATABASE_URL=postgresql://... REDIS_URL=redis://127.0.0.1:6379/0 \\
        gunicorn -c python:dicehero.web.gunicorn_conf dicehero.web.wsgi:app

or ``dicehero serve --workers N`` (which runs exactly this). Every worker is a
gevent process holding thousands of SSE connections; workers share the
database (PostgreSQL: SQLite would serialise every write across processes)
and learn each other's events through Redis (``REDIS_URL``). Environment:
``DICEHERO_BIND`` (``0.0.0.0:5000``), ``DICEHERO_WORKERS`` (the number of
cores), ``DICEHERO_CONNECTIONS`` (per worker, 20000).
"""

import os

bind = os.environ.get("DICEHERO_BIND", "0.0.0.0:5000").split(",")
workers = int(os.environ.get("DICEHERO_WORKERS", os.cpu_count() or 2))
# gunicorn's gevent worker on gevent's pywsgi, whose handler lets the SSE endpoint
# write events straight into client sockets (dicehero.web.direct).
worker_class = "dicehero.web.gunicorn_worker.GunicornWorker"
worker_connections = int(os.environ.get("DICEHERO_CONNECTIONS", "20000"))
backlog = 4096
# SSE streams stay open for hours; gevent workers send their heartbeat from a
# separate greenlet, so this only catches a worker that is truly stuck.
timeout = 60
graceful_timeout = 5
keepalive = 5
accesslog = os.environ.get("DICEHERO_ACCESS_LOG") or None
errorlog = "-"


def on_starting(server):
    """Allow as many open sockets as the hard limit permits (inherited by workers)."""
    from dicehero.web.serve import raise_file_limit

    raise_file_limit()


def post_worker_init(worker):
    """The worker has made its app: its garbage collector is set for a server."""
    from dicehero.web.collector import settle

    settle()
