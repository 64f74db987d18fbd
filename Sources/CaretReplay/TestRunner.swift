#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CaretCore
import Dispatch

/// Finds trace files (`*.caret-trace`) and Lua test scripts (`*.test.lua`) and runs them in
/// parallel. This layer has no Lua: Lua scripts go to the `luaRunner` the caller passes (the
/// command line passes CaretLua's `ScriptTestRunner`); without one they are errors saying the
/// runner is not available.
public enum TestRunner {
    /// The extension of trace files `caret test` runs.
    public static let traceExtension = ".caret-trace"
    /// The extension of Lua test scripts `caret test` runs.
    public static let luaExtension = ".test.lua"

    /// Runs one Lua test script given its path; called on the runner's threads, several at once.
    public typealias LuaTestRunner = @Sendable (String) -> TestOutcome

    /// One test file and its outcome.
    public struct Result: Sendable {
        /// The path as found.
        public var path: String
        /// How it ended.
        public var outcome: TestOutcome
        /// Wall time, seconds (for reports only; never affects an outcome).
        public var seconds: Double

        /// A result.
        public init(path: String, outcome: TestOutcome, seconds: Double) {
            self.path = path
            self.outcome = outcome
            self.seconds = seconds
        }
    }

    /// The test files under `paths` (files given directly are taken whatever their extension),
    /// sorted by path, without duplicates.
    /// - Throws: `TraceFileError` for a path that does not exist.
    public static func discover(_ paths: [String]) throws -> [String] {
        var found: Set<String> = []
        for path in paths {
            guard FileSystem.exists(path) else {
                throw TraceFileError(path: path, message: "no such file or directory")
            }
            if !FileSystem.isDirectory(path) {
                found.insert(path)
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            for relative in FileSystem.subpaths(of: path) {
                guard relative.hasSuffix(traceExtension) || relative.hasSuffix(luaExtension) else { continue }
                // A directory named like a test is not one (its contents are still searched).
                if FileSystem.isDirectory(base + "/" + relative) { continue }
                found.insert(base + "/" + relative)
            }
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The files of shard `index` (1-based) of `count`: every `count`-th file of the sorted list.
    public static func shard(_ files: [String], index: Int, count: Int) -> [String] {
        files.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    /// Runs one test file: a Lua test through `luaRunner`, anything else as a trace.
    public static func run(_ path: String, luaRunner: LuaTestRunner? = nil) -> TestOutcome {
        if path.hasSuffix(luaExtension) {
            guard let luaRunner else { return TestOutcome(.error, "the Lua test runner is not available in this build") }
            return luaRunner(path)
        }
        return runTrace(path)
    }

    /// Replays a trace with its checkpoints checked.
    public static func runTrace(_ path: String) -> TestOutcome {
        do {
            guard let failure = try TraceReplay.replay(path: path, check: true).failure else { return .passed }
            return TestOutcome(failure.isCheckFailure ? .failed : .error, failure.description)
        } catch {
            return TestOutcome(.error, "\(error)")
        }
    }

    /// Runs `files` on `jobs` threads, Lua tests through `luaRunner`; `progress` is called on the
    /// calling thread after each file finishes, with the number done. Results come back in the
    /// order of `files`.
    public static func run(_ files: [String], jobs: Int, luaRunner: LuaTestRunner? = nil,
                           progress: (Int) -> Void = { _ in }) -> [Result] {
        run(files, jobs: jobs, runner: { run($0, luaRunner: luaRunner) }, progress: progress)
    }

    /// Runs `files` on `jobs` threads, each through `runner` (called several at once);
    /// `progress` as above. Results come back in the order of `files`.
    public static func run(_ files: [String], jobs: Int, runner: @escaping @Sendable (String) -> TestOutcome,
                           progress: (Int) -> Void = { _ in }) -> [Result] {
        let state = RunState(count: files.count)
        let workers = max(1, min(jobs, files.count))
        for _ in 0..<workers {
            startThread(stackSize: 8 << 20) {
                while let index = state.claim() {
                    let start = DispatchTime.now().uptimeNanoseconds
                    let outcome = runner(files[index])
                    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                    state.finish(index, Result(path: files[index], outcome: outcome, seconds: seconds))
                }
            }
        }
        var done = 0
        while done < files.count {
            state.finished.wait()
            done += 1
            progress(done)
        }
        return state.results.map { $0! }
    }
}

/// Work shared by the runner's threads: the next file to take and the results, under a lock.
final class RunState: Sendable {
    private struct Shared {
        var next = 0
        var results: [TestRunner.Result?]
    }

    private let shared: Lock<Shared>
    let finished = DispatchSemaphore(value: 0)
    let count: Int

    init(count: Int) {
        self.count = count
        shared = Lock(Shared(results: Array(repeating: nil, count: count)))
    }

    /// The results so far, in the order of the files (nil for those not finished).
    var results: [TestRunner.Result?] { shared.withLock { $0.results } }

    func claim() -> Int? {
        shared.withLock { shared -> Int? in
            guard shared.next < count else { return nil }
            shared.next += 1
            return shared.next - 1
        }
    }

    func finish(_ index: Int, _ result: TestRunner.Result) {
        shared.withLock { $0.results[index] = result }
        finished.signal()
    }
}

/// Starts a detached thread with a stack of `stackSize` bytes that runs `body`. The test runner's
/// threads run scripts and replays, whose recursion needs more than a default thread's stack.
private func startThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
    final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    #if canImport(Darwin)
    let start: @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? = { context in
        Unmanaged<Box>.fromOpaque(context).takeRetainedValue().body()
        return nil
    }
    #else
    let start: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
        Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
        return nil
    }
    #endif
    let failed = pthread_create(&thread, &attributes, start, context)
    // Without a thread the runner would wait for ever for results that never come.
    precondition(failed == 0, "cannot start a test thread (\(String(cString: strerror(failed))))")
}
