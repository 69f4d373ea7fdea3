// Data changes: a change rewrites the sections it touches, in the store's chunks, and moves everything after them
// by one addition a level up the chunk tree: O(m + log n) for a section of m elements, never the sections after it.
extension CollectionLayout where Algorithm: UpdatableLayout {
    /// Applies one update (`performBatchUpdates` with one change). Item updates take a path that allocates nothing once
    /// the chunks have room; section updates go through `apply(_: [LayoutUpdate])`.
    ///
    /// - Parameter update: The change to the layout's data, with its paths as UIKit names them.
    /// - Throws: `LayoutError.invalidUpdate` when the update does not fit the data (a path that names no item, a size
    ///   that is not valid), with nothing changed; for a move or a section update, what `apply(_: [LayoutUpdate])`
    ///   throws.
    /// - Complexity: O(*w* + log *n*) for the *w* elements the layout writes again: from where it resumes before the
    ///   item to where its frames join the laid-out ones (`UpdatableLayout.rewrite(_:after:laidOut:into:viewport:)`),
    ///   or the whole section for a layout that does not resume; plus the edit of the layout's data and a rebuild of
    ///   the index of each chunk written. A move or a section update costs what a batch of one costs.
    @inlinable public mutating func apply(_ update: LayoutUpdate) throws(LayoutError) {
        switch update {
        case .resizeItem(let path, let size), .reloadItem(let path, let size):
            try check(path, size: size, inserting: false, update.name)
        case .insertItem(let path, let size):
            try check(path, size: size, inserting: true, update.name)
        case .deleteItem(let path):
            try check(path, size: .zero, inserting: false, update.name)
        case .moveItem, .insertSection, .deleteSection, .moveSection, .reloadSection:
            return try apply([update])
        }
        applyChecked(update)
    }

    /// Applies an item's resize, reload, insert or delete that `check` has accepted: the data, then the store.
    @inlinable mutating func applyChecked(_ update: LayoutUpdate) {
        switch update {
        case .resizeItem(let path, let size), .reloadItem(let path, let size):
            _algorithm.setSize(kept(size), ofItem: path.item, inSection: path.section)
            if algorithm.readsItemSizes { write(.partial(path.section, after: .resize(path.item))) }
        case .insertItem(let path, let size):
            _algorithm.insertItem(kept(size), at: path.item, inSection: path.section)
            write(.partial(path.section, after: .insert(path.item)))
        case .deleteItem(let path):
            _algorithm.removeItem(at: path.item, inSection: path.section)
            write(.partial(path.section, after: .delete(path.item)))
        case .moveItem, .insertSection, .deleteSection, .moveSection, .reloadSection:
            preconditionFailure("\(update.name) goes through a batch")
        }
    }

    /// UIKit's `performBatchUpdates`: deletes, reloads, resizes and the sources of moves name items and sections as
    /// they were before the batch; inserts and the destinations of moves as they are after it. A batch that does not
    /// fit the data is refused with `LayoutError.invalidUpdate` before anything changes.
    ///
    /// The data and the store change together, in UIKit's order: reloads and resizes, item removals, section removals
    /// from the last, section insertions from the first (a moved section is written again where it lands), item
    /// insertions; then each run of changed items is written again, from where the layout resumes before it to where
    /// its frames join the laid-out ones.
    ///
    /// - Parameter batch: The changes to the layout's data, in any order, with their paths as UIKit names them.
    /// - Throws: `LayoutError.invalidUpdate` when the batch does not fit the data, with nothing changed. When the batch
    ///   changes the number of sections of a layout that keeps a section of its own (the sticky layout's top header,
    ///   with no section in its data), the layout is prepared again, and what `prepare(viewport:)` throws is thrown
    ///   once the data has changed.
    /// - Complexity: O(*b* log *b*) to check and order the *b* updates, with O(*b*) more for each section the batch
    ///   inserts, deletes or moves and O(*m*) for each section of *m* items it inserts or reloads, whose sizes it
    ///   validates; plus O(*w* + log *n*) for each run of changed items, *w* the elements the layout writes again, and
    ///   O(*m* + log *n*) for each section of *m* elements written whole (reloaded, inserted or moved); plus the edits
    ///   of the layout's data and a rebuild of the index of each chunk written. A layout prepared again costs O(*n*).
    @inlinable public mutating func apply(_ batch: [LayoutUpdate]) throws(LayoutError) {
        try apply(BatchPlan(batch, sections: algorithm.sections, fixedSectionCount: algorithm.fixedSectionCount))
    }

