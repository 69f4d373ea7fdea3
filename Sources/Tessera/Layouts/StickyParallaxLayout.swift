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
    /// The heights, spacings and effects every section is laid out with.
    public let configuration: Configuration
    /// The number of elements the layout writes: the top header and the menu when they have a height, and every
    /// section's cells, header and footer.
    public private(set) var elementCount: Int

    /// The number of cells of each section.
    ///
    /// - Complexity: O(*s*) for the *s* sections.
    public var itemCounts: [Int] { sections.map(\.itemSizes.count) }

    /// What the sticky layout lays out its sections with, and which of its effects are on: the tutorial's settings.
    public struct Configuration: Hashable, Sendable {
        /// The height of the stretchy top header: 0 for none.
        public var headerHeight = 300.0
        /// The height of the menu below the top header: 0 for none.
        public var menuHeight = 70.0
        /// The height of every section's header: 0 for none.
        public var sectionHeaderHeight = 50.0
        /// The height of every section's footer: 0 for none.
        public var sectionFooterHeight = 50.0
        /// The height of every cell made by `init(itemCounts:configuration:)`, which the parallax also scales by.
        public var cellHeight = 200.0
        /// The cells' x; they stay as wide as the viewport.
        public var minimumInteritemSpacing = 0.0
        /// The space above each cell.
        public var minimumLineSpacing = 3.0
        /// The largest translation a cell's content takes, either way, with parallax.
        public var maxParallaxOffset = 60.0
        /// The darkest the overlay over the top header gets as it scrolls away, from 0 to 1.
        public var maxOverlayAlpha = 0.6
        /// Whether the top header stretches when pulled down, and scrolls away under its overlay.
        public var isHeaderStretchy = true
        /// Whether the top header darkens under an overlay as it scrolls away.
        public var isHeaderOverlayActive = true
        /// Whether the menu sticks at the top of the viewport once the top header has scrolled away.
        public var isMenuSticky = true
        /// Whether section headers stick below the menu until their section's end pushes them out.
        public var areSectionHeadersSticky = true
        /// Whether cells' content moves with parallax.
        public var isParallaxOnCellsEnabled = true

        /// Creates the tutorial's configuration.
        ///
        /// - Complexity: O(1).
        public init() {}
    }

    /// Sections of `itemCounts` cells, each `cellHeight` tall.
    ///
    /// - Parameters:
    ///   - itemCounts: The number of cells of each section.
    ///   - configuration: The heights, spacings and effects.
    /// - Throws: `LayoutError.negativeCount` for a negative count; what `init(sections:configuration:)` throws.
    /// - Complexity: O(*s*) for the *s* sections.
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
    ///
    /// - Parameters:
    ///   - sections: The data of every section, of which the item sizes' heights are read.
    ///   - configuration: The heights, spacings and effects.
    /// - Throws: `LayoutError.invalidParameter` for a height, a spacing or the parallax offset that is not a valid
    ///   length; `LayoutError.parameterOutOfRange` for an overlay alpha outside 0...1; what
    ///   `LayoutSection.validate(_:extraElements:)` throws for the sections.
    /// - Complexity: O(*s* + *m*) for the *s* sections and the *m* item sizes they list one by one.
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

    /// `ScrollAxis.vertical`: sections stack down the page.
    public var scrollAxis: ScrollAxis { .vertical }
    /// `true`: the top header, the menu, the section headers and the cells' content move with the content offset.
    public var hasScrollEffects: Bool { true }
    /// `true`: the top header, the menu and the section headers show where their effects move them.
    public var effectsMoveElements: Bool { true }
    /// Its positions along the scroll axis are sums of lengths put on the scroll grid.
    public var writesOnScrollGrid: Bool { true }

    /// One section at least: the top header and the menu belong to section 0 even when there are no items.
    public var sectionCount: Int { Swift.max(sections.count, 1) }

    /// The number of elements `section` writes: its cells, header and footer, and in section 0 the top header and the
    /// menu.
    ///
    /// - Parameter section: The number of a section, from 0 to `sectionCount - 1`.
    /// - Returns: The number of elements the section writes.
    /// - Complexity: O(log *s*) for *s* sections; O(1) when they are few.
    public func elementCount(inSection section: Int) -> Int {
        let settings = configuration
        let top = section == 0 ? (settings.headerHeight > 0 ? 1 : 0) + (settings.menuHeight > 0 ? 1 : 0) : 0
        guard section < sections.count else { return top }
        return top + Self.elementCount(of: sections[section], configuration: settings)
    }

    /// Writes `section` from 0: in section 0 the top header and the menu first, then the section's header, its cells
    /// stacked one spacing apart, and its footer.
    ///
    /// - Parameters:
    ///   - section: The number of the section to write, from 0 to `sectionCount - 1`.
    ///   - writer: The writer to append the section's elements to, the section begun at its origin.
    ///   - viewport: The size of the collection view's bounds, whose width every element takes.
    /// - Returns: The section's length along the scroll axis.
    /// - Complexity: O(*m*) for the section's *m* cells.
    @inlinable public func writeSection<Writer: LayoutWriter & ~Copyable>(
        _ section: Int, into writer: inout Writer, viewport: Size
    ) -> Double {
        let top = section == 0 ? writeTop(into: &writer, width: viewport.width) : 0
        guard section < sections.count else { return top }
        return write(sections[section], from: top, into: &writer, width: viewport.width)
    }

    /// Writes every section, reading the sections a block at a time: at one cell a section, finding each section
    /// by number was most of a prepare.
    ///
    /// - Parameters:
    ///   - writer: The writer to append every section's elements to.
    ///   - viewport: The size of the collection view's bounds.
    /// - Returns: The length of every section together along the scroll axis.
    /// - Complexity: O(*n*) for the layout's *n* elements.
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

    /// The page header and the menu, at the top of section 0 (`topFrames(width:)`); returns where they end.
    @inlinable func writeTop<Writer: LayoutWriter & ~Copyable>(into writer: inout Writer, width: Double) -> Double {
        let (header, menu) = topFrames(width: width)
        let y = Self.appendFullWidth(.topHeader, height: header.height, at: header.minY, width: width, into: &writer)
        return Self.appendFullWidth(.menu, height: menu.height, at: y, width: width, into: &writer)
    }

    /// Where the page header and the menu lie in a viewport `width` wide (a height of 0 for one the configuration
    /// leaves out): what `writeTop` writes, so that a query's effects know their frames without reading the store.
    @inlinable func topFrames(width: Double) -> (header: Rect, menu: Rect) {
        let settings = configuration
        let menuY = settings.headerHeight > 0 ? ScrollGrid.snapped(settings.headerHeight) : 0
        return (
            Rect(x: 0, y: 0, width: width, height: settings.headerHeight),
            Rect(x: 0, y: menuY, width: width, height: settings.menuHeight)
        )
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
                // A section of one cell (one a model object, as IGListKit lays out a list) is that cell, below the
                // spacing, with no run set up.
                if sizes.count == 1 {
                    let y = start + spacing
                    writer.append(.cell, frame: Rect(x: x, y: y, width: width, height: sizes.size.height))
                    return y + ScrollGrid.snapped(sizes.size.height)
                }
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

    /// The content size: as wide as the viewport and `length` tall.
    ///
    /// - Parameters:
    ///   - length: The length of every section together.
    ///   - viewport: The size of the collection view's bounds.
    /// - Returns: The size of the scrollable content.
    /// - Complexity: O(1).
    public func contentSize(length: Double, viewport: Size) -> Size {
        Size(width: viewport.width, height: length)
    }

    /// The two kinds of this layout's own, as its tutorial names them.
    ///
    /// - Parameter kind: A kind of element the layout writes.
    /// - Returns: "top-header" and "menu" for the layout's own kinds; the kind's `description` for the others.
    /// - Complexity: O(1).
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
    /// Gives item `item` of `section` the size `size`, and moves the section's cell extent by the change of its height.
    ///
    /// - Parameters:
    ///   - size: The item's new size, a valid one.
    ///   - item: The number of an item of `section`.
    ///   - section: The number of a section of the data.
    /// - Complexity: O(log *s*) for *s* sections, plus `ItemSizes.set(_:at:)`.
    public mutating func setSize(_ size: Size, ofItem item: Int, inSection section: Int) {
        let old = sections[section].itemSizes[item]
        sections.update(section) { $0.itemSizes.set(size, at: item) }
        cellExtents[section] += ScrollGrid.snapped(size.height) - ScrollGrid.snapped(old.height)
    }

    /// Inserts an item of `size` before item `item` of `section` (its item count appends), and lengthens the section's
    /// cell extent by it.
    ///
    /// - Parameters:
    ///   - size: The new item's size, a valid one.
    ///   - item: The number the new item takes in `section`, from 0 to the section's item count.
    ///   - section: The number of a section of the data.
    /// - Complexity: O(log *s*) for *s* sections, plus `ItemSizes.insert(_:at:)`.
    public mutating func insertItem(_ size: Size, at item: Int, inSection section: Int) {
        sections.update(section) { $0.itemSizes.insert(size, at: item) }
        elementCount += 1
        cellExtents[section] += ScrollGrid.snapped(configuration.minimumLineSpacing) + ScrollGrid.snapped(size.height)
    }

    /// Removes item `item` of `section`, and shortens the section's cell extent by it.
    ///
    /// - Parameters:
    ///   - item: The number of an item of `section`.
    ///   - section: The number of a section of the data.
    /// - Complexity: O(log *s*) for *s* sections, plus `ItemSizes.remove(at:)`.
    public mutating func removeItem(at item: Int, inSection section: Int) {
        let old = sections.update(section) { $0.itemSizes.remove(at: item) }
        elementCount -= 1
        cellExtents[section] -= ScrollGrid.snapped(configuration.minimumLineSpacing) + ScrollGrid.snapped(old.height)
    }

    /// Replaces section `section` with one of `data`, and works its cell extent out again.
    ///
    /// - Parameters:
    ///   - section: The number of a section of the data.
    ///   - data: The new section, a valid one.
    /// - Complexity: O(log *s*) for *s* sections, plus O(*m*) for the *m* sizes `data` lists one by one.
    public mutating func replaceSection(at section: Int, with data: LayoutSection) {
        elementCount += data.itemSizes.count - sections[section].itemSizes.count
        sections[section] = data
        cellExtents[section] = Self.cellExtent(of: data, configuration: configuration)
    }

    /// Inserts a section of `data` before section `section` (the section count appends), with its cell extent.
    ///
    /// - Parameters:
    ///   - data: The new section, a valid one.
    ///   - section: The number the new section takes, from 0 to the section count.
    /// - Complexity: O(*s*) for *s* sections, plus O(*m*) for the *m* sizes `data` lists one by one.
    public mutating func insertSection(_ data: LayoutSection, at section: Int) {
        elementCount += Self.elementCount(of: data, configuration: configuration)
        sections.insert(data, at: section)
        cellExtents.insert(Self.cellExtent(of: data, configuration: configuration), at: section)
    }

    /// Removes section `section` and its cell extent.
    ///
    /// - Parameter section: The number of a section of the data.
    /// - Complexity: O(*s*) for *s* sections.
    public mutating func removeSection(at section: Int) {
        elementCount -= Self.elementCount(of: sections.remove(at: section), configuration: configuration)
        cellExtents.remove(at: section)
    }
}
