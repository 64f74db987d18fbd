---@meta
-- Generated from the API entry table by LuaAPIReference.luaLSAnnotations; do not edit by hand.

---A trait `editor:toggle` and `editor:trait_state` take.
---@alias TraitName "bold"|"italic"|"underline"|"strikethrough"|"code"

---A built-in attribute name, or any other non-empty string for a custom attribute.
---@alias AttributeName "bold"|"italic"|"underline"|"strikethrough"|"code"|"fontSize"|"fontFamily"|"foregroundColor"|"backgroundColor"|"link"|"heading"|"listStyle"|"listLevel"|"blockQuote"|"codeBlock"|"alignment"|string

---An attribute that covers whole paragraphs.
---@alias ParagraphAttributeName "heading"|"listStyle"|"listLevel"|"blockQuote"|"codeBlock"|"alignment"

---A list style.
---@alias ListStyle "bullet"|"ordered"

---A toolbar's tri-state for a trait.
---@alias TraitStateName "on"|"off"|"mixed"

---An attribute set: built-in keys with their types; custom keys hold a boolean, number or string. A trait absent (or `false` in an argument) is off.
---@class Attributes
---@field bold? boolean
---@field italic? boolean
---@field underline? boolean
---@field strikethrough? boolean
---@field code? boolean
---@field fontSize? number
---@field fontFamily? string
---@field foregroundColor? string
---@field backgroundColor? string
---@field link? string
---@field heading? integer
---@field listStyle? ListStyle
---@field listLevel? integer
---@field blockQuote? boolean
---@field codeBlock? boolean
---@field alignment? string
---@field [string] boolean|number|string

---One attribute run of `editor:runs`: a maximal stretch of one attribute set.
---@class Run
---@field location integer Where the run starts.
---@field length integer
---@field text string Its characters.
---@field attributes Attributes

---One match of `editor:find`, as a UTF-16 range.
---@class Match
---@field location integer
---@field length integer

---Options of `editor:find`.
---@class FindOptions
---@field regex? boolean The pattern is a regular expression. Default: false.
---@field case_insensitive? boolean Ignore case (simple case folding). Default: false.

---The word at the selection (`editor:word_at_selection`).
---@class Word
---@field word string
---@field location integer
---@field length integer

---One suggestion of `editor:suggestions`; `editor:apply_suggestion` takes it.
---@class Suggestion
---@field word string The suggested word.
---@field kind string "correction" or "completion".
---@field distance integer Edit distance from the word (0 for completions).
---@field frequency integer How common the word is in the lexicon.
---@field source string "learned", "document", "wordList" or "script".
---@field location integer The word it replaces.
---@field length integer

---What `editor:suggestions` returns: the word, then the suggestions best first as elements 1…n.
---@class SuggestionList
---@field word string
---@field location integer
---@field length integer
---@field known boolean Whether the lexicon knows the word.
---@field kind string The kind asked for: "all", "completion" or "correction".
---@field limit integer The limit asked for.
---@field [integer] Suggestion

---Options of `editor:suggestions`.
---@class SuggestionOptions
---@field kind? string "all" (default), "completion" or "correction".
---@field limit? integer At most this many, 1…1000. Default: 10.

---Options of `editor:set_options` (only the fields given change).
---@class EditorOptions
---@field traitToggle? string "uniform" (default) or "perRunFlip".
---@field undoCoalescingInterval? number Typing within this much virtual time coalesces.
---@field defaultFontSize? number The size of text without fontSize.
---@field fontSizeStep? number What increase/decrease font size add.

---Options of `editor:macro_play`: `times` or `at`.
---@class MacroPlayOptions
---@field times? integer Play this many times in a row (1…1000000). Default: 1.
---@field at? integer[] Ascending offsets; a caret is placed at each and the macro played once there.

---One edit of a change event, in the document just before it.
---@class Edit
---@field location integer
---@field length integer What it replaced.
---@field text string What it put there.

---What an `editor:on` handler receives.
---@class EditorEvent
---@field type string "change" or "selection".
---@field command? string The command that caused it.
---@field edits? Edit[] For a change: the edits in order.
---@field anchor integer The selection after.
---@field head integer
---@field old_anchor? integer For a selection event: the selection before.
---@field old_head? integer

