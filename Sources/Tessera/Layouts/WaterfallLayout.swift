/// The Pinterest-style waterfall: each item goes to the shortest column (the lowest index on a tie), its photo
/// padded on every side; each section starts below the tallest column of the one before, under its header. With
/// `ColumnPlacement.stable`, each item keeps the column it was first placed in.
///
/// Items' heights are the photo heights (their widths are ignored: columns set them); footers are not used.
public struct WaterfallLayout: LayoutAlgorithm {
    /// The data of every section: its photos' sizes, of which only the heights are read, and its header height.
    public private(set) var sections: SectionList
    /// The columns, padding and default header height every section is laid out with.
    public let configuration: Configuration
    /// The number of elements the layout writes: every section's photos, and its header when it has a height.
    public private(set) var elementCount: Int
    /// Each section's photos' columns under `ColumnPlacement.stable`; empty under `.shortest`.
    @usableFromInline private(set) var placements = BlockedArray<SectionColumns>()

    /// What a waterfall lays out every section with.
    public struct Configuration: Hashable, Sendable {
        /// The number of columns, from 1 to `WaterfallLayout.maximumColumns`: each as wide as the viewport divided by
        /// their number.
        public var columns: Int
        /// Space around each photo, inside its column.
        public var cellPadding: Double
        /// The height of a section header the section does not give: 0 for none.
        public var headerHeight: Double
        /// Where each photo goes: the shortest column as laid out, or the column it was first placed in.
        public var columnPlacement: ColumnPlacement

        /// Creates a configuration of `columns` columns.
        ///
        /// - Parameters:
        ///   - columns: The number of columns.
        ///   - cellPadding: The space around each photo, inside its column.
        ///   - headerHeight: The height of a section header the section does not give: 0 for none.
        ///   - columnPlacement: Where each photo goes; the shortest column as laid out by default.
        /// - Complexity: O(1).
        public init(
            columns: Int = 2, cellPadding: Double = 4, headerHeight: Double = 50,
            columnPlacement: ColumnPlacement = .shortest
        ) {
            self.columns = columns
            self.cellPadding = cellPadding
            self.headerHeight = headerHeight
            self.columnPlacement = columnPlacement
        }

        /// The width of a photo in a viewport `viewportWidth` wide: its column's width less the padding on both
        /// sides. A column narrower than twice the padding leaves its photos no width, rather than a negative one.
        ///
        /// - Parameter viewportWidth: The width of the collection view's bounds, which the columns share.
        /// - Returns: The photos' width, 0 or more.
        /// - Complexity: O(1).
        @inlinable public func photoWidth(viewportWidth: Double) -> Double {
            Swift.max(0, viewportWidth / Double(columns) - 2 * cellPadding)
        }
    }

    /// How far a section header is inset from the left edge.
    public static let headerInset = 4.0
    /// The most columns a waterfall takes: each item scans every column for the shortest.
    public static let maximumColumns = 10_000

    /// Creates a waterfall of `sections`, each laid out with `configuration`.
    ///
    /// - Parameters:
    ///   - sections: The data of every section.
    ///   - configuration: The columns, padding and default header height.
    /// - Throws: `LayoutError.countOutOfRange` for a number of columns outside 1...`maximumColumns`;
    ///   `LayoutError.invalidParameter` for a padding or a header height that is not a valid length; what
    ///   `LayoutSection.validate(_:extraElements:)` throws for the sections.
    /// - Complexity: O(*s* + *m*) for the *s* sections and the *m* item sizes they list one by one; with stable columns,
    ///   O(*n* × *c*) more to place the *n* photos in *c* columns.
    public init(sections: [LayoutSection], configuration: Configuration = Configuration()) throws(LayoutError) {
        guard (1...Self.maximumColumns).contains(configuration.columns) else {
            throw .countOutOfRange(name: "columns", value: configuration.columns, range: 1...Self.maximumColumns)
        }
        for (name, value) in [("cellPadding", configuration.cellPadding), ("headerHeight", configuration.headerHeight)]
        where !Size.isValidLength(value) {
            throw .invalidParameter(name: name, value: value)
        }
        try LayoutSection.validate(sections)
        self.sections = SectionList(sections)
        self.configuration = configuration
        elementCount = sections.reduce(0) { $0 + Self.elementCount(of: $1, configuration: configuration) }
        if configuration.columnPlacement == .stable { placements = BlockedArray(sections.map(placement)) }
    }

