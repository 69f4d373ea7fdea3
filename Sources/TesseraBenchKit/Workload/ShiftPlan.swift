import Tessera

/// One scenario's changes, drawn once for a layout and shared by every strategy, so each sees the same data change:
/// the data the scenario starts from, where the view starts, and its steps. Steps are drawn where a view that keeps
/// its anchor would be (the inserts lie above that view), found by the oracle's own layouts (`ShiftReference`).
package struct ShiftPlan: Sendable {
    /// A scroll before a change: none, to a place, or by a distance from wherever the design left the view.
    package enum Scroll: Sendable {
        case stay
        case to(Point)
        case by(Point)

        /// `offset` scrolled, clamped to `content` as UIKit clamps it.
        package func applied(to offset: Point, content: Size, viewport: Size) -> Point {
            let moved: Point
            switch self {
            case .stay: moved = offset
            case .to(let point): moved = point
            case .by(let delta): moved = offset.offset(by: delta)
            }
            return moved.clampedContentOffset(content: content, viewport: viewport)
        }
    }

    package struct Step: Sendable {
        package var scroll: Scroll
        package var change: ScreenChange
        package var anchor: ScrollAnchor
    }

    package var scenario: ShiftScenario
    /// A batch applied, with nothing kept, before the first step: the estimated sizes self-sizing starts from.
    package var setup: [LayoutUpdate]
    package var start: Point
    package var steps: [Step]

    /// The steps of a one-item scenario, and of `rotation`.
    static let steps = 20
    /// The steps of the scenarios of batches.
    static let batches = 10
    /// The speed a self-sizing scenario's fling starts at, in points a second (a fling covers about 2,000 points).
    static let flingSpeed = 4_000.0
    /// The steps a self-sizing scenario flings for, and the most flings it takes to get them.
    static let sizingSteps = 40
    static let flings = 12

    /// Every scenario `layout` takes, drawn from `seed` for a viewport of `viewport`: the self-sizing ones only for a
    /// layout of sized sections, as `self-sizing-scroll` is measured.
    package static func all<Layout: UpdatableLayout>(for layout: Layout, viewport: Size, seed: UInt64) throws
        -> [ShiftPlan]
    {
        var generator = SeededGenerator(seed: seed ^ 0x5417_F7ED)
        let sized = layout.fixedSectionCount == nil && layout.readsItemSizes
        return try ShiftScenario.allCases.compactMap { scenario in
            guard sized || (scenario != .selfSizingDown && scenario != .selfSizingUp) else { return nil }
            var drawing = Drawing(layout, viewport: viewport, generator: SeededGenerator(seed: generator.next()))
            return try drawing.plan(scenario)
        }
    }
}

/// Draws one scenario's steps over the oracle's layout of the data, moving a view that keeps its anchor.
private struct Drawing<Layout: UpdatableLayout> {
    var reference: ShiftReference<Layout>
    var generator: SeededGenerator
    /// Where a view that keeps its anchor is.
    var offset = Point.zero
    var steps: [ShiftPlan.Step] = []
    let original: Layout

    init(_ layout: Layout, viewport: Size, generator: SeededGenerator) {
        reference = ShiftReference(layout, viewport: viewport)
        self.generator = generator
        original = layout
    }

    var axis: ScrollAxis { reference.data.scrollAxis }
    var viewport: Size { reference.viewport }
    /// The viewport's and the content's lengths along the scroll axis.
    var visible: Double { axis == .vertical ? viewport.height : viewport.width }
    var length: Double { axis == .vertical ? reference.contentSize.height : reference.contentSize.width }
    var endOffset: Double { Swift.max(0, length - visible) }

    func point(_ along: Double) -> Point { axis == .vertical ? Point(x: 0, y: along) : Point(x: along, y: 0) }
    func along(_ point: Point) -> Double { axis == .vertical ? point.y : point.x }