---Something a lossy read or write left out.
---@class Dropped
---@field what string The attribute or construct.
---@field offset integer Where.
---@field reason string

---The format argument of `caret.open` and `editor:save` as a table.
---@class FormatOptions
---@field format? string A format name; default: from the file extension.
---@field lossy? boolean Accept losing what the format cannot carry. Default: false.

---What `caret.document` makes a document (an `Editor`) from: exactly one of `text`, `markup`, `json` or `source`.
---@class DocumentSource
---@field text? string Plain text.
---@field markup? string Canonical markup (docs/markup.md), may hold a selection.
---@field json? string Document JSON (docs/json.md).
---@field source? string A file's contents, read in `format`.
---@field format? string The format of `source`.
---@field lossy? boolean Accept losing what a document cannot hold.

---The named arguments of `insertText` (`editor:insert_text{…}`).
---@class InsertTextArguments
---@field text string The text to type.

---The named arguments of `replaceRange` (`editor:replace_range{…}`).
---@class ReplaceRangeArguments
---@field location integer Start of the range (0-based UTF-16 offset).
---@field length integer Length of the range in UTF-16 code units.
---@field text string The new text.

---The named arguments of `applySuggestion` (`editor:apply_suggestion{…}`).
---@class ApplySuggestionArguments
---@field location integer Start of the range (0-based UTF-16 offset).
---@field length integer Length of the range in UTF-16 code units.
---@field word string The chosen suggestion.

---The named arguments of `learnWord` (`editor:learn_word{…}`).
---@class LearnWordArguments
---@field word string The word to learn.

---The named arguments of `moveLeft` (`editor:move_left{…}`).
---@class MoveLeftArguments
---@field extend? boolean Move only the head (shift+arrow), keeping the anchor. Default: false.

---The named arguments of `moveRight` (`editor:move_right{…}`).
---@class MoveRightArguments
---@field extend? boolean Move only the head (shift+arrow), keeping the anchor. Default: false.

---The named arguments of `moveWordLeft` (`editor:move_word_left{…}`).
---@class MoveWordLeftArguments
---@field extend? boolean Move only the head (shift+arrow), keeping the anchor. Default: false.

---The named arguments of `moveWordRight` (`editor:move_word_right{…}`).
---@class MoveWordRightArguments
---@field extend? boolean Move only the head (shift+arrow), keeping the anchor. Default: false.

---The named arguments of `moveToLineStart` (`editor:move_to_line_start{…}`).
---@class MoveToLineStartArguments
---@field extend? boolean Move only the head (shift+arrow), keeping the anchor. Default: false.

---The named arguments of `moveToLineEnd` (`editor:move_to_line_end{…}`).
---@class MoveToLineEndArguments
---@field extend? boolean Move only the head (shift+arrow), keeping the anchor. Default: false.

---The named arguments of `moveUp` (`editor:move_up{…}`).
---@class MoveUpArguments
---@field extend? boolean Move only the head (shift+arrow), keeping the anchor. Default: false.

---The named arguments of `moveDown` (`editor:move_down{…}`).
---@class MoveDownArguments
---@field extend? boolean Move only the head (shift+arrow), keeping the anchor. Default: false.

---The named arguments of `moveToDocumentStart` (`editor:move_to_document_start{…}`).
---@class MoveToDocumentStartArguments
---@field extend? boolean Move only the head (shift+arrow), keeping the anchor. Default: false.

---The named arguments of `moveToDocumentEnd` (`editor:move_to_document_end{…}`).
---@class MoveToDocumentEndArguments
---@field extend? boolean Move only the head (shift+arrow), keeping the anchor. Default: false.

---The named arguments of `setSelection` (`editor:set_selection{…}`).
---@class SetSelectionArguments
---@field anchor integer Where the selection starts.
---@field head? integer Where the cursor goes. Default: anchor.

---The named arguments of `toggleBold` (`editor:toggle_bold{…}`).
---@class ToggleBoldArguments
---@field policy? string How a selection with mixed values toggles (docs/editor.md, "Trait toggles"). Default: the editor's traitToggle option.
---@field skip_edge_whitespace? boolean Whether whitespace at the selection's edges is left as it is when the trait is added. Default: false.

