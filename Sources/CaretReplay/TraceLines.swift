#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a trace's bytes come from when it is read one line at a time: bytes already in memory,
/// or a file descriptor read in chunks (so a trace of any size takes one chunk plus its longest
/// line, never the whole file).
public enum TraceSource {
    /// The whole trace in memory.
    case bytes([UInt8])
    /// An open descriptor, read to its end (the caller opens and closes it).
    case descriptor(Int32)
}

/// A descriptor that could not be read to its end (`read(2)` failed): `errno`'s text.
public struct TraceReadError: Error, CustomStringConvertible, Sendable {
    /// `strerror(errno)`.
    public let reason: String
    /// `cannot read (reason)`.
    public var description: String { "cannot read (\(reason))" }
}

/// Splits a trace into LF-terminated lines without copying them: each line (without its LF; a
/// CR before it stays, the parsers treat it as a blank) is handed to the body as a buffer that
/// is valid only during the call, with its 1-based number and whether an LF ended it (false
/// only for a last line cut short).
enum TraceLines {
    typealias Body = (_ line: UnsafeBufferPointer<UInt8>, _ number: Int, _ terminated: Bool) throws -> Void

    /// The size of one read from a descriptor; a longer line grows the buffer to fit it.
    static let chunkSize = 1 << 20

    static func forEach(in source: TraceSource, _ body: Body) throws {
        switch source {
        case .bytes(let bytes):
            try bytes.withUnsafeBufferPointer { buffer in
                var number = 0
                let consumed = try forEachTerminated(in: buffer, number: &number, body)
                if consumed < buffer.count {
                    try body(UnsafeBufferPointer(rebasing: buffer[consumed...]), number + 1, false)
                }
            }
        case .descriptor(let descriptor):
            try forEach(descriptor: descriptor, body)
        }
    }

    /// Hands every LF-terminated line of `buffer` to `body`, counting lines in `number`; returns
    /// the offset just past the last LF (where an unterminated rest starts).
    static func forEachTerminated(in buffer: UnsafeBufferPointer<UInt8>, number: inout Int, _ body: Body) rethrows -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var start = 0
        while start < buffer.count {
            guard let found = memchr(base + start, 0x0A, buffer.count - start) else { break }
            let end = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            number += 1
            try body(UnsafeBufferPointer(start: base + start, count: end - start), number, true)
            start = end + 1
        }
        return start
    }

    /// - Parameter chunkSize: the first buffer's size (tests split lines across reads with a tiny one).
    static func forEach(descriptor: Int32, chunkSize: Int = chunkSize, _ body: Body) throws {
        var capacity = max(1, chunkSize)
        var storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { storage.deallocate() }
        var filled = 0
        var number = 0
        while true {
            if filled == capacity {
                // One line longer than the buffer: make room for the rest of it.
                let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
                larger.update(from: storage, count: filled)
                storage.deallocate()
                storage = larger
                capacity *= 2
            }
            let count = read(descriptor, storage + filled, capacity - filled)
            if count < 0 {
                if errno == EINTR { continue }
                throw TraceReadError(reason: String(cString: strerror(errno)))
            }
            if count == 0 {
                if filled > 0 { try body(UnsafeBufferPointer(start: storage, count: filled), number + 1, false) }
                return
            }
            let scanFrom = filled
            filled += count
            // Only the new bytes can hold the next LF: the kept rest had none.
            var consumed = 0
            if memchr(storage + scanFrom, 0x0A, count) != nil {
                consumed = try forEachTerminated(in: UnsafeBufferPointer(start: storage, count: filled), number: &number, body)
            }
            if consumed > 0 {
                filled -= consumed
                if filled > 0 { memmove(storage, storage + consumed, filled) }
            }
        }
    }
}
