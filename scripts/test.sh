#!/usr/bin/env bash
# Sets everything up and runs the whole test suite, then the fuzz smoke run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build --build-tests
swift test --skip-build
# Fuzz smoke run (docs/fuzzing.md): every harness over its committed corpus plus 300 seeded
# mutations, through the same harness functions the libFuzzer targets call. A debug build without
# the sanitizer: the release + address-sanitizer build of the whole package costs more than the
# suite itself on two cores, while this one reuses the debug compile settings and takes seconds
# to run; longer campaigns with the sanitizer are scripts/fuzz.sh.
swift build --package-path Fuzz --product fuzz-smoke
Fuzz/.build/debug/fuzz-smoke --corpus Fuzz/Corpus --mutations 300 \
    markup document-json trace record key-chord editing-trace markdown rtf html foundation-json editor replay
