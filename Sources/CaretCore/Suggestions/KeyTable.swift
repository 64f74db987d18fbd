/// Lowercased lexicon keys sorted in Unicode scalar order, stored as one flat UTF-8 buffer (UTF-8
/// byte order is scalar order), with binary search for exact keys and prefixes.
struct KeyTable: Sendable {
    /// Every key's bytes, back to back.
    private(set) var bytes: [UInt8]
    /// `starts[i]..<starts[i + 1]` are the bytes of key `i`.
    private(set) var starts: [Int32]

    /// Builds the table from keys already sorted in scalar order, without duplicates.
    init(sortedKeys: [String]) {
        var bytes: [UInt8] = []
        var starts: [Int32] = [0]
        starts.reserveCapacity(sortedKeys.count + 1)
        for key in sortedKeys {
            bytes.append(contentsOf: key.utf8)
            starts.append(Int32(bytes.count))
        }
        self.bytes = bytes
        self.starts = starts
    }

    /// The number of keys.
    var count: Int { starts.count - 1 }

    /// Key `i` as a string.
    func key(_ i: Int) -> String {
        String(decoding: bytes[Int(starts[i])..<Int(starts[i + 1])], as: UTF8.self)
    }

    /// Key `i` as Unicode scalar values.
    func scalars(_ i: Int) -> [UInt32] {
        key(i).unicodeScalars.map(\.value)
    }

    /// Replaces `out` with the Unicode scalar values of key `i` (no allocation once `out` has grown).
    func decodeScalars(_ i: Int, into out: inout [UInt32]) {
        out.removeAll(keepingCapacity: true)
        let start = Int(starts[i])
        let end = Int(starts[i + 1])
        var k = start
        while k < end && bytes[k] < 0x80 {
            out.append(UInt32(bytes[k]))
            k += 1
        }
        if k < end {
            out.removeAll(keepingCapacity: true)
            for scalar in key(i).unicodeScalars { out.append(scalar.value) }
        }
    }

    /// The length in UTF-8 bytes of key `i` (at least its length in scalars).
    func byteCount(_ i: Int) -> Int { Int(starts[i + 1] - starts[i]) }

    /// Compares key `i`, cut to `probe.count` bytes when `truncating`, with `probe`: -1, 0 or 1.
    func compare(_ i: Int, _ probe: [UInt8], truncating: Bool) -> Int {
        let start = Int(starts[i])
        var length = Int(starts[i + 1]) - start
        if truncating && length > probe.count { length = probe.count }
        let common = min(length, probe.count)
        var k = 0
        while k < common {
            let a = bytes[start + k]
            let b = probe[k]
            if a != b { return a < b ? -1 : 1 }
            k += 1
        }
        if length == probe.count { return 0 }
        return length < probe.count ? -1 : 1
    }

    /// The first index whose key compares `>= probe` (or `> probe` when `strictly`).
    private func bound(_ probe: [UInt8], truncating: Bool, strictly: Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            let c = compare(mid, probe, truncating: truncating)
            if c < 0 || (strictly && c == 0) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The index of `key`, if present.
    /// - Complexity: O(log n × key length).
    func index(of key: [UInt8]) -> Int? {
        let i = bound(key, truncating: false, strictly: false)
        return i < count && compare(i, key, truncating: false) == 0 ? i : nil
    }

    /// The indices of the keys that start with `prefix`.
    /// - Complexity: O(log n × prefix length).
    func range(withPrefix prefix: [UInt8]) -> Range<Int> {
        let low = bound(prefix, truncating: true, strictly: false)
        let high = bound(prefix, truncating: true, strictly: true)
        return low..<max(low, high)
    }

    /// Bytes held by the table's buffers.
    var memoryBytes: Int { bytes.capacity + starts.capacity * 4 }
}
