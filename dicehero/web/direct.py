"""Let the SSE endpoint write events straight into client sockets (gevent servers only).

The WSGI handler of ``dicehero serve`` and of the gunicorn workers puts itself
into the environ as ``dicehero.handler``. Once the event stream has sent its
headers through WSGI, it hands the socket to the broker, which then writes each
event (encoded and chunk-framed once) into every client's socket itself: no
greenlet switch, no WSGI layers per client and event. Without the key (the
test client, another server) the stream stays an ordinary WSGI iterator.
"""

from __future__ import annotations

import contextlib
import os
import socket
from collections.abc import Callable

from gevent import pywsgi

from dicehero.web.connections import (
    TOO_MANY,
    TOO_MANY_BODY,
    DeadlineInput,
    OpenConnections,
    Rules,
    within,
)
from dicehero.web.http_headers import bad_request_line, read_headers


class Detachable:
    """A pywsgi handler with the server's connection rules, whose streaming response may
    take its connection away (:func:`detach`).

    Every connection is sent with ``TCP_NODELAY`` and a response's headers go out in
    one write with its body: a kept-alive connection's next request never waits for
    the delayed ACK of a half-sent answer (Nagle: ~40 ms a request). The rules of
    :mod:`dicehero.web.connections` (deadlines, connections per address) apply here.

    After a detached response the request's environ is emptied: it, the Flask
    request and this handler refer to each other, so without this they (and the
    read buffer of ``wsgi.input``) would wait for a full garbage collection, by
    then long-lived: kilobytes per connected client.
    """

    dicehero_detached = False
    dicehero_requests = 0

    def _rules(self) -> tuple[Rules, OpenConnections]:
        return _server_rules(self.server)

    def _address(self) -> str:
        address = self.client_address
        return str(address[0]) if isinstance(address, tuple) else str(address)

    def handle(self):
        """Serve the connection's requests, if its address may open one more."""
        rules, connections = self._rules()
        address = self._address()
        if not connections.acquire(address, rules.per_address):
            with contextlib.suppress(OSError):
                self.socket.sendall(TOO_MANY % (len(TOO_MANY_BODY), TOO_MANY_BODY))
            self.socket.close()
            return
        with contextlib.suppress(OSError):  # not TCP (a Unix socket): no Nagle to turn off
            self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            super().handle()
        finally:
            if not self.dicehero_detached:
                connections.release(address)

    def release_connection(self) -> Callable[[], None]:
        """What frees this connection's place in its address's count (for a detached one)."""
        _, connections = self._rules()
        address = self._address()
        return lambda: connections.release(address)

    def read_requestline(self):
        """The request line, or "" (close) if it does not come in time."""
        rules, _ = self._rules()
        wait = rules.keepalive_seconds if self.dicehero_requests else rules.header_seconds
        self.dicehero_requests += 1
        return within(wait, super().read_requestline, "")

    def read_request(self, raw_requestline):
        """The request's headers, refused (400, closed) if late or malformed."""
        if bad_request_line(raw_requestline):
            raise pywsgi._InvalidClientRequest("Invalid request line")
        rules, _ = self._rules()
        done = within(rules.header_seconds,
                      lambda: super(Detachable, self).read_request(raw_requestline), None)
        if done is None:
            raise pywsgi._InvalidClientRequest("Headers too slow")
        return done

    def get_environ(self):
        """The WSGI environ, plus this handler; the body must arrive within its deadline."""
        env = super().get_environ()
        env["dicehero.handler"] = self
        rules, _ = self._rules()
        if rules.body_seconds > 0 and env.get("wsgi.input") is self.wsgi_input:
            self.wsgi_input = DeadlineInput(self.wsgi_input, rules.body_seconds, self._close)
            env["wsgi.input"] = self.wsgi_input
        return env

    def _close(self) -> None:
        self.close_connection = True

    def _write_with_headers(self, data):
        """The status line, headers and first part of the body in one write (pywsgi's own
        writes the headers and then the body: two segments, and Nagle holds the second)."""
        self.headers_sent = True
        self.finalize_headers()
        out = bytearray(b"HTTP/1.1 ")
        out += self.status
        out += b"\r\n"
        for header, value in self.response_headers:
            out += header + b": " + value + b"\r\n"
        out += b"\r\n"
        if data:
            if self.response_use_chunked:
                out += b"%x\r\n" % len(data) + data + b"\r\n"
            else:
                out += data
        self._sendall(out)

    def handle_one_response(self):
        """Run the application; forget the request at once if its connection was detached."""
        try:
            super().handle_one_response()
        finally:
            if self.dicehero_detached:
                self.environ.clear()


def _server_rules(server: pywsgi.WSGIServer) -> tuple[Rules, OpenConnections]:
    """A server's connection rules and its count of open connections per address."""
    rules = getattr(server, "dicehero_rules", None)
    if rules is None:
        rules = server.dicehero_rules = (Rules.of(server.application), OpenConnections())
    return rules


class RefusingAccept:
    """A gevent WSGI server's accept loop that refuses a connection over its address's cap
    itself: one write of the 429 and a close, no greenlet and no handler (a flood of
    connections from one address costs the server as little as it can; issue 26.5). The
    handler counts and checks again (``Detachable.handle``): this is only the cheap early
    refusal. Mixed into ``dicehero serve``'s server and the gunicorn workers' (whose count
    is per worker: each refuses past the cap of the connections it holds itself)."""

    def do_handle(self, *args):
        sock, address = args[0], args[1]
        rules, connections = _server_rules(self)
        ip = str(address[0]) if isinstance(address, tuple) else str(address)
        if rules.per_address and connections.count(ip) >= rules.per_address:
            with contextlib.suppress(OSError):  # a new socket's buffer takes it, or nothing
                os.write(sock.fileno(), TOO_MANY % (len(TOO_MANY_BODY), TOO_MANY_BODY))
            sock.close()
            return
        super().do_handle(*args)


class Server(RefusingAccept, pywsgi.WSGIServer):
    """gevent's WSGI server, refusing a connection over its address's cap in the accept loop."""


class Handler(Detachable, pywsgi.WSGIHandler):
    """gevent's handler, exposing itself to the app; headers read without the email parser."""

    MessageClass = staticmethod(read_headers)


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
