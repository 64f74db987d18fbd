import CaretCore
import CaretFormats

/// Canonical markup (docs/markup.md).
enum MarkupHarness {
    static func run(_ bytes: [UInt8]) {
        let input = String(decoding: bytes, as: UTF8.self)
        let state: DocumentState
        do { state = try Markup.parse(input) } catch {
            Harness.require(error.line >= 1 && error.column >= 1, "markup error without a location: \(error)")
            Harness.require(isShort(error.message), "markup error message of \(error.message.utf8.count) bytes")
            return
        }
        checkInvariants(state.text, "markup \(input.debugDescription)", storage: true)
        let printed = Markup.print(state)
        let again: DocumentState
        do { again = try Markup.parse(printed) } catch {
            Harness.fail("printed markup does not parse (\(error)): \(printed.debugDescription) from \(input.debugDescription)")
        }
        Harness.require(again == state, "parse(print(x)) != x: \(input.debugDescription) printed \(printed.debugDescription)")
        Harness.require(Markup.print(again) == printed, "print is not idempotent: \(printed.debugDescription)")
    }
}

/// The document JSON (docs/json.md).
enum DocumentJSONHarness {
    static func run(_ bytes: [UInt8]) {
        let input = String(decoding: bytes, as: UTF8.self)
        let state: DocumentState
        do { state = try DocumentJSON.decode(input) } catch let error as JSONError {
            Harness.require(error.line >= 1 && error.column >= 1, "JSON error without a location: \(error)")
            return
        } catch let error as DocumentJSONError {
            // The path is the location; an empty path is the top-level value.
            Harness.require(isShort(error.message), "document JSON error message of \(error.message.utf8.count) bytes")
            return
        } catch {
            Harness.fail("document JSON threw an unlocated \(type(of: error)): \(error)")
        }
        checkInvariants(state.text, "document JSON \(input.debugDescription)", storage: true)
        let encoded = DocumentJSON.encodeString(state)
        let again: DocumentState
        do { again = try DocumentJSON.decode(encoded) } catch {
            Harness.fail("encoded document does not decode (\(error)): \(encoded)")
        }
        Harness.require(again == state, "decode(encode(x)) != x: \(input.debugDescription) encoded \(encoded)")
        Harness.require(DocumentJSON.encodeString(again) == encoded, "encode is not idempotent: \(encoded)")
    }
}

/// Markdown through cmark-gfm (docs/formats-markdown.md): the documented property is
/// `parse(print(x).0).0.text == x.text` for every text whose print reports no loss.
enum MarkdownHarness {
    static func run(_ bytes: [UInt8]) {
        let input = String(decoding: bytes, as: UTF8.self)
        let state: DocumentState
        do { state = try Markdown.parse(input).0 } catch {
            Harness.fail("Markdown parse threw \(error) for \(input.debugDescription)")
        }
        checkInvariants(state.text, "Markdown \(input.debugDescription)")
        let (printed, losses) = Markdown.print(state)
        guard losses.isEmpty else { return }
        let again: DocumentState
        do { again = try Markdown.parse(printed).0 } catch {
            Harness.fail("printed Markdown does not parse (\(error)): \(printed.debugDescription)")
        }
        Harness.require(again.text == state.text, "Markdown parse(print(x)) != x: \(input.debugDescription) printed \(printed.debugDescription) read \(Markup.print(again.text).debugDescription), expected \(Markup.print(state.text).debugDescription)")
        Harness.require(Markdown.print(again).0 == printed, "Markdown print is not idempotent: \(printed.debugDescription)")
    }
}

/// RTF (docs/formats-rtf.md).
enum RTFHarness {
    static func run(_ bytes: [UInt8]) {
        let input = String(decoding: bytes, as: UTF8.self)
        let state: DocumentState
        do { state = try RTF.parse(input).0 } catch let error as RTFError {
            Harness.require(error.line >= 1 && error.column >= 1 && error.byteOffset >= 0, "RTF error without a location: \(error)")
            Harness.require(isShort(error.message), "RTF error message of \(error.message.utf8.count) bytes")
            return
        } catch {
            Harness.fail("RTF threw an unlocated \(type(of: error)): \(error)")
        }
        checkInvariants(state.text, "RTF \(input.debugDescription)")
        let (printed, losses) = RTF.print(state)
        guard losses.isEmpty else { return }
        let again: DocumentState
        do { again = try RTF.parse(printed).0 } catch {
            Harness.fail("printed RTF does not parse (\(error)): \(printed.debugDescription)")
        }
        Harness.require(again.text == state.text, "RTF parse(print(x)) != x: \(input.debugDescription) printed \(printed.debugDescription) read \(Markup.print(again.text).debugDescription), expected \(Markup.print(state.text).debugDescription)")
        Harness.require(RTF.print(again).0 == printed, "RTF print is not idempotent: \(printed.debugDescription)")
    }
}

/// HTML through libxml2 (docs/formats-html.md): `parse(print(x)) == x` for every document whose
/// print reports no loss.
enum HTMLHarness {
    static func run(_ bytes: [UInt8]) {
        let input = String(decoding: bytes, as: UTF8.self)
        let state: DocumentState
        do { state = try HTML.parse(input).0 } catch let error as HTMLError {
            Harness.require(error.line >= 1 && error.column >= 1, "HTML error without a location: \(error)")
            return
        } catch {
            Harness.fail("HTML threw an unlocated \(type(of: error)): \(error)")
        }
        checkInvariants(state.text, "HTML \(input.debugDescription)")
        let (printed, losses) = HTML.print(state)
        guard losses.isEmpty else { return }
        let again: DocumentState
        do { again = try HTML.parse(printed).0 } catch {
            Harness.fail("printed HTML does not parse (\(error)): \(printed.debugDescription)")
        }
        Harness.require(again == state, "HTML parse(print(x)) != x: \(input.debugDescription) printed \(printed.debugDescription) read \(Markup.print(again).debugDescription), expected \(Markup.print(state).debugDescription)")
        Harness.require(HTML.print(again).0 == printed, "HTML print is not idempotent: \(printed.debugDescription)")
    }
}

/// Traps when the rope's invariants do not hold. For a `storage` format (markup, document JSON)
/// a paragraph whose characters disagree on paragraph attributes is what the input said: those
/// formats store what they are given (docs/markup.md), so only the storage invariants count.
func checkInvariants(_ text: AttributedText, _ context: @autoclosure () -> String, storage: Bool = false) {
    do { try text.checkInvariants() } catch {
        if storage && (try? text.checkParagraphInvariants()) == nil { return }
        Harness.fail("invariant broken (\(error)) after \(context())")
    }
}
