import Tessera

/// A seeded random waterfall: 1–8 columns, photo heights from 0 to three viewports tall, header heights from the
/// configuration or the section (0: none), empty sections, paddings up to more than half a column; stable columns half
/// the time.
public struct RandomWaterfall: CustomStringConvertible {
    public let seed: UInt64
    public let algorithm: WaterfallLayout
    public let viewport: Size

    public var description: String {
        let c = algorithm.configuration
        return
            "waterfall seed \(seed): \(c.columns) \(c.columnPlacement == .stable ? "stable " : "")columns, padding \(c.cellPadding), header \(c.headerHeight), viewport "
            + "\(viewport.width)×\(viewport.height), \(algorithm.sections.count) sections, \(algorithm.elementCount) elements"
    }

    public init(seed: UInt64, maxItems: Int = 2000, shape: SectionShape = .few) throws {
        var rng = SeededGenerator(seed: seed ^ 0x57A7_E4FA_11)
        self.seed = seed
        viewport = Size(width: rng.length(60...800), height: rng.length(100...1000))
        let columns = rng.int(1...8)
        let columnWidth = viewport.width / Double(columns)
        let padding: Double =
            switch rng.int(0...3) {
            case 0: 0
            case 1: 4
            case 2: rng.length(0...12)
            default: rng.length(0...(columnWidth * 0.6))  // sometimes wider than half a column: photos of no width
            }
        let headerHeight = rng.pick([0, 50, rng.length(0...120)])
        var sections: [LayoutSection] = []
        var budget = rng.int(0...maxItems)
        let shaped = shape.counts(&rng, maxItems: maxItems)
        for section in 0..<(shaped?.count ?? rng.int(0...7)) {
            let count = shaped?[section] ?? (rng.chance(0.2) ? 0 : rng.int(0...max(0, budget)))
            budget -= count
            let viewport = viewport
            func photo() -> Double {
                switch rng.int(0...9) {
                case 0: return 0
                case 1: return rng.length(viewport.height...(3 * viewport.height))  // taller than the viewport
                case 2, 3: return rng.length(300...max(300, viewport.height))
                default: return rng.length(1...300)
                }
            }
            let items: ItemSizes =
                rng.chance(0.15)
                ? .uniform(Size(width: rng.length(0...400), height: photo()), count: count)
                : .list((0..<count).map { _ in Size(width: rng.length(0...400), height: photo()) })
            let sectionHeader: Double? = rng.pick([nil, nil, 0, rng.length(0...150)])
            sections.append(
                LayoutSection(itemSizes: items, headerHeight: sectionHeader, footerHeight: rng.chance(0.2) ? 30 : nil))
        }
        let placement: ColumnPlacement = rng.chance(0.5) ? .stable : .shortest
        algorithm = try WaterfallLayout(
            sections: sections,
            configuration: .init(
                columns: columns, cellPadding: padding, headerHeight: headerHeight, columnPlacement: placement))
    }
}
