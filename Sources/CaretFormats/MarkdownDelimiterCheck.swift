/// Checks the writer's `**`, `*` and `~~` against CommonMark's delimiter rules as cmark-gfm
/// applies them: which runs are left- or right-flanking, then the pairing of closers with the
/// nearest openers ("process emphasis", the rule of three included). It reads only the writer's
/// own output, and answers which spans to write as HTML tags instead; it is no Markdown parser.
struct MarkdownDelimiterCheck {
    /// A maximal run of one delimiter character, as cmark-gfm sees it.
    struct Run {
        var char: UInt8
        var length: Int
        var remaining: Int
        var canOpen = false
        var canClose = false
        /// Flanking depends on the class of a character whose class differs between versions.
        var uncertain = false
        var scope: Int
        /// The rendering's delimiters in the run: `first...last`.
        var first: Int
        var last: Int
        var removed = false

        var members: ClosedRange<Int> { first...last }
    }

    private var rendering = MarkdownRendering()
    var runs: [Run] = []
    /// For each delimiter of the rendering, the run it is in.
    var runOfDelimiter: [Int] = []

    /// Groups the rendering's delimiters into runs, reusing this check's storage.
    private mutating func load(_ rendering: MarkdownRendering) {
        self.rendering = rendering
        runs.removeAll(keepingCapacity: true)
        runOfDelimiter.removeAll(keepingCapacity: true)
        for (d, delimiter) in rendering.delimiters.enumerated() {
            if !runs.isEmpty, let previous = d > 0 ? rendering.delimiters[d - 1] : nil,
               previous.char == delimiter.char, previous.position + previous.length == delimiter.position {
                runs[runs.count - 1].length += delimiter.length
                runs[runs.count - 1].remaining += delimiter.length
                runs[runs.count - 1].last = d
            } else {
                runs.append(Run(char: delimiter.char, length: delimiter.length, remaining: delimiter.length,
                                scope: delimiter.scope, first: d, last: d))
            }
            runOfDelimiter.append(runs.count - 1)
        }
    }

    /// The spans to write as HTML tags before trying again; empty when the delimiters pair as
    /// intended.
    mutating func culprits(_ rendering: MarkdownRendering, _ paragraph: MarkdownParagraph) -> [Int] {
        load(rendering)
        // Drop the reference so the caller's buffers stay unshared.
        defer { self.rendering = MarkdownRendering() }
        var failing: [Int] = []
        for r in runs.indices {
            flank(r)
            var opens = true, closes = true
            for d in runs[r].members {
                if rendering.delimiters[d].isOpen { closes = false } else { opens = false }
            }
            let fits = (opens && runs[r].canOpen) || (closes && runs[r].canClose)
            if runs[r].uncertain || !fits {
                // Turning the openers' spans into tags first keeps closers of earlier spans.
                let members = runs[r].members.map { rendering.delimiters[$0] }
                let chosen = opens || closes ? members : members.filter(\.isOpen)
                failing += chosen.map(\.span)
            }
        }
        if !failing.isEmpty { return failing }
        // Runs that can only open or only close, properly nested, pair as meant: each closer's
        // nearest opener of its character is its own span's (the rule of three does not apply).
        if !runs.contains(where: { $0.canOpen && $0.canClose }) { return [] }
        return pairingCulprits(paragraph)
    }

    /// Sets the run's flanking from the characters around it in the rendering.
    private mutating func flank(_ r: Int) {
        let bytes = rendering.bytes
        let first = rendering.delimiters[runs[r].first]
        let last = rendering.delimiters[runs[r].last]
        let before = MarkdownFlankClass.before(bytes, first.position)
        let after = MarkdownFlankClass.after(bytes, last.position + last.length)
        var outcomes: [(left: Bool, right: Bool)] = []
        for beforePunct in before.punctuationChoices {
            for afterPunct in after.punctuationChoices {
                let left = !after.isSpace && (!afterPunct || before.isSpace || beforePunct)
                let right = !before.isSpace && (!beforePunct || after.isSpace || afterPunct)
                outcomes.append((left, right))
            }
        }
        runs[r].canOpen = outcomes[0].left
        runs[r].canClose = outcomes[0].right
        runs[r].uncertain = outcomes.contains { $0.left != outcomes[0].left || $0.right != outcomes[0].right }
    }

