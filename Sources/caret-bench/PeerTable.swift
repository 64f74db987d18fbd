import Foundation

/// The peer comparison as one table: per trace, Caret's storage and editor replays and each
/// peer's, every peer figure followed by how many times faster Caret's storage replay is
/// ("3.1x"; below 1 Caret is slower), and whether Caret beat Emacs on every trace.
enum PeerTable {
    struct Row {
        let trace: String
        let edits: Int
        /// Caret's medians, in milliseconds.
        let storage: Double
        let editor: Double
        /// Whether the trace's text is all ASCII.
        let isASCII: Bool
        var peers: [PeerDrivers.Peer: PeerBenchmarks.Result] = [:]
    }

    /// How many times faster Caret (`caret` ms) is than a peer that took `peer` ms.
    static func ratio(_ peer: Double, _ caret: Double) -> String {
        let r = peer / caret
        return r >= 1 ? String(format: "%.1fx faster", r) : String(format: "%.2fx (slower)", r)
    }

    static func print(_ rows: [Row], report: BenchReport) {
        guard !rows.isEmpty else { return }
        func cell(_ s: String, _ width: Int) -> String {
            s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
        }
        func ms(_ v: Double) -> String { BenchReport.format(v) }
        Swift.print("")
        Swift.print("peers: median ms of the edit loop alone, final text checked; (Nx) = Caret storage is N times faster")
        let peers = PeerDrivers.Peer.allCases
        var header = cell("trace", 32) + cell("Caret storage", 14) + cell("Caret editor", 13)
        for peer in peers { header += cell(peer.column, 18) }
        Swift.print(header + "vs Emacs (storage; editor vs Emacs with undo)")
        var heldStorage = true, heldEditor = true, compared = 0
        var worstStorage = Double.infinity, worstEditor = Double.infinity
        var losses: [String] = []
        for row in rows {
            var line = cell(row.trace, 32) + cell(ms(row.storage), 14) + cell(ms(row.editor), 13)
            for peer in peers {
                guard let result = row.peers[peer] else { line += cell("not run", 18); continue }
                guard let peerMs = result.milliseconds else { line += cell("FAILED", 18); continue }
                line += cell(ms(peerMs) + String(format: " (%.1fx)", peerMs / row.storage), 18)
            }
            if let emacs = row.peers[.emacs]?.milliseconds, let emacsUndo = row.peers[.emacsUndo]?.milliseconds {
                compared += 1
                let s = emacs / row.storage, e = emacsUndo / row.editor
                worstStorage = min(worstStorage, s)
                worstEditor = min(worstEditor, e)
                let kind = row.isASCII ? "" : " (non-ASCII)"
                if s <= 1 { heldStorage = false; losses.append("\(row.trace)\(kind) storage") }
                if e <= 1 { heldEditor = false; losses.append("\(row.trace)\(kind) editor") }
                line += String(format: "%.1fx; %.1fx", s, e)
            } else {
                line += "no Emacs figure"
            }
            Swift.print(line)
        }
        guard compared > 0 else {
            Swift.print("Caret faster than Emacs on every trace: not checked (no Emacs figures)")
            return
        }
        let all = compared == rows.count ? "every trace" : "\(compared) of \(rows.count) traces (Emacs failed on the rest)"
        if heldStorage && heldEditor && compared == rows.count {
            Swift.print("Caret faster than Emacs on \(all) at the storage and editor levels: held")
        } else {
            Swift.print("Caret faster than Emacs on \(all) at the storage and editor levels: DID NOT HOLD (" + losses.joined(separator: ", ") + ")")
        }
        Swift.print("")
        // What stands in the way: the per-edit cost on text with non-ASCII scalars (issue #12 item 1).
        func blocker(_ level: String) -> String {
            let lost = losses.filter { $0.hasSuffix(level) }
            guard !lost.isEmpty else { return compared == rows.count ? "" : "Emacs failed on some traces" }
            let why = lost.allSatisfy { $0.contains("(non-ASCII)") } ? ": Caret's per-edit cost on non-ASCII text (#12 item 1)" : ""
            return "slower on " + lost.map { $0.replacingOccurrences(of: " " + level, with: "") }.joined(separator: ", ") + why
        }
        report.target("faster than Emacs, every trace, storage (worst ratio)", worstStorage, "x", mustReach: 1, direction: .atLeast,
                      blocker: blocker("storage"))
        report.target("faster than Emacs+undo, every trace, editor (worst ratio)", worstEditor, "x", mustReach: 1, direction: .atLeast,
                      blocker: blocker("editor"))
    }
}
