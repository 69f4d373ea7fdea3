/// The bandwidth floor of a prepare: writing as many bytes as a layout holds into a buffer already faulted in,
/// element by element, each value derived from its index as a layout's would be, with no arithmetic beyond that
/// and no allocation. The buffer is cut into 8-byte words, the width of a frame column. `run`'s `fill-floor` and
/// `floors` time the same pass.
package final class FillFloor {
    private let words: UnsafeMutableBufferPointer<Double>
    private var passes = 0

    package init(bytes: Int) {
        words = .allocate(capacity: Swift.max(bytes / 8, 1))
        words.initialize(repeating: 0)
    }

    deinit {
        words.deallocate()
    }

    /// One pass over the buffer, each pass's values new.
    package func fill() {
        passes += 1
        let base = Double(passes)
        for index in words.indices { words[index] = base + Double(index) }
        blackHole(words[words.count / 2])
    }
}
