#!/bin/sh
# Install the peers the suggestion benchmark compares against, outside the repository.
#
#   codespell   (PyPI, GPL-2.0; its misspelling list is CC BY-SA 3.0) — the typo->correction pairs
#   symspellpy  (PyPI, MIT) — a symmetric-deletion spelling corrector, run by
#               scripts/bench-suggestions-peers.py
#   hunspell + hunspell-en-us (Debian) — checked for, not installed (needs root: apt-get install)
#
# Installs into ${XDG_CACHE_HOME:-$HOME/.cache}/caret/peers with pip --target. Nothing is copied into
# the repository. caret-bench finds the peers there (or in $CARET_PEERS).
set -eu
peers="${CARET_PEERS:-${XDG_CACHE_HOME:-$HOME/.cache}/caret/peers}"
mkdir -p "$peers"
python3 -m pip install --quiet --upgrade --target "$peers" codespell==2.4.3 symspellpy==6.10.1 >&2
if ! command -v hunspell >/dev/null 2>&1 || [ ! -f /usr/share/hunspell/en_US.dic ]; then
    echo "setup-bench-peers: hunspell or hunspell-en-us missing; install with: apt-get install hunspell hunspell-en-us" >&2
fi
echo "$peers"