    /// `ScrollAxis.vertical`: sections stack down the page.
    public var scrollAxis: ScrollAxis { .vertical }
    /// Its positions along the scroll axis are sums of lengths put on the scroll grid.
    public var writesOnScrollGrid: Bool { true }

    /// Refuses a viewport no wider than the header's inset: the header would have no width (or a negative one),
    /// and no query would find it.
    ///
    /// - Parameter viewport: The size of the collection view's bounds.
    /// - Throws: `LayoutError.invalidViewport` for a viewport that is not a valid size;
    ///   `LayoutError.parameterOutOfRange` for one no wider than `headerInset`.
    /// - Complexity: O(1).
    public func validate(viewport: Size) throws(LayoutError) {
        guard viewport.isValidExtent else { throw .invalidViewport(viewport) }
        guard viewport.width > Self.headerInset else {
            throw .parameterOutOfRange(
                name: "viewport width", value: viewport.width,
                requirement: "a waterfall needs more than its header inset, \(Self.headerInset)")
        }
    }

    /// The number of sections of the data.
    public var sectionCount: Int { sections.count }

    /// The number of elements `section` writes: its photos, and its header when it has a height.
    ///
    /// - Parameter section: The number of a section, from 0 to `sectionCount - 1`.
    /// - Returns: The number of elements the section writes.
    /// - Complexity: O(log *s*) for *s* sections; O(1) when they are few.
    public func elementCount(inSection section: Int) -> Int {
        Self.elementCount(of: sections[section], configuration: configuration)
    }

    /// A section's photos, and its header when it has a height.
    static func elementCount(of section: LayoutSection, configuration: Configuration) -> Int {
        section.itemSizes.count + ((section.headerHeight ?? configuration.headerHeight) > 0 ? 1 : 0)
    }

    /// The header, then every photo in the shortest column; the section ends at its tallest column.
    ///
    /// - Parameters:
    ///   - section: The number of the section to write, from 0 to `sectionCount - 1`.
    ///   - writer: The writer to append the section's elements to, the section begun at its origin.
    ///   - viewport: The size of the collection view's bounds, whose width the columns share.
    /// - Returns: The section's length: where its tallest column ends.
    /// - Complexity: O(*m*) for the section's *m* photos in two columns; O(*m* × *c*) in *c* columns otherwise, each
    ///   photo scanning every column for the shortest.
    @inlinable public func writeSection<Writer: LayoutWriter & ~Copyable>(
        _ section: Int, into writer: inout Writer, viewport: Size
    ) -> Double {
        write(
            sections[section], kept: keptColumns(section), into: &writer,
            WaterfallGeometry(configuration, viewport: viewport), viewport: viewport)
    }

    /// Section `section`'s stable columns, or `nil` under `ColumnPlacement.shortest`.
    @inlinable func keptColumns(_ section: Int) -> SectionColumns? {
        configuration.columnPlacement == .stable ? placements[section] : nil
    }

    /// Writes every section with the geometry set up once, reading the sections a block at a time: at one photo a
    /// section, finding each section by number and setting up its geometry were most of a prepare.
    ///
    /// - Parameters:
    ///   - writer: The writer to append every section's elements to.
    ///   - viewport: The size of the collection view's bounds.
    /// - Returns: The length of every section together along the scroll axis.
    /// - Complexity: O(*n*) for the layout's *n* elements in two columns; O(*n* × *c*) in *c* columns otherwise.
    @inlinable public func writeSections<Writer: LayoutWriter & ~Copyable>(into writer: inout Writer, viewport: Size)
        -> Double
    {
        let geometry = WaterfallGeometry(configuration, viewport: viewport)
        var origin = 0.0
        var number = 0
        sections.forEachBlock { sections in
            for section in sections.indices {
                writer.beginSection(origin: Point(x: 0, y: origin))
                let length = write(
                    sections[section], kept: keptColumns(number), into: &writer, geometry, viewport: viewport)
                origin += ScrollGrid.snapped(length)
                writer.endSection()
                number += 1
            }
        }
        return origin
    }

