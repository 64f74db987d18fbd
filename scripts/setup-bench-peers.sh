#!/bin/sh
# Install the peers caret-bench compares against. Safe to run again: it installs only what is
# missing.
#
# Editing peers (Debian packages; caret-bench's peer suite runs scripts/bench-peers/* with them):
#   emacs-nox   Emacs in batch mode (scripts/bench-peers/emacs.el), with and without undo
#   neovim      nvim --headless, nvim_buf_set_text from Lua (scripts/bench-peers/neovim.lua)
#   luajit      a plain gap buffer (scripts/bench-peers/gapbuffer.lua)
#
# Suggestion peers, outside the repository:
#   codespell   (PyPI, GPL-2.0; its misspelling list is CC BY-SA 3.0) — the typo->correction pairs
#   symspellpy  (PyPI, MIT) — a symmetric-deletion spelling corrector, run by
#               scripts/bench-suggestions-peers.py
#   hunspell + hunspell-en-us (Debian) — checked for, not installed (install with apt-get)
#
# The PyPI peers go into ${XDG_CACHE_HOME:-$HOME/.cache}/caret/peers with pip --target. Nothing is
# copied into the repository. caret-bench finds them there (or in $CARET_PEERS). Set
# CARET_SKIP_PIP=1 to install only the editing peers.
set -eu

missing=""
for p in emacs-nox neovim luajit; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "setup-bench-peers: installing$missing" >&2
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd=sudo
    $sudo_cmd apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

peers="${CARET_PEERS:-${XDG_CACHE_HOME:-$HOME/.cache}/caret/peers}"
if [ -z "${CARET_SKIP_PIP:-}" ]; then
    mkdir -p "$peers"
    python3 -m pip install --quiet --upgrade --target "$peers" codespell==2.4.3 symspellpy==6.10.1 >&2
fi
if ! command -v hunspell >/dev/null 2>&1 || [ ! -f /usr/share/hunspell/en_US.dic ]; then
    echo "setup-bench-peers: hunspell or hunspell-en-us missing; install with: apt-get install hunspell hunspell-en-us" >&2
fi
echo "$peers"