    mutating func plan(_ scenario: ShiftScenario) throws -> ShiftPlan? {
        var setup: [LayoutUpdate] = []
        switch scenario {
        case .selfSizingDown, .selfSizingUp:
            setup = Self.estimates(of: reference.data)
            try reference.make(.batch(setup))
            try selfSizing(upwards: scenario == .selfSizingUp)
        case .insertAbove, .deleteAbove:
            for _ in 0..<ShiftPlan.steps {
                let at = randomOffsetWithContentAbove()
                guard let cell = cellAbove(at) else { continue }
                let update: LayoutUpdate =
                    scenario == .insertAbove ? .insertItem(cell, size: someSize()) : .deleteItem(cell)
                try step(.to(at), .update(update), .firstVisible)
            }
        case .batchAbove:
            for number in 0..<ShiftPlan.batches {
                let at = randomOffsetWithContentAbove()
                if let batch = batchAbove(at, deletingTheAnchor: number % 2 == 1, deletingASection: number % 3 == 2) {
                    try step(.to(at), .batch(batch), .firstVisible)
                }
            }
        case .historyPrepend:
            guard
                let section = reference.data.sections.indices.first(where: {
                    reference.data.itemCount(inSection: $0) > 0
                })
            else { return nil }
            for _ in 0..<ShiftPlan.batches {
                let at = point(generator.double(0...Swift.min(visible, endOffset)))
                let history = (0..<100).map {
                    LayoutUpdate.insertItem(ItemPath(section: section, item: $0), size: someSize())
                }
                try step(.to(at), .batch(history), .lastVisible)
            }
        case .appendAtEnd:
            guard let section = reference.data.sections.indices.last else { return nil }
            for _ in 0..<ShiftPlan.steps {
                let item = reference.data.itemCount(inSection: section)
                try step(
                    .to(point(endOffset)),
                    .update(.insertItem(ItemPath(section: section, item: item), size: someSize())),
                    .contentEnd)
            }
        case .rotation:
            for number in 0..<ShiftPlan.steps {
                let at = point(generator.double(0...Swift.max(endOffset, 0)))
                let anchor: ScrollAnchor
                switch number % 3 {
                case 0: anchor = .firstVisible
                case 1: anchor = .lastVisible
                default:
                    let cell = reference.cells(meeting: Rect(origin: at, size: viewport)).first
                    anchor = cell.map { .item($0, offset: 10) } ?? .firstVisible
                }
                try step(.to(at), .viewport(Size(width: viewport.height, height: viewport.width)), anchor)
            }
        }
        guard !steps.isEmpty else { return nil }
        return ShiftPlan(scenario: scenario, setup: setup, start: .zero, steps: steps)
    }

    /// Records a step and moves the view that keeps its anchor through it.
    mutating func step(_ scroll: ShiftPlan.Scroll, _ change: ScreenChange, _ anchor: ScrollAnchor) throws {
        let before = scroll.applied(to: offset, content: reference.contentSize, viewport: viewport)
        offset = try reference.offsets(keeping: anchor, at: [before], through: change)[0]
        steps.append(ShiftPlan.Step(scroll: scroll, change: change, anchor: anchor))
    }

    /// Every section reloaded with its items at the estimated size, as `self-sizing-scroll` starts.
    static func estimates(of data: Layout) -> [LayoutUpdate] {
        data.sections.indices.map { section in
            var estimated = data.sections[section]
            estimated.itemSizes = .uniform(LayoutBench.estimatedItemSize, count: estimated.itemSizes.count)
            return .reloadSection(section, estimated)
        }
    }

