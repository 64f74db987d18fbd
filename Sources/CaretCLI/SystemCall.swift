#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's open(2), read(2) and write(2) under names that no method of the command
/// line's own types (a `write`, a `read`) can shadow.
enum SystemCall {
    #if canImport(Glibc)
    static let open: @Sendable (UnsafePointer<CChar>, Int32, mode_t) -> Int32 = Glibc.open
    static let read = Glibc.read
    static let write = Glibc.write
    #elseif canImport(Musl)
    static let open: @Sendable (UnsafePointer<CChar>, Int32, mode_t) -> Int32 = Musl.open
    static let read = Musl.read
    static let write = Musl.write
    #else
    static let open: @Sendable (UnsafePointer<CChar>, Int32, mode_t) -> Int32 = Darwin.open
    static let read = Darwin.read
    static let write = Darwin.write
    #endif
}
