#!/usr/bin/env bash
# Starts the forum demo server and runs the ForumDemo example against it (see `make demo`).
set -euo pipefail
cd "$(dirname "$0")/.."
coproc SERVER { exec python3 -u Tests/Servers/forum_server.py; }
trap 'kill "$SERVER_PID" 2>/dev/null || true' EXIT
read -r word port <&"${SERVER[0]}"
[ "$word" = LISTENING ] || { echo "the forum server did not start" >&2; exit 1; }
Examples/.build/debug/ForumDemo "http://127.0.0.1:$port"
