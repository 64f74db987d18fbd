#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines of bytes from a descriptor (read as they arrive, so an interactive session answers each
/// line at once) or from bytes in memory. A line ends at LF; a CR before it is dropped; a last
/// line without LF counts.
struct LineReader {
    private var buffer: [UInt8] = []
    private var start = 0
    private var descriptor: Int32?

    init(bytes: [UInt8]) { buffer = bytes }
    init(descriptor: Int32) { self.descriptor = descriptor }

    mutating func next() -> [UInt8]? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                var line = Array(buffer[start..<newline])
                start = newline + 1
                if line.last == 0x0D { line.removeLast() }
                return line
            }
            guard let descriptor, refill(descriptor) else {
                guard start < buffer.count else { return nil }
                var line = Array(buffer[start...])
                start = buffer.count
                if line.last == 0x0D { line.removeLast() }
                return line
            }
        }
    }

    /// Reads more bytes; false at the end of the input (or on an error).
    private mutating func refill(_ descriptor: Int32) -> Bool {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { self.descriptor = nil; return false }
            buffer += chunk[..<count]
            return true
        }
    }
}
