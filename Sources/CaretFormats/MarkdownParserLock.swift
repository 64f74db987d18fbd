#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// cmark-gfm keeps the table of special inline characters in a global and adds and removes the
/// extensions' characters (`~` for strikethrough) around every parse: two parses at once on two
/// threads make one of them miss strikethrough. Every cmark-gfm parse holds this lock.
final class MarkdownParserLock: @unchecked Sendable {
    static let shared = MarkdownParserLock()

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    private init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
