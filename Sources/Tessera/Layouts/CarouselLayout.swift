/// A horizontal paging carousel: items centred in the viewport by the section inset, spaced so that side items
/// scaled down keep `spacing` between them (items overlap when it is negative), and scaled, faded and pushed back
/// with their distance from the centre.
///
/// The frames are a horizontal flow layout's with one item a column, so they are written directly. One section; a
/// workload's sections give only the item count.
public struct CarouselLayout: LayoutAlgorithm {
    /// The number of items in the layout's one section.
    public private(set) var itemCount: Int
    /// The item size, side items' scale and alpha, and spacing the items are laid out with.
    public let configuration: Configuration
    /// The distance between neighbouring items: the spacing less what the side items' scale takes off each side.
    public let lineSpacing: Double

    /// What a carousel lays out its items with.
    public struct Configuration: Hashable, Sendable {
        /// The size of every item, as laid out at the centre.
        public var itemSize: Size
        /// The scale of an item a full falloff distance from the centre, or further.
        public var sideItemScale: Double
        /// The alpha of an item a full falloff distance from the centre.
        public var sideItemAlpha: Double
        /// The visible gap between side items; negative values overlap them.
        public var spacing: Double

        /// Creates a configuration of the given item size, side items' scale and alpha, and spacing.
        ///
        /// - Parameters:
        ///   - itemSize: The size of every item.
        ///   - sideItemScale: The scale of an item a full falloff distance from the centre, from 0 to 1.
        ///   - sideItemAlpha: The alpha of an item a full falloff distance from the centre, from 0 to 1.
        ///   - spacing: The visible gap between side items; negative values overlap them.
        /// - Complexity: O(1).
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

    /// Creates a carousel of `itemCount` items laid out with `configuration`.
    ///
    /// - Parameters:
    ///   - itemCount: The number of items.
    ///   - configuration: The item size, side items' scale and alpha, and spacing.
    /// - Throws: `LayoutError.negativeCount` when `itemCount` is negative; `LayoutError.invalidItemSize` for an item
    ///   size that is not valid; `LayoutError.parameterOutOfRange` for a scale or an alpha outside 0...1, or a spacing
    ///   so negative that items would not advance; `LayoutError.invalidParameter` for a spacing that is not finite or
    ///   longer than `Size.maximumLength`.
    /// - Complexity: O(1).
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

    /// The number of elements the layout writes: its items.
    public var elementCount: Int { itemCount }
    /// `ScrollAxis.horizontal`: items follow one another across the page.
    public var scrollAxis: ScrollAxis { .horizontal }
    /// `true`: an item's scale, alpha and depth follow its distance from the viewport's centre.
    public var hasScrollEffects: Bool { true }
    /// Its positions along the scroll axis are sums of lengths put on the scroll grid.
    public var writesOnScrollGrid: Bool { true }

    /// From one item's origin to the next.
    @inlinable var step: Double { configuration.itemSize.width + lineSpacing }

    /// The section inset that centres an item in the viewport.
    @inlinable func inset(_ viewport: Size) -> (x: Double, y: Double) {
        ((viewport.width - configuration.itemSize.width) / 2, (viewport.height - configuration.itemSize.height) / 2)
    }

    /// 1: the layout has one section.
    public var sectionCount: Int { 1 }

    /// The number of elements the one section writes: the layout's items.
    ///
    /// - Parameter section: The number of the section: 0.
    /// - Returns: `itemCount`.
    /// - Complexity: O(1).
    public func elementCount(inSection section: Int) -> Int { itemCount }

    /// The one section: its items, and the inset that centres them at both ends.
    ///
    /// - Parameters:
    ///   - section: The number of the section: 0.
    ///   - writer: The writer to append the items to, the section begun at its origin.
    ///   - viewport: The size of the collection view's bounds, in which the items are centred.
    /// - Returns: The section's length: the items and an inset on either side.
    /// - Complexity: O(*n*) for the layout's *n* items.
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

    /// The content size: `length` wide (0 at least) and as tall as the viewport.
    ///
    /// - Parameters:
    ///   - length: The section's length.
    ///   - viewport: The size of the collection view's bounds.
    /// - Returns: The size of the scrollable content.
    /// - Complexity: O(1).
    public func contentSize(length: Double, viewport: Size) -> Size {
        Size(width: Swift.max(0, length), height: viewport.height)
    }

    /// Scale, alpha and depth fall off linearly over two item steps from the viewport's centre.
    ///
    /// - Parameters:
    ///   - id: The item's identity.
    ///   - frame: The item's frame as laid out, in content coordinates.
    ///   - offset: The collection view's content offset.
    ///   - viewport: The size of the collection view's bounds.
    /// - Returns: The item's scale, alpha and depth at `offset`.
    /// - Complexity: O(1).
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
    ///
    /// - Parameters:
    ///   - proposed: The content offset where the scroll would stop.
    ///   - velocity: The scroll's velocity; not read.
    ///   - viewport: The size of the collection view's bounds.
    ///   - store: The layout's store, as the last prepare or update left it.
    /// - Returns: The content offset that centres the nearest item; `proposed` when there is no item, the store does
    ///   not hold as many elements as the layout has items, or `proposed.x` is not finite.
    /// - Complexity: O(log *n*) for the layout's *n* items.
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
    /// The same carousel over `count` items.
    ///
    /// - Parameter count: The number of items; a negative one counts as 0.
    /// - Returns: The carousel of `count` items.
    /// - Complexity: O(1).
    public func withItemCount(_ count: Int) -> CarouselLayout {
        var layout = self
        layout.itemCount = Swift.max(0, count)
        return layout
    }
}
