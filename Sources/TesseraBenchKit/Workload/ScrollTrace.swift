import Foundation
import Tessera

/// One frame of a scroll: the viewport's size and where it is.
public struct TraceFrame: Hashable, Sendable {
    public var viewport: Size
    public var offset: Point

    public init(viewport: Size, offset: Point) {
        self.viewport = viewport
        self.offset = offset
    }

    @inlinable public var visibleRect: Rect { Rect(origin: offset, size: viewport) }
}

/// A scroll a user could make, replayed frame by frame: flings that decelerate as `UIScrollView` does
/// (`decelerationRate.normal`, 0.998 a millisecond), jumps to random items as `scrollToItem(at:at:.top)` does,
/// and one rotation halfway, which swaps the viewport's sides and so asks for a new `prepare`.
public struct ScrollTrace: Sendable {
    public static let framesPerSecond = 120.0
    /// The velocity kept from one frame to the next: 0.998 a millisecond over 1/120 s.
    static let decayPerFrame = pow(0.998, 1000 / framesPerSecond)
    /// A fling ends when it is slower than this (points a second).
    static let restingSpeed = 20.0

    public private(set) var frames: [TraceFrame] = []

    /// A recorded trace (`TraceFile`), replayed as it was recorded.
    public init(frames: [TraceFrame]) {
        self.frames = frames
    }

    /// Builds a trace over `layout`, preparing it for the viewport and for the rotated viewport.
    public init<Algorithm: LayoutAlgorithm>(
        over layout: inout CollectionLayout<Algorithm, BruteForceIndex>, viewport: Size, seed: UInt64
    ) throws(LayoutError) {
        var generator = SeededGenerator(seed: seed ^ 0x5C0_11ED)
        let axis = layout.algorithm.scrollAxis
        for (phase, size) in [viewport, Size(width: viewport.height, height: viewport.width)].enumerated() {
            try layout.prepare(viewport: size)
            var scroller = Scroller(layout: layout, viewport: size, axis: axis)
            if phase > 0, let last = frames.last {
                // The rotation keeps the scroll position where the new content allows it.
                scroller.position = scroller.clamped(axis == .vertical ? last.offset.y : last.offset.x)
            }
            for step in 0..<3 {
                if step > 0 { scroller.jumpToRandomItem(using: &generator, into: &frames) }
                let forward = step == 0 || Bool.random(using: &generator)
                let speed = Double.random(in: 1_500...6_000, using: &generator)
                scroller.fling(velocity: forward ? speed : -speed, into: &frames)
            }
        }
    }

    /// Builds the trace of a scroll upwards over `layout`, prepared for `viewport`: a jump to its middle element, as
    /// `scrollToItem(at:at: .top)`, then three flings up, each at a seeded speed, until the view rests or reaches the
    /// top.
    public init<Algorithm: LayoutAlgorithm>(
        upwardsOver layout: inout CollectionLayout<Algorithm, BruteForceIndex>, viewport: Size, seed: UInt64
    ) throws(LayoutError) {
        var generator = SeededGenerator(seed: seed ^ 0x0B5C_0115)
        try layout.prepare(viewport: viewport)
        var scroller = Scroller(layout: layout, viewport: viewport, axis: layout.algorithm.scrollAxis)
        guard layout.store.count > 0 else { return }
        let middle = layout.store.frame(at: layout.store.count / 2)
        scroller.position = scroller.clamped(layout.algorithm.scrollAxis == .vertical ? middle.minY : middle.minX)
        scroller.record(into: &frames)
        for _ in 0..<3 {
            scroller.fling(velocity: -Double.random(in: 1_500...6_000, using: &generator), into: &frames)
        }
    }

    /// Moves a viewport along the scroll axis and records a frame at each step.
    private struct Scroller {
        let store: LayoutStore
        let viewport: Size
        let axis: ScrollAxis
        let maximum: Double
        var position = 0.0

        init<Algorithm, Index>(layout: CollectionLayout<Algorithm, Index>, viewport: Size, axis: ScrollAxis) {
            store = layout.store
            self.viewport = viewport
            self.axis = axis
            let content = axis == .vertical ? layout.contentSize.height : layout.contentSize.width
            let visible = axis == .vertical ? viewport.height : viewport.width
            maximum = Swift.max(0, content - visible)
        }

        func clamped(_ position: Double) -> Double {
            Swift.min(Swift.max(position, 0), maximum)
        }

        func record(into frames: inout [TraceFrame]) {
            let offset = axis == .vertical ? Point(x: 0, y: position) : Point(x: position, y: 0)
            frames.append(TraceFrame(viewport: viewport, offset: offset))
        }

        /// Decelerates from `velocity` until the scroll rests or reaches an edge.
        mutating func fling(velocity: Double, into frames: inout [TraceFrame]) {
            var velocity = velocity
            while Swift.abs(velocity) > ScrollTrace.restingSpeed {
                let next = clamped(position + velocity / ScrollTrace.framesPerSecond)
                let hitEdge = next != position + velocity / ScrollTrace.framesPerSecond
                position = next
                record(into: &frames)
                if hitEdge { break }
                velocity *= ScrollTrace.decayPerFrame
            }
        }

        /// Puts a random element at the top of the viewport, as `scrollToItem(at:at: .top)`.
        mutating func jumpToRandomItem(using generator: inout SeededGenerator, into frames: inout [TraceFrame]) {
            guard store.count > 0 else { return }
            let frame = store.frame(at: Int.random(in: 0..<store.count, using: &generator))
            position = clamped(axis == .vertical ? frame.minY : frame.minX)
            record(into: &frames)
        }
    }
}
