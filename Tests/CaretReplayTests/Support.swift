import Foundation
@testable import CaretReplay

/// Where the golden traces live, found from this file's path.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let traces = root + "/tests/traces"

    static var goldenFiles: [String] { (try? TestRunner.discover([traces])) ?? [] }

    static func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }
}
