// Data changes: a change costs the sections it touches (each rewritten and its index rebuilt) plus O(s) scalars
// to move the origins of the sections after it, never the whole layout.
extension CollectionLayout where Algorithm: UpdatableLayout {
    /// Applies one update (`performBatchUpdates` with one change). Item updates take a path that allocates nothing
    /// once the section's buffers have room; section updates go through `apply(_: [LayoutUpdate])`.
    ///
    /// - Complexity: O(*m* + *s*) for the *m* elements of the section changed and *s* sections.
    @inlinable public mutating func apply(_ update: LayoutUpdate) throws(LayoutError) {
        switch update {
        case let .resizeItem(path, size), let .reloadItem(path, size):
            try check(path, size: size, inserting: false, update.name)
            let size = kept(size)
            _algorithm.editItems(ofSection: path.section) { $0.set(size, at: path.item) }
            if algorithm.readsItemSizes { relayOut(section: path.section) }
        case let .insertItem(path, size):
            try check(path, size: size, inserting: true, update.name)
            let size = kept(size)
            _algorithm.editItems(ofSection: path.section) { $0.insert(size, at: path.item) }
            relayOut(section: path.section)
        case let .deleteItem(path):
            try check(path, size: .zero, inserting: false, update.name)
            _algorithm.editItems(ofSection: path.section) { $0.remove(at: path.item) }
            relayOut(section: path.section)
        case .moveItem, .insertSection, .deleteSection, .moveSection, .reloadSection:
            try apply([update])
        }
    }

    /// UIKit's `performBatchUpdates`: deletes, reloads, resizes and the sources of moves name items and sections
    /// as they were before the batch; inserts and the destinations of moves as they are after it. A batch that
    /// does not fit the data is refused with `LayoutError.invalidUpdate` before anything changes.
    ///
    /// - Complexity: O(*b* log *b*) to check the *b* updates, plus O(*m*) for every section they touch (rewritten
    ///   once however many updates touch it), plus O(*s*) for *s* sections.
    @inlinable public mutating func apply(_ batch: [LayoutUpdate]) throws(LayoutError) {
        let (dirty, firstMoved) = try editData(for: batch)
        guard let viewport = _viewport else { return }
        // A layout that keeps a section when it has none (the sticky layout's top header) is written afresh.
        guard _store.sectionCount == algorithm.sectionCount else {
            try prepare(viewport: viewport)
            return
        }
        // Inlined into the caller, so each section is written by the caller's concrete layout and index.
        var first = firstMoved
        for section in dirty.indices where dirty[section] {
            first = Swift.min(first, section)
            rewrite(section: section, viewport: viewport)
        }
        placeSections(from: first, viewport: viewport)
    }

    /// Checks `batch` and applies it to the data, moving laid-out sections with their data; returns, per section
    /// after the batch, whether it must be written again, and the first section whose index changed.
    @usableFromInline mutating func editData(for batch: [LayoutUpdate]) throws(LayoutError) -> (dirty: [Bool], firstMoved: Int) {
        let plan = try BatchPlan(batch, sections: algorithm.sections, fixedSectionCount: algorithm.fixedSectionCount)
        let prepared = _viewport != nil
        var dirty = Array(repeating: false, count: algorithm.sectionCount)
        for (section, data) in plan.reloadedSections {
            _algorithm.replaceSection(at: section, with: data)
            dirty[section] = true
        }
        for (path, size) in plan.resized {
            let size = kept(size)
            _algorithm.editItems(ofSection: path.section) { $0.set(size, at: path.item) }
            dirty[path.section] = dirty[path.section] || algorithm.readsItemSizes
        }
        for path in plan.removed {
            _algorithm.editItems(ofSection: path.section) { $0.remove(at: path.item) }
            dirty[path.section] = true
        }
        var firstMoved = algorithm.sectionCount
        if let sources = plan.sources {
            // Moved sections keep their data, their relative frames and their index; only their origin changes.
            var aside: [Int: MovedSection] = [:]
            for section in plan.removedSections {
                firstMoved = Swift.min(firstMoved, section)
                var moved = MovedSection(data: algorithm.sections[section], dirty: dirty.remove(at: section))
                _algorithm.removeSection(at: section)
                if prepared {
                    moved.laidOut = (_store.removeSection(at: section), indexes.remove(at: section))
                }
                if plan.movedSections.contains(section) { aside[section] = moved }
            }
            for (section, source) in sources.enumerated() {
                switch source {
                case let .new(data):
                    firstMoved = Swift.min(firstMoved, section)
                    _algorithm.insertSection(data, at: section)
                    dirty.insert(true, at: section)
                    if prepared {
                        _store.insertSection(AttributeStore(), at: section)
                        indexes.insert(emptyIndex, at: section)
                    }
                case let .old(old):
                    guard let moved = aside[old] else { continue }
                    firstMoved = Swift.min(firstMoved, section)
                    _algorithm.insertSection(moved.data, at: section)
                    dirty.insert(moved.dirty, at: section)
                    if let (placed, index) = moved.laidOut {
                        _store.insertSection(placed.store, placement: placed.placement, at: section)
                        indexes.insert(index, at: section)
                    }
                }
            }
            if algorithm.firstSectionHoldsLayoutElements, !dirty.isEmpty {
                dirty[0] = true
                if let formerFirst = sources.firstIndex(of: .old(0)) { dirty[formerFirst] = true }
            }
        }
        for (path, size) in plan.added {
            let size = kept(size)
            _algorithm.editItems(ofSection: path.section) { $0.insert(size, at: path.item) }
            dirty[path.section] = true
        }
        return (dirty, firstMoved)
    }

