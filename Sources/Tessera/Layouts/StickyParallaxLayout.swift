/// The stretchy-header tutorial's layout: a top header that stretches when pulled down and fades under an overlay
/// as it scrolls away, a menu that sticks below it, section headers that stick until their section's end pushes
/// them out, and cells whose content moves with parallax.
///
/// Every element is as wide as the viewport. The top header and the menu belong to section 0, as the tutorial's
/// index paths do. A cell is as tall as its item size says (`init(itemCounts:)` makes every cell `cellHeight`
/// tall, the tutorial's fixed height, which the parallax also scales by); its width is never read.
public struct StickyParallaxLayout: LayoutAlgorithm {
    /// Each section's cells: their heights (widths are ignored). Section headers and footers come from the
    /// configuration.
    public private(set) var sections: SectionList
    /// Per section, how far its cells run: its header sticks until it has travelled that far.
    @usableFromInline private(set) var cellExtents: [Double]
    public let configuration: Configuration
    public private(set) var elementCount: Int

    /// The number of cells of each section.
    public var itemCounts: [Int] { sections.map(\.itemSizes.count) }

    public struct Configuration: Hashable, Sendable {
        public var headerHeight = 300.0
        public var menuHeight = 70.0
        public var sectionHeaderHeight = 50.0
        public var sectionFooterHeight = 50.0
        public var cellHeight = 200.0
        /// The cells' x; they stay as wide as the viewport.
        public var minimumInteritemSpacing = 0.0
        public var minimumLineSpacing = 3.0
        public var maxParallaxOffset = 60.0
        public var maxOverlayAlpha = 0.6
        public var isHeaderStretchy = true
        public var isHeaderOverlayActive = true
        public var isMenuSticky = true
        public var areSectionHeadersSticky = true
        public var isParallaxOnCellsEnabled = true

        public init() {}
    }

    /// Sections of `itemCounts` cells, each `cellHeight` tall.
    public init(itemCounts: [Int], configuration: Configuration = Configuration()) throws(LayoutError) {
        if let section = itemCounts.firstIndex(where: { $0 < 0 }) {
            throw .negativeCount(name: "section \(section) item count", value: itemCounts[section])
        }
        let cell = Size(width: 0, height: configuration.cellHeight)
        try self.init(
            sections: itemCounts.map { LayoutSection(itemSizes: .uniform(cell, count: $0)) },
            configuration: configuration)
    }

    /// Sections whose cells take the heights of their item sizes.
    public init(sections: [LayoutSection], configuration: Configuration = Configuration()) throws(LayoutError) {
        let lengths = [
            ("headerHeight", configuration.headerHeight), ("menuHeight", configuration.menuHeight),
            ("sectionHeaderHeight", configuration.sectionHeaderHeight),
            ("sectionFooterHeight", configuration.sectionFooterHeight),
            ("cellHeight", configuration.cellHeight),
            ("minimumInteritemSpacing", configuration.minimumInteritemSpacing),
            ("minimumLineSpacing", configuration.minimumLineSpacing),
            ("maxParallaxOffset", configuration.maxParallaxOffset),
        ]
        for (name, value) in lengths where !Size.isValidLength(value) {
            throw .invalidParameter(name: name, value: value)
        }
        guard (0...1).contains(configuration.maxOverlayAlpha) else {
            throw .parameterOutOfRange(
                name: "maxOverlayAlpha", value: configuration.maxOverlayAlpha, requirement: "an alpha is from 0 to 1")
        }
        // The page header and the menu, in section 0.
        try LayoutSection.validate(sections, extraElements: 2)
        self.sections = SectionList(sections)
        self.configuration = configuration
        cellExtents = sections.map { Self.cellExtent(of: $0, configuration: configuration) }
        let top = (configuration.headerHeight > 0 ? 1 : 0) + (configuration.menuHeight > 0 ? 1 : 0)
        elementCount = sections.reduce(top) { $0 + Self.elementCount(of: $1, configuration: configuration) }
    }

    /// A section's cells, header and footer.
    static func elementCount(of section: LayoutSection, configuration: Configuration) -> Int {
        section.itemSizes.count + (configuration.sectionHeaderHeight > 0 ? 1 : 0)
            + (configuration.sectionFooterHeight > 0 ? 1 : 0)
    }