    /// Writes `section` from 0: its header, then its photos, each in its `kept` column when the columns are stable;
    /// returns where its tallest column ends.
    @inlinable @inline(__always) func write<Writer: LayoutWriter & ~Copyable>(
        _ section: borrowing LayoutSection, kept: SectionColumns?, into writer: inout Writer,
        _ geometry: WaterfallGeometry, viewport: Size
    ) -> Double {
        let headerHeight = section.headerHeight ?? configuration.headerHeight
        if headerHeight > 0 {
            let inset = WaterfallLayout.headerInset
            writer.append(.header, frame: Rect(x: inset, y: 0, width: viewport.width - inset, height: headerHeight))
        }
        // Along y, positions are summed from lengths on the scroll grid, so every column ends at an exact sum.
        let headerEnd = ScrollGrid.snapped(headerHeight)
        if let kept {
            return section.itemSizes.read(
                uniform: { writePhotos($0, keptIn: kept, below: headerEnd, into: &writer, geometry) },
                flat: { writePhotos($0, keptIn: kept, below: headerEnd, into: &writer, geometry) },
                blocked: { writePhotos($0, keptIn: kept, below: headerEnd, into: &writer, geometry) }
            )
        }
        return section.itemSizes.read(
            uniform: { writePhotos($0, below: headerEnd, into: &writer, geometry) },
            flat: { writePhotos($0, below: headerEnd, into: &writer, geometry) },
            blocked: { writePhotos($0, below: headerEnd, into: &writer, geometry) }
        )
    }

