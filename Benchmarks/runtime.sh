#!/usr/bin/env bash
# Runtime benchmark: client overhead over an in-memory transport, then 100 GETs with 16 in flight
# against the loopback test server (20 ms per request), with 6 and 16 connections per host; then
# JSON:API compound-document decoding with include resolution against plain Codable structs.
set -euo pipefail
cd "$(dirname "$0")/.."

Benchmarks/.build/release/JSONAPIBench 1000 10000

# The server exits when its stdin closes: keep a pipe open for as long as this script runs.
coproc SERVER { exec python3 -u Tests/Servers/echo_server.py; }
trap 'kill "$SERVER_PID" 2>/dev/null || true' EXIT
read -r word port <&"${SERVER[0]}"
[ "$word" = LISTENING ] || { echo "the loopback server did not start" >&2; exit 1; }
Benchmarks/.build/release/RuntimeBench --url "http://127.0.0.1:$port"
