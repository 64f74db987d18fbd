#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Where in the test's source a CaretTesting assertion was written (each public assertion takes
/// `#fileID`, `#filePath`, `#line` and `#column` as default arguments), so a failure points at the
/// caller's line in both Swift Testing and XCTest.
struct CallSite {
    let fileID: String
    let filePath: StaticString
    let line: Int
    let column: Int

    init(fileID: String, filePath: StaticString, line: Int, column: Int) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

/// Reports a failed CaretTesting assertion to whichever framework runs the current test: an issue
/// in Swift Testing when called from inside a `@Test`, an `XCTFail` otherwise. With neither
/// framework in the toolchain the message is printed, so the failure is never silent.
func reportFailure(_ message: String, at site: CallSite) {
    #if canImport(Testing)
    if Test.current != nil {
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(fileID: site.fileID, filePath: "\(site.filePath)", line: site.line, column: site.column)
        )
        return
    }
    #endif
    #if canImport(XCTest)
    XCTFail(message, file: site.filePath, line: UInt(site.line))
    #else
    // No test framework in this toolchain: say it where a person running the code will see it.
    print("\(site.fileID):\(site.line):\(site.column): error: \(message)")
    #endif
}
