// The fuzz smoke run scripts/test.sh does: every harness over its committed corpus
// (Fuzz/Corpus/<target>/*) and then a fixed number of seeded mutations of it, through the same
// functions the libFuzzer targets call, in an ordinary build (no sanitizer: see scripts/test.sh).
//
//     fuzz-smoke --corpus DIR [--mutations N] [--seed S] [TARGET...]
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FuzzHarnesses

/// xorshift64*: the seeded source of the mutations.
struct Mutator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state >> 12; state ^= state << 25; state ^= state >> 27
        return state &* 0x2545F4914F6CDD1D
    }
    mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(next() % UInt64(n)) }

    static let tokens: [[UInt8]] = ["{", "}", "\"", "\\", "\n", "9223372036854775807", "-1", "1e309", "\u{FEFF}", "😀", "\u{301}",
                                    "[", "]", ":", ",", "null", "<b>", "</", "{\\rtf1 ", "\\u-1?", "**", "# ", "undo 100001", "+"].map { Array($0.utf8) }

    /// `input` with one to four random edits; `other` is spliced in sometimes.
    mutating func mutate(_ input: [UInt8], other: [UInt8]) -> [UInt8] {
        var bytes = input
        for _ in 0...below(4) {
            let i = below(bytes.count + 1)
            switch below(6) {
            case 0 where !bytes.isEmpty: bytes[min(i, bytes.count - 1)] ^= UInt8(1 << below(8))
            case 1: bytes.insert(UInt8(truncatingIfNeeded: next()), at: i)
            case 2 where !bytes.isEmpty: bytes.removeSubrange(min(i, bytes.count - 1)..<min(bytes.count, i + 1 + below(8)))
            case 3: bytes.insert(contentsOf: Mutator.tokens[below(Mutator.tokens.count)], at: i)
            case 4 where !other.isEmpty: let j = below(other.count); bytes.insert(contentsOf: other[j..<min(other.count, j + below(64))], at: i)
            default: if !bytes.isEmpty { let j = below(bytes.count); bytes.insert(contentsOf: bytes[j..<min(bytes.count, j + below(16))], at: i) }
            }
        }
        return Array(bytes.prefix(4096))
    }
}

func files(in directory: String) -> [String] {
    guard let dir = opendir(directory) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafePointer(to: entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
        if !name.hasPrefix(".") { names.append(directory + "/" + name) }
    }
    return names.sorted()
}

func contents(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, file)
        if n <= 0 { return bytes }
        bytes += buffer[..<n]
    }
}

func printError(_ text: String) {
    _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
}

func usage(_ message: String) -> Never {
    printError("fuzz-smoke: \(message)\nusage: fuzz-smoke --corpus DIR [--mutations N] [--seed S] [TARGET...]\ntargets: \(Harness.all.map(\.name).joined(separator: " "))\n")
    exit(64)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var corpus: String?
var mutations = 200
var seed: UInt64 = 0x5EED
var names: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--corpus": guard !arguments.isEmpty else { usage("--corpus needs a directory") }; corpus = arguments.removeFirst()
    case "--mutations": guard let n = arguments.first.flatMap({ Int($0) }), n >= 0 else { usage("--mutations needs a count") }; arguments.removeFirst(); mutations = n
    case "--seed": guard let n = arguments.first.flatMap({ UInt64($0) }) else { usage("--seed needs a number") }; arguments.removeFirst(); seed = n
    default:
        guard Harness.named(argument) != nil else { usage("unknown target '\(argument)'") }
        names.append(argument)
    }
}
guard let corpus else { usage("missing --corpus DIR") }
print("fuzz smoke: seed \(seed), \(mutations) mutations per target (rerun with --seed \(seed))")
for harness in Harness.all where names.isEmpty || names.contains(harness.name) {
    let inputs = files(in: corpus + "/" + harness.name).compactMap(contents)
    guard !inputs.isEmpty else { printError("fuzz-smoke: no corpus in \(corpus)/\(harness.name)\n"); exit(66) }
    for input in inputs { harness.run(input) }
    var mutator = Mutator(state: (seed ^ harness.name.utf8.reduce(UInt64(0xCBF29CE484222325)) { ($0 ^ UInt64($1)) &* 0x100000001B3 }) | 1)
    for _ in 0..<mutations {
        let input = mutator.mutate(inputs[mutator.below(inputs.count)], other: inputs[mutator.below(inputs.count)])
        harness.run(input)
    }
    print("  \(harness.name): \(inputs.count) corpus inputs + \(mutations) mutations")
}
