#!/usr/bin/env bash
# Sets everything up, builds Caret in release and runs its main job on an example: a Lua script
# run by `caret run` against a document — here, bold every occurrence of two keywords in
# examples/notes.caret and print the result as canonical markup (see docs/scripting.md).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build-release.sh --product caret
.build/release/caret run examples/bold-keywords.lua --doc examples/notes.caret -- api scripts