---The named arguments of `toggleItalic` (`editor:toggle_italic{…}`).
---@class ToggleItalicArguments
---@field policy? string How a selection with mixed values toggles (docs/editor.md, "Trait toggles"). Default: the editor's traitToggle option.
---@field skip_edge_whitespace? boolean Whether whitespace at the selection's edges is left as it is when the trait is added. Default: false.

---The named arguments of `toggleUnderline` (`editor:toggle_underline{…}`).
---@class ToggleUnderlineArguments
---@field policy? string How a selection with mixed values toggles (docs/editor.md, "Trait toggles"). Default: the editor's traitToggle option.
---@field skip_edge_whitespace? boolean Whether whitespace at the selection's edges is left as it is when the trait is added. Default: false.

---The named arguments of `toggleStrikethrough` (`editor:toggle_strikethrough{…}`).
---@class ToggleStrikethroughArguments
---@field policy? string How a selection with mixed values toggles (docs/editor.md, "Trait toggles"). Default: the editor's traitToggle option.
---@field skip_edge_whitespace? boolean Whether whitespace at the selection's edges is left as it is when the trait is added. Default: false.

---The named arguments of `toggleCode` (`editor:toggle_code{…}`).
---@class ToggleCodeArguments
---@field policy? string How a selection with mixed values toggles (docs/editor.md, "Trait toggles"). Default: the editor's traitToggle option.
---@field skip_edge_whitespace? boolean Whether whitespace at the selection's edges is left as it is when the trait is added. Default: false.

---The named arguments of `setAttribute` (`editor:set_attribute{…}`).
---@class SetAttributeArguments
---@field key AttributeName An attribute name: `bold`, `fontSize`, `link`, a paragraph key or a custom name.
---@field value boolean|number|string A boolean, number or string that fits the key.

---The named arguments of `removeAttribute` (`editor:remove_attribute{…}`).
---@class RemoveAttributeArguments
---@field key AttributeName An attribute name: `bold`, `fontSize`, `link`, a paragraph key or a custom name.

---The named arguments of `setFontSize` (`editor:set_font_size{…}`).
---@class SetFontSizeArguments
---@field size number The font size, 1…10000.

---The named arguments of `setLink` (`editor:set_link{…}`).
---@class SetLinkArguments
---@field url string The link target.

---The named arguments of `setParagraphAttribute` (`editor:set_paragraph_attribute{…}`).
---@class SetParagraphAttributeArguments
---@field key ParagraphAttributeName A paragraph attribute.
---@field value boolean|number|string A boolean, number or string that fits the key.

---The named arguments of `removeParagraphAttribute` (`editor:remove_paragraph_attribute{…}`).
---@class RemoveParagraphAttributeArguments
---@field key ParagraphAttributeName A paragraph attribute.

---The named arguments of `toggleList` (`editor:toggle_list{…}`).
---@class ToggleListArguments
---@field style ListStyle The list style.

---The named arguments of `setHeading` (`editor:set_heading{…}`).
---@class SetHeadingArguments
---@field level integer 0 removes the heading.

---The named arguments of `findNext` (`editor:find_next{…}`).
---@class FindNextArguments
---@field pattern string Literal text, or with `regex` a regular expression (docs/editor.md, "Regular expressions").
---@field regex? boolean Whether `pattern` is a regular expression. Default: false.
---@field case_insensitive? boolean Whether case is ignored (simple case folding). Default: false.

---The named arguments of `findPrevious` (`editor:find_previous{…}`).
---@class FindPreviousArguments
---@field pattern string Literal text, or with `regex` a regular expression (docs/editor.md, "Regular expressions").
---@field regex? boolean Whether `pattern` is a regular expression. Default: false.
---@field case_insensitive? boolean Whether case is ignored (simple case folding). Default: false.

---The named arguments of `replaceNext` (`editor:replace_next{…}`).
---@class ReplaceNextArguments
---@field pattern string Literal text, or with `regex` a regular expression (docs/editor.md, "Regular expressions").
---@field regex? boolean Whether `pattern` is a regular expression. Default: false.
---@field case_insensitive? boolean Whether case is ignored (simple case folding). Default: false.
---@field replacement string The replacement; in regex mode `$0`…`$9` insert groups, `$$` a dollar sign.

