"""Request headers are read for gevent's handler without the email parser, as strictly as
RFC 9112 lets a server be."""

from __future__ import annotations

import io

import pytest

from dicehero.web.http_headers import MAX_HEADERS, bad_request_line, read_headers


def _read(text: bytes):
    fp = io.BytesIO(text)
    return read_headers(fp), fp.read()


def test_headers_are_read_up_to_the_blank_line_and_the_body_is_left():
    headers, rest = _read(b"Host: x\r\nContent-Type: application/json\r\n\r\n{}")
    assert headers.status == ""
    assert headers.get("host") == "x"
    assert headers.typeheader == "application/json"
    assert rest == b"{}"


def test_a_name_matches_in_any_case_and_the_first_value_wins():
    headers, _ = _read(b"X-A: 1\r\nx-a: 2\r\n\r\n")
    assert headers.get("X-a") == "1"
    assert headers.getheader("missing", "none") == "none"


def test_white_space_around_a_value_is_dropped():
    headers, _ = _read(b"Authorization:   Bearer abc \t\r\n\r\n")
    assert headers.get("authorization") == "Bearer abc"


def test_the_lines_are_given_to_the_environ_in_order():
    headers, _ = _read(b"A: 1\r\nB: 2\n\n")
    assert list(headers.headers) == ["A: 1\r\n", "B: 2\r\n"]


def test_deleting_a_header_forgets_every_line_of_it():
    headers, _ = _read(b"X-A: 3\r\nx-a: 4\r\nHost: x\r\n\r\n")
    del headers["X-A"]
    assert headers.get("x-a") is None
    assert headers.get("host") == "x"


def test_a_header_folded_over_two_lines_is_refused():
    headers, _ = _read(b"X-A: 1\r\n  more\r\n\r\n")
    assert headers.status == "Header folded over two lines"


def test_a_line_without_a_colon_is_refused():
    assert _read(b"nonsense\r\n\r\n")[0].status == "Invalid header line"


def test_white_space_before_the_colon_is_refused():
    assert _read(b"Host : x\r\n\r\n")[0].status == "Invalid header line"


def test_more_than_a_hundred_headers_are_refused():
    text = b"".join(b"X-%d: 1\r\n" % i for i in range(MAX_HEADERS + 1)) + b"\r\n"
    assert _read(text)[0].status == f"More than {MAX_HEADERS} headers"


def test_a_line_over_64_kib_is_refused():
    assert _read(b"X-A: " + b"a" * 70000 + b"\r\n\r\n")[0].status == "Line too long"


def test_latin_1_bytes_are_read_as_http_client_reads_them():
    headers, _ = _read("X-Name: Zoë\r\n\r\n".encode("latin-1"))
    assert headers.get("x-name") == "Zoë"


def test_the_headers_are_listed_in_order_for_gunicorns_access_log():
    headers, _ = _read(b"Host: x\r\nX-A: 1\r\n\r\n")
    assert headers.items() == [("Host", "x"), ("X-A", "1")]


def test_a_header_that_ends_without_a_line_end_is_refused():
    assert _read(b"Host: x")[0].status == "Headers cut off"


def test_a_name_that_is_not_a_token_is_refused():
    assert _read(b"X(A): 1\r\n\r\n")[0].status == "Invalid header line"


@pytest.mark.parametrize("value", [b"a\rb", b"a\x00b", b"a\x01b", b"a\x7fb", b"a\r"])
def test_a_control_character_in_a_value_is_refused(value):
    """RFC 9110 5.5: a bare CR or NUL in a field value is refused, not passed on."""
    assert _read(b"X-A: " + value + b"\r\n\r\n")[0].status == "Control character in a header"


def test_a_tab_in_a_value_is_kept():
    assert _read(b"X-A: a\tb\r\n\r\n")[0].get("x-a") == "a\tb"


@pytest.mark.parametrize(("lines", "why"), [
    (b"Content-Length: 3\r\nContent-Length: 4\r\n", "Content-Length given twice"),
    (b"Content-Length: 3\r\nContent-Length: 3\r\n", "Content-Length given twice"),
    (b"Content-Length: 3, 3\r\n", "Invalid Content-Length"),
    (b"Content-Length: +3\r\n", "Invalid Content-Length"),
    (b"Content-Length: 3\r\nTransfer-Encoding: chunked\r\n",
     "Transfer-Encoding with Content-Length"),
    (b"Transfer-Encoding: gzip\r\n", "Unsupported Transfer-Encoding"),
    (b"Transfer-Encoding: chunked, gzip\r\n", "Unsupported Transfer-Encoding"),
    (b"Transfer-Encoding: gzip, chunked\r\n", "Unsupported Transfer-Encoding"),
    (b"Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n",
     "Unsupported Transfer-Encoding"),
])
def test_a_body_whose_length_is_ambiguous_is_refused(lines, why):
    """RFC 9112 6.1-6.3: a server may not guess which framing a proxy in front read."""
    assert _read(lines + b"\r\n")[0].status == why


def test_chunked_alone_in_any_case_is_the_one_transfer_coding():
    assert _read(b"Transfer-Encoding: Chunked\r\n\r\n")[0].status == ""


@pytest.mark.parametrize("line", ["GET /\x00 HTTP/1.1\r\n", "GET /a\rb HTTP/1.1\r\n",
                                  "GET / HTTP/1.1\r\r\n"])
def test_a_request_line_with_a_control_character_is_refused(line):
    assert bad_request_line(line)
    assert not bad_request_line("GET / HTTP/1.1\r\n")
