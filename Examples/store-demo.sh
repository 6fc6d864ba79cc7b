#!/usr/bin/env bash
# The store's demo (`make store-demo`): starts the djangorestframework-jsonapi Press server, runs
# StoreWatch against it, and edits the server with curl from this other process; StoreWatch prints
# each change it sees and exits after the third.
set -euo pipefail
cd "$(dirname "$0")/.."
coproc SERVER { exec .venv-jsonapi/bin/python -u Tests/Servers/jsonapi/server.py; }
trap 'kill "$SERVER_PID" 2>/dev/null || true' EXIT
read -r word port <&"${SERVER[0]}"
[ "$word" = LISTENING ] || { echo "the JSON:API server did not start" >&2; exit 1; }
base="http://127.0.0.1:$port"
json='Content-Type: application/vnd.api+json'
output=$(mktemp)
Examples/.build/debug/StoreWatch "$base" --changes 3 | tee "$output" &
watcher=$!
# Another process edits the server; the watcher sees each edit on its next read.
sleep 2
curl -sf -X PATCH -H "$json" "$base/people/2" -d '{"data": {"type": "people", "id": "2", "attributes": {"name": "Alan M. Turing"}}}' >/dev/null
sleep 1
curl -sf -X POST -H "$json" "$base/people" -d '{"data": {"type": "people", "attributes": {"name": "Barbara Liskov"}}}' >/dev/null
sleep 1
curl -sf -X DELETE "$base/people/3" >/dev/null
for _ in $(seq 1 60); do kill -0 "$watcher" 2>/dev/null || break; sleep 0.5; done
if kill -0 "$watcher" 2>/dev/null; then kill "$watcher"; echo "StoreWatch did not see the three edits" >&2; exit 1; fi
grep -q "~ 2 Alan Turing → Alan M. Turing" "$output"
grep -q "+ 4 Barbara Liskov" "$output"
grep -q -- "- 3 Grace Hopper" "$output"
rm -f "$output"
echo "store-demo: the watcher saw every edit another process made"
