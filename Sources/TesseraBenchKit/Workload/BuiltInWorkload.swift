import Tessera

/// How the built-in workload sizes the flow layout's items.
package enum ItemSizing: String, CaseIterable, Codable, Sendable {
    /// Every item the same size (UIKit's 50 × 50 unless given).
    case uniform
    /// Seeded uniform widths and heights in 40…120 points, so lines mix heights and alignment matters.
    case random
}

/// The parameters of the built-in workload.
package struct BuiltInWorkload: Sendable {
    package var itemsPerSection: Int
    package var sizing: ItemSizing
    package var uniformSize: Size
    /// Section header and footer heights; `nil` takes each layout's own: 44 and 24 for the flow layout, the
    /// waterfall's 50 and no footer, the sticky layout's settings.
    package var headerHeight: Double?
    package var footerHeight: Double?
    package var seed: UInt64

    /// Sections of 1,000 seeded random items: the benchmark's default.
    package init(
        itemsPerSection: Int = 1_000, sizing: ItemSizing = .random, uniformSize: Size = FlowLayout.defaultItemSize,
        headerHeight: Double? = nil, footerHeight: Double? = nil, seed: UInt64 = 1
    ) {
        self.itemsPerSection = itemsPerSection
        self.sizing = sizing
        self.uniformSize = uniformSize
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.seed = seed
    }

    /// The shape of `sections(for: layout, items:)` without making it, for a memory estimate: items as elements
    /// (a section's header and footer are the per-section cost's), sections, and the sizes listed one by one.
    package func shape(for layout: LayoutID, items: Int) -> MemoryEstimate.Shape {
        guard dividesIntoSections(layout) else { return .init(elements: items, sections: 1, listedSizes: 0) }
        let perSection = Swift.max(itemsPerSection, 1)
        // Rounded up without `items + perSection - 1`, which overflows at the largest counts a user may type.
        let sections = Swift.max(1, items / perSection + (items % perSection == 0 ? 0 : 1))
        return .init(elements: items, sections: sections, listedSizes: listsSizes(for: layout) ? items : 0)
    }

    /// Whether `itemsPerSection` shapes `layout`: every layout but Mosaic and the carousel, which have one
    /// section by nature.
    package func dividesIntoSections(_ layout: LayoutID) -> Bool {
        layout != .mosaic && layout != .carousel
    }

    /// The sticky-parallax tutorial's cell: 200 points tall, as wide as the viewport (its width is not read).
    static let stickyParallaxCell = Size(width: 0, height: StickyParallaxLayout.Configuration().cellHeight)

    /// Whether `layout`'s sections list their items' sizes one by one: the waterfall's photos and randomly sized
    /// items do; sticky-parallax cells and uniform items share one size a section.
    private func listsSizes(for layout: LayoutID) -> Bool {
        layout == .waterfall || (layout != .stickyParallax && sizing == .random)
    }

    /// The sections of `items` items for `layout`: flow items of the chosen sizing; waterfall photos of seeded
    /// heights 100…300; sticky-parallax cells of the tutorial's height; counts alone for Mosaic and the carousel
    /// (one section, as they have). A registered layout gets sections of items of the chosen sizing, as the flow
    /// layout does, with the header and footer heights given (its own defaults when none are).
    package func sections(for layout: LayoutID, items: Int) throws(WorkloadError) -> [LayoutSection] {
        guard items >= 0 else { throw .invalid("the item count is \(items); it cannot be negative") }
        guard itemsPerSection > 0 else {
            throw .invalid("items per section is \(itemsPerSection); it must be at least 1")
        }
        var generator = SeededGenerator(seed: seed)
        func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator).rounded() }
        guard dividesIntoSections(layout) else { return [LayoutSection(itemSizes: .uniform(.zero, count: items))] }
        var sections: [LayoutSection] = []
        var remaining = items
        repeat {
            let count = Swift.min(remaining, itemsPerSection)
            let sizes: ItemSizes =
                if layout == .stickyParallax {
                    .uniform(Self.stickyParallaxCell, count: count)
                } else if !listsSizes(for: layout) {
                    .uniform(uniformSize, count: count)
                } else if layout == .waterfall {
                    .list((0..<count).map { _ in Size(width: 0, height: random(100...300)) })
                } else {
                    .list((0..<count).map { _ in Size(width: random(40...120), height: random(40...120)) })
                }
            let flowDefaults = layout == .flow
            sections.append(
                LayoutSection(
                    itemSizes: sizes, headerHeight: headerHeight ?? (flowDefaults ? 44 : nil),
                    footerHeight: footerHeight ?? (flowDefaults ? 24 : nil)
                ))
            remaining -= count
        } while remaining > 0
        return sections
    }

    /// What the sections of each of `layouts` hold, for a report's workload line, at each of `itemsPerSection`
    /// (this workload's own when `nil`).
    package func description(of layouts: [LayoutID], itemsPerSection shapes: [Int]? = nil) -> String {
        let items =
            sizing == .uniform
            ? "items of \(uniformSize.width)x\(uniformSize.height) pt" : "items of seeded random 40…120 pt"
        let parts = layouts.map { layout in
            switch layout {
            case .waterfall: "waterfall photos of seeded random heights 100…300 pt"
            case .mosaic, .carousel: "\(layout.rawValue) item counts, one section"
            case .stickyParallax: "sticky-parallax cells of \(Self.stickyParallaxCell.height.formatted()) pt"
            default: "\(layout.rawValue) \(items)"
            }
        }
        let perSection = (shapes ?? [itemsPerSection]).map { "\($0)" }.joined(separator: ", ")
        return "built-in: \(parts.joined(separator: "; ")); \(perSection) items per section, seed \(seed)"
    }
}