    /// Writes every photo of a section whose header ends at `headerEnd`, each in its kept column; returns where the
    /// tallest column ends.
    @inlinable func writePhotos<Writer: LayoutWriter & ~Copyable, Sizes: ItemSizeSource>(
        _ sizes: Sizes, keptIn kept: SectionColumns, below headerEnd: Double, into writer: inout Writer,
        _ geometry: WaterfallGeometry
    ) -> Double {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: geometry.columns) { columnEnds in
            columnEnds.initialize(repeating: headerEnd)
            placePhotos(
                sizes, 0..<sizes.count, keptIn: kept, columnEnds: columnEnds.baseAddress!, into: &writer, geometry)
            return columnEnds.max() ?? headerEnd
        }
    }

    /// Writes every photo of a section whose header ends at `headerEnd`; returns where the tallest column ends.
    @inlinable @inline(__always) func writePhotos<Writer: LayoutWriter & ~Copyable, Sizes: ItemSizeSource>(
        _ sizes: Sizes, below headerEnd: Double, into writer: inout Writer, _ geometry: WaterfallGeometry
    ) -> Double {
        let count = sizes.count
        // A section of one photo (or none, as IGListKit lays out a list): the first column takes it, as every
        // column ends at the header; no columns to keep.
        if count <= 1 {
            guard count == 1 else { return headerEnd }
            let photoHeight = sizes[0].height
            writer.append(
                .cell,
                frame: Rect(
                    x: geometry.x(ofColumn: 0), y: headerEnd + geometry.gridPadding, width: geometry.photoWidth,
                    height: photoHeight))
            return headerEnd + geometry.advance(photoHeight)
        }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: geometry.columns) { columnEnds in
            columnEnds.initialize(repeating: headerEnd)
            placePhotos(sizes, 0..<count, columnEnds: columnEnds.baseAddress!, into: &writer, geometry)
            return columnEnds.max() ?? headerEnd
        }
    }

    /// Puts photos `items` of `section` each in the shortest column (the first of the shortest), moving
    /// `columnEnds`, one a column, on by each.
    @inlinable func placePhotos<Writer: LayoutWriter & ~Copyable>(
        of section: borrowing LayoutSection, _ items: Range<Int>, columnEnds: UnsafeMutablePointer<Double>,
        into writer: inout Writer,
        _ geometry: WaterfallGeometry
    ) {
        section.itemSizes.read(
            uniform: { placePhotos($0, items, columnEnds: columnEnds, into: &writer, geometry) },
            flat: { placePhotos($0, items, columnEnds: columnEnds, into: &writer, geometry) },
            blocked: { placePhotos($0, items, columnEnds: columnEnds, into: &writer, geometry) }
        )
    }

    /// Puts photos `items` of `sizes` each in the shortest column, as one run of the writer's cells.
    @inlinable @inline(__always) func placePhotos<Writer: LayoutWriter & ~Copyable, Sizes: ItemSizeSource>(
        _ sizes: Sizes, _ items: Range<Int>, columnEnds: UnsafeMutablePointer<Double>, into writer: inout Writer,
        _ geometry: WaterfallGeometry
    ) {
        let first = items.lowerBound
        guard geometry.columns == 2 else {
            writer.appendCells(items.count) { index in geometry.place(sizes[first &+ index].height, in: columnEnds) }
            return
        }
        // Two columns, the default, kept in registers. The compiler makes the choice a branch, which predicts well
        // (a photo mostly goes to the other column from the one before): no branch at all (`min`, `max` and the
        // column in integers) took 2.4x the time on a section in cache, and gained 5% only at a million photos,
        // where the store's writes hold a prepare back.
        var (left, right) = (columnEnds[0], columnEnds[1])
        let (leftX, rightX) = (geometry.x(ofColumn: 0), geometry.x(ofColumn: 1))
        let (photoWidth, gridPadding) = (geometry.photoWidth, geometry.gridPadding)
        writer.appendCells(items.count) { index in
            let photoHeight = sizes[first &+ index].height
            let toRight = right < left
            let top = toRight ? right : left
            let end = top + geometry.advance(photoHeight)
            left = toRight ? left : end
            right = toRight ? end : right
            return Rect(x: toRight ? rightX : leftX, y: top + gridPadding, width: photoWidth, height: photoHeight)
        }
        (columnEnds[0], columnEnds[1]) = (left, right)
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
}

/// The waterfall's columns for one viewport, as a write places photos in them.
@usableFromInline struct WaterfallGeometry {
    @usableFromInline let columns: Int
    @usableFromInline let columnWidth: Double
    @usableFromInline let padding: Double
    /// `WaterfallLayout.Configuration.photoWidth(viewportWidth:)`.
    @usableFromInline let photoWidth: Double
    /// Along y, positions are summed from lengths on the scroll grid, so every column ends at an exact sum.
    @usableFromInline let gridPadding: Double

    @inlinable init(_ configuration: WaterfallLayout.Configuration, viewport: Size) {
        columns = configuration.columns
        columnWidth = viewport.width / Double(columns)
        padding = configuration.cellPadding
        photoWidth = configuration.photoWidth(viewportWidth: viewport.width)
        gridPadding = ScrollGrid.snapped(padding)
    }

    /// Where a photo in `column` starts across the page.
    @inlinable func x(ofColumn column: Int) -> Double { Double(column) * columnWidth + padding }

    /// How far a photo `photoHeight` tall moves its column's end. Summed apart from the column's end: one addition
    /// on the chain from photo to photo rather than two (all three lie on the grid, so the order changes no bit).
    @inlinable func advance(_ photoHeight: Double) -> Double { ScrollGrid.snapped(photoHeight) + 2 * gridPadding }

    /// Puts a photo `photoHeight` tall in the shortest of `columnEnds` (the first of the shortest), moves that
    /// column's end on, and returns the photo's frame.
    @inlinable @inline(__always) func place(_ photoHeight: Double, in columnEnds: UnsafeMutablePointer<Double>) -> Rect
    {
        var column = 0
        for candidate in 1..<columns where columnEnds[candidate] < columnEnds[column] { column = candidate }
        let top = columnEnds[column]
        columnEnds[column] = top + advance(photoHeight)
        return Rect(x: x(ofColumn: column), y: top + gridPadding, width: photoWidth, height: photoHeight)
    }
}

