"""Let the SSE endpoint write events straight into client sockets (gevent servers only).

The WSGI handler of ``dicehero serve`` and of the gunicorn workers puts itself
into the environ as ``dicehero.handler``. Once the event stream has sent its
headers through WSGI, it hands the socket to the broker, which then writes each
event (encoded and chunk-framed once) into every client's socket itself: no
greenlet switch, no WSGI layers per client and event. Without the key (the
test client, another server) the stream stays an ordinary WSGI iterator.
"""

from __future__ import annotations

from gevent import pywsgi

from dicehero.web.http_headers import read_headers


class Handler(pywsgi.WSGIHandler):
    """gevent's handler, exposing itself to the app; headers read without the email parser."""

    MessageClass = staticmethod(read_headers)

    def get_environ(self):
        """The WSGI environ, plus this handler."""
        env = super().get_environ()
        env["dicehero.handler"] = self
        return env
