import CaretCore

/// Helpers shared by the grapheme tests: every public way of segmenting, expressed as scalar
/// indices so that the results compare with GraphemeBreakTest.txt and with each other.
enum GraphemeTestSupport {
    /// The UTF-8 bytes of `scalars` and the byte offset where each scalar starts (plus the end).
    static func utf8(_ scalars: [Unicode.Scalar]) -> (bytes: [UInt8], starts: [Int]) {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        for scalar in scalars {
            starts.append(bytes.count)
            bytes.append(contentsOf: UTF8.encode(scalar)!)
        }
        starts.append(bytes.count)
        return (bytes, starts)
    }

    /// The UTF-16 offset where each scalar starts (plus the end).
    static func utf16Starts(_ scalars: [Unicode.Scalar]) -> [Int] {
        var result = [0]
        for scalar in scalars { result.append(result[result.count - 1] + UTF16.width(scalar)) }
        return result
    }

    /// Boundaries found by walking the UTF-8 of `scalars` with `GraphemeCursor` (isEnd true), as
    /// scalar indices; also checks that every reported UTF-16 offset matches its byte offset.
    static func cursorBoundaries(_ scalars: [Unicode.Scalar]) -> (boundaries: [Int], utf16Consistent: Bool) {
        let (bytes, starts) = utf8(scalars)
        let utf16 = utf16Starts(scalars)
        var result = [0]
        var consistent = true
        bytes.withUnsafeBufferPointer { buffer in
            var cursor = GraphemeCursor(utf8: buffer, isEnd: true)
            while let offset = cursor.next() {
                guard let index = starts.firstIndex(of: offset) else { consistent = false; return }
                if cursor.offset != offset || cursor.utf16Offset != utf16[index] { consistent = false }
                result.append(index)
            }
        }
        return (result, consistent)
    }

    /// Boundaries found by walking the UTF-8 in two buffers split before scalar `splitScalar`
    /// (rope leaves hold whole scalars), the first with
    /// `isEnd == false` and its state carried into the second, as scalar indices.
    static func splitBoundaries(_ scalars: [Unicode.Scalar], at splitScalar: Int) -> [Int] {
        let (bytes, starts) = utf8(scalars)
        let split = starts[splitScalar]
        var result = [0]
        var state = GraphemeBreakState()
        bytes[..<split].withUnsafeBufferPointer { buffer in
            var cursor = GraphemeCursor(utf8: buffer, isEnd: false)
            while let offset = cursor.next() { result.append(starts.firstIndex(of: offset)!) }
            precondition(cursor.readOffset == split, "cursor stopped at \(cursor.readOffset) before \(split)")
            state = cursor.state
        }
        Array(bytes[split...]).withUnsafeBufferPointer { buffer in
            var cursor = GraphemeCursor(utf8: buffer, isEnd: true, state: state)
            while let offset = cursor.next() { result.append(starts.firstIndex(of: split + offset)!) }
        }
        return result
    }

    /// The cluster count of the UTF-8 of `scalars`.
    static func clusterCount(_ scalars: [Unicode.Scalar]) -> Int {
        utf8(scalars).bytes.withUnsafeBufferPointer { GraphemeSegmentation.clusterCount(utf8: $0) }
    }

    /// Boundaries from `isBoundary(between:and:)`, asking at each scalar with the context since the
    /// last boundary found.
    static func pairwiseBoundaries(_ scalars: [Unicode.Scalar]) -> [Int] {
        guard !scalars.isEmpty else { return [0] }
        var result = [0]
        for index in 1..<scalars.count
        where GraphemeSegmentation.isBoundary(between: Array(scalars[result.last!..<index]), and: scalars[index]) {
            result.append(index)
        }
        result.append(scalars.count)
        return result
    }

    /// Boundaries from repeated `nextBoundary(in:from:isEnd:)` calls.
    static func nextBoundaryChain(_ scalars: [Unicode.Scalar]) -> [Int] {
        let (bytes, starts) = utf8(scalars)
        var result = [0]
        bytes.withUnsafeBufferPointer { buffer in
            var position = 0
            while let next = GraphemeSegmentation.nextBoundary(in: buffer, from: position, isEnd: true) {
                result.append(starts.firstIndex(of: next)!)
                position = next
            }
        }
        return result
    }

    /// Boundaries as Swift's `String` draws them: the running sum of each Character's scalars.
    static func swiftBoundaries(_ scalars: [Unicode.Scalar]) -> [Int] {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        var result = [0]
        for character in String(view) {
            result.append(result[result.count - 1] + character.unicodeScalars.count)
        }
        return result
    }
}
