import Foundation
import Testing

/// Caret as a dependency: the package declares no unsafe flags (SwiftPM refuses those in a
/// dependency), and Tests/Fixtures/Consumer, a package that depends on Caret by path through its
/// library products, builds, runs and passes its own tests (Swift Testing and XCTest through
/// CaretTesting).
///
/// The consumer is built under `.build/consumer-fixture/` with Caret's checkout linked beside it
/// as `Caret`, so its package identity does not depend on the name of the directory Caret was
/// cloned into, and a second run builds incrementally.
@Suite(.serialized) struct ConsumerPackageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The manifest as JSON. SwiftPM locks a package's scratch directory, which the `swift test`
    /// running this suite holds, so the dump uses a scratch directory of its own.
    static func dumpPackage() throws -> (status: Int32, output: String) {
        try swift(["package", "--scratch-path", root + "/.build/consumer-fixture/dump", "dump-package"], in: root)
    }

    @Test func thePackageDeclaresNoUnsafeFlags() throws {
        let dump = try Self.dumpPackage()
        #expect(dump.status == 0, "\(dump.output)")
        #expect(dump.output.contains("\"CaretCore\""))
        #expect(!dump.output.contains("unsafeFlags"), "Package.swift uses unsafeFlags, which SwiftPM refuses in a dependency")
    }

    @Test func everyLibraryIsAProduct() throws {
        let dump = try Self.dumpPackage()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        let products = (json["products"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        for library in ["CaretCore", "CaretFormats", "CaretReplay", "CaretLua", "CaretFoundation", "CaretTesting"] {
            #expect(products.contains(library), "no product \(library)")
        }
    }

    @Test func aConsumerPackageBuildsRunsAndTestsAgainstEachProduct() throws {
        let work = Self.root + "/.build/consumer-fixture"
        let consumer = work + "/Consumer"
        let files = FileManager.default
        try files.createDirectory(atPath: work, withIntermediateDirectories: true)
        let link = work + "/Caret"
        if (try? files.destinationOfSymbolicLink(atPath: link)) != Self.root {
            try? files.removeItem(atPath: link)
            try files.createSymbolicLink(atPath: link, withDestinationPath: Self.root)
        }
        // Fresh sources each run (the consumer's own .build is kept).
        try? files.removeItem(atPath: consumer + "/Sources")
        try? files.removeItem(atPath: consumer + "/Tests")
        try? files.removeItem(atPath: consumer + "/Package.swift")
        try files.createDirectory(atPath: consumer, withIntermediateDirectories: true)
        let fixture = Self.root + "/Tests/Fixtures/Consumer"
        for item in ["Package.swift", "Sources", "Tests"] {
            try files.copyItem(atPath: fixture + "/" + item, toPath: consumer + "/" + item)
        }

        let build = try Self.swift(["build", "--build-tests"], in: consumer)
        try #require(build.status == 0, "swift build failed:\n\(build.output)")

        let run = try Self.run(consumer + "/.build/debug/ConsumerApp", [], in: consumer)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output == """
            core: 15 on
            markup: café 👋🏽 {bold:world}
            markdown: café 👋🏽 **world**
            replay: Hi there ok
            lua: lua!
            foundation: 12 true

            """)

        let test = try Self.swift(["test", "--skip-build"], in: consumer)
        #expect(test.status == 0, "swift test failed:\n\(test.output)")
        #expect(test.output.contains("Executed 1 test, with 0 failures"), "\(test.output)")
        #expect(test.output.contains("2 tests") && test.output.contains("passed"), "\(test.output)")
    }

    /// Runs the toolchain's `swift` (the one running these tests, else the first on PATH).
    static func swift(_ arguments: [String], in directory: String) throws -> (status: Int32, output: String) {
        try run("/usr/bin/env", ["swift"] + arguments, in: directory)
    }

    static func run(_ executable: String, _ arguments: [String], in directory: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
