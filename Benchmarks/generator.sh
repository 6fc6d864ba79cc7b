#!/usr/bin/env bash
# Generator benchmark: times the release `resgen generate` as a whole process on synthetic schemas
# (see synthesize.py) and prints the median wall and CPU time of several runs per size.
# Usage: Benchmarks/generator.sh [runs] [sizes...]   (default: 7 runs of 1000 resources)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-7}
shift || true
sizes=${*:-1000}
binary=.build/release/resgen
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

printf '%-10s %8s %12s %12s %10s\n' resources 'schema' 'wall (med)' 'CPU (med)' 'output'
for size in $sizes; do
  python3 Benchmarks/synthesize.py "$size" "$work/schema-$size.yml"
  walls=() cpus=()
  for run in $(seq "$runs"); do
    rm -rf "$work/out"   # every run writes all files, as a first generation does
    TIMEFORMAT='%R %U %S'
    times=$( { time "$binary" generate "$work/schema-$size.yml" --output "$work/out" > /dev/null; } 2>&1 )
    read -r wall user sys <<< "$times"
    walls+=("$wall")
    cpus+=("$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.3f", u + s }')")
  done
  wall=$(printf '%s\n' "${walls[@]}" | median)
  cpu=$(printf '%s\n' "${cpus[@]}" | median)
  schema=$(du -k "$work/schema-$size.yml" | cut -f1)
  output=$(du -sk "$work/out" | cut -f1)
  printf '%-10s %6s KB %10s s %10s s %7s KB\n' "$size" "$schema" "$wall" "$cpu" "$output"
done
