"""Runs a command while one of the test servers runs, for `make infer-fixtures` and `make infer-servers`.

    python3 Tests/Servers/with_server.py SERVER_PYTHON SERVER_SCRIPT -- COMMAND ARG...

Starts `SERVER_PYTHON SERVER_SCRIPT` with a pipe as its stdin, waits for its `LISTENING <port>` line,
runs COMMAND with every `{port}` in its arguments replaced by the port (and PORT in its environment),
then closes the server's stdin (the servers exit when it closes) and exits with COMMAND's status.
"""
import os
import subprocess
import sys


def main() -> int:
    split = sys.argv.index("--")
    server, command = sys.argv[1:split], sys.argv[split + 1:]
    process = subprocess.Popen(server, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        port = None
        for line in process.stdout:
            if line.startswith("LISTENING"):
                port = line.split()[1]
                break
        if port is None:
            print(f"with_server: {' '.join(server)} exited without listening", file=sys.stderr)
            return 1
        arguments = [argument.replace("{port}", port) for argument in command]
        return subprocess.call(arguments, env={**os.environ, "PORT": port})
    finally:
        process.stdin.close()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


if __name__ == "__main__":
    sys.exit(main())
