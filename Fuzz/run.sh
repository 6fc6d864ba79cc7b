#!/bin/sh
# Runs one fuzz target under libFuzzer: Fuzz/run.sh TARGET SECONDS [more libFuzzer arguments].
#
# Needs the libFuzzer build (`make fuzz-build`, into .build-fuzz). New inputs that add coverage go to
# .build-fuzz/corpus/TARGET (not committed; copy good ones to Fuzz/Corpus/TARGET); the committed seeds
# in Fuzz/Corpus/TARGET are read too. An input that shows a finding (a trap, a difference, a broken
# invariant) is written to Fuzz/Crashes/TARGET/, where `make test` replays it from then on, and the
# run exits non-zero. Leak detection is off (the Swift runtime keeps caches for the process's lifetime), and
# so is the Swift runtime's backtracer (ASan reports its memory reads as errors; ASan prints the stack).
set -eu
target=$1
seconds=$2
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
binary="$root/.build-fuzz/release/resgen-fuzz"
work="$root/.build-fuzz/corpus/$target"
mkdir -p "$work" "$root/Fuzz/Crashes/$target"
case $target in
    pipeline) max_len=65536 ;;
    tape) max_len=16384 ;;
    infer) max_len=16384 ;;
    openjson) max_len=16384 ;;
    openapi) max_len=65536 ;;
    openapiscreen) max_len=16384 ;;
    *) max_len=4096 ;;
esac
dictionary=
if [ -f "$root/Fuzz/Dictionaries/$target.dict" ]; then dictionary="-dict=$root/Fuzz/Dictionaries/$target.dict"; fi
echo "fuzz: $target for $seconds s"
# stdin from /dev/null: libFuzzer started without a terminal otherwise waits on it.
SWIFT_DETERMINISTIC_HASHING=1 SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$binary" "$target" \
    -max_total_time="$seconds" -max_len="$max_len" -timeout=30 -print_final_stats=1 $dictionary \
    -artifact_prefix="$root/Fuzz/Crashes/$target/" "$@" "$work" "$root/Fuzz/Corpus/$target" </dev/null
