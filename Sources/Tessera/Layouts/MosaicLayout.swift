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
    ///
    /// While eight or more items remain at a fifty-fifty segment, the segments follow the sample's cycle (fifty-fifty,
    /// two-thirds, one-third: eight items) and a cycle's cells are the first cycle's moved down: those go in as one
    /// run of the writer's, each cell read from a table of the cycle's eight, split once for the write. Tops and the
    /// splits along y are whole points, so the sums are the sample's, bit for bit. The segments around them (the
    /// first, and the last few, which regroup to fit the count) are split one by one.
    @inlinable func writeSegments<Writer: LayoutWriter & ~Copyable>(
        from first: Int, segment: Segment, top: Double, into writer: inout Writer, viewport: Size
    ) -> Double {
        var written = first
        var segment = segment
        var top = top
        var bottom = 0.0
        let cycle = Self.cycle(width: viewport.width)
        while written < itemCount {
            if segment == .fiftyFifty, itemCount - written >= 8 {
                let cycles = (itemCount - written) / 8
                let firstTop = top
                withUnsafeTemporaryAllocation(of: Rect.self, capacity: 8) { table in
                    let cells = table.baseAddress!
                    (cells[0], cells[1], cells[2], cells[3]) = (cycle.0, cycle.1, cycle.2, cycle.3)
                    (cells[4], cells[5], cells[6], cells[7]) = (cycle.4, cycle.5, cycle.6, cycle.7)
                    writer.appendCells(8 &* cycles) { index in
                        let cell = cells[index & 7]
                        let cycleTop = firstTop + Double(index >> 3) * cycle.advance
                        return Rect(
                            x: cell.origin.x, y: cycleTop + cell.origin.y, width: cell.size.width,
                            height: cell.size.height)
                    }
                }
                written += 8 &* cycles
                let lastTop = firstTop + Double(cycles - 1) * cycle.advance
                bottom = Swift.max(bottom, lastTop + cycle.bottom)
                top = firstTop + Double(cycles) * cycle.advance
                segment = Segment.oneThirdTwoThirds.next(remaining: itemCount - written)
                continue
            }
            let (count, cells) = Self.cells(of: segment, top: top, width: viewport.width)
            writer.appendCells(count) { cell in cell == 0 ? cells.0 : cell == 1 ? cells.1 : cells.2 }
            written += count
            let last = count == 1 ? cells.0 : count == 2 ? cells.1 : cells.2
            bottom = Swift.max(bottom, cells.0.maxY)
            if count > 1 { bottom = Swift.max(bottom, cells.1.maxY) }
            if count > 2 { bottom = Swift.max(bottom, cells.2.maxY) }
            top = last.maxY + 1
            segment = segment.next(remaining: itemCount - written)
        }
        return bottom
    }

    /// A segment of `style` whose top is `top`, split as the sample splits it: its number of cells and their frames
    /// (those past the number unused).
    @inlinable static func cells(of style: Segment, top: Double, width: Double) -> (Int, (Rect, Rect, Rect)) {
        let whole = Rect(x: 0, y: top, width: width, height: MosaicLayout.segmentHeight)
        switch style {
        case .fullWidth:
            return (1, (whole, .zero, .zero))
        case .fiftyFifty:
            let (left, right) = split(whole, at: 0.5, alongX: true)
            return (2, (left, right, .zero))
        case .twoThirdsOneThird:
            let (left, right) = split(whole, at: 2.0 / 3.0, alongX: true)
            let (top, bottom) = split(right, at: 0.5, alongX: false)
            return (3, (left, top, bottom))
        case .oneThirdTwoThirds:
            let (left, right) = split(whole, at: 1.0 / 3.0, alongX: true)
            let (top, bottom) = split(left, at: 0.5, alongX: false)
            return (3, (top, bottom, right))
        }
    }

    /// The eight cells of one cycle of segments (fifty-fifty, two-thirds, one-third) from a top of 0, how far the
    /// next cycle starts below it, and the lowest bottom among its cells.
    @inlinable static func cycle(width: Double) -> (
        Rect, Rect, Rect, Rect, Rect, Rect, Rect, Rect, advance: Double, bottom: Double
    ) {
        let (_, fifty) = cells(of: .fiftyFifty, top: 0, width: width)
        let (_, twoThirds) = cells(of: .twoThirdsOneThird, top: fifty.1.maxY + 1, width: width)
        let (_, oneThird) = cells(of: .oneThirdTwoThirds, top: twoThirds.2.maxY + 1, width: width)
        let bottom = Swift.max(
            fifty.0.maxY, fifty.1.maxY, twoThirds.0.maxY, twoThirds.1.maxY, twoThirds.2.maxY, oneThird.0.maxY,
            oneThird.1.maxY, oneThird.2.maxY)
        return (
            fifty.0, fifty.1, twoThirds.0, twoThirds.1, twoThirds.2, oneThird.0, oneThird.1, oneThird.2,
            advance: oneThird.2.maxY + 1, bottom: bottom
        )
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