    /// Simulates the pairing in each scope and compares what it covers with what was meant.
    private mutating func pairingCulprits(_ paragraph: MarkdownParagraph) -> [Int] {
        var matches: [(opener: Int, closer: Int, bit: UInt8)] = []
        if runs.allSatisfy({ $0.scope == runs[0].scope }) {
            matches = process(Array(runs.indices))
        } else {
            var scopes: [Int] = []
            for run in runs where !scopes.contains(run.scope) { scopes.append(run.scope) }
            for scope in scopes { matches += process(runs.indices.filter { runs[$0].scope == scope }) }
        }
        // Leftover delimiter characters would be literal text.
        if let leftover = runs.firstIndex(where: { $0.remaining > 0 }) {
            return runs[leftover].members.map { rendering.delimiters[$0].span }
        }
        var difference = [Int](repeating: 0, count: 3 * (runs.count + 2))
        for match in matches {
            let k = match.bit == MarkdownRendering.boldBit ? 0 : match.bit == MarkdownRendering.italicBit ? 1 : 2
            difference[3 * (match.opener + 1) + k] += 1
            difference[3 * (match.closer + 1) + k] -= 1
        }
        var bold = 0, italic = 0, strike = 0
        var gapBits = [UInt8](repeating: 0, count: runs.count + 1)
        for gap in 0...runs.count {
            bold += difference[3 * gap]
            italic += difference[3 * gap + 1]
            strike += difference[3 * gap + 2]
            gapBits[gap] = (bold > 0 ? MarkdownRendering.boldBit : 0) | (italic > 0 ? MarkdownRendering.italicBit : 0)
                | (strike > 0 ? MarkdownRendering.strikeBit : 0)
        }
        for atom in paragraph.atoms.indices {
            // Gaps count delimiters; the simulation counts runs.
            let d = rendering.atomGaps[atom]
            let gap = d == 0 ? 0 : runOfDelimiter[d - 1] + 1
            if gapBits[gap] != rendering.expected[atom] { return culprit(near: atom, paragraph) }
        }
        return []
    }

    /// The innermost delimited span meant to cover the atom, else the nearest one opened before it.
    private func culprit(near atom: Int, _ paragraph: MarkdownParagraph) -> [Int] {
        var open: [Int] = []
        var lastOpened: Int?
        for token in paragraph.tokens {
            switch token {
            case .open(let s) where paragraph.spans[s].delimited:
                open.append(s)
                lastOpened = s
            case .close(let s):
                open.removeAll { $0 == s }
            case .atom(let i) where i == atom:
                if let inner = open.last { return [inner] }
                if let lastOpened { return [lastOpened] }
                return paragraph.spans.indices.filter { paragraph.spans[$0].delimited }.prefix(1).map { $0 }
            default:
                break
            }
        }
        return []
    }

    /// cmark-gfm's process_emphasis over the runs of one scope (indices ascending); returns the
    /// pairs it makes as (opener run, closer run, kind bit).
    private mutating func process(_ members: [Int]) -> [(opener: Int, closer: Int, bit: UInt8)] {
        var result: [(opener: Int, closer: Int, bit: UInt8)] = []
        // openers_bottom per (closer length % 3, character): the position searches stop at.
        var bottom = [Int](repeating: -1, count: 6)
        var c = 0
        while c < members.count {
            let closer = members[c]
            guard !runs[closer].removed, runs[closer].canClose else {
                c += 1
                continue
            }
            let key = (runs[closer].length % 3) * 2 + (runs[closer].char == 0x7E ? 1 : 0)
            let stop = bottom[key]
            var o = c - 1
            var found: Int?
            while o > stop {
                let opener = members[o]
                if !runs[opener].removed, runs[opener].canOpen, runs[opener].char == runs[closer].char {
                    let both = runs[closer].canOpen || runs[opener].canClose
                    if !both || runs[closer].length % 3 == 0 || (runs[opener].length + runs[closer].length) % 3 != 0 {
                        found = o
                        break
                    }
                }
                o -= 1
            }
            guard let o = found else {
                bottom[key] = c - 1
                if !runs[closer].canOpen { runs[closer].removed = true }
                c += 1
                continue
            }
            let opener = members[o]
            // Delimiters between the pair become literal text.
            for between in (o + 1)..<c { runs[members[between]].removed = true }
            if runs[closer].char == 0x7E {
                guard runs[opener].remaining == runs[closer].remaining else {
                    c += 1
                    continue
                }
                result.append((opener, closer, MarkdownRendering.strikeBit))
                runs[opener].remaining = 0
                runs[closer].remaining = 0
                runs[opener].removed = true
                runs[closer].removed = true
                c += 1
                continue
            }
            let use = runs[closer].remaining >= 2 && runs[opener].remaining >= 2 ? 2 : 1
            result.append((opener, closer, use == 2 ? MarkdownRendering.boldBit : MarkdownRendering.italicBit))
            runs[opener].remaining -= use
            runs[closer].remaining -= use
            if runs[opener].remaining == 0 { runs[opener].removed = true }
            if runs[closer].remaining == 0 {
                runs[closer].removed = true
                c += 1
            }
        }
        return result
    }
}
