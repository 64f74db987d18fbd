import Testing
@testable import CaretReplay

@Test func CaretReplayBuilds() { #expect(Bool(true)) }
