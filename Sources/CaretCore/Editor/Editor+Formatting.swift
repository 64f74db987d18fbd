// Formatting commands and the toolbar's trait query.

extension Editor {
    /// The toolbar state of trait `key`: for a caret, from the typing attributes; for a
    /// selection, on when every character has it, off when none has, mixed otherwise.
    public func traitState(_ key: AttributeKey) -> TraitState {
        if selection.isCaret { return typingAttributes.has(key) ? .on : .off }
        let runs = (try? text.runs(in: selection.range)) ?? []
        let count = runs.filter { $0.attributes.has(key) }.count
        return count == runs.count ? .on : count == 0 ? .off : .mixed
    }

    /// The value of `key` over the selection when it is the same everywhere (for a caret, in the
    /// typing attributes); nil when absent somewhere or mixed.
    public func commonValue(of key: AttributeKey) -> AttributeValue? {
        if selection.isCaret { return typingAttributes[key] }
        let runs = (try? text.runs(in: selection.range)) ?? []
        guard let first = runs.first?.attributes[key] else { return nil }
        return runs.allSatisfy({ $0.attributes[key] == first }) ? first : nil
    }

    /// Rewrites the attributes of every run in the selection with `transform` as one edit; with a
    /// caret, only the typing attributes. The selection stays.
    func restyle(_ transform: (Attributes) throws -> Attributes) throws {
        if selection.isCaret {
            typingAttributes = linkFree(try transform(typingAttributes))
            return
        }
        try restyle(runs: try text.runs(in: selection.range), transform)
    }

    /// `restyle(_:)` over the selection, whose runs are `runs`.
    func restyle(runs: [AttributedText.Run], _ transform: (Attributes) throws -> Attributes) throws {
        let range = selection.range
        guard usesFastPaths else {
            var pieces: [(String, Attributes)] = []
            for run in runs {
                pieces.append((try text.string(in: run.range), try transform(run.attributes)))
            }
            let saved = selection
            try apply(TextEdit(range: range, replacement: AttributedText(runs: pieces)))
            selection = saved
            return
        }
        // Each distinct set is transformed once, before anything changes (a transform may throw).
        var map: [Attributes: Attributes] = [:]
        var changes = false
        for run in runs where map[run.attributes] == nil {
            let result = try transform(run.attributes)
            map[run.attributes] = result
            if result != run.attributes { changes = true }
        }
        guard changes else { return }
        // The edit is only the map; the inverse is the cheapest exact undo: the inverse map when
        // the map is one-to-one on the sets present, else the old runs, else the old content.
        settleTyping()
        let inverse: EditRecord.Replacement
        if range.lowerBound == 0 && range.upperBound == text.utf16Count {
            inverse = .rich(text)
        } else if let back = Self.inverse(of: map) {
            inverse = .restyle(back)
        } else if runs.count <= 256 {
            inverse = .runs(runs)
        } else {
            inverse = .rich(try text.attributedText(in: range))
        }
        knownRun = nil
        try text.transformAttributes(in: range) { map[$0] ?? $0 }
        record(EditRecord(range: range, replacement: .restyle(map)), inverse: EditRecord(range: range, replacement: inverse))
    }

    /// The map that undoes `map` (whose keys are exactly the sets present), or nil when two sets
    /// map to the same one.
    static func inverse(of map: [Attributes: Attributes]) -> [Attributes: Attributes]? {
        var back: [Attributes: Attributes] = [:]
        back.reserveCapacity(map.count)
        for (old, new) in map {
            if back.updateValue(old, forKey: new) != nil { return nil }
        }
        return back
    }

    /// Toggles trait `key` over the selection by `policy` (docs/editor.md, "Trait toggles").
    func toggleTrait(_ key: AttributeKey, policy: TraitTogglePolicy, skipEdgeWhitespace: Bool) throws {
        guard key.isTrait else {
            throw EditorError.badArgument(command: "toggleTrait", argument: "key", message: "'\(key.name)' is not a trait (bold, italic, underline, strikethrough, code)")
        }
        // Adding keeps a style already there (a double underline stays double).
        func added(_ attributes: Attributes) throws -> Attributes {
            attributes.has(key) ? attributes : try attributes.setting(key, .bool(true))
        }
        func removed(_ attributes: Attributes) -> Attributes { attributes.removing(key) }
        func flipped(_ attributes: Attributes) throws -> Attributes {
            attributes.has(key) ? attributes.removing(key) : try attributes.setting(key, .bool(true))
        }
        if selection.isCaret { return try restyle(flipped) }
        let whole = selection.range
        let core = skipEdgeWhitespace ? try withoutEdgeWhitespace(whole) : whole
        if policy == .perRunFlip {
            // Edge whitespace only loses the trait; the rest flips.
            if core.lowerBound > whole.lowerBound { try restyle(whole.lowerBound..<core.lowerBound, removed) }
            if core == whole { try restyle(runs: try text.runs(in: whole), flipped) } else { try restyle(core, flipped) }
            if core.upperBound < whole.upperBound { try restyle(core.upperBound..<whole.upperBound, removed) }
        } else {
            // Ask each distinct set once (runs share few sets, and each question takes a lock).
            var seen = Set<Attributes>()
            var someHave = false
            var someLack = false
            try text.forEachRun(in: core) { run in
                if seen.insert(run.attributes).inserted {
                    if run.attributes.has(key) { someHave = true } else { someLack = true }
                }
                return !(someHave && someLack)
            }
            let turnOn = policy == .removeIfAny ? !someHave : someLack
            if !turnOn {
                try restyle(runs: try text.runs(in: whole), removed)
            } else if core == whole {
                try restyle(runs: try text.runs(in: whole), added)
            } else {
                try restyle(core, added)
            }
        }
        // Text typed over the selection looks like its first character now does.
        let first = try text.attributes(at: whole.lowerBound)
        if first.has(key), let value = first[key] {
            typingAttributes = try typingAttributes.setting(key, value)
        } else {
            typingAttributes = typingAttributes.removing(key)
        }
    }

