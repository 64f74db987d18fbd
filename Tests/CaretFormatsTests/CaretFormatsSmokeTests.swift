import Testing
@testable import CaretFormats

@Test func CaretFormatsBuilds() { #expect(Bool(true)) }
