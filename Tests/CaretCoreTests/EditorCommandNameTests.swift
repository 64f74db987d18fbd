import Testing
import CaretCore

/// One sample of every command.
let sampleCommands: [EditorCommand] = [
    .insertText("x😀"), .insertNewline, .insertTab, .deleteBackward, .deleteBackwardByDecomposing, .deleteForward,
    .deleteWordBackward, .deleteWordForward, .deleteToLineStart, .deleteToLineEnd, .transpose, .openLine,
    .replaceRange(1..<3, with: "y"), .cut, .copy, .paste, .pasteAsPlainText,
    .applySuggestion("y", range: 0..<1), .learnWord("zyx"),
] + Movement.allCases.flatMap { [EditorCommand.move($0, extend: false), .move($0, extend: true)] } + [
    .selectAll, .selectWord, .selectLine, .selectParagraph, .setSelection(anchor: 3, head: 1),
    .toggleBold, .toggleItalic, .toggleUnderline, .toggleStrikethrough, .toggleCode,
    .toggleTrait(.bold, policy: .removeIfAny), .toggleTrait(.underline, policy: .perRunFlip, skipEdgeWhitespace: true),
    .toggleTrait(.code, skipEdgeWhitespace: true), .setAttribute(.underline, .string("double dash byWord")),
    .setAttribute(.fontSize, .number(12.5)), .setAttribute(.custom("tag"), .bool(true)),
    .setAttribute(.foregroundColor, .string("#ff0000")), .removeAttribute(.italic),
    .setFontSize(14), .increaseFontSize, .decreaseFontSize, .removeFormatting, .setLink("https://x"), .removeLink,
    .setParagraphAttribute(.heading, .number(2)), .setParagraphAttribute(.alignment, .string("center")),
    .removeParagraphAttribute(.blockQuote), .toggleList("bullet"), .toggleList("ordered"), .setHeading(0), .setHeading(3),
    .indentList, .outdentList, .setAttribute(.codeBlock, .bool(true)),
    .findNext(FindQuery("a")), .findPrevious(FindQuery("a+", isRegex: true, caseInsensitive: true)),
    .replaceNext(FindQuery("a"), with: "b"), .replaceAll(FindQuery("(a)", isRegex: true), with: "$1$1"),
    .undo, .redo,
]

@Suite struct EditorCommandNameTests {
    @Test func everyCommandRoundTripsThroughItsNameAndArguments() throws {
        for command in sampleCommands {
            #expect(try EditorCommand(name: command.name, arguments: command.arguments) == command)
        }
        #expect(Set(sampleCommands.map(\.name)) == Set(EditorCommand.allNames))
        #expect(Set(EditorCommand.allNames).count == EditorCommand.allNames.count)
    }

    @Test func namesAreLowerCamelCase() {
        for name in EditorCommand.allNames {
            #expect(name.first!.isLowercase && name.allSatisfy { $0.isLetter }, "\(name)")
        }
        #expect(EditorCommand.move(.left, extend: true).name == "moveLeft")
        #expect(EditorCommand.toggleBold.name == "toggleBold")
        #expect(EditorCommand.move(.wordLeft, extend: true).description == "moveWordLeft(extend: true)")
        #expect(EditorCommand.replaceRange(1..<3, with: "y").description == "replaceRange(length: 2, location: 1, text: \"y\")")
    }

    @Test func argumentsConvertWherePossible() throws {
        #expect(try EditorCommand(name: "setSelection", arguments: ["anchor": .number(2)]) == .setSelection(anchor: 2, head: 2))
        #expect(try EditorCommand(name: "setFontSize", arguments: ["size": .int(12)]) == .setFontSize(12))
        #expect(try EditorCommand(name: "setAttribute", arguments: ["key": .string("fontSize"), "value": .int(9)]) == .setAttribute(.fontSize, .number(9)))
    }

    @Test func clearErrors() {
        func message(_ name: String, _ arguments: [String: CommandArgument] = [:]) -> String {
            do {
                _ = try EditorCommand(name: name, arguments: arguments)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(message("moveLefft") == "unknown command 'moveLefft'")
        #expect(message("insertText") == "command 'insertText' needs the argument 'text'")
        #expect(message("insertText", ["text": .int(3)]) == "command 'insertText', argument 'text': expected a string, got an integer")
        #expect(message("moveLeft", ["extend": .string("yes")]) == "command 'moveLeft', argument 'extend': expected a boolean, got a string")
        #expect(message("moveLeft", ["foo": .bool(true)]) == "command 'moveLeft' takes no argument 'foo'")
        #expect(message("setSelection", ["anchor": .number(1.5)]) == "command 'setSelection', argument 'anchor': expected an integer, got a number 1.5")
        #expect(message("replaceRange", ["location": .int(0), "length": .int(-1), "text": .string("")]) == "command 'replaceRange', argument 'length': must not be negative, got -1")
        #expect(message("setAttribute", ["key": .string("bold"), "value": .string("x")]) == "command 'setAttribute', argument 'value': attribute 'bold': expected a boolean, got a string")
    }
}
