#!/usr/bin/env bash
# Sets everything up and runs Caret's main job on an example.
# For now that job is the storage benchmark replaying the automerge-paper editing trace;
# it becomes `caret run` of an example script once the Lua runtime lands.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product caret-bench
.build/release/caret-bench --filter automerge-paper --no-peers
