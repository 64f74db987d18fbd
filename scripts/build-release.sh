#!/bin/sh
# Builds caret and caret-bench in release, linked the way startup is fastest.
#
# On Linux they are static executables: the Swift runtime, Foundation, LuaJIT, libxml2 (with the
# ICU, zlib and liblzma it needs) and cmark-gfm are linked in, and there is no dynamic loader.
# `caret run` of a one-line script then starts in under half the CPU time of a build that links only the
# Swift runtime statically (`--static-swift-stdlib`): that one still loads a dozen shared libraries,
# resolves their symbols and relocates a position-independent 80 MB executable at every start
# (docs/scripting.md, "Cost", has the figures). The static archives come with the -dev packages
# scripts/setup.sh installs. Elsewhere (macOS) it is a plain release build.
#
# usage: scripts/build-release.sh [--product caret | --product caret-bench | other swift build flags]
set -eu
cd "$(dirname "$0")/.."
if [ "$(uname -s)" != Linux ]; then
    exec swift build -c release "$@"
fi
# The libraries' own dependencies, as their pkg-config files list them for static linking.
# (cmark-gfm-extensions has no .pc file; CCmark's module map links it.)
libraries=$(pkg-config --libs --static luajit libxml-2.0 libcmark-gfm)
flags=""
for library in $libraries; do
    case "$library" in
        -l*) flags="$flags -Xlinker $library" ;;
    esac
done
# The start files' registration of the executable's frames with the unwinder goes to
# Sources/CCaretLua/frames.c, which skips it: the unwinder then finds frames in the table the
# linker sorted (.eh_frame_hdr) instead of sorting all 73k of them at the first Lua error or
# aborted trace (35 ms, once per process).
flags="$flags -Xlinker --wrap=__register_frame_info -Xlinker --wrap=__deregister_frame_info"
# Caret's modules get the metadata of a generic type such as [String] or Set<String> from its
# accessor, not from its mangled name: the runtime's demangler and the search of every protocol
# conformance in the executable (for the requirements a mangled name does not carry, such as
# String: Hashable) then drop out of start-up: `caret run` of a one-line script takes 12% fewer
# instructions (3.15M to 2.78M by callgrind) and about 0.3 ms less (docs/scripting.md, "Cost");
# the edit paths run as fast as before.
flags="$flags -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors"
# ICU is C++: its archive needs the C++ runtime after it.
# shellcheck disable=SC2086  # the flags are words on purpose
exec swift build -c release -Xswiftc -static-executable $flags -Xlinker -lstdc++ "$@"