extension WaterfallLayout: UpdatableLayout {
    /// Gives item `item` of `section` the size `size`.
    ///
    /// - Parameters:
    ///   - size: The item's new size, a valid one.
    ///   - item: The number of an item of `section`.
    ///   - section: The number of a section of the data.
    /// - Complexity: O(log *s*) for *s* sections, plus `ItemSizes.set(_:at:)`.
    public mutating func setSize(_ size: Size, ofItem item: Int, inSection section: Int) {
        if configuration.columnPlacement == .stable {
            let old = sections[section].itemSizes[item].height
            let padding = gridPadding
            placements.update(section) { $0.resize(item, from: old, to: size.height, padding: padding) }
        }
        sections.update(section) { $0.itemSizes.set(size, at: item) }
    }

    /// Inserts an item of `size` before item `item` of `section` (its item count appends).
    ///
    /// - Parameters:
    ///   - size: The new item's size, a valid one.
    ///   - item: The number the new item takes in `section`, from 0 to the section's item count.
    ///   - section: The number of a section of the data.
    /// - Complexity: O(log *s*) for *s* sections, plus `ItemSizes.insert(_:at:)`; with stable columns, O(*m* − `item`)
    ///   more to find the column shortest at the item's place in a section of *m* items.
    public mutating func insertItem(_ size: Size, at item: Int, inSection section: Int) {
        if configuration.columnPlacement == .stable {
            let sizes = sections[section].itemSizes
            let padding = gridPadding
            placements.update(section) { $0.insert(at: item, height: size.height, sizes: sizes, padding: padding) }
        }
        sections.update(section) { $0.itemSizes.insert(size, at: item) }
        elementCount += 1
    }

    /// Removes item `item` of `section`.
    ///
    /// - Parameters:
    ///   - item: The number of an item of `section`.
    ///   - section: The number of a section of the data.
    /// - Complexity: O(log *s*) for *s* sections, plus `ItemSizes.remove(at:)`.
    public mutating func removeItem(at item: Int, inSection section: Int) {
        if configuration.columnPlacement == .stable {
            let height = sections[section].itemSizes[item].height
            let padding = gridPadding
            placements.update(section) { $0.remove(at: item, height: height, padding: padding) }
        }
        sections.update(section) { $0.itemSizes.remove(at: item) }
        elementCount -= 1
    }

    /// Replaces section `section` with one of `data`.
    ///
    /// - Parameters:
    ///   - section: The number of a section of the data.
    ///   - data: The new section, a valid one.
    /// - Complexity: O(log *s*) for *s* sections.
    public mutating func replaceSection(at section: Int, with data: LayoutSection) {
        elementCount +=
            Self.elementCount(of: data, configuration: configuration)
            - Self.elementCount(of: sections[section], configuration: configuration)
        sections[section] = data
        if configuration.columnPlacement == .stable { placements[section] = placement(of: data) }
    }

    /// Inserts a section of `data` before section `section` (the section count appends).
    ///
    /// - Parameters:
    ///   - data: The new section, a valid one.
    ///   - section: The number the new section takes, from 0 to the section count.
    /// - Complexity: What `BlockedArray.insert(_:at:)` costs for the sections.
    public mutating func insertSection(_ data: LayoutSection, at section: Int) {
        elementCount += Self.elementCount(of: data, configuration: configuration)
        sections.insert(data, at: section)
        if configuration.columnPlacement == .stable { placements.insert(placement(of: data), at: section) }
    }

    /// Removes section `section`.
    ///
    /// - Parameter section: The number of a section of the data.
    /// - Complexity: What `BlockedArray.remove(at:)` costs for the sections.
    public mutating func removeSection(at section: Int) {
        elementCount -= Self.elementCount(of: sections.remove(at: section), configuration: configuration)
        if configuration.columnPlacement == .stable { placements.remove(at: section) }
    }
}
