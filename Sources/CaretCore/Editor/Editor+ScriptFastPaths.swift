// Entry points for the Lua host's fast paths (CaretLua's `EditorLuaAPI+FastPaths.swift`): the
// same commands, without building a command value on every call. Touched by the Lua host's
// work alone; what they rely on is named in each.

extension Editor {
    /// Does exactly what `perform(.replaceRange(range, with: string))` does: the plain lane
    /// (`performPlainReplacement`) when it applies, the general route (which also reports bad
    /// arguments) when it does not. Relies on `perform` taking that lane first for `replaceRange`
    /// and on the lane changing nothing when it returns false.
    /// - Throws: what `perform` throws for the command.
    package func performReplacement(_ range: Range<Int>, with string: String) throws {
        if try performPlainReplacement(range, with: string) { return }
        try perform(.replaceRange(range, with: string))
    }

    /// `performReplacement(_:with:)` for text the caller holds as bytes known to be valid UTF-8
    /// (ASCII, say): the plain lane reads them in place, and `string` makes the `String` only for
    /// the general route. Relies on what `performReplacement(_:with:)` relies on.
    /// - Throws: what `perform` throws for the command.
    package func performReplacement(_ range: Range<Int>, utf8 bytes: UnsafeBufferPointer<UInt8>, string: () -> String) throws {
        if try performPlainReplacement(range, utf8: bytes) { return }
        try perform(.replaceRange(range, with: string()))
    }

    /// `text.utf16Count`, read inside this module: read from another, the property's access
    /// goes through a dynamic exclusivity check (~75 instructions), which this skips as
    /// `text`'s declaration says.
    package var utf16Length: Int { text.utf16Count }
}
