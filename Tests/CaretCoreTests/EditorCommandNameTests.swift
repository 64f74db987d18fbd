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

/// A new `EditorCommand` case stops this switch compiling until it is listed here; add a sample
/// of it to `sampleCommands` too (the tests below then check its descriptor round-trips it).
func everyCaseIsSampled(_ command: EditorCommand) {
    switch command {
    case .insertText, .insertNewline, .insertTab, .deleteBackward, .deleteBackwardByDecomposing, .deleteForward, .deleteWordBackward,
         .deleteWordForward, .deleteToLineStart, .deleteToLineEnd, .transpose, .openLine, .replaceRange,
         .cut, .copy, .paste, .pasteAsPlainText, .applySuggestion, .learnWord, .move, .selectAll,
         .selectWord, .selectLine, .selectParagraph, .setSelection, .toggleTrait, .setAttribute,
         .removeAttribute, .setFontSize, .increaseFontSize, .decreaseFontSize, .removeFormatting,
         .setLink, .removeLink, .setParagraphAttribute, .removeParagraphAttribute, .toggleList,
         .setHeading, .indentList, .outdentList, .findNext, .findPrevious, .replaceNext, .replaceAll,
         .undo, .redo:
        break
    }
}

@Suite struct EditorCommandNameTests {
    @Test func everyCommandRoundTripsThroughItsNameAndArguments() throws {
        for command in sampleCommands {
            everyCaseIsSampled(command)
            #expect(try EditorCommand(name: command.name, arguments: command.arguments) == command)
            let (descriptor, arguments) = command.serialized
            #expect(try descriptor.command(arguments: arguments) == command)
            // Serialization writes only declared parameters, and every required one.
            for name in arguments.keys { #expect(descriptor.parameter(name) != nil, "\(descriptor.name) writes undeclared '\(name)'") }
            for parameter in descriptor.parameters where parameter.isRequired {
                #expect(arguments[parameter.name] != nil, "\(descriptor.name) leaves out required '\(parameter.name)'")
            }
        }
        #expect(Set(sampleCommands.map(\.name)) == Set(EditorCommand.allNames))
        #expect(Set(EditorCommand.allNames).count == EditorCommand.allNames.count)
        #expect(EditorCommand.allNames == EditorCommand.descriptors.map(\.name))
    }

    /// Every descriptor decodes arguments made from its declared parameters alone, and refuses
    /// each required one left out: the parameter list is what the decoder reads.
    @Test func descriptorsReadExactlyTheirDeclaredParameters() throws {
        func sample(_ parameter: CommandParameter) -> CommandArgument {
            switch parameter.type {
            case .string: .string("a")
            case .integer: .int(parameter.name == "level" ? 2 : parameter.name == "length" ? 1 : 0)
            case .number: .number(12)
            case .boolean: .bool(true)
            case .attributeKey: .string("bold")
            case .attributeValue: .bool(true)
            case .choice(let values): .string(values[0])
            }
        }
        for descriptor in EditorCommand.descriptors {
            var arguments: [String: CommandArgument] = [:]
            for parameter in descriptor.parameters { arguments[parameter.name] = sample(parameter) }
            if descriptor.name == "setParagraphAttribute" { arguments["value"] = .number(1) }
            let command = try descriptor.command(arguments: arguments)
            #expect(command.name == descriptor.name)
            for parameter in descriptor.parameters where parameter.isRequired {
                var missing = arguments
                missing[parameter.name] = nil
                #expect(throws: EditorError.missingArgument(command: descriptor.name, argument: parameter.name)) {
                    try descriptor.command(arguments: missing)
                }
            }
            #expect(throws: EditorError.unexpectedArgument(command: descriptor.name, argument: "zz")) {
                try descriptor.command(arguments: arguments.merging(["zz": .bool(true)]) { a, _ in a })
            }
            #expect(!descriptor.doc.isEmpty)
            #expect(EditorCommand.descriptor(named: descriptor.name)?.name == descriptor.name)
        }
        #expect(EditorCommand.descriptor(named: "moveLefft") == nil)
        // A toggle of a key that is not a trait is refused by the editor but still has a name.
        #expect(EditorCommand.toggleTrait(.fontSize).name == "toggleFontSize")
        #expect(throws: EditorError.unknownCommand("toggleFontSize")) { try EditorCommand(name: "toggleFontSize") }
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
        #expect(message("moveLefft") == "unknown command 'moveLefft'; did you mean 'moveLeft'?")
        #expect(message("insertText") == "command 'insertText' needs the argument 'text'")
        #expect(message("insertText", ["text": .int(3)]) == "command 'insertText', argument 'text': expected a string, got an integer")
        #expect(message("moveLeft", ["extend": .string("yes")]) == "command 'moveLeft', argument 'extend': expected a boolean, got a string")
        #expect(message("moveLeft", ["foo": .bool(true)]) == "command 'moveLeft' takes no argument 'foo'")
        #expect(message("setSelection", ["anchor": .number(1.5)]) == "command 'setSelection', argument 'anchor': expected an integer, got a number 1.5")
        #expect(message("replaceRange", ["location": .int(0), "length": .int(-1), "text": .string("")]) == "command 'replaceRange', argument 'length': must not be negative, got -1")
        #expect(message("setAttribute", ["key": .string("bold"), "value": .string("x")]) == "command 'setAttribute', argument 'value': attribute 'bold': expected a boolean, got a string")
    }
}
