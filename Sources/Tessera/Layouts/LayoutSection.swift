/// One section of a layout's data source: its item sizes and, optionally, its header and footer heights.
public struct LayoutSection: Hashable, Sendable {
    /// The sizes of the section's items: one size for all, or one per item.
    public var itemSizes: ItemSizes
    /// The header's length along the scroll axis; `nil` takes the layout's default, 0 means no header.
    public var headerHeight: Double?
    /// The footer's length along the scroll axis; `nil` takes the layout's default, 0 means no footer.
    public var footerHeight: Double?

    /// Creates a section of the given item sizes and header and footer heights.
    ///
    /// - Parameters:
    ///   - itemSizes: The sizes of the section's items.
    ///   - headerHeight: The header's length along the scroll axis; `nil` takes the layout's default, 0 means no
    ///     header.
    ///   - footerHeight: The footer's length along the scroll axis; `nil` takes the layout's default, 0 means no
    ///     footer.
    /// - Complexity: O(1).
    public init(itemSizes: ItemSizes, headerHeight: Double? = nil, footerHeight: Double? = nil) {
        self.itemSizes = itemSizes
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
    }

    /// Validates every section, and refuses sections whose items, with up to `extraElements` more and a header
    /// and a footer each, would number more than an `Int` holds, so that a layout counts its elements unchecked.
    ///
    /// - Parameters:
    ///   - sections: The sections to validate, numbered from 0 in the errors.
    ///   - extraElements: Elements the layout writes beside the sections' own, such as the sticky layout's top header
    ///     and menu.
    /// - Throws: What `validate(section:)` throws for the first section it refuses, or
    ///   `LayoutError.elementCountOverflow` when the elements would number more than an `Int` holds.
    /// - Complexity: O(*s* + *m*) for the *s* sections and the *m* sizes they list one by one.
    public static func validate(_ sections: [LayoutSection], extraElements: Int = 0) throws(LayoutError) {
        var total = extraElements
        for (index, section) in sections.enumerated() {
            try section.validate(section: index)
            let (withItems, itemsOverflow) = total.addingReportingOverflow(section.itemSizes.count)
            let (withViews, viewsOverflow) = withItems.addingReportingOverflow(2)
            guard !itemsOverflow, !viewsOverflow else { throw .elementCountOverflow }
            total = withViews
        }
    }

    /// Rejects sizes and heights that are not valid lengths (NaN, infinite, negative, too long), and negative counts.
    ///
    /// - Parameter section: The section's number, for the error.
    /// - Throws: `LayoutError.negativeCount` for a negative item count, `LayoutError.invalidItemSize` for the first
    ///   item size that is not valid, and `LayoutError.invalidParameter` for a header or footer height that is not a
    ///   valid length.
    /// - Complexity: O(1) for uniform sizes; O(*m*) for *m* sizes listed one by one.
    public func validate(section: Int) throws(LayoutError) {
        switch itemSizes {
        case .uniform(let size, let count):
            guard count >= 0 else { throw .negativeCount(name: "section \(section) item count", value: count) }
            guard size.isValidExtent else { throw .invalidItemSize(section: section, item: 0, size) }
        case .list(let sizes):
            // A pass over the values where they lie; the first invalid one is looked for only when there is one.
            var valid = true
            sizes.forEachBlock { block in
                for size in block where !size.isValidExtent { valid = false }
            }
            if !valid, let item = sizes.firstIndex(where: { !$0.isValidExtent }) {
                throw .invalidItemSize(section: section, item: item, sizes[item])
            }
        }
        // Two checks, not a loop over an array of both: this runs once a section, a million times at one item a
        // section.
        if let height = headerHeight, !Size.isValidLength(height) {
            throw .invalidParameter(name: "section \(section) header height", value: height)
        }
        if let height = footerHeight, !Size.isValidLength(height) {
            throw .invalidParameter(name: "section \(section) footer height", value: height)
        }
    }
}

/// The sizes of a section's items: one size for all, or one per item.
public enum ItemSizes: Hashable, Sendable {
    /// Every item of the same size: the size, and the number of items.
    case uniform(Size, count: Int)
    /// A size for each item, in order.
    case list(SizeList)

    /// A size for each item, from an array. One size (or none) is kept as `uniform`: it says the same, and holds no
    /// list of its own, which a section of one item (one a model object, as IGListKit lays out a list) would pay for
    /// in memory and in a retain and release each time it is read.
    ///
    /// - Parameter sizes: The size of each item, in order.
    /// - Returns: The sizes, listed one by one; `uniform` for one size or none.
    /// - Complexity: O(*m*) for the *m* sizes.
    public static func list(_ sizes: [Size]) -> ItemSizes {
        sizes.count <= 1 ? .uniform(sizes.first ?? .zero, count: sizes.count) : .list(SizeList(sizes))
    }

    /// The number of items.
    public var count: Int {
        switch self {
        case .uniform(_, let count): count
        case .list(let sizes): sizes.count
        }
    }
}

/// A layout's sections, kept in blocks so that a section inserted, removed or moved among a million moves a block
/// of sections, not every section after it.
public typealias SectionList = BlockedArray<LayoutSection>