    /// Stacks cells of `sizes` one `spacing` apart below `y`; returns where the last ends.
    @inlinable static func stack<Writer: LayoutWriter & ~Copyable, Sizes: ItemSizeSource>(
        _ sizes: Sizes, from y: Double, x: Double, width: Double, spacing: Double, into writer: inout Writer
    ) -> Double {
        var y = y
        writer.appendCells(sizes.count) { item in
            let height = sizes[item].height
            y += spacing
            defer { y += ScrollGrid.snapped(height) }
            return Rect(x: x, y: y, width: width, height: height)
        }
        return y
    }

    /// How far a section's cells run from its header's bottom: each cell and the spacing above it, as the cells are
    /// stacked (on the scroll grid).
    static func cellExtent(of section: LayoutSection, configuration: Configuration) -> Double {
        let spacing = ScrollGrid.snapped(configuration.minimumLineSpacing)
        switch section.itemSizes {
        case .uniform(let size, let count): return Double(count) * (ScrollGrid.snapped(size.height) + spacing)
        case .list(let sizes): return sizes.reduce(0) { $0 + (spacing + ScrollGrid.snapped($1.height)) }
        }
    }

    public var scrollAxis: ScrollAxis { .vertical }
    public var hasScrollEffects: Bool { true }
    public var effectsMoveElements: Bool { true }
    /// Its positions along the scroll axis are sums of lengths put on the scroll grid.
    public var writesOnScrollGrid: Bool { true }

    /// One section at least: the top header and the menu belong to section 0 even when there are no items.
    public var sectionCount: Int { Swift.max(sections.count, 1) }

    public func elementCount(inSection section: Int) -> Int {
        let settings = configuration
        let top = section == 0 ? (settings.headerHeight > 0 ? 1 : 0) + (settings.menuHeight > 0 ? 1 : 0) : 0
        guard section < sections.count else { return top }
        return top + Self.elementCount(of: sections[section], configuration: settings)
    }

    @inlinable public func writeSection<Writer: LayoutWriter & ~Copyable>(
        _ section: Int, into writer: inout Writer, viewport: Size
    ) -> Double {
        let top = section == 0 ? writeTop(into: &writer, width: viewport.width) : 0
        guard section < sections.count else { return top }
        return write(sections[section], from: top, into: &writer, width: viewport.width)
    }

    /// Writes every section, reading the sections a block at a time: at one cell a section, finding each section
    /// by number was most of a prepare.
    @inlinable public func writeSections<Writer: LayoutWriter & ~Copyable>(into writer: inout Writer, viewport: Size)
        -> Double
    {
        writer.beginSection(origin: .zero)
        let top = writeTop(into: &writer, width: viewport.width)
        guard !sections.isEmpty else {
            writer.endSection()
            return ScrollGrid.snapped(top)
        }
        var (origin, start) = (0.0, top)
        var first = true
        sections.forEachBlock { sections in
            for section in sections.indices {
                if !first { writer.beginSection(origin: Point(x: 0, y: origin)) }
                origin += ScrollGrid.snapped(
                    write(sections[section], from: start, into: &writer, width: viewport.width))
                writer.endSection()
                (first, start) = (false, 0)
            }
        }
        return origin
    }

    /// The page header and the menu, at the top of section 0; returns where they end.
    @inlinable func writeTop<Writer: LayoutWriter & ~Copyable>(into writer: inout Writer, width: Double) -> Double {
        let y = Self.appendFullWidth(.topHeader, height: configuration.headerHeight, at: 0, width: width, into: &writer)
        return Self.appendFullWidth(.menu, height: configuration.menuHeight, at: y, width: width, into: &writer)
    }

