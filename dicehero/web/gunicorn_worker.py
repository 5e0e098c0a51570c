"""The gunicorn worker of ``dicehero serve --workers N``: gevent, with the direct-write handler.

Kept apart from :mod:`dicehero.web.direct` because gunicorn is only installed
with the ``scale`` extra: the single-process server must import without it.
"""

from __future__ import annotations

from gunicorn.workers.ggevent import GeventPyWSGIWorker, PyWSGIHandler

from dicehero.web.direct import Detachable
from dicehero.web.http_headers import read_headers


class GunicornHandler(Detachable, PyWSGIHandler):
    """gunicorn's gevent handler with the server's connection rules, exposing itself to the
    app (see :mod:`dicehero.web.direct`); headers read without the email parser
    (:mod:`dicehero.web.http_headers`)."""

    MessageClass = staticmethod(read_headers)


class GunicornWorker(GeventPyWSGIWorker):
    """gunicorn's gevent worker on gevent's pywsgi, with :class:`GunicornHandler`."""

    wsgi_handler = GunicornHandler
