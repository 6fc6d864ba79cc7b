#!/usr/bin/env python3
"""Loopback HTTP/1.1 test server for resgen's transport and client tests (standard library only).

Binds 127.0.0.1 on a free port and prints ``LISTENING <port>`` on stdout once it accepts
connections. Exits on SIGTERM, SIGINT or, when stdin is a pipe, its end (so a test process
that dies does not leave it running).

Every response carries a correct Content-Length and the connection stays open (keep-alive).
Nagle's algorithm is off: http.server writes head and body in separate sends, and with delayed
ACKs every reused connection would otherwise stall ~40 ms.

Endpoints (JSON bodies unless said otherwise):

  /echo                 any method: method, path, query, headers (list of [name, value] pairs in
                        arrival order and case), body_base64, length, sha256
  /status/<code>        that status (200...999); {"status": code}; 204 and 304 without a body
  /delay/<ms>           waits, then 200 {"delayed_ms": ms}; a client that closes the connection
                        meanwhile ends the wait and is counted as "delays_abandoned" in /stats
  /sink                 any method: consumes the body and returns method, length, sha256 and the
                        headers, but not the body (for large uploads)
  /redirect/<code>?to=  that status with a Location header (default to=/echo)
  /multipart            POST multipart/form-data, parsed by the email package: {"parts": [
                        {name, filename, content_type, size, sha256, text (if short UTF-8)}]}
  /form                 x-www-form-urlencoded body (parse_qsl, blank values kept): {"pairs": [...]}
  /auth/token           POST: the body (stripped) becomes the accepted bearer token
  /auth                 200 when "Authorization: Bearer <token>" matches, else 401 with
                        WWW-Authenticate; every hit is counted
  /auth/stats           {"hits", "ok", "unauthorized", "token_set"}
  /problem              422 application/problem+json (RFC 9457)
  /jsonapi-error        400 application/vnd.api+json with errors[]
  /vnd-error            404 application/vnd.error+json
  /flaky/<n>?key=k      503 (Retry-After: 0) for the first n hits per key, then 200
                        {"attempts": hits}
  /counter              {"counts": {path: hits}} for every path served so far; /counter/reset
                        (any method) clears counts and the concurrency peak
  /stats                {"in_flight", "peak_in_flight", "connections_open", "connections_total",
                        "connections_closed", "requests_total", "delays_abandoned"}; /stats/reset
                        clears the peak and the totals
  /headers?name=value   200 with each query pair added as a response header (repeats allowed)
  /bytes/<n>            n pseudo-random bytes (application/octet-stream), seeded by ?seed= (default 0)
  /stream/<n>?framing=  n bytes of a repeating pattern, written 64 KiB at a time (piece= bytes) as
                        the client reads them; framing "length" (Content-Length, the default),
                        "chunked", or "close" (no length: the body ends when the server closes the
                        connection); pace_ms= waits that long after each piece (default 0), so
                        piece=1&pace_ms=500 trickles one byte every half second
  /gzip/<mib>?framing=  Content-Encoding: gzip, inflating to <mib> MiB of zeros from ~1 KB per MiB
                        (a "gzip bomb"), generated as it is sent; framing "length" or "chunked";
                        pace_ms= sends one MiB's worth at a time and waits that long after each
  /streams              {"started", "completed", "aborted", "bytes_sent"} of /stream and /gzip
                        bodies: "aborted" counts bodies the client stopped reading (the connection
                        closed before the last byte was written); /streams/reset clears them
  /drop                 closes the connection without answering
  /download/<n>?key=k   n bytes of a file for resumable downloads (application/octet-stream): each MiB
                        starts with its index (xor the key's seed) and goes on with one fixed random
                        MiB, so no part repeats another; with the key's ETag (default "v1", quoted),
                        its Last-Modified when set, Accept-Ranges: bytes and a Content-Length.
                        Range: bytes=N- or N-M (one range) is answered 206 with its Content-Range, or
                        416 with Content-Range: bytes */n when N >= n, unless If-Range names another
                        validator (200, whole). The key's state (below) can make the next answer break
                        off (0.2 s after its last byte), ignore Range, or send a wrong Content-Range;
                        every request is logged
  /download-state?key=k GET: {"etag", "requests": [{"range", "if_range", "accept_encoding"}], "sha256" (of
                        the whole n bytes, with &n=)}; POST sets what the query names: etag=, weak=1 (a
                        W/ ETag), last_modified= (an HTTP-date), seed=, cut=<bytes> (the next
                        answer sends that much of its body, then closes the connection), ignore_range=1
                        (every answer is 200), bad_range=shift|garbage|missing (the next 206 starts a
                        byte late, has a malformed Content-Range, or none), ignore_if_range=1 (Range is
                        answered whatever If-Range names, as a cache that drops it would), omit_etag=1 (no
                        ETag), length=<n> (the file is n bytes long whatever the URL says: a new version)
"""

