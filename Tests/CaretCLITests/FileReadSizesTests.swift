import CaretCore
import Foundation
import Testing
@testable import CaretCLI

/// `FileIO.read` sizes its chunk by the file: every size around the chunk's bounds, and a file
/// whose size the kernel reports as zero, read back byte for byte.
@Suite struct FileReadSizesTests {
    @Test(arguments: [0, 1, 4095, 4096, 4097, 65535, 65536, 65537, 200_003])
    func readsEveryByte(size: Int) throws {
        let path = NSTemporaryDirectory() + "caret-read-\(getpid())-\(size)"
        defer { unlink(path) }
        var random = SeededRandom(seed: UInt64(size))
        let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: random.below(256)) }
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        #expect(try FileIO.read(path) == bytes)
    }

    #if os(Linux)
    @Test func readsAFileTheKernelSizesAsEmpty() throws {
        // /proc files report a size of 0 and are read until the end like a pipe.
        let text = try FileIO.read("/proc/self/status")
        #expect(String(decoding: text, as: UTF8.self).contains("Name:"))
    }
    #endif
}