    /// Applies a batch its plan has checked: the data and the store change together, in UIKit's order.
    @inlinable mutating func apply(_ plan: BatchPlan) throws(LayoutError) {
        // A layout that keeps a section when its data has none (the sticky layout's top header) is written afresh
        // when its data has or had no section.
        let inStep = _viewport != nil && algorithm.sectionCount == algorithm.sections.count
        var dirty = DirtySections()
        for (section, data) in plan.reloadedSections {
            _algorithm.replaceSection(at: section, with: data)
            dirty.insert(section)
        }
        for (path, size) in plan.resized {
            _algorithm.setSize(kept(size), ofItem: path.item, inSection: path.section)
            if algorithm.readsItemSizes { dirty.insert(.resized, path) }
        }
        for path in plan.removed {
            _algorithm.removeItem(at: path.item, inSection: path.section)
            dirty.insert(.removed, path)
        }
        if plan.changesSections {
            var moved: [Int: LayoutSection] = [:]
            for section in plan.removedSections {
                if plan.movedSections.contains(section) { moved[section] = algorithm.sections[section] }
                _algorithm.removeSection(at: section)
                dirty.remove(section)
                if inStep { write(.removed(section)) }
            }
            for (section, source) in plan.placedSections {
                let data: LayoutSection
                switch source {
                case .new(let inserted): data = inserted
                case .old(let old): data = moved[old]!
                }
                _algorithm.insertSection(data, at: section)
                dirty.open(section)
                if inStep { write(.inserted(section)) }
            }
            if algorithm.firstSectionHoldsLayoutElements, algorithm.sections.count > 0 {
                dirty.insert(0)
                if let formerFirst = plan.newIndex(ofOld: 0) { dirty.insert(formerFirst) }
            }
        }
        for (path, size) in plan.added {
            _algorithm.insertItem(kept(size), at: path.item, inSection: path.section)
            dirty.insert(.added, path)
        }
        guard let viewport = _viewport else { return }
        guard inStep, algorithm.sectionCount == algorithm.sections.count else {
            try prepare(viewport: viewport)
            return
        }
        write(dirty)
        checkInvariants()
    }

    /// Self-sizing: takes the measured sizes of cells laid out from estimates and writes the items they change again.
    /// `invalidate(sizes:keeping:at:)` does the same and returns the content offset that keeps what is on screen in
    /// place (UIKit's `contentOffsetAdjustment`). Refused, with nothing changed, when a path or size is invalid.
    ///
    /// - Parameter sizes: The cells' paths and their measured sizes.
    /// - Throws: `LayoutError.invalidUpdate` when a path names no cell or a size is not valid, with nothing changed.
    /// - Complexity: O(*w* + log *n*) for each run of changed items, *w* the elements the layout writes again.
    @inlinable public mutating func invalidate(sizes: [(path: ItemPath, size: Size)]) throws(LayoutError) {
        for (path, size) in sizes { try check(path, size: size, inserting: false, "invalidate") }
        invalidateChecked(sizes)
    }

    /// Writes the measured sizes `check` has accepted.
    @inlinable mutating func invalidateChecked(_ sizes: [(path: ItemPath, size: Size)]) {
        if sizes.count == 1 {
            // One cell (most frames of a scroll show one new row): its run is written at once, with no batch to
            // gather and sort.
            let (path, size) = sizes[0]
            _algorithm.setSize(kept(size), ofItem: path.item, inSection: path.section)
            guard _viewport != nil, algorithm.readsItemSizes else { return }
            write(.partial(path.section, after: .resize(path.item)))
        } else {
            var dirty = DirtySections()
            for (path, size) in sizes {
                _algorithm.setSize(kept(size), ofItem: path.item, inSection: path.section)
                dirty.insert(.resized, path)
            }
            guard _viewport != nil, algorithm.readsItemSizes else { return }
            write(dirty)
        }
    }

