import Testing
import CaretCore

/// Trait-toggle policies (docs/editor.md, "Trait toggles"), as editor options and as command
/// arguments, and the option that leaves edge whitespace alone when adding.
@Suite struct EditorTogglePolicyTests {
    static let any = EditorOptions(traitToggle: .removeIfAny)
    static let flip = EditorOptions(traitToggle: .perRunFlip)

    @Test func uniformRemovesOnlyWhenEveryCharacterHasIt() throws {
        try check("{bold:h^e}l|lo", .toggleBold, "{bold:h^el}|lo")
        try check("{bold:h^el|lo}", .toggleBold, "{bold:h}^el|{bold:lo}")
    }

    @Test func removeIfAnyRemovesWhenSomeCharacterHasIt() throws {
        try check("{bold:h^e}l|lo", .toggleBold, "{bold:h}^el|lo", options: Self.any)
        try check("h^e{bold:l}|lo", .toggleBold, "h^el|lo", options: Self.any)
        try check("he^ll|o", .toggleBold, "he^{bold:ll}|o", options: Self.any)
        try check("{bold:h^el|lo}", .toggleBold, "{bold:h}^el|{bold:lo}", options: Self.any)
        try check("ab|", .toggleBold, "ab|<bold>", options: Self.any)
    }

    @Test func perRunFlipFlipsEachRun() throws {
        try check("{bold:h^e}l|lo", .toggleBold, "{bold:h}^e{bold:l}|lo", options: Self.flip)
    }

    @Test func aCommandArgumentOverridesTheOption() throws {
        try check("{bold:h^e}l|lo", .toggleTrait(.bold, policy: .removeIfAny), "{bold:h}^el|lo")
        try check("{bold:h^e}l|lo", .toggleTrait(.bold, policy: .perRunFlip), "{bold:h}^e{bold:l}|lo")
        try check("{bold:h^e}l|lo", .toggleTrait(.bold, policy: .uniform), "{bold:h^el}|lo", options: Self.any)
    }

    @Test func argumentsByName() throws {
        let command = try EditorCommand(name: "toggleBold", arguments: ["policy": .string("removeIfAny"), "skipEdgeWhitespace": .bool(true)])
        #expect(command == .toggleTrait(.bold, policy: .removeIfAny, skipEdgeWhitespace: true))
        #expect(command.arguments == ["policy": .string("removeIfAny"), "skipEdgeWhitespace": .bool(true)])
        #expect(try EditorCommand(name: command.name, arguments: command.arguments) == command)
        #expect(EditorCommand.toggleItalic.arguments.isEmpty)
        #expect(try EditorCommand(name: "toggleItalic", arguments: ["policy": .string("uniform")]).description == "toggleItalic(policy: \"uniform\")")
        do {
            _ = try EditorCommand(name: "toggleBold", arguments: ["policy": .string("any")])
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == "command 'toggleBold', argument 'policy': expected one of uniform, perRunFlip, removeIfAny, got 'any'")
        }
    }

    @Test func skippingEdgeWhitespaceWhenAdding() throws {
        let skip = EditorCommand.toggleTrait(.bold, skipEdgeWhitespace: true)
        try check("^ hello |world", skip, "^ {bold:hello} |world")
        try check("^\nab\t\n|", skip, "^\n{bold:ab}\t\n|")
        try check("x^ a b |", skip, "x^ {bold:a b} |")
        // Only whitespace: nothing to trim to, the whole selection.
        try check("a^  |b", skip, "a^{bold:  }|b")
        // Whether to add is decided without the edge whitespace.
        try check("^{bold:word} |x", skip, "^word |x")
        try check("^{bold:word} |x", .toggleBold, "^{bold:word }|x")
        // Removing takes the trait off the whole selection, edges included.
        try check("^{bold: word }|", skip, "^ word |")
        // A space that begins a cluster with a combining mark stays with it.
        try check("^ \u{301}ab |", skip, "^{bold: \u{301}ab} |")
        try check("😀^ 😀 |", skip, "😀^ {bold:😀} |")
    }

    @Test func skippingEdgeWhitespaceWithOtherPolicies() throws {
        try check("^ {bold:a}b |", .toggleTrait(.bold, policy: .perRunFlip, skipEdgeWhitespace: true), "^ a{bold:b} |")
        try check("^{bold: }a |", .toggleTrait(.bold, policy: .perRunFlip, skipEdgeWhitespace: true), "^ {bold:a} |")
        try check("^ a{bold:b} |", .toggleTrait(.bold, policy: .removeIfAny, skipEdgeWhitespace: true), "^ ab |")
        try check("^ ab |", .toggleTrait(.bold, policy: .removeIfAny, skipEdgeWhitespace: true), "^ {bold:ab} |")
    }

    @Test func toggleOverAStyledUnderlineCountsItAsUnderlined() throws {
        try check("^{underline=\"double\":ab}|", .toggleUnderline, "^ab|")
        try check("^{underline=\"double\":a}b|", .toggleUnderline, "^{underline=\"double\":a}{underline:b}|")
        try check("^{underline=\"double\":a}b|", .toggleTrait(.underline, policy: .removeIfAny), "^ab|")
        try check("^{strikethrough=\"thick\":ab}|", .toggleStrikethrough, "^ab|")
        try check("{underline=\"double\":ab}|", .toggleUnderline, "{underline=\"double\":ab}|<>")
        let editor = try makeEditor("^{underline=\"single dash\":ab}|")
        #expect(editor.traitState(.underline) == .on)
        #expect(editor.typingAttributes[.underline] == .string("single dash"))
    }
}