    /// Self-sizing: takes the measured sizes of cells laid out from estimates, rewrites each section they touch
    /// once, and returns the content-offset adjustment that keeps what is on screen where it was when cells above
    /// it changed (UIKit's `contentOffsetAdjustment`): how far the first element showing at `contentOffset` moved.
    /// Zero when no cell above the offset changed. Refused, with nothing changed, when a path or size is invalid.
    ///
    /// - Complexity: O(*m*) for each section touched, plus O(*s*) for *s* sections.
    @inlinable public mutating func invalidate(
        sizes: [(path: ItemPath, size: Size)], contentOffset: Point
    ) throws(LayoutError) -> Point {
        for (path, size) in sizes { try check(path, size: size, inserting: false, "invalidate") }
        // The anchor is read from the frames before the sizes change them.
        let axis = algorithm.scrollAxis
        let top = axis == .vertical ? contentOffset.y : contentOffset.x
        var above = false
        if _viewport != nil {
            for (path, _) in sizes {
                let cell = _store.cellRange(ofSection: path.section).lowerBound + path.item
                above = above || AxisRect(_store.frame(at: cell), along: axis).scrollMax <= top
            }
        }
        let anchor = above ? _store.anchor(at: top) : nil
        var first = Int.max
        var last = -1
        for (path, size) in sizes {
            let size = kept(size)
            _algorithm.editItems(ofSection: path.section) { $0.set(size, at: path.item) }
            first = Swift.min(first, path.section)
            last = Swift.max(last, path.section)
        }
        guard let viewport = _viewport else { return .zero }
        guard algorithm.readsItemSizes, first <= last else { return .zero }
        // Sections touched, each once: the paths are few, so a scan of them per section beats sorting a copy.
        for section in first...last where sizes.contains(where: { $0.path.section == section }) {
            rewrite(section: section, viewport: viewport)
        }
        placeSections(from: first, viewport: viewport)
        guard let anchor else { return .zero }
        let moved = AxisRect(_store.frame(inSection: anchor.section, at: anchor.position), along: axis).scrollMin - anchor.near
        return axis.point(moved)
    }

    /// Checks that `path` names an item (or, `inserting`, a place for one) and that `size` is a valid size.
    @usableFromInline func check(_ path: ItemPath, size: Size, inserting: Bool, _ what: String) throws(LayoutError) {
        // The sections of the data, not of the layout: the sticky layout keeps one for its top header when it has none.
        let sections = algorithm.fixedSectionCount ?? algorithm.sections.count
        guard path.section >= 0, path.section < sections else {
            throw .invalidUpdate("\(what) names section \(path.section), but the layout has \(sections) sections")
        }
        let count = algorithm.itemCount(inSection: path.section)
        guard path.item >= 0, path.item < count + (inserting ? 1 : 0) else {
            throw .invalidUpdate("\(what) names \(path), but section \(path.section) has \(count) items")
        }
        guard size.isValidExtent else {
            throw .invalidUpdate("\(what) of \(path) has size \(size.width) × \(size.height); \(LayoutError.lengthRule)")
        }
    }

    /// Rewrites one section and places the sections from it on, when the layout is prepared.
    @inlinable mutating func relayOut(section: Int) {
        guard let viewport = _viewport else { return }
        rewrite(section: section, viewport: viewport)
        placeSections(from: section, viewport: viewport)
    }

    /// A section a batch moves, between its removal and its insertion: its data, whether the batch changed its
    /// items, and, in a prepared layout, its frames, placement and index.
    private struct MovedSection {
        var data: LayoutSection
        var dirty: Bool
        var laidOut: (placed: (store: AttributeStore, placement: SectionPlacement), index: Index)?
    }

    /// The size a layout keeps for an item: `.zero` in a layout that does not read sizes, so that its sections
    /// stay one uniform size and an edit never spells out a list of a million sizes nothing reads.
    @inlinable func kept(_ size: Size) -> Size { algorithm.readsItemSizes ? size : .zero }
}

// What a prepare and an update share: writing a section and placing the sections after it.
extension CollectionLayout {
    /// Writes `section` from the algorithm's data and rebuilds its index.
    @inlinable mutating func rewrite(section: Int, viewport: Size) {
        let algorithm = algorithm
        _store.rewriteSection(section, elementCount: algorithm.elementCount(inSection: section)) { writer in
            algorithm.writeSection(section, into: &writer, viewport: viewport)
        }
        indexes[section].build(over: _store.sectionStores[section], axis: algorithm.scrollAxis, viewport: viewport)
        _store.recordSpan(ofSection: section, indexes[section].builtSpan)
    }

    /// Places the sections from `section` on and takes the new content size.
    @inlinable mutating func placeSections(from section: Int, viewport: Size) {
        _store.place(from: section)
        _contentSize = algorithm.contentSize(length: _store.length, viewport: viewport)
        assert(invariantViolation() == nil, "\(Index.self): \(invariantViolation() ?? "")")
    }
}

