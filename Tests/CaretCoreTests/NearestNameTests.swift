import CaretCore
import Testing

/// The one "did you mean" rule, and each place in CaretCore that uses it.
@Suite struct NearestNameTests {
    let commands = ["run", "repl", "replay", "test", "record", "convert", "import", "shrink", "suggest", "api"]

    @Test func oneEditAwaySuggestsTheName() {
        #expect(NearestName.suggestion(for: "runn", among: commands) == "run")
        #expect(NearestName.suggestion(for: "shirnk", among: commands) == "shrink")   // a transposition is one edit
        #expect(NearestName.suggestion(for: "replya", among: commands) == "replay")
        #expect(NearestName.suggestion(for: "RUN", among: commands) == "run")           // case is not an edit
    }

    @Test func farNamesAndExactNamesSuggestNothing() {
        #expect(NearestName.suggestion(for: "x", among: commands) == nil)
        #expect(NearestName.suggestion(for: "frobnicate", among: commands) == nil)
        #expect(NearestName.suggestion(for: "run", among: commands) == nil)
        #expect(NearestName.suggestion(for: "", among: commands) == nil)
        #expect(NearestName.suggestion(for: "abc", among: [String]()) == nil)
        // A third of the longer name, at most 3 edits: `toogle_bld` is 2 from `toggle_bold`.
        #expect(NearestName.suggestion(for: "toogle_bld", among: ["toggle_bold", "toggle_italic"]) == "toggle_bold")
        #expect(NearestName.suggestion(for: "tgl_bld", among: ["toggle_bold"]) == nil)
        #expect(NearestName.suggestion(for: String(repeating: "a", count: 500), among: ["a"]) == nil)
    }

    @Test func theClosestWinsAndTiesGoToTheFirstListed() {
        #expect(NearestName.suggestion(for: "repla", among: commands) == "repl")         // 1 edit, replay is 1 too: repl is listed first
        #expect(NearestName.suggestion(for: "replays", among: commands) == "replay")
        #expect(NearestName.suggestion(for: "f13", among: ["f1", "f3"]) == "f1")
        #expect(NearestName.suggestion(for: "😀ab", among: ["😀a", "xab"]) == "😀a")
    }

    @Test func didYouMeanIsASuffixOrNothing() {
        #expect(NearestName.didYouMean("runn", among: commands) == "; did you mean 'run'?")
        #expect(NearestName.didYouMean("zzzzzz", among: commands) == "")
    }

    @Test func commandAndKeyNamesSuggestTheNearest() {
        func message(_ body: () throws -> Void) -> String {
            do { try body() } catch { return "\(error)" }
            return "<no error>"
        }
        #expect(message { _ = try EditorCommand(name: "selctAll") } == "unknown command 'selctAll'; did you mean 'selectAll'?")
        #expect(message { _ = try EditorCommand(name: "toggle") } == "unknown command 'toggle'")
        #expect(message { _ = try KeyChord(parsing: "cmd+bb") } == "unknown key 'bb' in 'cmd+bb'; did you mean 'b'?")
        #expect(message { _ = try KeyChord(parsing: "shift+rigth") } == "unknown key 'rigth' in 'shift+rigth'; did you mean 'right'?")
        #expect(message { _ = try KeyChord(parsing: "cmdd+b") } == "unknown modifier 'cmdd' in 'cmdd+b'; did you mean 'cmd'?")
        #expect(message { _ = try KeyChord(parsing: "hyper+a") } == "unknown modifier 'hyper' in 'hyper+a'")
        #expect(message { _ = try KeyChord(key: "retrun") } == "unknown key 'retrun'; did you mean 'return'?")
        let editor = try! Editor()
        #expect(message { try editor.perform("moveWordLeftt") } == "unknown command 'moveWordLeftt'; did you mean 'moveWordLeft'?")
    }
}
