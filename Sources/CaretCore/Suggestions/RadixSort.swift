/// Least-significant-digit radix sort of `UInt64`s, 16 bits a pass: the correction index sorts a few
/// million entries when a lexicon is built, where a comparison sort took a quarter of the build.
enum RadixSort {
    /// Sorts `values` ascending.
    /// - Complexity: O(4 × (n + 65,536)) time, O(n) extra space.
    static func sort(_ values: inout [UInt64]) {
        let n = values.count
        guard n > 4_096 else { values.sort(); return }
        var scratch = [UInt64](repeating: 0, count: n)
        var counts = [Int](repeating: 0, count: 1 << 16)
        values.withUnsafeMutableBufferPointer { primary in
            scratch.withUnsafeMutableBufferPointer { secondary in
                counts.withUnsafeMutableBufferPointer { count in
                    var source = primary
                    var target = secondary
                    for pass in 0..<4 {
                        let shift = UInt64(pass * 16)
                        for k in 0..<count.count { count[k] = 0 }
                        for value in source { count[Int((value >> shift) & 0xFFFF)] += 1 }
                        var total = 0
                        for k in 0..<count.count {
                            let c = count[k]
                            count[k] = total
                            total += c
                        }
                        for value in source {
                            let digit = Int((value >> shift) & 0xFFFF)
                            target[count[digit]] = value
                            count[digit] += 1
                        }
                        swap(&source, &target)
                    }
                    // After an even number of passes the result is back in `primary`.
                }
            }
        }
    }
}
