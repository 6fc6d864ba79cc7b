#!/usr/bin/env bash
# Runtime benchmark: JSON:API decoding (1,000 and 10,000 articles) against plain Codable structs, a JSON:API
# error document (1,000 and 3,000 errors, under ServerErrorDocument's 1 MiB bound) through
# ServerErrorDocument.decode against plain Codable structs, and pagination over a loopback server (20 ms per
# page); polymorphic JSON:API decoding (1,000 and 10,000 loans of books, films and albums); client overhead
# over an in-memory transport, URI template parse/expand, then the transport workloads against the NIO loopback
# server (Benchmarks/.build/release/LoopbackServer): 100 GETs with 16 in flight at 20 ms per request, and
# sequential GETs without delay against the raw clients, over URLSessionTransport and AsyncHTTPClientTransport;
# then HAL decoding (1,000 and 10,000 contacts) against plain Codable structs, and HAL traversal. `make bench`
# (Benchmarks/bench.py) runs this and reads its output. `runtime.sh --transports-only` runs the transport
# workloads alone.
set -euo pipefail
cd "$(dirname "$0")/.."
transports_only=false
[ "${1:-}" = --transports-only ] && transports_only=true

# Servers exit when their stdin closes: each keeps its pipe open until the benchmark using it is done, so that
# one coprocess runs at a time (bash supports only one).
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
stop() { eval "exec ${1}>&-"; wait "$2" 2>/dev/null || true; }

if ! $transports_only; then
coproc PAGESERVER { exec python3 -u Benchmarks/jsonapi_delay_server.py --delay-ms 20 --pages 20 --per-page 50; }
pids+=("$PAGESERVER_PID")
read -r word pageport <&"${PAGESERVER[0]}"
[ "$word" = LISTENING ] || { echo "the JSON:API delay server did not start" >&2; exit 1; }
Benchmarks/.build/release/JSONAPIBench 1000 10000 --errors 1000 3000 --url "http://127.0.0.1:$pageport"
stop "${PAGESERVER[1]}" "$PAGESERVER_PID"
# Polymorphic JSON:API decoding (1,000 and 10,000 loans of books, films and albums) against plain Codable structs.
Benchmarks/.build/release/PolymorphicBench 1000 10000

fi

coproc SERVER { exec Benchmarks/.build/release/LoopbackServer; }
pids+=("$SERVER_PID")
read -r word port <&"${SERVER[0]}"
[ "$word" = LISTENING ] || { echo "the loopback server did not start" >&2; exit 1; }
if $transports_only; then
  Benchmarks/.build/release/RuntimeBench --transports-only --url "http://127.0.0.1:$port"
  stop "${SERVER[1]}" "$SERVER_PID"
  exit 0
fi
Benchmarks/.build/release/RuntimeBench --url "http://127.0.0.1:$port"
stop "${SERVER[1]}" "$SERVER_PID"

# HAL: decoding 1,000 contacts into the generated models vs. hand-written Codable structs, then traversal of
# 100 linked resources (120 links) at 20 ms per request against a HAL-shaped loopback server; then 10,000.
coproc HALSERVER { exec python3 -u Benchmarks/hal_delay_server.py --delay-ms 20; }
pids+=("$HALSERVER_PID")
read -r word halport <&"${HALSERVER[0]}"
[ "$word" = LISTENING ] || { echo "the HAL delay server did not start" >&2; exit 1; }
Benchmarks/.build/release/HALBench --contacts 1000 --url "http://127.0.0.1:$halport"
python3 -c 'import json, sys, urllib.request
counts = json.load(urllib.request.urlopen(sys.argv[1]))
n, u = counts["count"], counts["unique"]
print(f"  HAL server, whole run (a warm-up GET /hub + 7 traversals): {n} requests, {u} unique URLs")' \
  "http://127.0.0.1:$halport/_count"
stop "${HALSERVER[1]}" "$HALSERVER_PID"
Benchmarks/.build/release/HALBench --contacts 10000
