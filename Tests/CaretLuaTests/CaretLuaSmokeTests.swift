import Testing
@testable import CaretLua

@Test func CaretLuaBuilds() { #expect(Bool(true)) }