---The named arguments of `replaceAll` (`editor:replace_all{…}`).
---@class ReplaceAllArguments
---@field pattern string Literal text, or with `regex` a regular expression (docs/editor.md, "Regular expressions").
---@field regex? boolean Whether `pattern` is a regular expression. Default: false.
---@field case_insensitive? boolean Whether case is ignored (simple case folding). Default: false.
---@field replacement string The replacement; in regex mode `$0`…`$9` insert groups, `$$` a dollar sign.

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
---@return Run[] runs # Each run as `{location =, length =, text =, attributes = {…}}`, in order.
function Editor:runs(location, length) end

---The attributes of the character starting at a UTF-16 offset.
---@param offset integer A position before the end.
---@return Attributes attributes
function Editor:attributes_at(offset) end

---The toolbar's tri-state for a trait. For a caret it comes from the typing attributes, so it is never "mixed": after the character before the caret; at the start of a non-empty paragraph (the document start included), from the paragraph's first character; in an empty paragraph, from the line break before it; in an empty document, off; and after `editor:toggle` with a caret, the toggled state. For a selection it is over every selected character, line breaks included: "on" when all have the trait, "off" when none has, "mixed" otherwise.
---@param trait TraitName bold, italic, underline, strikethrough or code.
---@return TraitStateName state # "on", "off" or "mixed".
function Editor:trait_state(trait) end

---The attributes text typed now would take.
---@return Attributes attributes
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
---@param options? FindOptions
---@return Match[] matches # Every match, in order, as UTF-16 ranges `{location =, length =}`.
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

