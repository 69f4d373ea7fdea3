import Testing

@testable import Tessera

/// The batch plan's map of sections, kept sparse (the sections a batch puts in place and those leaving), against
/// a brute-force list of every section, made the way UIKit applies a batch.
@Suite("Batch plan")
struct BatchPlanTests {
    @Test("where each section after a batch comes from, and where each before it goes", arguments: 0..<200)
    func sectionMap(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let before = Int.random(in: 0...12, using: &random)
        let sections = (0..<before).map { _ in LayoutSection(itemSizes: .uniform(Size(width: 10, height: 10), count: 1))
        }
        // Each section before the batch stays, is deleted or is moved; new ones, told apart by their item counts,
        // are inserted.
        var fates = (0..<before).map { _ in Int.random(in: 0..<3, using: &random) }
        if before == 0 { fates = [] }
        let inserts = Int.random(in: 0...4, using: &random)
        let leaving = fates.indices.filter { fates[$0] != 0 }
        let moved = fates.indices.filter { fates[$0] == 2 }
        let after = before - leaving.count + moved.count + inserts
        let destinations = Array((0..<after).shuffled(using: &random).prefix(moved.count + inserts))
        var batch: [LayoutUpdate] = []
        var arriving: [(to: Int, section: Section)] = []
        for (index, from) in moved.enumerated() {
            batch.append(.moveSection(from: from, to: destinations[index]))
            arriving.append((destinations[index], .old(from)))
        }
        for insert in 0..<inserts {
            let to = destinations[moved.count + insert]
            batch.append(
                .insertSection(to, LayoutSection(itemSizes: .uniform(Size(width: 10, height: 10), count: 100 + insert)))
            )
            arriving.append((to, .new(100 + insert)))
        }
        for section in fates.indices where fates[section] == 1 { batch.append(.deleteSection(section)) }
        batch.shuffle(using: &random)

        // UIKit's order: removals from the last, then insertions from the first.
        var brute = (0..<before).filter { fates[$0] == 0 }.map { Section.old($0) }
        for (to, section) in arriving.sorted(by: { $0.to < $1.to }) { brute.insert(section, at: to) }

        let plan = try BatchPlan(batch, sections: SectionList(sections), fixedSectionCount: nil)
        #expect(plan.changesSections == !batch.isEmpty)
        let planned = (0..<after).map { section -> Section in
            switch plan.source(of: section) {
            case .old(let old): .old(old)
            case .new(let data): .new(data.itemSizes.count)
            }
        }
        #expect(planned == brute, "batch \(batch.map(\.name)) over \(before) sections")
        for old in 0..<before {
            #expect(plan.newIndex(ofOld: old) == brute.firstIndex(of: Section.old(old)), "section \(old) of \(before)")
        }
    }

    enum Section: Equatable {
        case old(Int)
        case new(Int)
    }
}
