import Foundation
import Tessera
import Testing

@testable import TesseraBenchKit

/// A class, so that each test's workload files go into a directory of its own that `deinit` removes.
@Suite final class WorkloadFileTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "tessera-workload-tests-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    func write(_ text: String) throws -> URL {
        let url = directory.appendingPathComponent("workload-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func readsSectionsSizesAndOptionalHeights() throws {
        let url = try write(
            #"{"sections": [{"itemSizes": [[10, 20], [30.5, 40]], "headerHeight": 12}, {"itemSizes": []}]}"#)
        let sections = try WorkloadFile.load(from: url)
        #expect(
            sections == [
                LayoutSection(
                    itemSizes: .list([Size(width: 10, height: 20), Size(width: 30.5, height: 40)]), headerHeight: 12),
                LayoutSection(itemSizes: .list([])),
            ])
    }

    @Test func refusesMalformedJSON() throws {
        let url = try write(#"{"sections": [{"itemSizes": [[10, 20]"#)
        #expect { try WorkloadFile.load(from: url) } throws: { error in
            guard case .malformed = error as? WorkloadError else { return false }
            return true
        }
    }

    @Test func refusesForeignJSON() throws {
        let url = try write(#"{"schemaVersion": 1, "results": []}"#)
        #expect { try WorkloadFile.load(from: url) } throws: { error in
            guard case .malformed = error as? WorkloadError else { return false }
            return true
        }
    }

    @Test func refusesASizeThatIsNotAPair() throws {
        let url = try write(#"{"sections": [{"itemSizes": [[10, 20, 30]]}]}"#)
        #expect(throws: WorkloadError.malformed(url.path, "section 0 item 0 has 3 numbers; a size is [width, height]"))
        {
            try WorkloadFile.load(from: url)
        }
    }

    @Test func refusesAMissingFile() {
        #expect { try WorkloadFile.load(from: URL(fileURLWithPath: "/nonexistent/workload.json")) } throws: { error in
            guard case .unreadable = error as? WorkloadError else { return false }
            return true
        }
    }

    @Test func negativeSizesReachTheLayoutAndAreRefusedThere() throws {
        let url = try write(#"{"sections": [{"itemSizes": [[10, -20]]}]}"#)
        let sections = try WorkloadFile.load(from: url)
        #expect(throws: LayoutError.invalidItemSize(section: 0, item: 0, Size(width: 10, height: -20))) {
            try FlowLayout(sections: sections)
        }
    }
}

@Suite struct BuiltInWorkloadTests {
    @Test func isTheSameForTheSameSeed() throws {
        let first = try BuiltInWorkload(seed: 7).sections(for: .flow, items: 2_500)
        let second = try BuiltInWorkload(seed: 7).sections(for: .flow, items: 2_500)
        let other = try BuiltInWorkload(seed: 8).sections(for: .flow, items: 2_500)
        #expect(first == second)
        #expect(first != other)
    }

    @Test func splitsItemsIntoSections() throws {
        let sections = try BuiltInWorkload(itemsPerSection: 1_000).sections(for: .flow, items: 2_500)
        #expect(sections.map(\.itemSizes.count) == [1_000, 1_000, 500])
        #expect(sections.allSatisfy { $0.headerHeight == 44 && $0.footerHeight == 24 })
    }

    @Test func randomSizesStayInTheirRange() throws {
        let sections = try BuiltInWorkload(sizing: .random).sections(for: .flow, items: 1_000)
        guard case .list(let sizes) = sections[0].itemSizes else {
            Issue.record("random sizing gives a list")
            return
        }
        #expect(sizes.allSatisfy { (40...120).contains($0.width) && (40...120).contains($0.height) })
    }

    @Test func zeroItemsIsOneEmptySection() throws {
        #expect(try BuiltInWorkload().sections(for: .flow, items: 0).map(\.itemSizes.count) == [0])
    }