    /// Checks that `path` names an item (or, `inserting`, a place for one) and that `size` is a valid size.
    @inlinable func check(_ path: ItemPath, size: Size, inserting: Bool, _ what: String) throws(LayoutError) {
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
            throw .invalidUpdate(
                "\(what) of \(path) has size \(size.width) × \(size.height); \(LayoutError.lengthRule)")
        }
    }

    /// The size a layout keeps for an item: `.zero` in a layout that does not read sizes, so that its sections
    /// stay one uniform size and an edit never spells out a list of a million sizes nothing reads.
    @inlinable func kept(_ size: Size) -> Size { algorithm.readsItemSizes ? size : .zero }
}

/// A change to the store a data change makes: a section written again whole, inserted or removed, or written
/// again after a run of changed items.
@usableFromInline enum SectionWrite {
    case whole(Int)
    case inserted(Int)
    case removed(Int)
    case partial(Int, after: ItemEdit)
}

// Writing what changed into the store: the layout writes into fresh chunks (`LayoutStore.updateWriter`), as a prepare
// writes, each chunk's index built as it fills, and the store splices them in (`LayoutStore.splice`).
extension CollectionLayout where Algorithm: UpdatableLayout {
    /// Makes `change` in the store, when the layout is prepared; `false`, with nothing changed, when a partial write
    /// reached the section's next change before it could join (`PartialWrite.End.horizon`).
    ///
    /// - Complexity: O(*w* + log *n*) for the *w* elements written, plus a chunk's elements at either end of what they
    ///   replace and the indexes of the chunks written.
    @inlinable @discardableResult mutating func write(_ change: SectionWrite) -> Bool {
        guard let viewport = _viewport else { return true }
        // The write is compiled for the layout's axis and grid, as a prepare's is (the other cases fold away).
        return switch (algorithm.scrollAxis, algorithm.writesOnScrollGrid) {
        case (.vertical, true): write(change, VerticalAsWritten.self, viewport: viewport)
        case (.vertical, false): write(change, VerticalOnGrid.self, viewport: viewport)
        case (.horizontal, true): write(change, HorizontalAsWritten.self, viewport: viewport)
        case (.horizontal, false): write(change, HorizontalOnGrid.self, viewport: viewport)
        }
    }

    /// `write(_:)` for the layout's placement: the indexes moved into a builder for the write, which builds each
    /// chunk's as it fills, and those of the chunks the store changes in place.
    @inlinable mutating func write<Placement: ScrollPlacement>(
        _ change: SectionWrite, _ placement: Placement.Type, viewport: Size
    ) -> Bool {
        var builder = IndexBuilder(indexes: [], empty: emptyIndex, axis: Placement.axis, viewport: viewport)
        swap(&builder.indexes, &indexes)
        let done = withUnsafeMutablePointer(to: &builder) { builder in
            var done = true
            switch change {
            case .whole(let section):
                writeWhole(section, placement, builder, viewport: viewport)
            case .inserted(let section):
                let (origin, start) =
                    section < _store.sectionCount ? _store.record(section) : (_store.length, _store.count)
                var writer = _store.updateWriter(placement, sectionOrigin: origin, finisher: builder)
                writer.beginSection(origin: algorithm.scrollAxis.point(origin))
                let length = ScrollGrid.snapped(algorithm.writeSection(section, into: &writer, viewport: viewport))
                splice(writer, replacing: start..<start, records: section..<section, shift: length)
            case .removed(let section):
                let span = _store.span(ofSection: section)
                let writer = _store.updateWriter(placement, sectionOrigin: span.origin, finisher: builder)
                splice(writer, replacing: span.elements, records: section..<(section + 1), shift: -span.length)
            case .partial(let section, let edit):
                done = writePartially(section, after: edit, placement, builder, viewport: viewport)
            }
            return done
        }
        swap(&builder.indexes, &indexes)
        _contentSize = algorithm.contentSize(length: _store.length, viewport: viewport)
        return done
    }