    /// Flings from the top (or, upwards, from a jump to the middle item), each frame's newly shown cells measured at
    /// their real sizes: those the viewport meets, and scrolling up, those a viewport above it meets too. A frame that
    /// measures nothing is a scroll, taken into the next step's. A fling that comes to rest is followed by another
    /// until the scenario has `sizingSteps` steps, as a user flings on through a feed.
    mutating func selfSizing(upwards: Bool) throws {
        var measured = Set<ItemPath>()
        var position = 0.0
        if upwards {
            let sections = reference.data.sections
            let middle =
                sections.count == 1
                ? ItemPath(section: 0, item: sections[0].itemSizes.count / 2)
                : ItemPath(section: sections.count / 2, item: 0)
            let top = reference.frame(ofItem: middle.item, inSection: middle.section).map { along($0.origin) }
            position = Swift.min(endOffset, top ?? 0)
        }
        var velocity = upwards ? -ShiftPlan.flingSpeed : ShiftPlan.flingSpeed
        // The first step jumps to the start; each later one scrolls on by what the frames since the last moved.
        var scroll = ShiftPlan.Scroll.to(point(position))
        var pending = 0.0
        var flings = 0
        while true {
            let view = scroll.applied(to: offset, content: reference.contentSize, viewport: viewport)
            let reach = upwards ? visible : 0
            let rect = Rect(
                origin: point(along(view) - reach),
                size: axis == .vertical
                    ? Size(width: viewport.width, height: visible + reach)
                    : Size(width: visible + reach, height: viewport.height))
            let sizes = reference.cells(meeting: rect).filter { measured.insert($0).inserted }.map {
                (path: $0, size: original.sections[$0.section].itemSizes[$0.item])
            }
            if !sizes.isEmpty {
                try step(scroll, .sizes(sizes), .firstVisible)
                (position, pending) = (along(offset), 0)
            }
            if Swift.abs(velocity) <= ScrollTrace.restingSpeed {
                // The fling has come to rest: another, until the scenario has its steps or the flings their count.
                flings += 1
                guard steps.count < ShiftPlan.sizingSteps, flings < ShiftPlan.flings else { break }
                velocity = upwards ? -ShiftPlan.flingSpeed : ShiftPlan.flingSpeed
            }
            let next = Swift.min(Swift.max(position + velocity / ScrollTrace.framesPerSecond, 0), endOffset)
            if next == position { break }
            pending += next - position
            position = next
            velocity *= ScrollTrace.decayPerFrame
            scroll = steps.isEmpty ? .to(point(position)) : .by(point(pending))
        }
    }

    /// An offset with at least a viewport of content above it, where the content allows.
    mutating func randomOffsetWithContentAbove() -> Point {
        let low = Swift.min(visible, endOffset)
        return point(generator.double(low...Swift.max(low, endOffset)))
    }

    /// A random cell wholly above a view at `offset`; `nil` when none is found in a few tries.
    mutating func cellAbove(_ offset: Point) -> ItemPath? {
        let sections = reference.data.sections
        for _ in 0..<32 {
            let section = generator.int(0...Swift.max(0, sections.count - 1))
            let count = reference.data.itemCount(inSection: section)
            guard section < sections.count, count > 0 else { continue }
            let item = generator.int(0...(count - 1))
            guard let frame = reference.frame(ofItem: item, inSection: section) else { continue }
            if along(Point(x: frame.maxX, y: frame.maxY)) <= along(offset) {
                return ItemPath(section: section, item: item)
            }
        }
        return nil
    }

    /// A size for a new item: an item's of the data drawn at random, the estimate where it has none.
    mutating func someSize() -> Size {
        let sections = original.sections
        for _ in 0..<(sections.isEmpty ? 0 : 8) {
            let sizes = sections[generator.int(0...Swift.max(0, sections.count - 1))].itemSizes
            if sizes.count > 0 { return sizes[generator.int(0...(sizes.count - 1))] }
        }
        return LayoutBench.estimatedItemSize
    }

    /// A batch of five deletes and five inserts of cells above a view at `offset`, with the anchor's own cell deleted
    /// too when asked, and a section above when asked and the layout has sections to spare.
    mutating func batchAbove(_ offset: Point, deletingTheAnchor: Bool, deletingASection: Bool) -> [LayoutUpdate]? {
        var deleted = Set<ItemPath>()
        for _ in 0..<5 { if let cell = cellAbove(offset) { deleted.insert(cell) } }
        if deletingTheAnchor, let anchor = reference.firstVisible(at: offset), let item = anchor.item {
            deleted.insert(ItemPath(section: anchor.section, item: item))
        }
        var batch = deleted.sorted().map { LayoutUpdate.deleteItem($0) }
        // Inserts, named after the batch: at the places of the first deletes, which lie above the view.
        for path in deleted.sorted().prefix(5) where path != deleted.sorted().last || !deletingTheAnchor {
            batch.append(.insertItem(path, size: someSize()))
        }
        if deletingASection, reference.data.fixedSectionCount == nil, reference.data.sections.count > 2 {
            let candidates = reference.data.sections.indices.filter { section in
                !deleted.contains { $0.section == section }
                    && (1...1_000).contains(reference.data.itemCount(inSection: section))
                    && (reference.frame(ofItem: reference.data.itemCount(inSection: section) - 1, inSection: section)
                        .map { along(Point(x: $0.maxX, y: $0.maxY)) <= along(offset) } ?? false)
            }
            if let section = candidates.last { batch.append(.deleteSection(section)) }
        }
        return (try? reference.data.check(batch)) != nil && !batch.isEmpty ? batch : nil
    }
}
