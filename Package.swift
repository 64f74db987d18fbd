// swift-tools-version:6.0
// Caret: a headless rich-text editor runtime. Layers (dependencies point down only):
// caret → CaretCLI → CaretLua → CaretReplay → CaretFormats → CaretCore → CCaretPrefetch;
// CaretLua → CCaretLua → CLuaJIT; CaretFormats → CCmark, CLibXML2. CaretLua sits above CaretReplay
// because the Lua API is built on traces: editor:start_recording and `caret run --record` write
// traces (TraceRecorder), macros record and replay trace events (MacroRecorder, TracePlayer),
// caret.expect compares a checkpoint the way replay does (TracePlayer.mismatch), and a *.test.lua
// reports a TestOutcome. CaretReplay needs no Lua: `caret test` hands it CaretLua's runner
// (TestRunner.run(_:jobs:luaRunner:)).
import PackageDescription

let package = Package(
    name: "Caret",
    // Apple platforms: `AttributedString` and its presentation intents (CaretFoundation).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "caret", targets: ["caret"]),
        .executable(name: "caret-bench", targets: ["caret-bench"]),
        .library(name: "CaretCore", targets: ["CaretCore"]),
        .library(name: "CaretFormats", targets: ["CaretFormats"]),
        .library(name: "CaretReplay", targets: ["CaretReplay"]),
        .library(name: "CaretLua", targets: ["CaretLua"]),
        .library(name: "CaretFoundation", targets: ["CaretFoundation"]),
        .library(name: "CaretTesting", targets: ["CaretTesting"]),
    ],
    targets: [
        // Storage, attributes, selection, editor commands, undo, segmentation, suggestions. Stdlib only,
        // and CCaretPrefetch for the one processor hint Swift cannot spell.
        // The rope's nodes and the editor are classes mutated only along a path made unique first;
        // their hot stored properties are `@exclusivity(unchecked)`, since dynamic exclusivity checks
        // cost a third of the typing path (no unsafe flags: SwiftPM refuses them in a dependency).
        .target(name: "CaretCore", dependencies: ["CCaretPrefetch"]),
        // A header: `caret_prefetch`, which starts loading a cache line (a random edit of a large
        // document loads its leaf's lines at once instead of one after another; docs/storage.md).
        .target(name: "CCaretPrefetch"),
        // Canonical markup, JSON, plain text, Markdown, RTF, HTML (read through libxml2's HTML parser).
        .target(name: "CaretFormats", dependencies: ["CaretCore", "CCmark", "CLibXML2"]),
        // cmark-gfm (CommonMark with GitHub's extensions) from Debian, found through pkg-config;
        // libcmark-gfm.pc links the extensions library too, which its own -dev package provides.
        .systemLibrary(
            name: "CCmark",
            path: "Sources/CCmark",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        // Caret's text to and from Foundation's `AttributedString`, and
        // the JSON `AttributedString`'s Codable writes on Apple platforms.
        .target(name: "CaretFoundation", dependencies: ["CaretCore", "CaretFormats"]),
        // libxml2 from Debian's libxml2-dev (Homebrew's libxml2 on macOS), found through
        // pkg-config; only its HTML parser is used.
        .systemLibrary(
            name: "CLibXML2",
            path: "Sources/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // LuaJIT from Debian's libluajit-5.1-dev (Homebrew's luajit on macOS), found through pkg-config.
        .systemLibrary(
            name: "CLuaJIT",
            path: "Sources/CLuaJIT",
            pkgConfig: "luajit",
            providers: [.apt(["libluajit-5.1-dev"]), .brew(["luajit"])]
        ),
        // The small C shim: the only code that raises Lua errors.
        .target(name: "CCaretLua", dependencies: ["CLuaJIT"]),
        // CaretReplay: recording, macros and checkpoints in the Lua API are trace events (see the top).
        .target(name: "CaretLua", dependencies: ["CaretCore", "CaretFormats", "CaretReplay", "CCaretLua", "CLuaJIT"]),
        .target(name: "CaretReplay", dependencies: ["CaretCore", "CaretFormats"]),
        // For the test targets of apps built on Caret: replay assertions, markup expectations and
        // editor fixtures, reporting to Swift Testing or XCTest, whichever runs the test.
        .target(name: "CaretTesting", dependencies: ["CaretCore", "CaretFormats", "CaretReplay"]),
        // Crash reporting for the caret command: one line and exit 70, from a signal handler.
        .target(name: "CCaretProcess"),
        // The English frequency list that ranks suggestions (data/frequencies-en.tsv, MIT), compiled
        // into the binary with #embed so that an installed `caret` needs no download.
        .target(name: "CCaretFrequencies"),
        .target(name: "CaretCLI", dependencies: ["CaretCore", "CaretFormats", "CaretLua", "CaretReplay", "CCaretProcess", "CCaretFrequencies"]),
        .executableTarget(name: "caret", dependencies: ["CaretCLI"]),
        .executableTarget(
            name: "caret-bench",
            // CCaretLua and CLuaJIT: the call-overhead benchmark pushes a bare C function.
            dependencies: ["CaretCore", "CaretFormats", "CaretReplay", "CaretLua", "CCaretLua", "CLuaJIT"]
        ),
        .testTarget(name: "CaretCoreTests", dependencies: ["CaretCore", "CaretFormats"]),
        .testTarget(name: "CaretFormatsTests", dependencies: ["CaretCore", "CaretFormats"], exclude: ["Fixtures"]),
        .testTarget(name: "CaretFoundationTests", dependencies: ["CaretCore", "CaretFormats", "CaretFoundation"]),
        // CLuaJIT: the pattern tests compare Caret's string functions with LuaJIT's own in a plain state.
        .testTarget(name: "CaretLuaTests", dependencies: ["CaretCore", "CaretFormats", "CaretReplay", "CaretLua", "CLuaJIT"]),
        .testTarget(name: "CaretReplayTests", dependencies: ["CaretCore", "CaretFormats", "CaretReplay"]),
        // CLibXML2: the JUnit report is validated against Tests/Fixtures/junit.xsd with libxml2's schemas.
        .testTarget(name: "CaretCLITests", dependencies: ["CaretCLI", "CLibXML2"]),
        .testTarget(name: "CaretTestingTests", dependencies: ["CaretCore", "CaretReplay", "CaretTesting"]),
        // Builds Tests/Fixtures/Consumer, a package that depends on this one by path (not named
        // CaretPackageTests: SwiftPM takes that name for the package's own test product).
        .testTarget(name: "CaretDependencyTests"),
    ]
)
