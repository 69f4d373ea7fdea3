/// A horizontal paging carousel: items centred in the viewport by the section inset, spaced so that side items
/// scaled down keep `spacing` between them (items overlap when it is negative), and scaled, faded and pushed back
/// with their distance from the centre.
///
/// The frames are a horizontal flow layout's with one item a column, so they are written directly. One section; a
/// workload's sections give only the item count.
public struct CarouselLayout: LayoutAlgorithm {
    public private(set) var itemCount: Int
    public let configuration: Configuration
    /// The distance between neighbouring items: the spacing less what the side items' scale takes off each side.
    public let lineSpacing: Double

    public struct Configuration: Hashable, Sendable {
        public var itemSize: Size
        /// The scale of an item a full falloff distance from the centre, or further.
        public var sideItemScale: Double
        /// The alpha of an item a full falloff distance from the centre.
        public var sideItemAlpha: Double
        /// The visible gap between side items; negative values overlap them.
        public var spacing: Double

        public init(
            itemSize: Size = Size(width: 310, height: 420), sideItemScale: Double = 0.5, sideItemAlpha: Double = 0.5,
            spacing: Double = 10
        ) {
            self.itemSize = itemSize
            self.sideItemScale = sideItemScale
            self.sideItemAlpha = sideItemAlpha
            self.spacing = spacing
        }
    }

    public init(itemCount: Int, configuration: Configuration = Configuration()) throws(LayoutError) {
        guard itemCount >= 0 else { throw .negativeCount(name: "item count", value: itemCount) }
        guard configuration.itemSize.isValidExtent else {
            throw .invalidItemSize(section: 0, item: 0, configuration.itemSize)
        }
        for (name, value) in [
            ("side item scale", configuration.sideItemScale), ("side item alpha", configuration.sideItemAlpha),
        ]
        where !(0...1).contains(value) {
            throw .parameterOutOfRange(name: name, value: value, requirement: "it must be from 0 to 1")
        }
        let width = configuration.itemSize.width
        let scaledOffset = (width - width * (configuration.sideItemScale + (1 - configuration.sideItemScale) / 2)) / 2
        let lineSpacing = configuration.spacing - scaledOffset
        guard configuration.spacing.isFinite, Swift.abs(configuration.spacing) <= Size.maximumLength else {
            throw .invalidParameter(name: "spacing", value: configuration.spacing)
        }
        // Items must advance: a spacing so negative that an item starts at or before the one before is refused.
        guard width + lineSpacing > 0 else {
            throw .parameterOutOfRange(
                name: "spacing", value: configuration.spacing,
                requirement:
                    "items would not advance: with items \(width) wide it must be above \(scaledOffset - width)"
            )
        }
        self.itemCount = itemCount
        self.configuration = configuration
        self.lineSpacing = lineSpacing
    }

    public var elementCount: Int { itemCount }
    public var scrollAxis: ScrollAxis { .horizontal }
    public var hasScrollEffects: Bool { true }
    /// Its positions along the scroll axis are sums of lengths put on the scroll grid.
    public var writesOnScrollGrid: Bool { true }

    /// From one item's origin to the next.
    @inlinable var step: Double { configuration.itemSize.width + lineSpacing }

    /// The section inset that centres an item in the viewport.
    @inlinable func inset(_ viewport: Size) -> (x: Double, y: Double) {
        ((viewport.width - configuration.itemSize.width) / 2, (viewport.height - configuration.itemSize.height) / 2)
    }

    public var sectionCount: Int { 1 }

    public func elementCount(inSection section: Int) -> Int { itemCount }

    /// The one section: its items, and the inset that centres them at both ends.
    @inlinable public func writeSection<Writer: LayoutWriter & ~Copyable>(
        _ section: Int, into writer: inout Writer, viewport: Size
    ) -> Double {
        let (gridInset, gridStep, insetY) = grid(viewport)
        let item = configuration.itemSize
        writer.appendCells(itemCount) { index in
            Rect(x: gridInset + Double(index) * gridStep, y: insetY, width: item.width, height: item.height)
        }
        return length(gridInset: gridInset, gridStep: gridStep)
    }

    /// The inset and the step along x, on the scroll grid so that an item's position is an exact multiple of the
    /// step (an insert moves the items after it by exactly one step), and the inset along y.
    @inlinable func grid(_ viewport: Size) -> (inset: Double, step: Double, insetY: Double) {
        let (insetX, insetY) = inset(viewport)
        return (ScrollGrid.snapped(insetX), ScrollGrid.snapped(step), insetY)
    }

    /// The section's length: the items and an inset on either side.
    @inlinable func length(gridInset: Double, gridStep: Double) -> Double {
        let items =
            itemCount == 0 ? 0 : Double(itemCount - 1) * gridStep + ScrollGrid.snapped(configuration.itemSize.width)
        return 2 * gridInset + items
    }

    public func contentSize(length: Double, viewport: Size) -> Size {
        Size(width: Swift.max(0, length), height: viewport.height)
    }

    /// Scale, alpha and depth fall off linearly over two item steps from the viewport's centre.
    @inlinable public func effect(of id: ElementID, frame: Rect, offset: Point, viewport: Size) -> ScrollEffect {
        let maxDistance = 2 * step
        let distanceFromCentre = Swift.abs(viewport.width / 2 - (frame.midX - offset.x))
        let ratio = (maxDistance - Swift.min(distanceFromCentre, maxDistance)) / maxDistance
        let alpha =
            distanceFromCentre > maxDistance + 1
            ? 0 : ratio * (1 - configuration.sideItemAlpha) + configuration.sideItemAlpha
        let scale = ratio * (1 - configuration.sideItemScale) + configuration.sideItemScale
        return ScrollEffect(
            alpha: alpha,
            transform: ElementTransform(scaleX: scale, scaleY: scale, translateZ: -distanceFromCentre / 1_000)
        )
    }

    /// Pages: the item whose centre is nearest the proposed viewport's centre (the lower index on a tie) comes to
    /// rest at the viewport's centre. Centres are evenly spaced, so when any item shows in the proposed rect the
    /// nearest one does too: this is "the nearest among the items in the proposed rect" without a query.
    public func targetContentOffset(proposed: Point, velocity: Point, viewport: Size, store: LayoutStore) -> Point {
        guard itemCount > 0, store.count == itemCount, proposed.x.isFinite else { return proposed }
        let centre = proposed.x + viewport.width / 2
        let firstCentre = inset(viewport).x + configuration.itemSize.width / 2
        let position = ((centre - firstCentre) / step).clamped(to: 0...Double(itemCount - 1))
        let below = Int(position.rounded(.down))
        let above = Swift.min(below + 1, itemCount - 1)
        let distance = { (index: Int) in Swift.abs(store.frame(at: index).midX - centre) }
        let nearest = distance(above) < distance(below) ? above : below
        return Point(x: store.frame(at: nearest).midX - viewport.width / 2, y: proposed.y)
    }
}

extension CarouselLayout: ItemCountLayout {
    public func withItemCount(_ count: Int) -> CarouselLayout {
        var layout = self
        layout.itemCount = Swift.max(0, count)
        return layout
    }
}
