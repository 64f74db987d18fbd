---@meta
-- Generated from the API entry table by LuaAPIReference.luaLSAnnotations; do not edit by hand.

---An editor: attributed text, a selection (anchor and head), typing attributes, undo, a virtual clock.
---The global `editor` is the document `caret run` loaded; `caret.document` and `caret.open` make more.
---Offsets are 0-based UTF-16 code units everywhere; ranges are (location, length).
---@class Editor
local Editor = {}

---The document's characters, or those of a UTF-16 range.
---@param location? integer Start of the range; omit both for the whole text.
---@param length? integer Length of the range.
---@return string text # The characters as a Lua (UTF-8) string.
function Editor:text(location, length) end

---The document's length in UTF-16 code units.
---@return integer length # The document's length in UTF-16 code units (not bytes: `#editor:text()` counts bytes).
function Editor:length() end

---The selection's anchor and head.
---@return integer anchor # Where the selection started.
---@return integer head # Where the cursor is (equal to anchor for a caret).
function Editor:selection() end

---The selection as a range (direction dropped), as `UITextView.selectedRange`.
---@return integer location # The selection's start.
---@return integer length # 0 for a caret.
function Editor:selected_range() end

---The selected characters ("" for a caret).
---@return string text
function Editor:selected_text() end

---The attribute runs over a range (maximal: adjacent runs differ), clipped to it.
---@param location? integer Start of the range; omit both for the whole text.
---@param length? integer Length of the range.
---@return table[] runs # Each run as `{location =, length =, text =, attributes = {…}}`, in order.
function Editor:runs(location, length) end

---The attributes of the character starting at a UTF-16 offset.
---@param offset integer A position before the end.
---@return table attributes
function Editor:attributes_at(offset) end

---The toolbar's tri-state for a trait: for a caret from the typing attributes, for a selection over its characters.
---@param trait string bold, italic, underline, strikethrough or code.
---@return string state # "on", "off" or "mixed".
function Editor:trait_state(trait) end

---The attributes text typed now would take.
---@return table attributes
function Editor:typing_attributes() end

---The 0-based line and UTF-16 column of an offset (lines end at \n).
---@param offset integer 
---@return integer line
---@return integer column # UTF-16 units from the line start.
function Editor:line_column(offset) end

---The UTF-16 offset of a 0-based line and UTF-16 column.
---@param line integer 
---@param column integer 
---@return integer offset
function Editor:offset_at(line, column) end

---The UTF-16 range of a 0-based line, without its line break.
---@param line integer 
---@return integer location
---@return integer length # Without the line break.
function Editor:line_range(line) end

---The number of lines.
---@return integer count # Line breaks plus one.
function Editor:line_count() end

---The whole state (text, attributes, selection, typing attributes when not inherited) as canonical markup (docs/markup.md).
---@return string markup
function Editor:markup() end

---The whole state as canonical document JSON (docs/json.md).
---@return string json
function Editor:json() end

---Every match of a pattern (matches never split a grapheme cluster; empty matches are skipped).
---@param pattern string Literal text, or with `regex = true` a regular expression in Caret's linear-time syntax (docs/editor.md, "Regular expressions"): literals, `.`, `\d \w \s \b \u{H}`, classes, multiline `^ $`, `\A \z`, groups `( )` `(?: )`, alternation, greedy and lazy `* + ? {n,m}`; no backreferences or lookaround.
---@param options? table 
---@return table[] matches # Every match, in order, as UTF-16 ranges.
function Editor:find(pattern, options) end

---Converts a UTF-16 offset to the 1-based byte index of `editor:text()` (O(log n), without building the text).
---@param offset integer 
---@return integer index # Where the character at `offset` starts in `editor:text()`, as `string.sub` counts.
function Editor:utf16_to_byte(offset) end

---Converts a 1-based byte index of `editor:text()` (as `string.find` returns) to a UTF-16 offset.
---@param index integer 1…#editor:text() + 1, at the start of a character.
---@return integer offset
function Editor:byte_to_utf16(index) end

