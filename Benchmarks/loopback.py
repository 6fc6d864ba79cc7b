"""What the benchmark delay servers share: replying with a JSON body, and serving on a free loopback
port until stdin closes (the bench scripts read the `LISTENING <port>` line, then hold stdin open)."""
import sys
import threading
from http.server import ThreadingHTTPServer


class Server(ThreadingHTTPServer):
    # Not socketserver's 5, which resets connections under a loaded test run: see Tests/Tools/listen_backlog.py.
    request_queue_size = 128
    daemon_threads = True


def reply(handler, status, content_type, body):
    """Sends `body` (bytes) with its length; the servers keep connections alive."""
    handler.send_response(status)
    handler.send_header("Content-Type", content_type)
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


def serve(handler_class):
    """Serves `handler_class` on 127.0.0.1 and a free port; returns when stdin closes."""
    server = Server(("127.0.0.1", 0), handler_class)
    threading.Thread(target=lambda: (sys.stdin.read(), server.shutdown()), daemon=True).start()
    print(f"LISTENING {server.server_address[1]}", flush=True)
    server.serve_forever()
