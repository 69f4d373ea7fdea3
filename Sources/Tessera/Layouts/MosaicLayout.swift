/// Apple's Mosaic sample: segments 200 points tall across the viewport, each 1 point below the last frame of the
/// one before, in four styles: full width, fifty-fifty, two-thirds/one-third and one-third/two-thirds.
///
/// One section; a workload's sections give only the item count.
public struct MosaicLayout: LayoutAlgorithm {
    /// The number of items in the layout's one section.
    public private(set) var itemCount: Int

    /// The height of a segment, as the sample's.
    public static let segmentHeight = 200.0

    /// Creates a mosaic of `itemCount` items.
    ///
    /// - Parameter itemCount: The number of items.
    /// - Throws: `LayoutError.negativeCount` when `itemCount` is negative.
    /// - Complexity: O(1).
    public init(itemCount: Int) throws(LayoutError) {
        guard itemCount >= 0 else { throw .negativeCount(name: "item count", value: itemCount) }
        self.itemCount = itemCount
    }

    /// The number of elements the layout writes: its items.
    public var elementCount: Int { itemCount }
    /// `ScrollAxis.vertical`: segments stack down the page.
    public var scrollAxis: ScrollAxis { .vertical }
    /// Its positions along the scroll axis are sums of lengths put on the scroll grid.
    public var writesOnScrollGrid: Bool { true }

    /// The segment styles, in the sample's cycle.
    @usableFromInline enum Segment {
        case fullWidth, fiftyFifty, twoThirdsOneThird, oneThirdTwoThirds

        /// The style after this one when `remaining` items are left: 1 gets a full width, 2 share one.
        @inlinable func next(remaining: Int) -> Segment {
            switch remaining {
            case 1: .fullWidth
            case 2: .fiftyFifty
            default:
                switch self {
                case .fullWidth: .fiftyFifty
                case .fiftyFifty: .twoThirdsOneThird
                case .twoThirdsOneThird: .oneThirdTwoThirds
                case .oneThirdTwoThirds: .fiftyFifty
                }
            }
        }
    }

    /// 1: the layout has one section.
    public var sectionCount: Int { 1 }

    /// The number of elements the one section writes: the layout's items.
    ///
    /// - Parameter section: The number of the section: 0.
    /// - Returns: `itemCount`.
    /// - Complexity: O(1).
    public func elementCount(inSection section: Int) -> Int { itemCount }

    /// The one section's segments; its length is the bottom of its lowest frame.
    ///
    /// - Parameters:
    ///   - section: The number of the section: 0.
    ///   - writer: The writer to append the items to, the section begun at its origin.
    ///   - viewport: The size of the collection view's bounds, whose width the segments span.
    /// - Returns: The section's length: the bottom of its lowest frame.
    /// - Complexity: O(*n*) for the layout's *n* items.
    @inlinable public func writeSection<Writer: LayoutWriter & ~Copyable>(
        _ section: Int, into writer: inout Writer, viewport: Size
    ) -> Double {
        writeSegments(from: 0, segment: .fullWidth, top: 1, into: &writer, viewport: viewport)
    }

    /// Writes the segments from item `first`, where `segment` starts at `top`; returns where the last one ends.
    @inlinable func writeSegments<Writer: LayoutWriter & ~Copyable>(
        from first: Int, segment: Segment, top: Double, into writer: inout Writer, viewport: Size
    ) -> Double {
        var written = first
        var segment = segment
        var lastFrame = Rect(x: 0, y: top - 1, width: 0, height: 0)
        var bottom = 0.0
        // A segment's cells go in as one run: the writer's column addresses stay in registers for the run, where
        // an append a cell reloaded them after every store.
        func add(_ count: Int, _ first: Rect, _ second: Rect = .zero, _ third: Rect = .zero) {
            writer.appendCells(count) { cell in cell == 0 ? first : cell == 1 ? second : third }
            written += count
            lastFrame = count == 1 ? first : count == 2 ? second : third
            bottom = Swift.max(bottom, first.maxY)
            if count > 1 { bottom = Swift.max(bottom, second.maxY) }
            if count > 2 { bottom = Swift.max(bottom, third.maxY) }
        }
        while written < itemCount {
            let whole = Rect(x: 0, y: lastFrame.maxY + 1, width: viewport.width, height: MosaicLayout.segmentHeight)
            switch segment {
            case .fullWidth:
                add(1, whole)
            case .fiftyFifty:
                let (left, right) = Self.split(whole, at: 0.5, alongX: true)
                add(2, left, right)
            case .twoThirdsOneThird:
                let (left, right) = Self.split(whole, at: 2.0 / 3.0, alongX: true)
                let (top, bottom) = Self.split(right, at: 0.5, alongX: false)
                add(3, left, top, bottom)
            case .oneThirdTwoThirds:
                let (left, right) = Self.split(whole, at: 1.0 / 3.0, alongX: true)
                let (top, bottom) = Self.split(left, at: 0.5, alongX: false)
                add(3, top, bottom, right)
            }
            segment = segment.next(remaining: itemCount - written)
        }
        return bottom
    }

    /// The sample's content bounds start as the viewport; unlike the sample, they take in every frame.
    ///
    /// - Parameters:
    ///   - length: The section's length.
    ///   - viewport: The size of the collection view's bounds.
    /// - Returns: A size as wide as the viewport, and as tall as the longer of the viewport and `length`.
    /// - Complexity: O(1).
    public func contentSize(length: Double, viewport: Size) -> Size {
        Size(width: viewport.width, height: Swift.max(viewport.height, length))
    }

    /// The sample's `dividedIntegral(fraction:from:)`: the first part is `ceil(length × fraction)` long (at most
    /// the whole), the remainder starts 1 point later and is 1 point shorter (never below zero).
    @inlinable static func split(_ rect: Rect, at fraction: Double, alongX: Bool) -> (first: Rect, second: Rect) {
        let length = alongX ? rect.width : rect.height
        let distance = Swift.min((length * fraction).rounded(.up), length)
        let remainder = Swift.max(length - distance - 1, 0)
        if alongX {
            return (
                Rect(x: rect.minX, y: rect.minY, width: distance, height: rect.height),
                Rect(x: rect.minX + distance + 1, y: rect.minY, width: remainder, height: rect.height)
            )
        }
        return (
            Rect(x: rect.minX, y: rect.minY, width: rect.width, height: distance),
            Rect(x: rect.minX, y: rect.minY + distance + 1, width: rect.width, height: remainder)
        )
    }
}

extension MosaicLayout: ItemCountLayout {
    /// The same mosaic over `count` items.
    ///
    /// - Parameter count: The number of items; a negative one counts as 0.
    /// - Returns: The mosaic of `count` items.
    /// - Complexity: O(1).
    public func withItemCount(_ count: Int) -> MosaicLayout {
        var layout = self
        layout.itemCount = Swift.max(0, count)
        return layout
    }
}
