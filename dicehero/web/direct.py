"""Let the SSE endpoint write events straight into client sockets (gevent servers only).

The WSGI handler of ``dicehero serve`` and of the gunicorn workers puts itself
into the environ as ``dicehero.handler``. Once the event stream has sent its
headers through WSGI, it hands the socket to the broker, which then writes each
event (encoded and chunk-framed once) into every client's socket itself: no
greenlet switch, no WSGI layers per client and event. Without the key (the
test client, another server) the stream stays an ordinary WSGI iterator.
"""

from __future__ import annotations

import os

from gevent import pywsgi

from dicehero.web.http_headers import read_headers


class Detachable:
    """A pywsgi handler whose streaming response may take its connection away (:func:`detach`).

    After a detached response the request's environ is emptied: it, the Flask
    request and this handler refer to each other, so without this they (and the
    read buffer of ``wsgi.input``) would wait for a full garbage collection, by
    then long-lived: kilobytes per connected client.
    """

    dicehero_detached = False

    def handle_one_response(self):
        """Run the application; forget the request at once if its connection was detached."""
        try:
            super().handle_one_response()
        finally:
            if self.dicehero_detached:
                self.environ.clear()


class Handler(Detachable, pywsgi.WSGIHandler):
    """gevent's handler, exposing itself to the app; headers read without the email parser."""

    MessageClass = staticmethod(read_headers)

    def get_environ(self):
        """The WSGI environ, plus this handler."""
        env = super().get_environ()
        env["dicehero.handler"] = self
        return env


def detach(handler: pywsgi.WSGIHandler) -> tuple[int, bool]:
    """Take the connection of a streaming response away from pywsgi; return its file
    descriptor and whether the response is chunked.

    Called from inside the response iterator, after the headers and everything
    yielded so far are on the wire. When the iterator then ends, pywsgi must
    neither end the response (``0\\r\\n\\r\\n``) nor read another request, and
    its clean-up (the handler's ``handle`` and the server's ``do_close``) must
    not close the connection: the gevent socket is detached (its watchers are
    dropped, it becomes a closed proxy whose ``close`` does nothing, and the
    file descriptor is ours), the response counts as unchunked, and the
    connection as one to close. The same holds for gunicorn's gevent worker,
    which runs pywsgi.
    """
    chunked = bool(handler.response_use_chunked)
    handler.response_use_chunked = False
    handler.close_connection = True
    handler.dicehero_detached = True
    fd = handler.socket.detach()
    os.set_blocking(fd, False)  # the broker's writes must never wait (gevent keeps it so)
    return fd, chunked