---Whether `editor:undo()` would do something (an Undo button's enabled state).
---@return boolean can
function Editor:can_undo() end

---Whether `editor:redo()` would do something.
---@return boolean can
function Editor:can_redo() end

---How many steps `editor:undo()` can take back.
---@return integer count
function Editor:undo_count() end

---How many undone steps `editor:redo()` can re-apply.
---@return integer count
function Editor:redo_count() end

---The value of an attribute over the selection, for a picker (a font-size field shows the value, blank when mixed): for a caret, the typing attributes' value; for a selection, the value every selected character has. Returns nil when no character has the key (a font size picker then shows the default size), and nil, "mixed" when characters differ — different values, or the key on some characters and not on others.
---@param key AttributeName `fontSize`, `fontFamily`, `link`, a paragraph key, a custom name, …
---@return boolean|number|string value # The one value, or nil
---@return string? mixed # "mixed" when the selection holds more than one value (or the key on some characters only); absent otherwise.
function Editor:common_value(key) end

---Sets the typing attributes, as assigning `UITextView.typingAttributes` does: no undo step; the next selection change resets them to the inherited ones. While a trace or macro is recorded this needs a caret (it is recorded as `setAttribute`/`removeAttribute` commands, which with a caret change only the typing attributes).
---@param attributes Attributes What typed text takes; `link` and paragraph keys are ignored (typed text joins the caret's paragraph).
function Editor:set_typing_attributes(attributes) end

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

---Puts attributed text on the editor's clipboard and pastes it over the selection, attributes kept (with `plain`, the text alone); without markup, pastes the clipboard as it is (after `editor:copy()` or `editor:cut()`). A paste never coalesces with typing for undo.
---@param markup? string Attributed text as markup without selection markers, e.g. `{bold:hi} there`; omit it to paste what the clipboard holds (the `paste` command).
---@param plain? boolean true: paste the text alone in the typing attributes, as `pasteAsPlainText` does (what a trace's plain paste records).
function Editor:paste(markup, plain) end

---Toggles a trait as a toolbar button does: over a selection by the trait-toggle policy (one undo step); with a caret only the typing attributes change.
---@param trait TraitName bold, italic, underline, strikethrough or code.
function Editor:toggle(trait) end

---Sets one attribute over a range (the `setAttribute` command applied to the range, one undo step); the selection and typing attributes stay as they were, and undo restores them too.
---
---Also takes the `setAttribute` command's named arguments as one table (`SetAttributeArguments`): `editor:set_attribute{key = "bold", value = true}`.
---@overload fun(self: Editor, arguments: SetAttributeArguments)
---@param location integer
---@param length integer
---@param key AttributeName `bold`, `fontSize`, `link`, … or a custom name.
---@param value? any A boolean, number or string that fits the key.
function Editor:set_attribute(location, length, key, value) end

---Removes one attribute over a range.
---
---Also takes the `removeAttribute` command's named arguments as one table (`RemoveAttributeArguments`): `editor:remove_attribute{key = "bold"}`.
---@overload fun(self: Editor, arguments: RemoveAttributeArguments)
---@param location integer
---@param length integer
---@param key AttributeName
function Editor:remove_attribute(location, length, key) end

---Sets every attribute of the table over a range; other attributes stay.
---@param location integer
---@param length integer
---@param attributes Attributes
function Editor:merge_attributes(location, length, attributes) end

---Makes the attributes over a range exactly the table's: removes every other key, sets these.
---@param location integer
---@param length integer
---@param attributes Attributes
function Editor:set_attributes(location, length, attributes) end

---The paragraph attributes of the paragraph containing an offset (in the empty last paragraph with the caret there, those typed text would take).
---@param offset integer Any position in the paragraph, its end included.
---@return Attributes attributes # Only the paragraph attributes: heading, listStyle, listLevel, blockQuote, codeBlock, alignment.
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
---
---Also takes the `setParagraphAttribute` command's named arguments as one table (`SetParagraphAttributeArguments`): `editor:set_paragraph_attribute{key = "heading", value = true}`.
---@overload fun(self: Editor, arguments: SetParagraphAttributeArguments)
---@param key ParagraphAttributeName heading, listStyle, listLevel, blockQuote, codeBlock or alignment.
---@param value? any A value that fits the key.
function Editor:set_paragraph_attribute(key, value) end

---Removes a paragraph attribute from every paragraph the selection touches (`listStyle` takes `listLevel` along).
---
---Also takes the `removeParagraphAttribute` command's named arguments as one table (`RemoveParagraphAttributeArguments`): `editor:remove_paragraph_attribute{key = "heading"}`.
---@overload fun(self: Editor, arguments: RemoveParagraphAttributeArguments)
---@param key ParagraphAttributeName heading, listStyle, listLevel, blockQuote, codeBlock or alignment.
function Editor:remove_paragraph_attribute(key) end

---Makes the paragraphs the selection touches headings of a level (0: plain).
---
---Also takes the `setHeading` command's named arguments as one table (`SetHeadingArguments`): `editor:set_heading{level = 0}`.
---@overload fun(self: Editor, arguments: SetHeadingArguments)
---@param level integer 1–6, or 0 for no heading.
function Editor:set_heading(level) end

---Makes the paragraphs the selection touches list items of a style, or plain paragraphs when all already are.
---
---Also takes the `toggleList` command's named arguments as one table (`ToggleListArguments`): `editor:toggle_list{style = "bullet"}`.
---@overload fun(self: Editor, arguments: ToggleListArguments)
---@param style ListStyle "bullet" or "ordered".
function Editor:toggle_list(style) end

---Moves the list items the selection touches one level deeper (at most 16).
function Editor:indent_list() end

---Moves the list items the selection touches one level shallower; level-1 items leave the list.
function Editor:outdent_list() end

---The word at the selection: for a caret, the word containing it or ending at it; for a range, the first word it covers. nil when there is none (UAX #29 words: `can't` and `3.14` are one word).
---@return Word? word
function Editor:word_at_selection() end

---Suggestions for the word at the selection, best first: corrections (Damerau–Levenshtein distance ≤ 2, by distance then frequency) for a word the lexicon lacks, then completions (by frequency). Words from `caret.add_suggestion_provider` functions are merged into the same ranking. nil when there is no word at the selection; a word longer than 64 UTF-16 units gets no corrections or completions from the engine.
---@param options? SuggestionOptions
---@return SuggestionList? suggestions
function Editor:suggestions(options) end

---Replaces the word with the suggestion: one undo step; it keeps the attributes of the word's first character and leaves the caret after it.
---@param suggestion Suggestion|string A suggestion table from `editor:suggestions` (its word, location and length), or a word to put in place of the word at the selection.
function Editor:apply_suggestion(suggestion) end

---Learns a word for this editor only: it counts as known and ranks first from now on.
---
---Also takes the `learnWord` command's named arguments as one table (`LearnWordArguments`): `editor:learn_word{word = "…"}`.
---@overload fun(self: Editor, arguments: LearnWordArguments)
---@param word string
function Editor:learn_word(word) end

---Changes the editor's options (as a trace header's `options`).
---@param options EditorOptions Only the fields given change.
function Editor:set_options(options) end

---Calls `handler` after every later change of this editor. A change event is `{type = "change", command = name, edits = {{location =, length =, text =}, …}, anchor =, head =}` (each edit's range in the document just before it); a selection event is `{type = "selection", command = name, anchor =, head =, old_anchor =, old_head =}`. Handlers run when the editor call that caused the event returns, never in the middle of a command.
---@param event string "change" (the text changed) or "selection" (the selection moved).
---@param handler function Called with an event table (`EditorEvent`) after the command that caused it returns.
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
---@param options? MacroPlayOptions `times`: play N times in a row (default 1, at most 1000000); `at`: UTF-16 offsets in the document before playing, a caret is placed at each (ascending; later ones move with the edits) and the macro played once there.
function Editor:macro_play(name, options) end

---Raises an error with a unified diff unless the editor shows exactly this (as a trace checkpoint compares).
---@param markup string The expected state as canonical markup; with a `|` the selection (and typing attributes) are compared too.
function Editor:expect(markup) end

---Writes the document to a file atomically, as `caret.write_file` does (needs a writable directory the host granted). A format that cannot carry something in the document is an error naming it and its offset, and nothing is written, unless `lossy = true`: `editor:save("notes.md", {lossy = true})`. Plain text drops attributes and the selection without one.
---@param path string Under a directory granted with --allow-write.
---@param format? string|FormatOptions A format name (`markup`/`caret`, `json`, `text`/`txt`, `markdown`/`md`, `rtf`, `html`) or `{format = name, lossy = true}`; without a name, the path's extension chooses (an unknown one is an error, never plain text). `lossy = true` accepts what the format cannot carry.
---@return Dropped[] dropped # Only with `lossy = true`: what the format could not carry, one entry per kind at its first offset (often empty).
function Editor:save(path, format) end

---Replaces the selection with `text` in the typing attributes (coalescing with neighbouring typing for undo); the caret ends after it. (The `insertText` command: `editor:insert_text{text = "…"}`.)
---@param arguments InsertTextArguments Named arguments: text.
function Editor:insert_text(arguments) end

---Inserts a line break (`\n`); in a list item it starts the next item, at the end of a heading a plain paragraph. (The `insertNewline` command.)
function Editor:insert_newline() end

---Inserts a tab (`\t`). (The `insertTab` command.)
function Editor:insert_tab() end

---Deletes the selection, or backward from the caret as Apple's text system does: the grapheme cluster before it, but only the last code point of a cluster of a Brahmic script (`कि` leaves `क`; docs/editor.md, "Backspace"). (The `deleteBackward` command.)
function Editor:delete_backward() end

---Deletes the selection, or the last code point of the canonical decomposition of the character before the caret (`é` leaves `e`). (The `deleteBackwardByDecomposing` command.)
function Editor:delete_backward_by_decomposing() end

---Deletes the selection, or the grapheme cluster after the caret. (The `deleteForward` command.)
function Editor:delete_forward() end

---Deletes the selection, or back to the start of the word before the caret. (The `deleteWordBackward` command.)
function Editor:delete_word_backward() end

---Deletes the selection, or up to the end of the word after the caret. (The `deleteWordForward` command.)
function Editor:delete_word_forward() end

---Deletes the selection, or back to the line start; at the line start, the line break before. (The `deleteToLineStart` command.)
function Editor:delete_to_line_start() end

---Deletes the selection, or up to the line end; at the line end, the line break (Emacs/macOS kill). (The `deleteToLineEnd` command.)
function Editor:delete_to_line_end() end

---Swaps the grapheme clusters around the caret (at a line end, the two before it); the caret ends after the pair. (The `transpose` command.)
function Editor:transpose() end

---Inserts a line break after the caret without moving it. (The `openLine` command.)
function Editor:open_line() end

---Replaces a UTF-16 range with text in the attributes of its first character (inherited ones when empty); the selection is mapped through the edit. (The `replaceRange` command: `editor:replace_range{location = 0, length = 0, text = "…"}`.)
---@param arguments ReplaceRangeArguments Named arguments: location, length, text.
function Editor:replace_range(arguments) end

---Copies the selection to the editor's clipboard and deletes it (nothing for a caret). (The `cut` command.)
function Editor:cut() end

---Copies the selection, with its attributes, to the editor's clipboard (nothing for a caret). (The `copy` command.)
function Editor:copy() end

---Replaces the selection with the clipboard's characters in the typing attributes. (The `pasteAsPlainText` command.)
function Editor:paste_as_plain_text() end

---Moves the caret: One grapheme cluster left; without `extend` a selection collapses to its start. (The `moveLeft` command: `editor:move_left{}`.)
---@param arguments? MoveLeftArguments Named arguments: extend.
function Editor:move_left(arguments) end

---Moves the caret: One grapheme cluster right; without `extend` a selection collapses to its end. (The `moveRight` command: `editor:move_right{}`.)
---@param arguments? MoveRightArguments Named arguments: extend.
function Editor:move_right(arguments) end

---Moves the caret: To the start of the word before (or containing) the caret. (The `moveWordLeft` command: `editor:move_word_left{}`.)
---@param arguments? MoveWordLeftArguments Named arguments: extend.
function Editor:move_word_left(arguments) end

---Moves the caret: To the end of the word after (or containing) the caret. (The `moveWordRight` command: `editor:move_word_right{}`.)
---@param arguments? MoveWordRightArguments Named arguments: extend.
function Editor:move_word_right(arguments) end

---Moves the caret: To the start of the logical line. (The `moveToLineStart` command: `editor:move_to_line_start{}`.)
---@param arguments? MoveToLineStartArguments Named arguments: extend.
function Editor:move_to_line_start(arguments) end

---Moves the caret: To the end of the logical line (before its line break). (The `moveToLineEnd` command: `editor:move_to_line_end{}`.)
---@param arguments? MoveToLineEndArguments Named arguments: extend.
function Editor:move_to_line_end(arguments) end

---Moves the caret: One logical line up at the goal column (grapheme clusters); on the first line, the document start. (The `moveUp` command: `editor:move_up{}`.)
---@param arguments? MoveUpArguments Named arguments: extend.
function Editor:move_up(arguments) end

---Moves the caret: One logical line down at the goal column; on the last line, the document end. (The `moveDown` command: `editor:move_down{}`.)
---@param arguments? MoveDownArguments Named arguments: extend.
function Editor:move_down(arguments) end

---Moves the caret: To the start of the document. (The `moveToDocumentStart` command: `editor:move_to_document_start{}`.)
---@param arguments? MoveToDocumentStartArguments Named arguments: extend.
function Editor:move_to_document_start(arguments) end

---Moves the caret: To the end of the document. (The `moveToDocumentEnd` command: `editor:move_to_document_end{}`.)
---@param arguments? MoveToDocumentEndArguments Named arguments: extend.
function Editor:move_to_document_end(arguments) end

---Selects the whole document. (The `selectAll` command.)
function Editor:select_all() end

---Selects the word at the caret (after it, else before it, else the segment around it); a selection widens to word boundaries. (The `selectWord` command.)
function Editor:select_word() end

---Selects the logical line(s) of the selection, without the line break. (The `selectLine` command.)
function Editor:select_line() end

---Selects the paragraph(s) of the selection, with the trailing line break. (The `selectParagraph` command.)
function Editor:select_paragraph() end

---Sets the selection exactly; positions must be valid (0…length, not inside a surrogate pair), nothing is clamped. (The `setSelection` command: `editor:set_selection{anchor = 0}`.)
---@param arguments SetSelectionArguments Named arguments: anchor, head.
function Editor:set_selection(arguments) end

---Toggles bold over a selection by the toggle policy (one undo step); with a caret only the typing attributes change. (The `toggleBold` command: `editor:toggle_bold{}`.)
---@param arguments? ToggleBoldArguments Named arguments: policy, skip_edge_whitespace.
function Editor:toggle_bold(arguments) end

---Toggles italic over a selection by the toggle policy (one undo step); with a caret only the typing attributes change. (The `toggleItalic` command: `editor:toggle_italic{}`.)
---@param arguments? ToggleItalicArguments Named arguments: policy, skip_edge_whitespace.
function Editor:toggle_italic(arguments) end

---Toggles underline over a selection by the toggle policy (one undo step); with a caret only the typing attributes change. (The `toggleUnderline` command: `editor:toggle_underline{}`.)
---@param arguments? ToggleUnderlineArguments Named arguments: policy, skip_edge_whitespace.
function Editor:toggle_underline(arguments) end

---Toggles strikethrough over a selection by the toggle policy (one undo step); with a caret only the typing attributes change. (The `toggleStrikethrough` command: `editor:toggle_strikethrough{}`.)
---@param arguments? ToggleStrikethroughArguments Named arguments: policy, skip_edge_whitespace.
function Editor:toggle_strikethrough(arguments) end

---Toggles code over a selection by the toggle policy (one undo step); with a caret only the typing attributes change. (The `toggleCode` command: `editor:toggle_code{}`.)
---@param arguments? ToggleCodeArguments Named arguments: policy, skip_edge_whitespace.
function Editor:toggle_code(arguments) end

---Sets `fontSize`, leaving other attributes alone. (The `setFontSize` command: `editor:set_font_size{size = 14}`.)
---@param arguments SetFontSizeArguments Named arguments: size.
function Editor:set_font_size(arguments) end

---Makes every run `fontSizeStep` points bigger (from `defaultFontSize` where unset). (The `increaseFontSize` command.)
function Editor:increase_font_size() end

---Makes every run `fontSizeStep` points smaller (not below 1). (The `decreaseFontSize` command.)
function Editor:decrease_font_size() end

---Removes every built-in attribute but `link`; custom attributes stay. (The `removeFormatting` command.)
function Editor:remove_formatting() end

---Links the selection; with a caret, retargets the link the caret touches (nothing when none). (The `setLink` command: `editor:set_link{url = "…"}`.)
---@param arguments SetLinkArguments Named arguments: url.
function Editor:set_link(arguments) end

---Unlinks the selection; with a caret, the whole link the caret touches. (The `removeLink` command.)
function Editor:remove_link() end

---Selects the first match at or after the selection's end that is not the selection, wrapping around. (The `findNext` command: `editor:find_next{pattern = "…"}`.)
---@param arguments FindNextArguments Named arguments: pattern, regex, case_insensitive.
function Editor:find_next(arguments) end

---Selects the last match ending at or before the selection's start, wrapping around. (The `findPrevious` command: `editor:find_previous{pattern = "…"}`.)
---@param arguments FindPreviousArguments Named arguments: pattern, regex, case_insensitive.
function Editor:find_previous(arguments) end

---Replaces the selection when it is a match, then selects the next match. (The `replaceNext` command: `editor:replace_next{pattern = "…", replacement = "…"}`.)
---@param arguments ReplaceNextArguments Named arguments: pattern, regex, case_insensitive, replacement.
function Editor:replace_next(arguments) end

---Replaces every match (one undo step); the selection is mapped through the edits. (The `replaceAll` command: `editor:replace_all{pattern = "…", replacement = "…"}`.)
---@param arguments ReplaceAllArguments Named arguments: pattern, regex, case_insensitive, replacement.
function Editor:replace_all(arguments) end

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
---@param source DocumentSource Plain text, canonical markup (docs/markup.md, may hold a selection), document JSON, or `source` read as a file's contents in `format` (any format `caret.open` reads).
---@return Editor document
---@return Dropped[] dropped # Only with `lossy = true`: what the format could not carry, one entry per kind at its first offset (often empty).
function caret.document(source) end

---Reads a document from a file (needs a readable directory the host granted; the path is resolved and refused as `caret.read_file` does). Something in the file that a document cannot hold is an error unless `lossy = true`.
---@param path string Under a directory granted with --allow-read.
---@param format? string|FormatOptions A format name (`markup`/`caret`, `json`, `text`/`txt`, `markdown`/`md`, `rtf`, `html`) or `{format = name, lossy = true}`; without a name, the path's extension chooses (an unknown one is an error, never plain text). `lossy = true` accepts what the format cannot carry.
---@return Editor document
---@return Dropped[] dropped # Only with `lossy = true`: what the format could not carry, one entry per kind at its first offset (often empty).
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
