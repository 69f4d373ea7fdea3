import Foundation
import Tessera

/// Where a run's sections come from: the built-in workload, sized per run, or a file's fixed sections.
public enum WorkloadSource: Sendable {
    case builtIn(BuiltInWorkload)
    case file([LayoutSection], path: String)

    /// The sections for `layout` at `items` items (a file's are fixed).
    public func sections(for layout: LayoutID, items: Int) throws(WorkloadError) -> [LayoutSection] {
        switch self {
        case var .builtIn(builtIn):
            builtIn.items = items
            return try builtIn.sections(for: layout)
        case let .file(sections, _):
            return sections
        }
    }
}

/// How the built-in workload sizes the flow layout's items.
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
    /// Section header and footer heights; `nil` takes each layout's own: 44 and 24 for the flow layout, the
    /// waterfall's 50 and no footer, the sticky layout's settings.
    public var headerHeight: Double?
    public var footerHeight: Double?
    public var seed: UInt64

    /// Sections of 1,000 seeded random items: the benchmark's default.
    public init(
        items: Int, itemsPerSection: Int = 1_000, sizing: ItemSizing = .random, uniformSize: Size = FlowLayout.defaultItemSize,
        headerHeight: Double? = nil, footerHeight: Double? = nil, seed: UInt64 = 1
    ) {
        self.items = items
        self.itemsPerSection = itemsPerSection
        self.sizing = sizing
        self.uniformSize = uniformSize
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.seed = seed
    }

    /// The sections for `layout`: flow items of the chosen sizing; waterfall photos of seeded heights 100…300;
    /// counts alone for the others (one section for Mosaic and the carousel, which have one).
    public func sections(for layout: LayoutID) throws(WorkloadError) -> [LayoutSection] {
        guard items >= 0 else { throw .invalid("the item count is \(items); it cannot be negative") }
        guard itemsPerSection > 0 else { throw .invalid("items per section is \(itemsPerSection); it must be at least 1") }
        var generator = SeededGenerator(seed: seed)
        func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator).rounded() }
        switch layout {
        case .mosaic, .carousel:
            return [LayoutSection(itemSizes: .uniform(.zero, count: items))]
        case .flow, .waterfall, .stickyParallax:
            var sections: [LayoutSection] = []
            var remaining = items
            repeat {
                let count = Swift.min(remaining, itemsPerSection)
                let sizes: ItemSizes = switch (layout, sizing) {
                case (.waterfall, _): .list((0..<count).map { _ in Size(width: 0, height: random(100...300)) })
                case (.flow, .random): .list((0..<count).map { _ in Size(width: random(40...120), height: random(40...120)) })
                default: .uniform(uniformSize, count: count)
                }
                let flowDefaults = layout == .flow
                sections.append(LayoutSection(
                    itemSizes: sizes, headerHeight: headerHeight ?? (flowDefaults ? 44 : nil),
                    footerHeight: footerHeight ?? (flowDefaults ? 24 : nil)
                ))
                remaining -= count
            } while remaining > 0
            return sections
        }
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
        switch JSONFile.data(at: url) {
        case let .success(bytes): data = bytes
        case let .failure(reason): throw .unreadable(url.path, reason.text)
        }
        if case let .failure(reason) = JSONFile.parse(data) { throw .malformed(url.path, "not JSON: \(reason.text)") }
        let file: WorkloadFile
        do { file = try JSONDecoder().decode(WorkloadFile.self, from: data) } catch {
            throw .malformed(url.path, (error as? DecodingError).map(JSONFile.describe) ?? String(describing: error))
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
