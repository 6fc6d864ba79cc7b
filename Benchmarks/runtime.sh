#!/usr/bin/env bash
# Runtime benchmark: client overhead over an in-memory transport, URI template parse/expand, then 100 GETs
# with 16 in flight against the loopback test server (20 ms per request), with 6 and 16 connections per
# host; then HAL and JSON:API decoding against plain Codable structs, and HAL traversal.
set -euo pipefail
cd "$(dirname "$0")/.."

Benchmarks/.build/release/JSONAPIBench 1000 10000

# The server exits when its stdin closes: keep a pipe open for as long as this script runs.
coproc SERVER { exec python3 -u Tests/Servers/echo_server.py; }
trap 'kill "$SERVER_PID" 2>/dev/null || true' EXIT
read -r word port <&"${SERVER[0]}"
[ "$word" = LISTENING ] || { echo "the loopback server did not start" >&2; exit 1; }
Benchmarks/.build/release/RuntimeBench --url "http://127.0.0.1:$port"

# HAL: decoding 1,000 contacts into the generated models vs. hand-written Codable structs, then traversal of
# 100 linked resources (120 links) at 20 ms per request against a HAL-shaped loopback server.
coproc HALSERVER { exec python3 -u Benchmarks/hal_delay_server.py --delay-ms 20; }
trap 'kill "$SERVER_PID" "$HALSERVER_PID" 2>/dev/null || true' EXIT
read -r word halport <&"${HALSERVER[0]}"
[ "$word" = LISTENING ] || { echo "the HAL delay server did not start" >&2; exit 1; }
Benchmarks/.build/release/HALBench --url "http://127.0.0.1:$halport"
