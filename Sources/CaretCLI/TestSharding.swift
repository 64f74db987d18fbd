#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CaretCore

/// Which share of the test files `caret test` runs: `--shard K/N`, or the variables sharding
/// engines set (Bazel's test encyclopedia: `TEST_TOTAL_SHARDS`, `TEST_SHARD_INDEX` counted from 0,
/// and `TEST_SHARD_STATUS_FILE`, touched to say the runner knows sharding).
enum TestSharding {
    /// A shard: `index` counted from 1, of `count`.
    struct Shard: Equatable {
        var index: Int
        var count: Int
    }

    /// The shard `--shard` (`option`) and the environment ask for; nil for every file.
    /// - Throws: a usage error for a malformed `--shard` or variable, one variable without the
    ///   other, or `--shard` and the variables naming different shards.
    static func shard(option: String?, environment: [String: String]) throws -> Shard? {
        var fromOption: Shard?
        if let option {
            let parts = option.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index) else {
                throw CLIError.usage("--shard expects K/N with 1 <= K <= N, got '\(option.quotedForError)'")
            }
            fromOption = Shard(index: index, count: count)
        }
        let total = environment["TEST_TOTAL_SHARDS"].flatMap { $0.isEmpty ? nil : $0 }
        let index = environment["TEST_SHARD_INDEX"].flatMap { $0.isEmpty ? nil : $0 }
        var fromEnvironment: Shard?
        switch (total, index) {
        case (nil, nil):
            break
        case (let total?, nil):
            throw CLIError.usage("TEST_TOTAL_SHARDS is set (\(total.quotedForError)) but TEST_SHARD_INDEX is not; set both or neither")
        case (nil, let index?):
            throw CLIError.usage("TEST_SHARD_INDEX is set (\(index.quotedForError)) but TEST_TOTAL_SHARDS is not; set both or neither")
        case (let total?, let index?):
            guard let count = Int(total), count >= 1 else {
                throw CLIError.usage("TEST_TOTAL_SHARDS expects a whole number >= 1, got '\(total.quotedForError)'")
            }
            guard let zeroBased = Int(index), (0..<count).contains(zeroBased) else {
                throw CLIError.usage("TEST_SHARD_INDEX expects a whole number in 0...\(count - 1) (it counts from 0), got '\(index.quotedForError)'")
            }
            fromEnvironment = Shard(index: zeroBased + 1, count: count)
        }
        if let fromOption, let fromEnvironment, fromOption != fromEnvironment {
            throw CLIError.usage("--shard \(fromOption.index)/\(fromOption.count) disagrees with TEST_SHARD_INDEX=\(fromEnvironment.index - 1) "
                + "TEST_TOTAL_SHARDS=\(fromEnvironment.count) (that is --shard \(fromEnvironment.index)/\(fromEnvironment.count)); give one or make them agree")
        }
        return fromOption ?? fromEnvironment
    }

    /// Creates `path` when missing (empty) and sets its modification time to now, as `touch` does.
    /// - Throws: 73 when it cannot be created, 74 when its time cannot be set.
    static func touch(_ path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            throw CLIError(.cannotCreate, "\(path): cannot create the shard status file (\(String(cString: strerror(code))))")
        }
        defer { close(descriptor) }
        guard futimens(descriptor, nil) == 0 else {
            let code = errno
            throw CLIError(.ioError, "\(path): cannot touch the shard status file (\(String(cString: strerror(code))))")
        }
    }
}
