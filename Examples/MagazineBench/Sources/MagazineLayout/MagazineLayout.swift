import Tessera

/// A magazine: each section's items in rows under a section header, a landscape item (wider than tall) alone in a
/// full-width row, portrait items two to a half-width row, each item keeping its aspect ratio, tops aligned. The
/// section headers stick to the top of the viewport while their section is on screen (`MagazineLayout+Effects`).
public struct MagazineLayout: UpdatableLayout {
    public private(set) var sections: SectionList
    public let configuration: Configuration
    public private(set) var elementCount: Int
    /// Per section, what its length along y follows from for any viewport width (see `RowSums`).
    private var rowSums: [RowSums]

    public struct Configuration: Hashable, Sendable {
        /// The header of a section that gives none; 0 for none.
        public var headerHeight: Double
        /// Space left and right of the rows, and between the two items of a half-width row.
        public var inset: Double
        /// Space below every row.
        public var rowSpacing: Double

        public init(headerHeight: Double = 40, inset: Double = 12, rowSpacing: Double = 8) {
            self.headerHeight = headerHeight
            self.inset = inset
            self.rowSpacing = rowSpacing
        }
    }

    public init(sections: [LayoutSection], configuration: Configuration = Configuration()) throws(LayoutError) {
        for (name, value) in [
            ("headerHeight", configuration.headerHeight), ("inset", configuration.inset),
            ("rowSpacing", configuration.rowSpacing),
        ]
        where !Size.isValidLength(value) {
            throw .invalidParameter(name: name, value: value)
        }
        try LayoutSection.validate(sections)
        self.sections = SectionList(sections)
        self.configuration = configuration
        rowSums = sections.map(RowSums.init)
        elementCount = 0
        elementCount = (0..<sections.count).reduce(0) { $0 + elementCount(inSection: $1) }
    }

    public var scrollAxis: ScrollAxis { .vertical }

    public var sectionCount: Int { sections.count }

    public func elementCount(inSection section: Int) -> Int {
        sections[section].itemSizes.count + (headerHeight(of: section) > 0 ? 1 : 0)
    }

    func headerHeight(of section: Int) -> Double {
        sections[section].headerHeight ?? configuration.headerHeight
    }

    /// The widths of a full-width row and of each half of a half-width row, for a viewport `width` wide.
    func rowWidths(viewportWidth width: Double) -> (full: Double, half: Double) {
        let full = Swift.max(0, width - 2 * configuration.inset)
        return (full, Swift.max(0, (full - configuration.inset) / 2))
    }

    /// Height over width: what an item's height is for each point of its width.
    static func aspect(_ size: Size) -> Double {
        size.width > 0 ? size.height / size.width : 0
    }

    static func isLandscape(_ size: Size) -> Bool {
        size.width >= size.height
    }

    public func writeSection<Writer: LayoutWriter & ~Copyable>(
        _ section: Int, into writer: inout Writer, viewport: Size
    ) -> Double {
        let (full, half) = rowWidths(viewportWidth: viewport.width)
        let inset = configuration.inset
        let spacing = configuration.rowSpacing
        var y = 0.0
        let header = headerHeight(of: section)
        if header > 0 {
            writer.append(.header, frame: Rect(x: 0, y: 0, width: viewport.width, height: header))
            y = header
        }
        // The height of the half-width item waiting for a partner on its right, if one is.
        var waiting: Double?
        for item in 0..<sections[section].itemSizes.count {
            let size = sections[section].itemSizes[item]
            if Self.isLandscape(size) {
                if let left = waiting {
                    y += left + spacing
                    waiting = nil
                }
                let height = full * Self.aspect(size)
                writer.append(.cell, frame: Rect(x: inset, y: y, width: full, height: height))
                y += height + spacing
            } else if let left = waiting {
                let height = half * Self.aspect(size)
                writer.append(.cell, frame: Rect(x: inset + half + inset, y: y, width: half, height: height))
                y += Swift.max(left, height) + spacing
                waiting = nil
            } else {
                let height = half * Self.aspect(size)
                writer.append(.cell, frame: Rect(x: inset, y: y, width: half, height: height))
                waiting = height
            }
        }
        if let left = waiting { y += left + spacing }
        return y
    }

    public func contentSize(length: Double, viewport: Size) -> Size {
        Size(width: viewport.width, height: length)
    }

    // MARK: Updates

    public mutating func setSize(_ size: Size, ofItem item: Int, inSection section: Int) {
        editItems(ofSection: section) { $0.set(size, at: item) }
    }

    public mutating func insertItem(_ size: Size, at item: Int, inSection section: Int) {
        editItems(ofSection: section) { $0.insert(size, at: item) }
    }

    public mutating func removeItem(at item: Int, inSection section: Int) {
        editItems(ofSection: section) { $0.remove(at: item) }
    }

    /// Runs `body` on a section's item sizes and counts its rows again.
    private mutating func editItems(ofSection section: Int, _ body: (inout ItemSizes) -> Void) {
        elementCount -= elementCount(inSection: section)
        body(&sections[section].itemSizes)
        rowSums[section] = RowSums(sections[section])
        elementCount += elementCount(inSection: section)
    }

    public mutating func replaceSection(at section: Int, with data: LayoutSection) {
        elementCount -= elementCount(inSection: section)
        sections[section] = data
        rowSums[section] = RowSums(data)
        elementCount += elementCount(inSection: section)
    }

    public mutating func insertSection(_ data: LayoutSection, at section: Int) {
        sections.insert(data, at: section)
        rowSums.insert(RowSums(data), at: section)
        elementCount += elementCount(inSection: section)
    }

    public mutating func removeSection(at section: Int) {
        elementCount -= elementCount(inSection: section)
        sections.remove(at: section)
        rowSums.remove(at: section)
    }
}

extension MagazineLayout {
    /// A section's rows, summed so that its length for any viewport width is a few multiplications: a row's height
    /// is its width times its tallest item's aspect, so the section's rows are `full × fullAspects + half ×
    /// halfAspects` tall, with a spacing under each. The sticky headers need the length for every effect, where
    /// walking the section's items would cost a pass over them each time.
    struct RowSums: Hashable, Sendable {
        var fullAspects = 0.0
        var halfAspects = 0.0
        var rows = 0

        init(_ section: LayoutSection) {
            var waiting: Double?
            for item in 0..<section.itemSizes.count {
                let size = section.itemSizes[item]
                let aspect = MagazineLayout.aspect(size)
                if MagazineLayout.isLandscape(size) {
                    if let left = waiting {
                        halfAspects += left
                        rows += 1
                        waiting = nil
                    }
                    fullAspects += aspect
                    rows += 1
                } else if let left = waiting {
                    halfAspects += Swift.max(left, aspect)
                    rows += 1
                    waiting = nil
                } else {
                    waiting = aspect
                }
            }
            if let left = waiting {
                halfAspects += left
                rows += 1
            }
        }
    }

    /// The length of `section` along y for a viewport `width` wide, as `writeSection` lays it out (to within the
    /// rounding of summing in another order).
    func length(ofSection section: Int, viewportWidth width: Double) -> Double {
        let (full, half) = rowWidths(viewportWidth: width)
        let sums = rowSums[section]
        return headerHeight(of: section) + full * sums.fullAspects + half * sums.halfAspects + Double(sums.rows)
            * configuration.rowSpacing
    }
}
