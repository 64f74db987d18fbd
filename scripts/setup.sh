#!/usr/bin/env bash
# Installs the system packages Caret needs on a Debian machine that has the Swift toolchain.
# Safe to run again: it installs only what is missing.
set -euo pipefail

# libxml2-dev: the HTML reader's parser; cmark-gfm and pandoc: the format tests' interop references.
# tmux: the terminal the REPL and `caret edit` tests drive.
# liblzma-dev and zlib1g-dev: libxml2's static link (scripts/build-release.sh) needs their archives.
packages=(libluajit-5.1-dev pkg-config unicode-data wamerican libxml2-dev liblzma-dev zlib1g-dev
    libcmark-gfm-dev libcmark-gfm-extensions-dev cmark-gfm pandoc tmux)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# The English frequency list that ranks suggestions is shipped in data/ and compiled into the
# binary; scripts/fetch-frequencies.sh only refreshes it from upstream, so nothing is fetched here.