---The editor's virtual clock: seconds advanced since it was made.
---@return number seconds
function Editor:clock() end

---Types text: replaces the selection, takes the typing attributes, coalesces with neighbouring typing for undo; the caret ends after it.
---@param text string Lua (UTF-8) string.
function Editor:insert(text) end

---Presses a key chord: performs the command the standard keymap binds to it.
---@param chord string `cmd+b`, `shift+alt+left`, `backspace` … (docs/editor.md#key-bindings).
---@return boolean handled # false when nothing is bound to the chord.
function Editor:key(chord) end

---Sets the selection. Offsets must be valid (0…length, not inside a surrogate pair); nothing is clamped.
---@param anchor integer Where the selection starts.
---@param head? integer Where the cursor goes; omit for a caret at anchor.
function Editor:select(anchor, head) end

---Replaces a UTF-16 range with text in the attributes of its first character (the `replaceRange` command); the selection is mapped through the edit.
---@param location integer 
---@param length integer 
---@param text string 
function Editor:replace(location, length, text) end

---Performs any editor command by name with its arguments.
---@param name string A command name (docs/editor.md#commands), e.g. `moveWordLeft`, `findNext`.
---@param arguments? table 
function Editor:run(name, arguments) end

---Undoes the last step (text, attributes, selection and typing attributes as before it).
function Editor:undo() end

---Re-applies the last undone step.
function Editor:redo() end

---Advances the virtual clock: the editor's (undo coalescing reads it) and the script's (`os.time`, `os.date`, `os.clock`).
---@param seconds number ≥ 0.
function Editor:advance_clock(seconds) end

---Puts attributed text on the editor's clipboard and pastes it over the selection, attributes kept.
---@param markup string Attributed text as markup without selection markers, e.g. `{bold:hi} there`.
function Editor:paste(markup) end

---Toggles a trait as a toolbar button does: over a selection by the trait-toggle policy (one undo step); with a caret only the typing attributes change.
---@param trait string bold, italic, underline, strikethrough or code.
function Editor:toggle(trait) end

---Sets one attribute over a range (selects it, runs `setAttribute`, restores the selection).
---@param location integer 
---@param length integer 
---@param key string `bold`, `fontSize`, `link`, … or a custom name.
---@param value? any A boolean, number or string that fits the key.
function Editor:set_attribute(location, length, key, value) end

---Removes one attribute over a range.
---@param location integer 
---@param length integer 
---@param key string 
function Editor:remove_attribute(location, length, key) end

---Sets every attribute of the table over a range; other attributes stay.
---@param location integer 
---@param length integer 
---@param attributes table 
function Editor:merge_attributes(location, length, attributes) end

---Makes the attributes over a range exactly the table's: removes every other key, sets these.
---@param location integer 
---@param length integer 
---@param attributes table 
function Editor:set_attributes(location, length, attributes) end

---The paragraph attributes of the paragraph containing an offset (in the empty last paragraph with the caret there, those typed text would take).
---@param offset integer Any position in the paragraph, its end included.
---@return table attributes # Only the paragraph attributes: heading, listStyle, listLevel, blockQuote, codeBlock, alignment.
function Editor:paragraph_attributes(offset) end

---The paragraph containing an offset, from its start through its line break.
---@param offset integer Any position in the paragraph.
---@return integer location # The paragraph's start.
---@return integer length # Its length, the terminating \n included.
function Editor:paragraph_range(offset) end

---The number of a list item in its list (consecutive items of the same style at the same level; deeper items do not break it).
---@param offset integer Any position in the paragraph.
---@return integer? ordinal # 1-based position in its list; nil when the paragraph is not a list item.
function Editor:list_ordinal(offset) end

---Sets a paragraph attribute on every paragraph the selection touches (runs `setParagraphAttribute`).
---@param key string heading, listStyle, listLevel, blockQuote, codeBlock or alignment.
---@param value? any A value that fits the key.
function Editor:set_paragraph_attribute(key, value) end

---Removes a paragraph attribute from every paragraph the selection touches (`listStyle` takes `listLevel` along).
---@param key string heading, listStyle, listLevel, blockQuote, codeBlock or alignment.
function Editor:remove_paragraph_attribute(key) end

---Makes the paragraphs the selection touches headings of a level (0: plain).
---@param level integer 1–6, or 0 for no heading.
function Editor:set_heading(level) end

---Makes the paragraphs the selection touches list items of a style, or plain paragraphs when all already are.
---@param style string "bullet" or "ordered".
function Editor:toggle_list(style) end

---Moves the list items the selection touches one level deeper (at most 16).
function Editor:indent_list() end

---Moves the list items the selection touches one level shallower; level-1 items leave the list.
function Editor:outdent_list() end

---The word at the selection: for a caret, the word containing it or ending at it; for a range, the first word it covers. nil when there is none (UAX #29 words: `can't` and `3.14` are one word).
---@return table? word
function Editor:word_at_selection() end

---Suggestions for the word at the selection, best first: corrections (Damerau–Levenshtein distance ≤ 2, by distance then frequency) for a word the lexicon lacks, then completions (by frequency). Words from `caret.add_suggestion_provider` functions are merged into the same ranking. nil when there is no word at the selection; a word longer than 64 UTF-16 units gets no corrections or completions from the engine.
---@param options? table 
---@return table? suggestions
function Editor:suggestions(options) end

---Replaces the word with the suggestion: one undo step; it keeps the attributes of the word's first character and leaves the caret after it.
---@param suggestion? any A suggestion table from `editor:suggestions` (its word, location and length), or a word to put in place of the word at the selection.
function Editor:apply_suggestion(suggestion) end

---Learns a word for this editor only: it counts as known and ranks first from now on.
---@param word string 
function Editor:learn_word(word) end

---Changes the editor's options (as a trace header's `options`).
---@param options table Only the fields given change.
function Editor:set_options(options) end

---Calls `handler` after every later change of this editor. A change event is `{type = "change", command = name, edits = {{location =, length =, text =}, …}, anchor =, head =}` (each edit's range in the document just before it); a selection event is `{type = "selection", command = name, anchor =, head =, old_anchor =, old_head =}`. Handlers run when the editor call that caused the event returns, never in the middle of a command.
---@param event string "change" (the text changed) or "selection" (the selection moved).
---@param handler function Called with an event table after the command that caused it returns.
function Editor:on(event, handler) end

---Stops calling a handler.
---@param event string "change" or "selection".
---@param handler function A function given to `editor:on` before.
---@return integer removed # How many registrations of the function were removed.
function Editor:off(event, handler) end

---Starts recording what this editor does into a macro (as Vim's `q`).
---@param name string The macro's name (a register).
function Editor:macro_start(name) end

---Stops recording and stores the macro.
---@return integer events # How many events the macro holds.
function Editor:macro_stop() end

---Plays a recorded macro.
---@param name string 
---@param options? table `times`: play N times in a row (default 1, at most 1000000); `at`: UTF-16 offsets in the document before playing, a caret is placed at each (ascending; later ones move with the edits) and the macro played once there.
function Editor:macro_play(name, options) end

---Raises an error with a unified diff unless the editor shows exactly this (as a trace checkpoint compares).
---@param markup string The expected state as canonical markup; with a `|` the selection (and typing attributes) are compared too.
function Editor:expect(markup) end

---Writes the document to a file atomically, as `caret.write_file` does (needs a writable directory the host granted). A format that cannot carry something in the document is an error naming it and its offset, and nothing is written, unless `lossy = true`: `editor:save("notes.md", {lossy = true})`. Plain text drops attributes and the selection without one.
---@param path string Under a directory granted with --allow-write.
---@param format? string|table A format name (`markup`/`caret`, `json`, `text`/`txt`, `markdown`/`md`, `rtf`, `html`) or `{format = name, lossy = true}`; without a name, the path's extension chooses (an unknown one is an error, never plain text). `lossy = true` accepts what the format cannot carry.
---@return table[] dropped # Only with `lossy = true`: what the format could not carry, one entry per kind at its first offset (often empty).
function Editor:save(path, format) end

---The document the script works on: `caret run --doc FILE` (or `--text`), empty otherwise.
---@type Editor
editor = nil

---The script's arguments (after `--` on the command line); `arg[0]` is the script's path.
---@type string[]
arg = nil

---Caret's host API.
---@class caretlib
caret = {}

---Reads a whole regular file beneath a readable directory the host granted. The kernel resolves the path beneath that directory as it was opened when the runtime started, so no rename, even concurrent, makes it read outside. Refused: `..`, every symbolic link (also one pointing inside), directories, FIFOs, devices, and files larger than the memory left.
---@param path string Valid UTF-8 without NUL. Relative: beneath the first readable directory the host granted; absolute: must start with a granted directory's path.
---@return string contents # The file's bytes.
function caret.read_file(path) end

---Writes a whole file atomically beneath a writable directory the host granted: a new temporary file beside the target, then a rename over it, so a failure leaves the previous file intact. Its directory is resolved as `caret.read_file` resolves paths (no `..`, no symbolic links, never outside even under concurrent renames); an existing target that is not a regular file (a symbolic link, a directory, a FIFO) is refused.
---@param path string Valid UTF-8 without NUL, naming a file (not ending in `/` or `.`). Relative: beneath the first writable directory the host granted; absolute: must start with a granted directory's path.
---@param contents string The bytes to write.
function caret.write_file(path, contents) end

---Makes a new document (an Editor) from plain text, markup, JSON or a file's contents in a named format; without a selection the caret is at the end.
---@param source table Plain text, canonical markup (docs/markup.md, may hold a selection), document JSON, or `source` read as a file's contents in `format` (any format `caret.open` reads).
---@return Editor document
---@return table[] dropped # Only with `lossy = true`: what the format could not carry, one entry per kind at its first offset (often empty).
function caret.document(source) end

---Reads a document from a file (needs a readable directory the host granted; the path is resolved and refused as `caret.read_file` does). Something in the file that a document cannot hold is an error unless `lossy = true`.
---@param path string Under a directory granted with --allow-read.
---@param format? string|table A format name (`markup`/`caret`, `json`, `text`/`txt`, `markdown`/`md`, `rtf`, `html`) or `{format = name, lossy = true}`; without a name, the path's extension chooses (an unknown one is an error, never plain text). `lossy = true` accepts what the format cannot carry.
---@return Editor document
---@return table[] dropped # Only with `lossy = true`: what the format could not carry, one entry per kind at its first offset (often empty).
function caret.open(path, format) end

---Raises an error with a unified diff (--- expected / +++ actual) unless the global `editor` shows exactly this. Used by `*.test.lua` files under `caret test`.
---@param markup string The expected state of the global `editor` as canonical markup; with a `|` the selection is compared too.
function caret.expect(markup) end

---Converts a 0-based UTF-16 offset into `s` to the 1-based byte index Lua's string functions use.
---@param s string A Lua (UTF-8) string.
---@param offset integer 0…UTF-16 length of `s`.
---@return integer index # Where the character at `offset` starts, as `string.sub` counts (#s + 1 at the end).
function caret.utf16_to_byte(s, offset) end

---Converts a 1-based byte index into `s` (as `string.find` returns) to a 0-based UTF-16 offset.
---@param s string A Lua (UTF-8) string.
---@param index integer 1…#s + 1, at the start of a character.
---@return integer offset
function caret.byte_to_utf16(s, index) end

---The length of a Lua string in UTF-16 code units (`#s` counts bytes).
---@param s string 
---@return integer length
function caret.utf16_length(s) end

---The names of every editor command `editor:run` accepts.
---@return string[] names
function caret.commands() end

---Adds a Lua function whose words `editor:suggestions` merges into its ranking (by kind, distance, frequency, then word), for every editor of this script.
---@param provider function Called as provider({word, location, length, kind}); returns a list of words or {word, frequency, kind, distance} tables (or nil).
function caret.add_suggestion_provider(provider) end
