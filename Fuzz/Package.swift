// swift-tools-version:6.0
// Fuzz harnesses for Caret's parsers, the editor and replay (docs/fuzzing.md). A separate package
// so the libraries never carry fuzzing code or flags: it depends on the main package by path,
// through its library products only.
//
// - `fuzz-<target>`: one libFuzzer executable per harness, built with
//   `swift build -c release --product fuzz-<target> -Xswiftc -sanitize=fuzzer,address`
//   (scripts/fuzz.sh does this). Each hands one harness to libFuzzer's `LLVMFuzzerRunDriver`
//   from its own entry point: SwiftPM links an executable with `main` defined as
//   `<module>_main`, so the usual `LLVMFuzzerTestOneInput` alone leaves the link without one.
// - `fuzz-smoke`: an ordinary executable running the same harness functions over the committed
//   corpus plus seeded mutations, without a sanitizer (scripts/test.sh runs it).
import PackageDescription

let targets = [
    "markup", "document-json", "trace", "record", "key-chord", "editing-trace",
    "markdown", "rtf", "html", "foundation-json", "editor", "replay",
]

let package = Package(
    name: "CaretFuzz",
    products: targets.map { .executable(name: "fuzz-\($0)", targets: ["fuzz-\($0)"]) }
        + [.executable(name: "fuzz-smoke", targets: ["fuzz-smoke"])],
    dependencies: [.package(name: "Caret", path: "..")],
    targets: [
        // The harness functions: bytes in, a trap (fatalError) on a broken property.
        // `RecordSyntax.swift` is a symbolic link to the CLI's own file (CaretCLI is not a
        // product): the harness compiles the very parser `caret record` runs.
        .target(
            name: "FuzzHarnesses",
            dependencies: [
                .product(name: "CaretCore", package: "Caret"),
                .product(name: "CaretFormats", package: "Caret"),
                .product(name: "CaretReplay", package: "Caret"),
                .product(name: "CaretLua", package: "Caret"),
                .product(name: "CaretFoundation", package: "Caret"),
            ]
        ),
        // The declaration of libFuzzer's driver (the library comes with -sanitize=fuzzer).
        .target(name: "CLibFuzzer"),
        .executableTarget(name: "fuzz-smoke", dependencies: ["FuzzHarnesses"]),
    ] + targets.map { .executableTarget(
        name: "fuzz-\($0)", dependencies: ["FuzzHarnesses", "CLibFuzzer"],
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ) }
)