    @Test func refusesNegativeCounts() {
        #expect(throws: WorkloadError.self) { try BuiltInWorkload().sections(for: .flow, items: -1) }
        #expect(throws: WorkloadError.self) { try BuiltInWorkload(itemsPerSection: 0).sections(for: .flow, items: 10) }
    }
}

@Suite struct LayoutWorkloadTests {
    @Test func waterfallPhotosAreSeededHeightsWithTheLayoutsHeader() throws {
        let sections = try BuiltInWorkload().sections(for: .waterfall, items: 1_500)
        #expect(sections.map(\.itemSizes.count) == [1_000, 500])
        #expect(sections.allSatisfy { $0.headerHeight == nil && $0.footerHeight == nil })
        guard case .list(let sizes) = sections[0].itemSizes else {
            Issue.record("waterfall photos are a list")
            return
        }
        #expect(sizes.allSatisfy { (100...300).contains($0.height) })
    }

    @Test(arguments: [LayoutID.mosaic, .carousel])
    func singleSectionLayoutsGetOneSectionOfCounts(layout: LayoutID) throws {
        #expect(try BuiltInWorkload().sections(for: layout, items: 2_500).map(\.itemSizes.count) == [2_500])
    }

    @Test func everyLayoutIsMadeAndLaysOutItsElements() throws {
        struct Count: LayoutVisitor {
            func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws -> Int {
                var layout = CollectionLayout<Algorithm, BruteForceIndex>(algorithm)
                try layout.prepare(viewport: Size(width: 390, height: 844))
                return layout.store.count
            }
        }
        for layout in LayoutID.builtIn {
            let sections = try BuiltInWorkload(itemsPerSection: 600).sections(for: layout, items: 1_200)
            let count = try LayoutParameters().make(layout, sections: sections, Count())
            let expected: Int? =
                switch layout {
                case .flow: 1_200 + 4  // two sections with a header and a footer each
                case .waterfall: 1_200 + 2  // a header each
                case .mosaic, .carousel: 1_200
                case .stickyParallax: 1_200 + 2 + 4  // top header, menu, and two sections' headers and footers
                default: nil
                }
            #expect(count == expected, "\(layout)")
        }
    }
}

@Suite struct StickyParallaxWorkloadSizesTests {
    /// Every element's attributes, in element order.
    struct Attributes: LayoutVisitor {
        var updates: [LayoutUpdate] = []
        func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws -> [LayoutAttributes] {
            var layout = CollectionLayout<Algorithm, BruteForceIndex>(algorithm)
            try layout.prepare(viewport: Size(width: 390, height: 844))
            if !updates.isEmpty { try layout.apply(updates) }
            return (0..<layout.store.count).map { layout.attributes(ofElement: $0) }
        }
    }

    /// A workload's listed cell heights lay out as the same cells resized by updates do: a fresh prepare of the
    /// updated data and the updated layout agree.
    @Test func cellsTakeTheWorkloadsHeightsAsUpdatesGiveThem() throws {
        let heights: [[Double]] = [[120, 300, 45.5], [], [80], [200, 200, 10]]
        let listed = heights.map { LayoutSection(itemSizes: .list($0.map { Size(width: 0, height: $0) })) }
        let uniform = heights.map { LayoutSection(itemSizes: .uniform(Size(width: 0, height: 200), count: $0.count)) }
        let resizes = heights.enumerated().flatMap { section, cells in
            cells.enumerated().map { item, height in
                LayoutUpdate.resizeItem(ItemPath(section: section, item: item), size: Size(width: 0, height: height))
            }
        }
        let parameters = LayoutParameters()
        let fresh = try parameters.make(.stickyParallax, sections: listed, Attributes())
        let updated = try parameters.make(.stickyParallax, sections: uniform, Attributes(updates: resizes))
        #expect(fresh == updated)
        // The heights are read, not the configuration's: the first cell is 120 tall.
        #expect(fresh.contains { $0.frame.size.height == 120 })
    }
}
