// Editor tests read and write documents in the project's canonical markup (docs/markup.md).
import CaretCore
import CaretFormats

func parseMarkup(_ markup: String) throws -> DocumentState {
    try Markup.parse(markup)
}

func printMarkup(_ state: DocumentState) -> String {
    Markup.print(state)
}
