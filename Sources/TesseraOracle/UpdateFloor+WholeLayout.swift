import Tessera

extension UpdateFloor {
    /// The elements `batch` must write, found by brute force: both layouts laid out whole, every identity mapped
    /// through the batch item by item (`BatchTokens`), every element's frame as handed out. What
    /// `elements(of:before:after:viewport:reusing:)` is checked against.
    ///
    /// - Parameters:
    ///   - batch: The update: one change, or a `performBatchUpdates` batch, as `CollectionLayout.apply(_:)` takes it.
    ///   - before: The layout's data before the update.
    ///   - after: Its data after the update (`UpdatableLayout.applying(_:)`).
    ///   - viewport: The size of the collection view's bounds.
    /// - Returns: The number of elements the update must write.
    /// - Throws: `LayoutError.invalidUpdate` when the batch does not fit `before`'s data, or `after` does not hold the
    ///   sections and items it leaves.
    /// - Complexity: O(*n*) for the *n* elements of the two layouts, plus O(*b* log *b*) for the *b* updates.
    public static func wholeLayoutElements<Layout: UpdatableLayout>(
        of batch: [LayoutUpdate], before: Layout, after: Layout, viewport: Size
    ) throws(LayoutError) -> Int {
        try before.check(batch)
        let tokens = BatchTokens(batch, before: before)
        let counts = (0..<after.sections.count).map(after.itemCount(inSection:))
        guard tokens.items.map(\.count) == counts else {
            throw .invalidUpdate("the layout after the update does not hold the sections and items the batch leaves")
        }
        let old = LaidOutLayout(before, viewport: viewport)
        let new = LaidOutLayout(after, viewport: viewport)
        // Each old section's start in the old layout's order, its elements right after it.
        var starts: [Int] = []
        var next = 0
        for section in old.sections {
            starts.append(next)
            next += 1 + section.count
        }
        let places = old.sections.map(ElementPlaces.init)
        let axis = before.scrollAxis
        var floor = FloorWalk()
        var previous: Int? = -1

        func visit(_ frame: Rect, counterpart: (section: Int, element: Int)?) {
            guard let counterpart, case let oldFrame = old.frame(counterpart.element, inSection: counterpart.section),
                frame.differsAlong(axis, only: oldFrame)
            else {
                floor.change(counting: 1)
                previous = nil
                return
            }
            let place = starts[counterpart.section] + 1 + counterpart.element
            floor.join(
                shift: frame.position(along: axis) - oldFrame.position(along: axis), continuing: previous == place - 1)
            previous = place
        }

        for section in new.sections.indices {
            var kept: Int?
            if section < tokens.sections.count, case .kept(let source) = tokens.sections[section] { kept = source }
            if let kept {
                floor.join(
                    elements: 0, shift: new.origins[section] - old.origins[kept],
                    continuing: previous == starts[kept] - 1)
                previous = starts[kept]
            } else {
                floor.change(counting: 0)
                previous = nil
            }
            var cells = 0
            var seen: [UInt8: Int] = [:]
            for (element, kind) in new.sections[section].kinds.enumerated() {
                let frame = new.frame(element, inSection: section)
                if kind == .cell {
                    let item = cells < tokens.items[section].count ? tokens.items[section][cells] : nil
                    cells += 1
                    visit(
                        frame, counterpart: kept.flatMap { kept in item.flatMap(places[kept].cell).map { (kept, $0) } })
                    continue
                }
                let occurrence = seen[kind.rawValue, default: 0]
                seen[kind.rawValue] = occurrence + 1
                // A layout's own elements map to themselves; a section's views to its views before the batch.
                let source = kind.rawValue >= ElementKind.firstCustomRawValue ? section : kept
                let counterpart = source.flatMap { source in
                    source < places.count ? places[source].supplementary(kind, occurrence).map { (source, $0) } : nil
                }
                visit(frame, counterpart: counterpart)
            }
        }
        return floor.finish()
    }
}