import base64
import email.parser
import email.policy
import hashlib
import json
import os
import random
import re
import select
import signal
import socket
import stat
import struct
import sys
import threading
import time
import urllib.parse
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class State:
    """Everything the endpoints count, behind one lock."""

    def __init__(self):
        self.lock = threading.Lock()
        self.reset_all()

    def reset_all(self):
        self.counts = {}
        self.flaky = {}
        self.token = None
        self.auth_hits = 0
        self.auth_ok = 0
        self.auth_unauthorized = 0
        self.in_flight = 0
        self.peak_in_flight = 0
        self.connections_open = 0
        self.connections_total = 0
        self.connections_closed = 0
        self.requests_total = 0
        self.delays_abandoned = 0
        self.reset_streams()

        self.downloads = {}

    def download(self, key):
        """The state of the download `key` (created on first use). Call with the lock held."""
        return self.downloads.setdefault(key, {
            "etag": '"v1"', "weak": False, "last_modified": None, "seed": 0, "cut": None,
            "ignore_range": False, "bad_range": None, "requests": [], "ignore_if_range": False,
            "omit_etag": False, "length": None,
        })

    def reset_streams(self):
        self.streams_started = 0
        self.streams_completed = 0
        self.streams_aborted = 0
        self.stream_bytes_sent = 0


STATE = State()

MEBIBYTE_OF_ZEROS = bytes(1 << 20)


