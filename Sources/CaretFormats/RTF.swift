import CaretCore

/// Rich Text Format: Caret's reader and writer, no other library involved.
///
/// The reader takes what Word, LibreOffice, Cocoa (TextEdit) and pandoc write: character
/// formatting, fonts and colours from their tables, Unicode in `\uN` and `\'hh` (Windows-1252 or
/// Mac Roman), paragraphs with alignment, headings (stylesheet "heading N" names or
/// `\outlinelevel`), lists (`\ls` with a list table, `\pn`, or hanging-indent text markers), and
/// HYPERLINK fields. What a Caret document cannot hold (pictures, tables, footnotes, headers) is
/// skipped and reported as a loss, never dropped silently. See docs/formats-rtf.md.
public enum RTF {
    /// Groups nested deeper than this are an error rather than a cost.
    public static let maximumGroupDepth = 1000

    /// Reads RTF `text` into a document (no selection, no typing attributes) and what could not
    /// be carried, first offset of each kind.
    /// - Throws: `RTFError` for text that is not RTF, unbalanced or truncated groups, bad `\'hh`
    ///   escapes, or groups nested deeper than `maximumGroupDepth`.
    /// - Complexity: O(n) in the length of `text`.
    public static func parse(_ text: String) throws -> (DocumentState, [FormatLoss]) {
        var copy = text
        let result: Result<(AttributedText, [FormatLoss]), RTFError> = copy.withUTF8 { buffer in
            var reader = RTFReader(bytes: buffer)
            do throws(RTFError) {
                let read = try reader.read()
                return .success((read, reader.losses.losses))
            } catch {
                return .failure(error)
            }
        }
        let (attributed, losses) = try result.get()
        return (DocumentState(text: attributed), losses)
    }

    /// Writes `state`'s text as RTF, and what RTF cannot carry, first offset of each kind (custom
    /// attributes, alpha in colours, font sizes off the half-point grid, `alignment` "left", list
    /// levels past 9). The selection and typing attributes are editor state, not written.
    /// - Complexity: O(n) in the length of the text.
    public static func print(_ state: DocumentState) -> (String, [FormatLoss]) {
        var writer = RTFWriter(text: state.text)
        return writer.write()
    }
}