    /// Writes `section` again from the algorithm's data and moves what follows it by the change of its length.
    @inlinable mutating func writeWhole<Placement: ScrollPlacement>(
        _ section: Int, _ placement: Placement.Type, _ builder: UnsafeMutablePointer<IndexBuilder<Index>>,
        viewport: Size
    ) {
        let span = _store.span(ofSection: section)
        var writer = _store.updateWriter(placement, sectionOrigin: span.origin, finisher: builder)
        writer.beginSection(origin: algorithm.scrollAxis.point(span.origin))
        let length = ScrollGrid.snapped(algorithm.writeSection(section, into: &writer, viewport: viewport))
        splice(
            writer, replacing: span.elements, records: section..<(section + 1), shift: length - span.length)
    }

    /// Writes the items of `section` again after `edit` (the data changed already), from where the layout resumes
    /// before it to where its frames join the laid-out ones, and moves what follows by the change of length; the
    /// whole section when the layout does not resume or the section had no items. `false`, with nothing changed,
    /// when the write reached `edit.horizon`, the section's next change, before it could join.
    @inlinable mutating func writePartially<Placement: ScrollPlacement>(
        _ section: Int, after edit: ItemEdit, _ placement: Placement.Type,
        _ builder: UnsafeMutablePointer<IndexBuilder<Index>>, viewport: Size
    ) -> Bool {
        // One descent finds where the section lies, what the write resumes from and what it replaces.
        let span = _store.span(ofSection: section)
        var writer = _store.updateWriter(placement, sectionOrigin: span.origin, finisher: builder)
        guard let written = writeItems(section, span, after: edit, into: &writer, viewport: viewport) else {
            _store.discard(writer)
            writeWhole(section, placement, builder, viewport: viewport)
            return true
        }
        let start = span.firstCell + written.start
        let records = (section + 1)..<(section + 1)
        switch written.end {
        case .horizon:
            _store.discard(writer)
            return false
        case .joined(let item, let shift):
            let end = span.firstCell + edit.oldItem(ofNew: item)
            splice(writer, replacing: start..<end, records: records, shift: shift)
        case .sectionEnd(let length):
            splice(
                writer, replacing: start..<span.elements.upperBound, records: records,
                shift: ScrollGrid.snapped(length) - span.length)
        }
        return true
    }

    /// The layout's partial write of `section`, which lies at `span`; `nil` when the layout does not resume or the
    /// section had no items. A function of its own, so that the laid-out section's hold on the store ends before
    /// the store changes (a second hold would make the store copy its pool).
    @inlinable func writeItems<Placement: ScrollPlacement>(
        _ section: Int, _ span: LayoutStore.SectionSpan, after edit: ItemEdit,
        into writer: inout LayoutStore.Writer<Placement, IndexBuilder<Index>>, viewport: Size
    ) -> PartialWrite? {
        var laidOut = LaidOutSection(_store, span: span)
        guard laidOut.itemCount > 0 else { return nil }
        return algorithm.rewrite(section, after: edit, laidOut: &laidOut, into: &writer, viewport: viewport)
    }

    /// Writes what a batch changed: each section written whole, or each of its runs of changed items in turn. A
    /// run whose write reaches the next before it joins is written together with every run after it.
    @inlinable mutating func write(_ dirty: DirtySections) {
        guard _viewport != nil else { return }
        var dirty = dirty
        dirty.forEachSection { section, runs in
            guard let runs else {
                write(.whole(section))
                return
            }
            for (index, run) in runs.enumerated() {
                if write(.partial(section, after: run)) { continue }
                write(.partial(section, after: runs[(index + 1)...].reduce(run) { $0.merged(with: $1) }))
                break
            }
        }
    }
}
