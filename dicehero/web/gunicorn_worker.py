"""The gunicorn worker of ``dicehero serve --workers N``: gevent, with the direct-write handler.

Kept apart from :mod:`dicehero.web.direct` because gunicorn is only installed
with the ``scale`` extra: the single-process server must import without it.
"""

from __future__ import annotations

from gunicorn.workers.ggevent import GeventPyWSGIWorker, PyWSGIHandler, PyWSGIServer

from dicehero.web.direct import Detachable, RefusingAccept
from dicehero.web.http_headers import read_headers


class GunicornHandler(Detachable, PyWSGIHandler):
    """gunicorn's gevent handler with the server's connection rules, exposing itself to the
    app (see :mod:`dicehero.web.direct`); headers read without the email parser
    (:mod:`dicehero.web.http_headers`)."""

    MessageClass = staticmethod(read_headers)


class GunicornServer(RefusingAccept, PyWSGIServer):
    """gunicorn's gevent WSGI server, refusing a connection over its address's cap in the
    accept loop, as ``dicehero serve`` does (before, a refusal here cost a greenlet and a
    handler; issue 26.5)."""


class GunicornWorker(GeventPyWSGIWorker):
    """gunicorn's gevent worker on gevent's pywsgi, with :class:`GunicornServer` and
    :class:`GunicornHandler`."""

    server_class = GunicornServer
    wsgi_handler = GunicornHandler
