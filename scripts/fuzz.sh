#!/usr/bin/env bash
# Builds and runs one libFuzzer harness of the Fuzz/ package (docs/fuzzing.md).
set -euo pipefail
cd "$(dirname "$0")/.."

targets="markup document-json trace record key-chord editing-trace markdown rtf html foundation-json editor replay"

usage() {
    cat <<USAGE
usage: scripts/fuzz.sh TARGET [SECONDS] [LIBFUZZER-FLAGS...]
       scripts/fuzz.sh --build [TARGET...]
       scripts/fuzz.sh --help

Builds Fuzz/'s fuzz-TARGET in release with -sanitize=fuzzer,address (linked with lld: gold
fails on the sanitized objects) and runs it for SECONDS (default 60) on one core, on the
committed seed corpus. New inputs libFuzzer finds go to Fuzz/.build/corpus/TARGET (not
committed); a crash is written as Fuzz/.build/crashes/TARGET/crash-<sha1>, and the harness's
message says which property broke. Extra flags go to libFuzzer (-runs=N, -max_len=N, -jobs=N).
--build only builds (every target when none is named).

Targets: $targets

Corpus layout: Fuzz/Corpus/TARGET/ holds the committed seeds of each target, one input per
file, small (a few KiB in all). A crasher, once fixed, is minimized (run the harness with
-minimize_crash=1 -runs=10000 CRASH) and becomes a regression test in the ordinary suite under
Tests/; its minimized input may also join the target's seeds. scripts/test.sh replays the seeds
plus a fixed number of mutations through the same harnesses without a sanitizer (fuzz-smoke).

Exit codes: 0 no crash, 1 a crash or a broken property, 64 usage.
USAGE
}

build() {
    for target in "$@"; do
        swift build --package-path Fuzz -c release --scratch-path Fuzz/.build/fuzzer --product "fuzz-$target" \
            -Xswiftc -sanitize=fuzzer,address -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld \
            2> >(grep -v "Cannot export local symbol" >&2)
    done
}

known() { for t in $targets; do [ "$t" = "$1" ] && return 0; done; return 1; }

case "${1:-}" in
    -h|--help) usage; exit 0 ;;
    "") usage >&2; exit 64 ;;
    --build)
        shift
        for t in "$@"; do known "$t" || { echo "scripts/fuzz.sh: unknown target '$t' (targets: $targets)" >&2; exit 64; }; done
        # shellcheck disable=SC2086
        if [ $# -eq 0 ]; then build $targets; else build "$@"; fi
        exit 0 ;;
esac

target=$1
shift
known "$target" || { echo "scripts/fuzz.sh: unknown target '$target' (targets: $targets; see --help)" >&2; exit 64; }
seconds=60
if [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; then seconds=$1; shift; fi

build "$target"
binary=Fuzz/.build/fuzzer/x86_64-unknown-linux-gnu/release/fuzz-$target
[ -x "$binary" ] || binary=$(find Fuzz/.build/fuzzer -path "*/release/fuzz-$target" -type f | head -1)
mkdir -p "Fuzz/.build/corpus/$target" "Fuzz/.build/crashes/$target"
# -detect_leaks=0: LeakSanitizer reports the payloads of Swift's lazily initialized global enums
# (stored with tag bits in the pointer, so it does not see them as reachable) as leaks when the
# run ends; memory growth is still bounded by -rss_limit_mb. The flag stops libFuzzer's own leak
# checks only: AddressSanitizer's check at exit needs detect_leaks=0 in ASAN_OPTIONS, or a clean
# run ends with exit status 1 and the empty input written as a crash.
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
exec "$binary" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -detect_leaks=0 \
    -artifact_prefix="Fuzz/.build/crashes/$target/" "$@" "Fuzz/.build/corpus/$target" "Fuzz/Corpus/$target"
