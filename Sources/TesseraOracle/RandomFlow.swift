import Tessera

/// A seeded random flow layout: random section counts (some empty), item sizes (some zero, some wider than the
/// line, some taller than the viewport), spacings, insets, direction, alignment, headers and footers.
public struct RandomFlow: CustomStringConvertible {
    public let seed: UInt64
    public let algorithm: FlowLayout
    public let viewport: Size

    public var vertical: Bool { algorithm.configuration.scrollDirection == .vertical }
    /// The viewport's length across and along the scroll axis.
    public var crossExtent: Double { vertical ? viewport.width : viewport.height }
    public var scrollExtent: Double { vertical ? viewport.height : viewport.width }

    public var description: String {
        let c = algorithm.configuration
        return "seed \(seed): \(c.scrollDirection) \(c.alignment), viewport \(viewport.width)×\(viewport.height), "
            + "spacing \(c.minimumInteritemSpacing)/\(c.minimumLineSpacing), inset \(c.sectionInset), "
            + "\(algorithm.sections.count) sections, \(algorithm.elementCount) elements"
    }

    public init(seed: UInt64, maxItems: Int = 1500, shape: SectionShape = .few) throws {
        var rng = SeededGenerator(seed: seed)
        self.seed = seed
        let direction: ScrollAxis = rng.chance(0.5) ? .vertical : .horizontal
        let alignment = FlowLayout.LineAlignment.allCases[rng.int(0...2)]
        viewport =
            rng.chance(0.05)
            ? Size(width: rng.chance(0.5) ? 0 : rng.length(1...600), height: rng.chance(0.5) ? 0 : rng.length(1...900))
            : Size(width: rng.length(40...600), height: rng.length(40...900))
        let cross = direction == .vertical ? viewport.width : viewport.height
        let along = direction == .vertical ? viewport.height : viewport.width

        func spacing() -> Double {
            switch rng.int(0...3) {
            case 0: 0
            case 1: 10
            default: rng.length(0...30)
            }
        }
        func inset() -> Double {
            switch rng.int(0...9) {
            case 0...4: 0
            case 5: cross  // an inset that leaves no room at all
            default: rng.length(0...40)
            }
        }
        let configuration = FlowLayout.Configuration(
            scrollDirection: direction, minimumInteritemSpacing: spacing(), minimumLineSpacing: spacing(),
            sectionInset: EdgeInsets(top: inset(), left: inset(), bottom: inset(), right: inset()), alignment: alignment
        )

        func size() -> Size {
            let crossLength: Double =
                switch rng.int(0...9) {
                case 0: 0
                case 1: rng.length(max(cross, 1)...(cross * 1.5 + 2))  // wider than the line
                case 2: rng.length(0...max(cross, 1))
                default: rng.length(0...max(cross / 3, 1))
                }
            let scrollLength: Double =
                switch rng.int(0...9) {
                case 0: 0
                case 1: rng.length(max(along, 1)...(along * 2 + 2))  // taller than the viewport
                default: rng.length(0...200)
                }
            return direction == .vertical
                ? Size(width: crossLength, height: scrollLength) : Size(width: scrollLength, height: crossLength)
        }
        func supplementary() -> Double? {
            switch rng.int(0...9) {
            case 0...3: nil
            case 4: 0
            default: rng.length(0...80)
            }
        }

        let shaped = shape.counts(&rng, maxItems: maxItems)
        let sectionCount = shaped?.count ?? (rng.chance(0.1) ? 0 : rng.int(1...6))
        let perSection = maxItems / max(sectionCount, 1)
        var sections: [LayoutSection] = []
        for section in 0..<sectionCount {
            let count = shaped?[section] ?? (rng.chance(0.25) ? 0 : rng.int(1...perSection))
            let items: ItemSizes =
                rng.chance(0.25)
                ? .uniform(size(), count: count)
                : .list((0..<count).map { _ in size() })
            sections.append(
                LayoutSection(itemSizes: items, headerHeight: supplementary(), footerHeight: supplementary()))
        }
        algorithm = try FlowLayout(sections: sections, configuration: configuration)
    }
}
