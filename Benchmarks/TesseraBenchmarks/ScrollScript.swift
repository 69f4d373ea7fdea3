import Tessera

/// A short, fixed scroll along the layout's axis at 120 Hz: a fling down from a quarter of the content that
/// decelerates as `UIScrollView` does, a jump to 70 %, and a fling back up. The same rects on every run.
enum ScrollScript {
    static func rects(contentSize: Size, viewport: Size, axis: ScrollAxis, frames: Int = BenchmarkSuite.scrollFrames)
        -> [Rect]
    {
        let vertical = axis == .vertical
        let length = vertical ? contentSize.height : contentSize.width
        let extent = vertical ? viewport.height : viewport.width
        let maxOffset = max(0, length - extent)
        let decayPerFrame = 0.98346  // UIScrollView's normal rate, 0.998 a millisecond, over a 120 Hz frame
        var rects: [Rect] = []
        rects.reserveCapacity(frames)

        func fling(from start: Double, velocity: Double, count: Int) {
            var offset = start
            var speed = velocity
            for _ in 0..<count {
                let clamped = min(max(offset, 0), maxOffset)
                rects.append(
                    vertical
                        ? Rect(x: 0, y: clamped, width: viewport.width, height: viewport.height)
                        : Rect(x: clamped, y: 0, width: viewport.width, height: viewport.height))
                offset += speed / 120
                speed *= decayPerFrame
            }
        }
        let half = frames / 2
        fling(from: maxOffset * 0.25, velocity: 6_000, count: half)
        fling(from: maxOffset * 0.7, velocity: -6_000, count: frames - half)
        return rects
    }
}
