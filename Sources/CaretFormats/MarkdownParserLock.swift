import CaretCore

/// cmark-gfm keeps the table of special inline characters in a global and adds and removes the
/// extensions' characters (`~` for strikethrough) around every parse: two parses at once on two
/// threads make one of them miss strikethrough. Every cmark-gfm parse holds this lock.
enum MarkdownParserLock {
    private static let lock = Lock(())

    static func withLock<T>(_ body: () throws -> T) rethrows -> T {
        try lock.withLock { _ in try body() }
    }
}
