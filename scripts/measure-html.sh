#!/usr/bin/env bash
# Measures HTML write and read speed by hand (not a timed test): a release build of a throwaway
# executable linking CaretCore and CaretFormats, in a scratch package whose sources are links to
# this checkout's. Prints MB/s by the thread's CPU time (best of 3), so a busy machine matters less.
#   scripts/measure-html.sh [SCRATCH_DIR]   (default: $TMPDIR/caret-html-measure)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="${1:-${TMPDIR:-/tmp}/caret-html-measure}"
mkdir -p "$dir/Sources/measure"
for target in CaretCore CaretFormats CLibXML2; do ln -sfn "$root/Sources/$target" "$dir/Sources/$target"; done
cat > "$dir/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "caret-html-measure", targets: [
    .target(name: "CaretCore", swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
    .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0"),
    .target(name: "CaretFormats", dependencies: ["CaretCore", "CLibXML2"]),
    .executableTarget(name: "measure", dependencies: ["CaretCore", "CaretFormats"]),
])
SWIFT
cat > "$dir/Sources/measure/main.swift" <<'SWIFT'
import CaretCore
import CaretFormats
#if canImport(Glibc)
import Glibc
#endif

func now() -> Double { var t = timespec(); clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9 }

// 100k runs over ~10 MB: words cycling through the character attributes HTML carries, a
// paragraph every 8 runs cycling through the paragraph kinds.
let styles: [Attributes] = [
    Attributes(), .traits(.bold), .traits(.italic), .traits(.bold, .underline),
    try! Attributes([(.link, .string("https://example.com/a?b=1&c=2"))]),
    try! Attributes([(.foregroundColor, .string("#ff0000")), (.fontSize, .number(14))]),
    .traits(.code), .traits(.strikethrough),
]
let blocks: [Attributes] = [
    Attributes(), try! Attributes([(.heading, .number(2))]),
    try! Attributes([(.listStyle, .string("bullet")), (.listLevel, .number(1))]),
    try! Attributes([(.listStyle, .string("ordered")), (.listLevel, .number(2))]),
    try! Attributes([(.blockQuote, .bool(true))]), try! Attributes([(.alignment, .string("center"))]),
]
let filler = "Lorem ipsum dolor sit amet, <consectetur> & adipiscing elit, sed do eiusmod tempor incididunt ut labore 😀 "
var builder = AttributedText.Builder()
for run in 0..<100_000 {
    let block = blocks[(run / 8) % blocks.count]
    var attributes = styles[run % styles.count].merging(block)
    builder.append(filler, attributes: attributes)
    if run % 8 == 7 {
        attributes = styles[run % styles.count].removing(.link).merging(block)
        builder.append("\n", attributes: attributes)
    }
}
let text = builder.finish()
let state = DocumentState(text: text)
print("document: \(text.utf8Count) bytes, \(text.runs.count) runs")
var best = (write: Double.infinity, read: Double.infinity)
var html = ""
for _ in 0..<3 {
    let t0 = now()
    let (out, losses) = HTML.print(state)
    let t1 = now()
    precondition(losses.isEmpty, "\(losses)")
    html = out
    let (back, readLosses) = try HTML.parse(html)
    let t2 = now()
    precondition(readLosses.isEmpty && back.text == text, "round trip")
    best = (min(best.write, t1 - t0), min(best.read, t2 - t1))
}
let mb = Double(text.utf8Count) / 1e6
let htmlMB = Double(html.utf8.count) / 1e6
print("HTML: \(html.utf8.count) bytes")
print("write: \(best.write)s, \(mb / best.write) MB/s of text (\(htmlMB / best.write) MB/s of HTML)")
print("read:  \(best.read)s, \(htmlMB / best.read) MB/s of HTML (\(mb / best.read) MB/s of text)")
SWIFT
cd "$dir" && swift build -c release --product measure 2>&1 | tail -1 && ./.build/release/measure
