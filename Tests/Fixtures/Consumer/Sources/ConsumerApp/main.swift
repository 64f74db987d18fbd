// Uses one public entry point of each Caret library product and prints what it got; the test
// that builds this package compares the output line by line.
import CaretCore
import CaretFormats
import CaretFoundation
import CaretLua
import CaretReplay
import Foundation

// CaretCore: an editor, a selection in UTF-16 offsets, a bold toggle.
// "café 👋🏽 " is 10 UTF-16 units: the wave and its skin-tone modifier are a surrogate pair each.
let editor = try Editor(text: AttributedText("café 👋🏽 world"), selection: Selection(anchor: 10, head: 15))
try editor.perform(.toggleTrait(.bold))
print("core:", editor.text.string.utf16.count, editor.traitState(.bold))

// CaretFormats: canonical markup and Markdown.
print("markup:", Markup.print(DocumentState(text: editor.text)))
let markdown = try DocumentFormat.markdown.write(DocumentState(text: editor.text), acceptingLoss: false)
print("markdown:", markdown.text.trimmingCharacters(in: .newlines))

// CaretReplay: record a session into memory and replay it.
let sink = TraceMemorySink()
let recorded = try Editor(text: AttributedText("Hi"))
let recorder = try TraceRecorder(editor: recorded, sink: sink)
try recorder.record(.text(" there"))
let (player, failure) = try TraceReplay.play(Array(sink.text.utf8), file: "memory", check: true)
print("replay:", player.editor.text.string, failure == nil ? "ok" : "failed")

// CaretLua: a script edits its document.
let session = try ScriptSession(document: DocumentState(text: AttributedText("lua")))
try session.run("editor:insert('!')")   // at the caret, which starts at the end
print("lua:", session.main.editor.text.string)

// CaretFoundation: to AttributedString and back.
let attributed = try AttributedString(editor.text)
print("foundation:", attributed.characters.count, try AttributedText(attributed) == editor.text)
