#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CaretCLI

exit(CaretCommandLine.main(Array(CommandLine.arguments.dropFirst())))
