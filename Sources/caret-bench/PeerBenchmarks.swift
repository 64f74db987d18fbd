import CaretCore
import CaretReplay
import Foundation

/// Every editing trace replayed by Emacs (batch, with and without undo), Neovim
/// (`nvim_buf_set_text` from Lua) and a plain LuaJIT gap buffer, beside Caret's storage and editor
/// replays of the same trace in the same minute. The drivers are scripts/bench-peers/*; each times
/// only its edit loop, prints its figure, and checks its final text against the trace's
/// `endContent`. A peer that is not installed is skipped with a note; `--no-peers` skips them all.
enum PeerBenchmarks {
    /// One peer's figures for one trace.
    struct Result {
        var milliseconds: Double?
        var note: String
    }

    /// A trace's name as `EditingTrace` gives it, from its path alone (without loading it).
    static func traceName(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension.replacingOccurrences(of: ".json", with: "")
    }

    static func run(_ options: BenchOptions, _ report: BenchReport) throws {
        guard options.peers else { return }
        let directory = options.tracesDirectory ?? EditingTrace.defaultDirectory()
        let paths = try EditingTrace.files(in: directory).filter { options.wants("peers \(traceName($0))") }
        guard !paths.isEmpty else { return }
        guard let scripts = PeerDrivers.scriptsDirectory() else {
            report.add("peers", .nan, "", note: "skipped: scripts/bench-peers not found (run from the repository, or set CARET_BENCH_PEERS)")
            return
        }
        let drivers = PeerDrivers(scripts: scripts)
        for (name, missing) in drivers.missing {
            report.add("peers: \(name)", .nan, "", note: "skipped: \(missing) not installed (scripts/setup-bench-peers.sh installs it)")
        }
        let temporary = options.keepInputs
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("caret-bench-peers-\(getpid())").path
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        defer { if options.keepInputs == nil { try? FileManager.default.removeItem(atPath: temporary) } }

        var rows: [PeerTable.Row] = []
        for path in paths {
            let trace = try EditingTrace(path: path)
            let repetitions = options.repetitions ?? (options.quick ? 1 : 3)
            let caretRepetitions = options.repetitions ?? (options.quick ? 3 : 7)

            var storageText = AttributedText()
            let storage = try Clock.median(caretRepetitions) { storageText = try TraceBenchmarks.replay(trace) }
            guard storageText.string == trace.endContent else { throw BenchError("\(trace.name): Caret storage replay does not reach endContent") }
            var kept: [Editor] = []
            let editor = try Clock.median(caretRepetitions) { kept.append(try EditorBenchmarks.replayReplacing(trace)) }
            guard kept.last!.text.string == trace.endContent else { throw BenchError("\(trace.name): Caret editor replay does not reach endContent") }
            kept = []

            let json = temporary + "/\(trace.name).json"
            let edits = temporary + "/\(trace.name).edits"
            try Data(EditingTraceImporter.load(path)).write(to: URL(fileURLWithPath: json))
            try PeerEditFile.write(trace, to: edits)

            var row = PeerTable.Row(trace: trace.name, edits: trace.edits.count, storage: storage / 1e6, editor: editor / 1e6,
                                     isASCII: trace.endContent.utf8.allSatisfy { $0 < 0x80 })
            for peer in PeerDrivers.Peer.allCases {
                guard drivers.missing[peer.rawValue] == nil else { continue }
                let result = drivers.run(peer, json: json, edits: edits, repetitions: repetitions)
                row.peers[peer] = result
                let name = "peers \(trace.name): \(peer.rawValue)"
                if let ms = result.milliseconds {
                    report.add(name, ms, "ms", note: String(format: "Caret storage %@, editor %@; %@",
                                                             PeerTable.ratio(ms, storage / 1e6), PeerTable.ratio(ms, editor / 1e6), result.note))
                } else {
                    report.add(name, .nan, "ms", note: "FAILED: " + result.note)
                }
            }
            rows.append(row)
        }
        PeerTable.print(rows, report: report)
    }
}

/// The edit file the Lua peers read (format in scripts/bench-peers/edits.lua): every edit in UTF-8
/// bytes and in Neovim's rows and byte columns, computed here (not timed) from the trace's
/// UTF-16 edits by replaying them on an `AttributedText`.
enum PeerEditFile {
    static func write(_ trace: EditingTrace, to path: String) throws {
        var out: [UInt8] = []
        func line(_ s: String) { out += Array(s.utf8); out.append(0x0A) }
        func blob(_ s: String) { line(String(s.utf8.count)); out += Array(s.utf8); out.append(0x0A) }
        line("caret-peer-edits 1")
        line(String(trace.edits.count))
        blob(trace.startContent)
        blob(trace.endContent)
        var text = AttributedText(trace.startContent)
        for edit in trace.edits {
            let upper = edit.location + edit.length
            let byte = try text.utf8Offset(fromUTF16: edit.location)
            let byteEnd = try text.utf8Offset(fromUTF16: upper)
            func rowColumn(_ offset: Int, byte: Int) throws -> (Int, Int) {
                let (row, column) = try text.lineColumn(fromUTF16: offset)
                return (row, byte - (try text.utf8Offset(fromUTF16: offset - column)))
            }
            let (row, column) = try rowColumn(edit.location, byte: byte)
            let (endRow, endColumn) = try rowColumn(upper, byte: byteEnd)
            line("\(byte) \(byteEnd - byte) \(row) \(column) \(endRow) \(endColumn) \(edit.text.utf8.count)")
            out += Array(edit.text.utf8)
            out.append(0x0A)
            try text.replaceSubrange(edit.location..<upper, with: edit.text, attributes: Attributes())
        }
        try Data(out).write(to: URL(fileURLWithPath: path))
    }
}