    /// Writes `section` below `top`: its header, its cells and its footer; returns where they end.
    @inlinable @inline(__always) func write<Writer: LayoutWriter & ~Copyable>(
        _ section: borrowing LayoutSection, from top: Double, into writer: inout Writer, width: Double
    ) -> Double {
        let settings = configuration
        let start = Self.appendFullWidth(
            .header, height: settings.sectionHeaderHeight, at: top, width: width, into: &writer)
        // The cells stack one line spacing apart from `start`.
        let (spacing, x) = (ScrollGrid.snapped(settings.minimumLineSpacing), settings.minimumInteritemSpacing)
        let end = section.itemSizes.read(
            uniform: { sizes in
                // Cells of one size in whole points are placed from their index, with no chain of additions from
                // cell to cell; the frames are the same to the bit (`WholePointStack`).
                guard
                    let cells = WholePointStack(
                        from: start, spacing: spacing, length: sizes.size.height, count: sizes.count)
                else {
                    return Self.stack(sizes, from: start, x: x, width: width, spacing: spacing, into: &writer)
                }
                writer.appendCells(sizes.count) { item in
                    Rect(x: x, y: cells.start(ofItem: item), width: width, height: sizes.size.height)
                }
                return cells.end
            },
            flat: { Self.stack($0, from: start, x: x, width: width, spacing: spacing, into: &writer) },
            blocked: { Self.stack($0, from: start, x: x, width: width, spacing: spacing, into: &writer) }
        )
        return Self.appendFullWidth(.footer, height: settings.sectionFooterHeight, at: end, width: width, into: &writer)
    }

    /// Appends a view of `kind` across the page at `y` when it has a height; returns where it ends (`y` when not).
    @inlinable static func appendFullWidth<Writer: LayoutWriter & ~Copyable>(
        _ kind: ElementKind, height: Double, at y: Double, width: Double, into writer: inout Writer
    ) -> Double {
        guard height > 0 else { return y }
        writer.append(kind, frame: Rect(x: 0, y: y, width: width, height: height))
        return y + ScrollGrid.snapped(height)
    }

    public func contentSize(length: Double, viewport: Size) -> Size {
        Size(width: viewport.width, height: length)
    }

    /// The two kinds of this layout's own, as its tutorial names them.
    public func name(of kind: ElementKind) -> String {
        switch kind {
        case .topHeader: "top-header"
        case .menu: "menu"
        default: kind.description
        }
    }
}

extension ElementKind {
    /// The stretchy header above every section, a kind of `StickyParallaxLayout`'s own.
    @inlinable public static var topHeader: ElementKind { ElementKind(rawValue: firstCustomRawValue) }
    /// The sticky menu below the top header, a kind of `StickyParallaxLayout`'s own.
    @inlinable public static var menu: ElementKind { ElementKind(rawValue: firstCustomRawValue + 1) }
}

extension StickyParallaxLayout: UpdatableLayout {
    /// The top header and the menu live in section 0.
    public var firstSectionHoldsLayoutElements: Bool { true }

    // A section's cell extent moves by the change of one cell's stacked length: sums on the scroll grid are exact,
    // so the extent is the one a fresh sum makes, in O(1) whatever the section's size.
    public mutating func setSize(_ size: Size, ofItem item: Int, inSection section: Int) {
        let old = sections[section].itemSizes[item]
        sections.update(section) { $0.itemSizes.set(size, at: item) }
        cellExtents[section] += ScrollGrid.snapped(size.height) - ScrollGrid.snapped(old.height)
    }

    public mutating func insertItem(_ size: Size, at item: Int, inSection section: Int) {
        sections.update(section) { $0.itemSizes.insert(size, at: item) }
        elementCount += 1
        cellExtents[section] += ScrollGrid.snapped(configuration.minimumLineSpacing) + ScrollGrid.snapped(size.height)
    }

    public mutating func removeItem(at item: Int, inSection section: Int) {
        let old = sections.update(section) { $0.itemSizes.remove(at: item) }
        elementCount -= 1
        cellExtents[section] -= ScrollGrid.snapped(configuration.minimumLineSpacing) + ScrollGrid.snapped(old.height)
    }

    public mutating func replaceSection(at section: Int, with data: LayoutSection) {
        elementCount += data.itemSizes.count - sections[section].itemSizes.count
        sections[section] = data
        cellExtents[section] = Self.cellExtent(of: data, configuration: configuration)
    }

    public mutating func insertSection(_ data: LayoutSection, at section: Int) {
        elementCount += Self.elementCount(of: data, configuration: configuration)
        sections.insert(data, at: section)
        cellExtents.insert(Self.cellExtent(of: data, configuration: configuration), at: section)
    }

    public mutating func removeSection(at section: Int) {
        elementCount -= Self.elementCount(of: sections.remove(at: section), configuration: configuration)
        cellExtents.remove(at: section)
    }
}
