import Foundation
import Tessera

/// What a layout is fed: its sections, item sizes and parameters. Built in (seeded) or read from a file.
public struct Workload: Sendable {
    public var layout: LayoutID
    public var sections: [LayoutSection]
    public var flow: FlowLayout.Configuration
    /// Where the sizes came from, for reports.
    public var source: String

    public var itemCount: Int { sections.reduce(0) { $0 + $1.itemSizes.count } }

    public init(layout: LayoutID, sections: [LayoutSection], flow: FlowLayout.Configuration = .init(), source: String) {
        self.layout = layout
        self.sections = sections
        self.flow = flow
        self.source = source
    }

    /// The layout algorithm for this workload.
    public func makeFlowLayout() throws(LayoutError) -> FlowLayout {
        try FlowLayout(sections: sections, configuration: flow)
    }
}

/// How the built-in workload sizes its items.
public enum ItemSizing: String, CaseIterable, Codable, Sendable {
    /// Every item the same size (UIKit's 50 × 50 unless given).
    case uniform
    /// Seeded uniform widths and heights in 40…120 points, so lines mix heights and alignment matters.
    case random
}

/// The parameters of the built-in workload.
public struct BuiltInWorkload: Sendable {
    public var items: Int
    public var itemsPerSection: Int
    public var sizing: ItemSizing
    public var uniformSize: Size
    public var headerHeight: Double?
    public var footerHeight: Double?
    public var seed: UInt64

    /// Sections of 1,000 seeded random items with a header and a footer: the benchmark's default.
    public init(
        items: Int, itemsPerSection: Int = 1_000, sizing: ItemSizing = .random, uniformSize: Size = FlowLayout.defaultItemSize,
        headerHeight: Double? = 44, footerHeight: Double? = 24, seed: UInt64 = 1
    ) {
        self.items = items
        self.itemsPerSection = itemsPerSection
        self.sizing = sizing
        self.uniformSize = uniformSize
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.seed = seed
    }

    public func sections() throws(WorkloadError) -> [LayoutSection] {
        guard items >= 0 else { throw .invalid("the item count is \(items); it cannot be negative") }
        guard itemsPerSection > 0 else { throw .invalid("items per section is \(itemsPerSection); it must be at least 1") }
        var generator = SeededGenerator(seed: seed)
        var sections: [LayoutSection] = []
        var remaining = items
        repeat {
            let count = Swift.min(remaining, itemsPerSection)
            let sizes: ItemSizes = switch sizing {
            case .uniform: .uniform(uniformSize, count: count)
            case .random: .list((0..<count).map { _ in
                Size(width: .random(in: 40...120, using: &generator).rounded(), height: .random(in: 40...120, using: &generator).rounded())
            })
            }
            sections.append(LayoutSection(itemSizes: sizes, headerHeight: headerHeight, footerHeight: footerHeight))
            remaining -= count
        } while remaining > 0
        return sections
    }
}

/// A workload file: `{"sections": [{"itemSizes": [[w, h], …], "headerHeight": h, "footerHeight": h}, …]}`.
public struct WorkloadFile: Codable, Sendable {
    public struct Section: Codable, Sendable {
        public var itemSizes: [[Double]]
        public var headerHeight: Double?
        public var footerHeight: Double?
    }

    public var sections: [Section]

    public static func load(from url: URL) throws(WorkloadError) -> [LayoutSection] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw .unreadable(url.path, "\(error.localizedDescription)") }
        let file: WorkloadFile
        do { file = try JSONDecoder().decode(WorkloadFile.self, from: data) } catch {
            throw .malformed(url.path, "\(error)")
        }
        return try file.layoutSections(path: url.path)
    }

    func layoutSections(path: String) throws(WorkloadError) -> [LayoutSection] {
        var result: [LayoutSection] = []
        for (sectionIndex, section) in sections.enumerated() {
            var sizes: [Size] = []
            sizes.reserveCapacity(section.itemSizes.count)
            for (item, pair) in section.itemSizes.enumerated() {
                guard pair.count == 2 else {
                    throw .malformed(path, "section \(sectionIndex) item \(item) has \(pair.count) numbers; a size is [width, height]")
                }
                sizes.append(Size(width: pair[0], height: pair[1]))
            }
            result.append(LayoutSection(itemSizes: .list(sizes), headerHeight: section.headerHeight, footerHeight: section.footerHeight))
        }
        return result
    }
}

public enum WorkloadError: Error, CustomStringConvertible, Equatable {
    case unreadable(String, String)
    case malformed(String, String)
    case invalid(String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read the workload file \(path): \(reason)"
        case let .malformed(path, reason): "the workload file \(path) is not a workload: \(reason)"
        case let .invalid(reason): reason
        }
    }
}
