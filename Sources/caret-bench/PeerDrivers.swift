import Foundation

/// Finds and runs the peer drivers in scripts/bench-peers.
struct PeerDrivers {
    enum Peer: String, CaseIterable {
        case emacs = "Emacs batch, no undo"
        case emacsUndo = "Emacs batch, undo"
        case neovim = "Neovim nvim_buf_set_text"
        case gapBuffer = "LuaJIT gap buffer"

        /// The peer's column in the table.
        var column: String {
            switch self {
            case .emacs: "Emacs"
            case .emacsUndo: "Emacs+undo"
            case .neovim: "Neovim"
            case .gapBuffer: "LuaJIT gap"
            }
        }

        var executable: String {
            switch self {
            case .emacs, .emacsUndo: "emacs"
            case .neovim: "nvim"
            case .gapBuffer: "luajit"
            }
        }
    }

    let scripts: String
    /// Executables found on PATH, by name.
    let found: [String: String]
    /// Peers whose executable is missing: peer name -> executable.
    let missing: [String: String]

    init(scripts: String) {
        self.scripts = scripts
        var found: [String: String] = [:]
        var missing: [String: String] = [:]
        for peer in Peer.allCases {
            if let path = Self.which(peer.executable) { found[peer.executable] = path } else { missing[peer.rawValue] = peer.executable }
        }
        self.found = found
        self.missing = missing
    }

    /// scripts/bench-peers: `$CARET_BENCH_PEERS`, under the current directory, or above the executable.
    static func scriptsDirectory() -> String? {
        let fm = FileManager.default
        if let dir = ProcessInfo.processInfo.environment["CARET_BENCH_PEERS"] { return dir }
        var candidates = [fm.currentDirectoryPath + "/scripts/bench-peers"]
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(dir.path + "/scripts/bench-peers")
            dir = dir.deletingLastPathComponent()
        }
        return candidates.first { fm.fileExists(atPath: $0 + "/edits.lua") }
    }

    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
            return "\(dir)/\(name)"
        }
        return nil
    }

    /// Runs `peer` on one trace: the median of the times it printed, or why there is none.
    func run(_ peer: Peer, json: String, edits: String, repetitions: Int) -> PeerBenchmarks.Result {
        guard let executable = found[peer.executable] else { return .init(milliseconds: nil, note: "not installed") }
        var arguments: [String]
        var environment: [String: String] = [:]
        switch peer {
        case .emacs, .emacsUndo:
            arguments = ["-Q", "--batch", "-l", scripts + "/emacs.el", json, peer == .emacs ? "noundo" : "undo", String(repetitions)]
        case .neovim:
            arguments = ["--headless", "--clean", "-n", "-i", "NONE", "-u", "NONE", "-c", "luafile " + scripts + "/neovim.lua"]
            environment = ["CARET_PEER_EDITS": edits, "CARET_PEER_REPEAT": String(repetitions)]
        case .gapBuffer:
            arguments = [scripts + "/gapbuffer.lua", edits, String(repetitions)]
        }
        let (status, output) = Self.execute(executable, arguments, environment: environment, timeout: 300)
        let lines = output.split(separator: "\n").map(String.init)
        let times = lines.compactMap { $0.hasPrefix("ms ") ? Double($0.dropFirst(3)) : nil }.sorted()
        guard status == 0, lines.contains("ok"), !times.isEmpty else {
            let said = lines.last { !$0.hasPrefix("ms ") } ?? "no output"
            return .init(milliseconds: nil, note: "\(peer.executable) exited \(status): \(said.utf8Prefix(maxBytes: 200))")
        }
        return .init(milliseconds: times[times.count / 2], note: "final text checked; median of \(times.count)")
    }

    /// Runs a process to its end (killed after `timeout` seconds); its status and stdout.
    static func execute(_ executable: String, _ arguments: [String], environment: [String: String], timeout: Double) -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (-1, "cannot start: \(error)") }
        let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
