import Testing
@testable import CaretCore

@Test func CaretCoreBuilds() { #expect(Bool(true)) }
