import Testing
@testable import CaretCLI

@Test func CaretCLIBuilds() { #expect(Bool(true)) }
