import Tessera
import TesseraBenchKit

/// The built-in workload of `tessera-bench`, rebuilt here from the public API: sections of 1,000 items (or as many
/// as asked), flow items of seeded sizes in 40…120 points with a 44-point header and a 24-point footer, waterfall
/// photos of seeded heights in 100…300.
enum Workload {
    static func sectionCounts(items: Int, itemsPerSection: Int) -> [Int] {
        stride(from: 0, to: items, by: itemsPerSection).map { min(itemsPerSection, items - $0) }
    }

    /// The sections of `layout`, of `itemsPerSection` items but the last: sized items for the flow and the
    /// waterfall, counts alone for the others (Mosaic, the carousel and sticky-parallax).
    static func sections(for layout: LayoutID, items: Int, itemsPerSection: Int = 1_000) -> [LayoutSection] {
        switch layout {
        case .flow: flowSections(items: items, itemsPerSection: itemsPerSection)
        case .waterfall: waterfallSections(items: items, itemsPerSection: itemsPerSection)
        default:
            sectionCounts(items: items, itemsPerSection: itemsPerSection).map {
                LayoutSection(itemSizes: .uniform(.zero, count: $0))
            }
        }
    }

    static func flowSections(items: Int, itemsPerSection: Int) -> [LayoutSection] {
        var generator = SeededGenerator(seed: 1)
        return sectionCounts(items: items, itemsPerSection: itemsPerSection).map { count in
            let sizes = (0..<count).map { _ in
                Size(width: generator.next(in: 40...120), height: generator.next(in: 40...120))
            }
            return LayoutSection(itemSizes: .list(sizes), headerHeight: 44, footerHeight: 24)
        }
    }

    static func waterfallSections(items: Int, itemsPerSection: Int) -> [LayoutSection] {
        var generator = SeededGenerator(seed: 2)
        return sectionCounts(items: items, itemsPerSection: itemsPerSection).map { count in
            LayoutSection(
                itemSizes: .list((0..<count).map { _ in Size(width: 0, height: generator.next(in: 100...300)) }))
        }
    }
}

extension SeededGenerator {
    /// A whole number of points in `range`.
    mutating func next(in range: ClosedRange<Double>) -> Double {
        (range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)).rounded()
    }
}