    /// `range` without the whitespace (Unicode White_Space) at its two ends, whole grapheme
    /// clusters only; `range` itself when it holds nothing else.
    func withoutEdgeWhitespace(_ range: Range<Int>) throws -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        // Forward from the start, a window at a time.
        scan: while lower < upper {
            var end = min(upper, lower + 64)
            if !text.isValidPosition(end) { end += 1 }
            for scalar in try text.unicodeScalars(in: lower..<end) {
                guard scalar.properties.isWhitespace else { break scan }
                lower += scalar.utf16.count
            }
        }
        if lower >= upper { return range }
        scan: while upper > lower {
            var start = max(lower, upper - 64)
            if !text.isValidPosition(start) { start -= 1 }
            for scalar in try text.unicodeScalars(in: start..<upper).reversed() {
                guard scalar.properties.isWhitespace else { break scan }
                upper -= scalar.utf16.count
            }
        }
        // A whitespace scalar that starts a cluster with more in it (a space and a combining mark)
        // is not trimmed apart from it.
        if try !text.isGraphemeBoundary(lower) { lower = try graphemeBefore(lower) }
        if try !text.isGraphemeBoundary(upper) { upper = try graphemeAfter(upper) }
        return lower..<upper
    }

    func setAttribute(_ key: AttributeKey, _ value: AttributeValue) throws {
        if key == .link, case .string(let url) = value { return try setLink(url) }
        do {
            _ = try Attributes().setting(key, value)
        } catch let error as AttributeError {
            throw EditorError.badAttribute(error)
        }
        try restyle { try $0.setting(key, value) }
        if !selection.isCaret { typingAttributes = try typingAttributes.setting(key, value).removing(.link) }
    }

    func removeAttribute(_ key: AttributeKey) throws {
        if key == .link { return try removeLink() }
        try restyle { $0.removing(key) }
        if !selection.isCaret { typingAttributes.remove(key) }
    }

    func changeFontSize(by step: Double) throws {
        let base = options.defaultFontSize
        func resized(_ attributes: Attributes) throws -> Attributes {
            var size = base
            if case .number(let n) = attributes[.fontSize] { size = n }
            return try attributes.setting(.fontSize, .number(min(10_000, max(1, size + step))))
        }
        try restyle(resized)
        if !selection.isCaret { typingAttributes = try resized(typingAttributes) }
    }

    func removeFormatting() throws {
        func plain(_ attributes: Attributes) -> Attributes {
            var result = attributes
            for key in AttributeKey.builtIn where key != .link && !key.isParagraph { result.remove(key) }
            return result
        }
        try restyle(plain)
        if !selection.isCaret { typingAttributes = plain(typingAttributes) }
    }

    /// The range of the link around a caret: the maximal stretch of the paragraph carrying the
    /// same link as the character before (or else after) the caret.
    func linkRange(at offset: Int) throws -> (Range<Int>, AttributeValue)? {
        let start = try lineStart(offset)
        let end = try lineEndIncludingBreak(offset)
        let runs = try text.runs(in: start..<end)
        let around = runs.first { $0.range.upperBound == offset && $0.attributes[.link] != nil }
            ?? runs.first { $0.range.contains(offset) && $0.attributes[.link] != nil }
        guard let around, let link = around.attributes[.link] else { return nil }
        var lower = around.range.lowerBound
        var upper = around.range.upperBound
        for run in runs.reversed() where run.range.upperBound == lower && run.attributes[.link] == link { lower = run.range.lowerBound }
        for run in runs where run.range.lowerBound == upper && run.attributes[.link] == link { upper = run.range.upperBound }
        return (lower..<upper, link)
    }

    /// Applies `transform` to the runs of `range` as one edit, keeping the selection.
    func restyle(_ range: Range<Int>, _ transform: (Attributes) throws -> Attributes) throws {
        let saved = selection
        let typing = typingAttributes
        selection = Selection(range)
        defer {
            selection = saved
            typingAttributes = typing
        }
        try restyle(transform)
    }

    func setLink(_ url: String) throws {
        guard !url.isEmpty else {
            throw EditorError.badArgument(command: "setLink", argument: "url", message: "must not be empty")
        }
        let value = AttributeValue.string(url)
        if selection.isCaret {
            guard let (range, _) = try linkRange(at: selection.head) else { return }
            try restyle(range) { try $0.setting(.link, value) }
        } else {
            try restyle { try $0.setting(.link, value) }
        }
    }

    func removeLink() throws {
        if selection.isCaret {
            guard let (range, _) = try linkRange(at: selection.head) else { return }
            try restyle(range) { $0.removing(.link) }
        } else {
            try restyle { $0.removing(.link) }
        }
    }
}