def gzip_bomb_parts():
    """(head, unit, tail) of a gzip stream of zero mebibytes: head + unit * (n - 1) + tail + trailer
    inflates to n MiB. Each MiB ends with a full flush, which resets the compressor, so every MiB after
    the first compresses to the same ~1 KB and a body of any size costs nothing to produce."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    head = compressor.compress(MEBIBYTE_OF_ZEROS) + compressor.flush(zlib.Z_FULL_FLUSH)
    unit = compressor.compress(MEBIBYTE_OF_ZEROS) + compressor.flush(zlib.Z_FULL_FLUSH)
    tail = compressor.flush(zlib.Z_FINISH)[:-8]  # the empty last block; the trailer is computed per size
    return head, unit, tail


GZIP_HEAD, GZIP_UNIT, GZIP_TAIL = gzip_bomb_parts()


def gzip_bomb_pieces(mebibytes, units_per_piece=64):
    """The gzip body inflating to `mebibytes` MiB of zeros, in pieces of up to `units_per_piece` MiB."""
    yield GZIP_HEAD
    remaining = mebibytes - 1
    while remaining > 0:
        count = min(units_per_piece, remaining)
        yield GZIP_UNIT * count
        remaining -= count
    crc = 0
    for _ in range(mebibytes):  # only reached when the client read everything before the trailer
        crc = zlib.crc32(MEBIBYTE_OF_ZEROS, crc)
    yield GZIP_TAIL + struct.pack("<II", crc, (mebibytes << 20) & 0xFFFFFFFF)


def gzip_bomb_length(mebibytes):
    return len(GZIP_HEAD) + (mebibytes - 1) * len(GZIP_UNIT) + len(GZIP_TAIL) + 8


def pattern_pieces(length, size=1 << 16):
    """`length` bytes of a repeating pattern, in pieces of up to `size` bytes (64 KiB by default)."""
    block = bytes(range(256)) * 256
    while length > 0:
        piece = block[: min(len(block), size, length)]
        yield piece
        length -= len(piece)


DOWNLOAD_BLOCK = random.Random(27).randbytes(1 << 20)


def download_pieces(start, end, seed, size=1 << 16):
    """Bytes start..<end of a /download file, in pieces (memoryviews) of up to `size` bytes: MiB k is its
    index xor `seed` (8 bytes, little-endian) followed by the rest of DOWNLOAD_BLOCK. Each MiB is built once,
    so a GiB costs the server little more than writing it."""
    position = start
    while position < end:
        block, offset = divmod(position, 1 << 20)
        data = memoryview(struct.pack("<Q", (block ^ seed) & 0xFFFFFFFFFFFFFFFF) + DOWNLOAD_BLOCK[8:])
        stop = min(1 << 20, offset + end - position)
        while offset < stop:
            piece = data[offset : min(stop, offset + size)]
            yield piece
            offset += len(piece)
            position += len(piece)


def download_sha256(length, seed):
    digest = hashlib.sha256()
    for piece in download_pieces(0, length, seed, size=1 << 20):
        digest.update(piece)
    return digest.hexdigest()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    server_version = "resgen-echo/1"

    # -- connection bookkeeping -------------------------------------------------------------

    def setup(self):
        super().setup()
        with STATE.lock:
            STATE.connections_open += 1
            STATE.connections_total += 1

    def finish(self):
        try:
            super().finish()
        finally:
            with STATE.lock:
                STATE.connections_open -= 1
                STATE.connections_closed += 1

    def log_message(self, format, *args):  # noqa: A002 - signature from the base class
        if os.environ.get("RESGEN_SERVER_LOG"):
            sys.stderr.write("%s %s\n" % (self.address_string(), format % args))

    # -- dispatch ---------------------------------------------------------------------------

    def do_GET(self):
        self.dispatch()

    do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = do_GET

    def dispatch(self):
        parsed = urllib.parse.urlsplit(self.path)
        path, query = parsed.path, parsed.query
        with STATE.lock:
            STATE.in_flight += 1
            STATE.peak_in_flight = max(STATE.peak_in_flight, STATE.in_flight)
            STATE.requests_total += 1
            STATE.counts[path] = STATE.counts.get(path, 0) + 1
        try:
            body = self.read_body()
            if body is None:
                return
            self.route(path, query, body)
        finally:
            with STATE.lock:
                STATE.in_flight -= 1

    def read_body(self):
        """The request body: Content-Length or chunked; None when the request was answered already."""
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            chunks = []
            while True:
                line = self.rfile.readline()
                size = int(line.split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return b"".join(chunks)
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
        length = self.headers.get("Content-Length")
        if length is None:
            return b""
        try:
            return self.rfile.read(int(length))
        except ValueError:
            self.send_json(400, {"error": "bad Content-Length"})
            return None

    def route(self, path, query, body):
        parts = [p for p in path.split("/") if p]
        head = parts[0] if parts else ""
        if head == "echo":
            self.echo(path, query, body)
        elif head == "status" and len(parts) == 2 and parts[1].isdigit():
            self.status(int(parts[1]))
        elif head == "delay" and len(parts) == 2 and parts[1].isdigit():
            self.delay(int(parts[1]))
        elif path == "/sink":
            self.send_json(
                200,
                {
                    "method": self.command,
                    "headers": [[name, value] for name, value in self.headers.raw_items()],
                    "length": len(body),
                    "sha256": hashlib.sha256(body).hexdigest(),
                },
            )
        elif head == "redirect" and len(parts) == 2 and parts[1].isdigit():
            target = dict(urllib.parse.parse_qsl(query)).get("to", "/echo")
            self.send_json(int(parts[1]), {"location": target}, headers=[("Location", target)])
        elif path == "/multipart":
            self.multipart(body)
        elif path == "/form":
            pairs = urllib.parse.parse_qsl(body.decode("utf-8"), keep_blank_values=True)
            self.send_json(200, {"pairs": [list(p) for p in pairs]})
        elif path == "/auth/token":
            with STATE.lock:
                STATE.token = body.decode("utf-8").strip() or None
            self.send_json(200, {"token_set": STATE.token is not None})
        elif path == "/auth/stats":
            with STATE.lock:
                stats = {
                    "hits": STATE.auth_hits,
                    "ok": STATE.auth_ok,
                    "unauthorized": STATE.auth_unauthorized,
                    "token_set": STATE.token is not None,
                }
            self.send_json(200, stats)
        elif path == "/auth":
            self.auth()
        elif path == "/problem":
            problem = {
                "type": "https://example.com/probs/out-of-credit",
                "title": "You do not have enough credit.",
                "status": 422,
                "detail": "Your current balance is 30, but that costs 50.",
                "instance": "/account/12345/msgs/abc",
                "balance": 30,
            }
            self.send_json(422, problem, content_type="application/problem+json")
        elif path == "/jsonapi-error":
            errors = {
                "errors": [
                    {
                        "status": "400",
                        "code": "invalid",
                        "title": "Invalid attribute",
                        "detail": "title must not be blank",
                        "source": {"pointer": "/data/attributes/title"},
                    },
                    {"status": "400", "title": "Invalid query parameter", "source": {"parameter": "sort"}},
                ]
            }
            self.send_json(400, errors, content_type="application/vnd.api+json")
        elif path == "/vnd-error":
            error = {"message": "Order not found", "logref": 42, "_links": {"help": {"href": "/help/orders"}}}
            self.send_json(404, error, content_type="application/vnd.error+json")
        elif head == "flaky" and len(parts) == 2 and parts[1].isdigit():
            key = dict(urllib.parse.parse_qsl(query)).get("key", "")
            with STATE.lock:
                hits = STATE.flaky.get(key, 0) + 1
                STATE.flaky[key] = hits
            if hits <= int(parts[1]):
                self.send_json(503, {"attempts": hits}, headers=[("Retry-After", "0")])
            else:
                self.send_json(200, {"attempts": hits})
        elif path == "/counter/reset":
            with STATE.lock:
                STATE.counts = {}
                STATE.flaky = {}
                STATE.peak_in_flight = STATE.in_flight
            self.send_json(200, {"reset": True})
        elif path == "/counter":
            with STATE.lock:
                counts = dict(sorted(STATE.counts.items()))
            self.send_json(200, {"counts": counts})
        elif path == "/stats/reset":
            with STATE.lock:
                STATE.peak_in_flight = STATE.in_flight
                STATE.requests_total = 0
                STATE.connections_total = STATE.connections_open
                STATE.connections_closed = 0
                STATE.delays_abandoned = 0
            self.send_json(200, {"reset": True})
        elif path == "/stats":
            with STATE.lock:
                stats = {
                    "in_flight": STATE.in_flight,
                    "peak_in_flight": STATE.peak_in_flight,
                    "connections_open": STATE.connections_open,
                    "connections_total": STATE.connections_total,
                    "connections_closed": STATE.connections_closed,
                    "requests_total": STATE.requests_total,
                    "delays_abandoned": STATE.delays_abandoned,
                }
            self.send_json(200, stats)
        elif path == "/headers":
            pairs = urllib.parse.parse_qsl(query, keep_blank_values=True)
            self.send_json(200, {"headers": [list(p) for p in pairs]}, headers=pairs)
        elif head == "bytes" and len(parts) == 2 and parts[1].isdigit():
            seed = int(dict(urllib.parse.parse_qsl(query)).get("seed", "0"))
            data = random.Random(seed).randbytes(int(parts[1]))
            self.send_bytes(200, data, "application/octet-stream")
        elif head == "stream" and len(parts) == 2 and parts[1].isdigit():
            options = dict(urllib.parse.parse_qsl(query))
            length = int(parts[1])
            pace = int(options.get("pace_ms", "0")) / 1000
            size = max(1, int(options.get("piece", str(1 << 16))))
            self.send_stream(pattern_pieces(length, size), length, options.get("framing", "length"), "application/octet-stream", pace=pace)
        elif head == "gzip" and len(parts) == 2 and parts[1].isdigit() and int(parts[1]) >= 1:
            options = dict(urllib.parse.parse_qsl(query))
            mebibytes = int(parts[1])
            pace = int(options.get("pace_ms", "0")) / 1000
            pieces = gzip_bomb_pieces(mebibytes, units_per_piece=1 if pace else 64)
            encoding = [("Content-Encoding", "gzip")]
            framing = options.get("framing", "length")
            self.send_stream(pieces, gzip_bomb_length(mebibytes), framing, "application/json", encoding, pace)
        elif path == "/streams/reset":
            with STATE.lock:
                STATE.reset_streams()
            self.send_json(200, {"reset": True})
        elif path == "/streams":
            with STATE.lock:
                streams = {
                    "started": STATE.streams_started,
                    "completed": STATE.streams_completed,
                    "aborted": STATE.streams_aborted,
                    "bytes_sent": STATE.stream_bytes_sent,
                }
            self.send_json(200, streams)
        elif head == "download" and len(parts) == 2 and parts[1].isdigit():
            self.download(int(parts[1]), dict(urllib.parse.parse_qsl(query)).get("key", ""))
        elif path == "/download-state":
            self.download_state(dict(urllib.parse.parse_qsl(query)))
        elif path == "/drop":
            self.close_connection = True
            self.connection.shutdown(2)
        else:
            self.send_json(404, {"error": "no such endpoint", "path": path})

    # -- endpoints --------------------------------------------------------------------------

    def echo(self, path, query, body):
        self.send_json(
            200,
            {
                "method": self.command,
                "path": path,
                "query": query,
                "headers": [[name, value] for name, value in self.headers.raw_items()],
                "body_base64": base64.b64encode(body).decode("ascii"),
                "length": len(body),
                "sha256": hashlib.sha256(body).hexdigest(),
            },
        )

    def download(self, length, key):
        """A file for resumable downloads (see the module's docstring)."""
        with STATE.lock:
            state = STATE.download(key)
            state["requests"].append({
                "range": self.headers.get("Range"), "if_range": self.headers.get("If-Range"),
                "accept_encoding": self.headers.get("Accept-Encoding"),
            })
            etag = ("W/" if state["weak"] else "") + state["etag"]
            validators = [etag] + ([state["last_modified"]] if state["last_modified"] else [])
            cut, state["cut"] = state["cut"], None
            ignore_range = state["ignore_range"]
            bad_range = state["bad_range"]
            seed = state["seed"]
            ignore_if_range = state["ignore_if_range"]
            length = state["length"] or length
            headers = ([] if state["omit_etag"] else [("ETag", etag)]) + [("Accept-Ranges", "bytes")]
            if state["last_modified"]:
                headers.append(("Last-Modified", state["last_modified"]))
        status, start, end = 200, 0, length
        wanted = self.headers.get("Range")
        if_range = self.headers.get("If-Range")
        if wanted and not ignore_range and (if_range is None or if_range in validators or ignore_if_range):
            match = re.fullmatch(r"\s*bytes=(\d+)-(\d*)\s*", wanted)
            if match:
                first = int(match.group(1))
                last = min(int(match.group(2)), length - 1) if match.group(2) else length - 1
                if first >= length:
                    self.send_bytes(416, b"", "application/octet-stream", headers + [("Content-Range", "bytes */%d" % length)])
                    return
                status, start, end = 206, first, last + 1
        if status == 206:
            with STATE.lock:
                STATE.download(key)["bad_range"] = None
            if bad_range == "shift":
                start += 1
            if bad_range == "garbage":
                headers.append(("Content-Range", "bytes %d-%d" % (start, end - 1)))
            elif bad_range != "missing":
                headers.append(("Content-Range", "bytes %d-%d/%d" % (start, end - 1, length)))
        self.send_response(status)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(end - start))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command == "HEAD":
            return
        sent = 0
        try:
            for piece in download_pieces(start, end, seed):
                if cut is not None and sent + len(piece) >= cut:
                    self.wfile.write(piece[: cut - sent])
                    self.wfile.flush()
                    # A moment for the client to read what was sent: AsyncHTTPClient drops body bytes it
                    # holds unread when the connection closes.
                    time.sleep(0.2)
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_WR)
                    return
                self.wfile.write(piece)
                sent += len(piece)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def download_state(self, options):
        """Reads (GET) or sets (POST) the state of the download options["key"]."""
        key = options.get("key", "")
        with STATE.lock:
            state = STATE.download(key)
            if self.command == "POST":
                for name in ("etag", "last_modified", "bad_range"):
                    if name in options:
                        state[name] = options[name] or None
                for name in ("seed", "cut", "length"):
                    if name in options:
                        state[name] = int(options[name]) if options[name] else None
                for name in ("weak", "ignore_range", "ignore_if_range", "omit_etag"):
                    if name in options:
                        state[name] = options[name] == "1"
            answer = {"etag": state["etag"], "requests": list(state["requests"])}
            seed = state["seed"] or 0
            length = state["length"]
        if "n" in options:
            answer["sha256"] = download_sha256(length or int(options["n"]), seed)
        self.send_json(200, answer)

    def delay(self, ms):
        """Waits ms milliseconds, watching the socket: an orderly close by the client ends the wait."""
        deadline = time.monotonic() + ms / 1000
        while (remaining := deadline - time.monotonic()) > 0:
            readable, _, _ = select.select([self.connection], [], [], remaining)
            if not readable:
                break
            try:
                peeked = self.connection.recv(1, socket.MSG_PEEK)
            except OSError:
                peeked = b""
            if peeked == b"":
                with STATE.lock:
                    STATE.delays_abandoned += 1
                self.close_connection = True
                return
            time.sleep(remaining)  # a pipelined request: nothing more to watch
            break
        self.send_json(200, {"delayed_ms": ms})

    def status(self, code):
        if code < 200 or code > 999:
            self.send_json(400, {"error": "status must be 200...999", "status": code})
        elif code in (204, 304):
            self.send_response(code)  # no body by definition, hence no Content-Length
            self.end_headers()
        else:
            self.send_json(code, {"status": code})

    def multipart(self, body):
        content_type = self.headers.get("Content-Type", "")
        if not content_type.lower().startswith("multipart/form-data"):
            self.send_json(415, {"error": "expected multipart/form-data", "content_type": content_type})
            return
        # The email parser wants a MIME document: give it the request's Content-Type as its header.
        document = b"Content-Type: " + content_type.encode("latin-1") + b"\r\nMIME-Version: 1.0\r\n\r\n" + body
        message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(document)
        if not message.is_multipart():
            self.send_json(400, {"error": "body is not multipart", "defects": [str(d) for d in message.defects]})
            return
        parts = []
        for part in message.iter_parts():
            payload = part.get_payload(decode=True) or b""
            entry = {
                "name": part.get_param("name", header="content-disposition"),
                "filename": part.get_filename(),
                "content_type": part.get("Content-Type"),
                "size": len(payload),
                "sha256": hashlib.sha256(payload).hexdigest(),
            }
            if len(payload) <= 1024:
                try:
                    entry["text"] = payload.decode("utf-8")
                except UnicodeDecodeError:
                    pass
            parts.append(entry)
        self.send_json(200, {"parts": parts, "defects": [str(d) for d in message.defects]})

    def auth(self):
        header = self.headers.get("Authorization", "")
        with STATE.lock:
            STATE.auth_hits += 1
            ok = STATE.token is not None and header == "Bearer " + STATE.token
            if ok:
                STATE.auth_ok += 1
            else:
                STATE.auth_unauthorized += 1
        if ok:
            self.send_json(200, {"authorized": True})
        else:
            self.send_json(
                401,
                {"authorized": False},
                headers=[("WWW-Authenticate", 'Bearer realm="resgen", error="invalid_token"')],
            )

    # -- writing ----------------------------------------------------------------------------

    def send_stream(self, pieces, length, framing, content_type, headers=(), pace=0):
        """Writes `pieces` (`length` bytes in all) as they are produced, `pace` seconds apart, framed
        by Content-Length, chunked transfer coding or the end of the connection; counts in /streams
        whether the client read to the end or closed the connection first."""
        if framing not in ("length", "chunked", "close"):
            self.send_json(400, {"error": "framing must be length, chunked or close"})
            return
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        for name, value in headers:
            self.send_header(name, value)
        if framing == "length":
            self.send_header("Content-Length", str(length))
        elif framing == "chunked":
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        if self.command == "HEAD":
            return
        with STATE.lock:
            STATE.streams_started += 1
        try:
            for piece in pieces:
                if framing == "chunked":
                    piece = b"%x\r\n" % len(piece) + piece + b"\r\n"
                self.wfile.write(piece)
                with STATE.lock:
                    STATE.stream_bytes_sent += len(piece)
                if pace:
                    time.sleep(pace)
            if framing == "chunked":
                self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
            with STATE.lock:
                STATE.streams_aborted += 1
            return
        with STATE.lock:
            STATE.streams_completed += 1

    def send_json(self, code, payload, content_type="application/json", headers=()):
        data = json.dumps(payload).encode("utf-8")
        self.send_bytes(code, data, content_type, headers)

    def send_bytes(self, code, data, content_type, headers=()):
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    # Not socketserver's 5, which resets connections under a loaded test run: see Tests/Tools/listen_backlog.py.
    request_queue_size = 128

    def handle_error(self, request, client_address):
        # A client that cancels closes its connection mid-request; the cancellation tests do that
        # thousands of times, each of which would print a traceback. Anything else is still printed.
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def main():
    serve(Handler)


def serve(handler, host="127.0.0.1"):
    """Serves `handler` on a free port of `host` (a loopback address): prints `LISTENING <port>` and runs until SIGTERM,
    SIGINT or the end of stdin (the test process that started it died). Every other standard-library test server here
    serves through it, so they share its backlog and its quiet resets."""
    server = Server((host, 0), handler)
    stop = threading.Event()

    def shut_down(*_):
        stop.set()

    signal.signal(signal.SIGTERM, shut_down)
    signal.signal(signal.SIGINT, shut_down)

    def watch_stdin():
        try:
            while sys.stdin.buffer.read(4096):
                pass
        except (OSError, ValueError):
            pass
        stop.set()

    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True).start()
    # Only a pipe tells that the parent died; a terminal or /dev/null says nothing about it.
    if stat.S_ISFIFO(os.fstat(sys.stdin.fileno()).st_mode):
        threading.Thread(target=watch_stdin, daemon=True).start()
    print("LISTENING %d" % server.server_address[1], flush=True)
    stop.wait()
    server.shutdown()
    server.server_close()


if __name__ == "__main__":
    main()
