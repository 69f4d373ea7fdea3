import Tessera

/// The work floor of an update: the elements it must write, found from the layout's own writes of the data before
/// and after it, with nothing of the engine's store or its bookkeeping.
///
/// Identities are mapped through the update by UIKit's rules: deletes, reloads, resizes and the sources of moves
/// name items and sections as they were before it, inserts and the destinations of moves as they are after it; a
/// layout's own elements (kinds from `ElementKind.firstCustomRawValue` on) map to themselves. The new layout's
/// elements are walked in layout order, each section's start with them. An element is a change point, and counted,
/// when it has nothing before the update to come from (inserted, reloaded, or in a section inserted, reloaded or
/// moved), is a moved item, or its frame differs from its old one by more than a move along the scroll axis; a
/// section's start is one when the section is inserted, reloaded or moved. Between matched elements whose old
/// counterparts do not follow one another, something was removed or moved away: a change point that counts
/// nothing. The matched elements between change points are counted as `FloorWalk` says: all but the longest run of
/// one shift, which the engine moves in O(log *n*).
///
/// `wholeLayoutElements` lays out both layouts whole; `elements` lays out only the sections the update changes,
/// every layout here restarting each section from its origin, so that an unchanged section is one run of one
/// shift. The two agree (the tests check it on random layouts and batches).
public enum UpdateFloor {
    /// The elements `batch` must write, found section by section: only the sections it changes are laid out, before
    /// and after it, and the sections it leaves alone are runs of one shift whose elements are counted only as far
    /// as the count needs them. `laidOut` gives the sections of `before` laid out already (for `viewport`), and is
    /// left holding the sections of `after` laid out here, for the next update's floor.
    ///
    /// - Parameters:
    ///   - batch: The update: one change, or a `performBatchUpdates` batch, as `CollectionLayout.apply(_:)` takes it.
    ///   - before: The layout's data before the update.
    ///   - after: Its data after the update (`UpdatableLayout.applying(_:)`).
    ///   - viewport: The size of the collection view's bounds.
    ///   - laidOut: Sections of `before` laid out for `viewport` (whatever it holds for another viewport is not read);
    ///     on return, the sections of `after` laid out here.
    /// - Returns: The number of elements the update must write.
    /// - Throws: `LayoutError.invalidUpdate` when the batch does not fit `before`'s data, or `after` does not hold the
    ///   sections and items it leaves.
    /// - Complexity: O(*b* log *b*) for the *b* updates, plus O(*m*) for each section the update changes, of *m*
    ///   elements before and after it, plus the elements of unchanged sections weighed where a segment's free run
    ///   is decided among them (at most as many as the sections laid out hold, except where that run lies among
    ///   several stretches of unchanged sections).
    ///
    /// Inlinable, so that the layouts' writes are specialised where their types are known.
    @inlinable public static func elements<Layout: UpdatableLayout>(
        of batch: [LayoutUpdate], before: Layout, after: Layout, viewport: Size, reusing laidOut: inout LaidOutSections
    ) throws(LayoutError) -> Int {
        try before.check(batch)
        return try count(batch, FloorLayouts(before: before, after: after, viewport: viewport), reusing: &laidOut)
    }

    /// `elements(of:before:after:viewport:reusing:)` once the batch is known to fit the data before it.
    @usableFromInline static func count(
        _ batch: [LayoutUpdate], _ layouts: FloorLayouts, reusing laidOut: inout LaidOutSections
    )
        throws(LayoutError) -> Int
    {
        let map = BatchMap(batch)
        guard layouts.dataAfter == layouts.dataBefore + map.sectionCountChange else {
            throw .invalidUpdate(
                "the layout after the update holds \(layouts.dataAfter) sections; the batch leaves "
                    + "\(layouts.dataBefore + map.sectionCountChange)")
        }
        var walker = SectionWalker(
            layouts, map: map, reused: laidOut.viewport == layouts.viewport ? laidOut.sections : [:])
        let count = try walker.count()
        laidOut = LaidOutSections(viewport: layouts.viewport, sections: walker.laidOutAfter)
        return count
    }
}

/// What the walk of `UpdateFloor.elements` reads of the layouts before and after an update, as closures: the walk
/// itself is then compiled once, for no layout type, and runs at the speed of plain code on each element, where a walk
/// generic over the layout and not specialised paid for its own fields' places on every one. Made where the
/// layouts' types are known, so that their writes are specialised.
@usableFromInline struct FloorLayouts {
    let axis: ScrollAxis
    let viewport: Size
    /// The sections of the data before and after the update.
    let dataBefore: Int
    let dataAfter: Int
    /// The sections of the layout after the update: the data's, and any of the layout's own beyond them.
    let sectionsAfter: Int
    /// The sections of the layout before the update.
    let sectionsBefore: Int
    let firstSectionHoldsLayoutElements: Bool
    let elementsBefore: (Int) -> Int
    let itemsBefore: (Int) -> Int
    let itemsAfter: (Int) -> Int
    let layOutBefore: (Int) -> RecordedSection
    let layOutAfter: (Int) -> RecordedSection

    @inlinable init<Layout: UpdatableLayout>(before: Layout, after: Layout, viewport: Size) {
        self.init(
            axis: after.scrollAxis, viewport: viewport, dataBefore: before.sections.count,
            dataAfter: after.sections.count, sectionsAfter: after.sectionCount, sectionsBefore: before.sectionCount,
            firstSectionHoldsLayoutElements: before.firstSectionHoldsLayoutElements,
            elementsBefore: before.elementCount(inSection:), itemsBefore: before.itemCount(inSection:),
            itemsAfter: after.itemCount(inSection:),
            layOutBefore: { RecordedSection($0, of: before, viewport: viewport) },
            layOutAfter: { RecordedSection($0, of: after, viewport: viewport) })
    }

    @usableFromInline init(
        axis: ScrollAxis, viewport: Size, dataBefore: Int, dataAfter: Int, sectionsAfter: Int, sectionsBefore: Int,
        firstSectionHoldsLayoutElements: Bool, elementsBefore: @escaping (Int) -> Int,
        itemsBefore: @escaping (Int) -> Int, itemsAfter: @escaping (Int) -> Int,
        layOutBefore: @escaping (Int) -> RecordedSection, layOutAfter: @escaping (Int) -> RecordedSection
    ) {
        self.axis = axis
        self.viewport = viewport
        self.dataBefore = dataBefore
        self.dataAfter = dataAfter
        self.sectionsAfter = sectionsAfter
        self.sectionsBefore = sectionsBefore
        self.firstSectionHoldsLayoutElements = firstSectionHoldsLayoutElements
        self.elementsBefore = elementsBefore
        self.itemsBefore = itemsBefore
        self.itemsAfter = itemsAfter
        self.layOutBefore = layOutBefore
        self.layOutAfter = layOutAfter
    }
}

/// An element's place in the layout before an update: its section and its number there, -1 for the section's start.
struct OldPlace: Equatable {
    var section: Int
    var element: Int

    /// Before the layout's first section: where the walk starts.
    static let start = OldPlace(section: -1, element: -1)
}

/// The walk of `UpdateFloor.elements`: the sections after the update in order, each changed one laid out before and
/// after it, each stretch of unchanged ones one run.
private struct SectionWalker {
    let layouts: FloorLayouts
    let map: BatchMap
    /// Sections of `before` laid out, by number.
    var reused: [Int: RecordedSection]
    /// Sections of `after` laid out, by number.
    var laidOutAfter: [Int: RecordedSection] = [:]
    var floor: FloorWalk

    /// The old place of the last matched element of the segment; `nil` after a change point.
    private var previous: OldPlace? = .start
    /// The new layout's origin of the section of the last matched element less the old layout's origin of its
    /// counterpart's section, up to a constant of the segment (none in the first segment, which starts at 0).
    private var shift = 0.0
    /// The sections, after and before, of the last matched element and its counterpart, and their lengths; `nil`
    /// lengths for a stretch of unchanged sections, whose lengths are equal.
    private var newSection = -1
    private var oldSection = -1
    private var lengths: (new: Double, old: Double)? = (0, 0)

    init(_ layouts: FloorLayouts, map: BatchMap, reused: [Int: RecordedSection]) {
        self.layouts = layouts
        self.map = map
        self.reused = reused
        floor = FloorWalk { sections, cap in
            var total = 0
            for section in sections where total < cap { total += layouts.elementsBefore(section) }
            return total
        }
    }

    mutating func count() throws(LayoutError) -> Int {
        let oldData = layouts.dataBefore
        let newData = layouts.dataAfter
        var old = 0
        var new = 0
        while new < layouts.sectionsAfter {
            // A section with nothing before it: inserted, moved in, or the layout's own beyond its data.
            if new >= newData || map.isPlaced(new) {
                visitReplaced(new, layouts.layOutAfter(new))
                new += 1
                continue
            }
            while old < oldData, map.isRemoved(old) { old += 1 }
            guard old < oldData else {
                throw .invalidUpdate("the layout after the update holds more sections than the batch leaves")
            }
            if map.changes(old: old, new: new, firstSectionHoldsLayoutElements: layouts.firstSectionHoldsLayoutElements)
            {
                try visitChanged(new: new, old: old)
                new += 1
                old += 1
            } else {
                let count = map.unchangedRun(old: old, new: new, limit: Swift.min(newData - new, oldData - old))
                visitUnchanged(new: new, old: old, count: count)
                new += count
                old += count
            }
        }
        return floor.finish()
    }

    /// Sections `new..<new + count`, the same as `old..<old + count` before the update: one run, at one shift.
    private mutating func visitUnchanged(new: Int, old: Int, count: Int) {
        let lastSection = old + count - 1
        join(
            new: new, OldPlace(section: old, element: -1), newPosition: 0, oldPosition: 0,
            through: OldPlace(section: lastSection, element: layouts.elementsBefore(lastSection) - 1),
            sections: old..<old + count)
        newSection = new + count - 1
        oldSection = lastSection
        lengths = nil
    }

    /// Section `new` after the update, kept from `old` before it: laid out both ways and walked element by element.
    private mutating func visitChanged(new: Int, old: Int) throws(LayoutError) {
        let written = layouts.layOutAfter(new)
        laidOutAfter[new] = written
        guard !map.isReloaded(old) else {
            visitReplaced(new, written)
            return
        }
        let sources = map.items(old: old, new: new, count: layouts.itemsBefore(old))
        guard sources.count == layouts.itemsAfter(new) else {
            throw .invalidUpdate(
                "section \(new) after the update holds \(layouts.itemsAfter(new)) items; the batch leaves "
                    + "\(sources.count)")
        }
        let laid = laidOutBefore(old)
        let places = ElementPlaces(laid)
        join(
            new: new, OldPlace(section: old, element: -1), newPosition: 0, oldPosition: 0,
            lengths: (written.length, laid.length))
        var cells = 0
        var seen: [UInt8: Int] = [:]
        for element in written.kinds.indices {
            let kind = written.kinds[element]
            let counterpart: Int?
            if kind == .cell {
                counterpart = sources[cells] == BatchMap.noItem ? nil : places.cell(sources[cells])
                cells += 1
            } else {
                let occurrence = seen[kind.rawValue, default: 0]
                seen[kind.rawValue] = occurrence + 1
                if kind.rawValue >= ElementKind.firstCustomRawValue, new != old {
                    visitOwn(kind, occurrence: occurrence, new: new, element: element, in: written)
                    continue
                }
                counterpart = places.supplementary(kind, occurrence)
            }
            visit(
                element, of: written, new: new, counterpart: counterpart.map { OldPlace(section: old, element: $0) },
                in: laid)
        }
    }

    /// Section `new` after the update with nothing before it to come from: its start and its elements are change
    /// points, but for the layout's own elements, which map to themselves.
    private mutating func visitReplaced(_ new: Int, _ written: RecordedSection) {
        laidOutAfter[new] = written
        floor.change(counting: 0)
        previous = nil
        var seen: [UInt8: Int] = [:]
        for element in written.kinds.indices {
            let kind = written.kinds[element]
            guard kind.rawValue >= ElementKind.firstCustomRawValue else {
                floor.change(counting: 1)
                previous = nil
                continue
            }
            let occurrence = seen[kind.rawValue, default: 0]
            seen[kind.rawValue] = occurrence + 1
            visitOwn(kind, occurrence: occurrence, new: new, element: element, in: written)
        }
    }

    /// One of the layout's own elements, the `occurrence`th of its kind in section `new`: it maps to the same
    /// element of the same section before the update.
    private mutating func visitOwn(
        _ kind: ElementKind, occurrence: Int, new: Int, element: Int, in written: RecordedSection
    ) {
        guard new < layouts.sectionsBefore else {
            floor.change(counting: 1)
            previous = nil
            return
        }
        let laid = laidOutBefore(new)
        let counterpart = laid.element(ofKind: kind, occurrence: occurrence)
        visit(
            element, of: written, new: new, counterpart: counterpart.map { OldPlace(section: new, element: $0) },
            in: laid)
    }

    /// Element `element` of section `new` after the update, with its counterpart before it, if it has one, in
    /// `laid`.
    private mutating func visit(
        _ element: Int, of written: RecordedSection, new: Int, counterpart: OldPlace?, in laid: RecordedSection
    ) {
        let axis = layouts.axis
        let frame = written.frames[element]
        guard let counterpart, case let old = laid.frames[counterpart.element], frame.differsAlong(axis, only: old)
        else {
            floor.change(counting: 1)
            previous = nil
            return
        }
        join(
            new: new, counterpart, newPosition: frame.position(along: axis), oldPosition: old.position(along: axis),
            lengths: (written.length, laid.length), elements: 1)
    }

    /// Matched elements from `place` to `last` before the update, the first at `newPosition` in section `new`
    /// after it and `oldPosition` in its counterpart's section before it, with the unchanged `sections`.
    private mutating func join(
        new: Int, _ place: OldPlace, newPosition: Double, oldPosition: Double, through last: OldPlace? = nil,
        lengths sections: (new: Double, old: Double)? = nil, elements: Int = 0,
        sections unchanged: Range<Int>? = nil
    ) {
        // Not `previous.map`: a closure would copy the walker, every element.
        var continuing = false
        if let previous { continuing = follows(previous, place) }
        if continuing {
            // The origins move on by the lengths of the sections left; unchanged sections' lengths are equal.
            if let lengths {
                if new != newSection { shift += lengths.new }
                if place.section != oldSection { shift -= lengths.old }
            }
        } else {
            shift = 0
        }
        floor.join(
            elements: elements, sections: unchanged, shift: shift + newPosition - oldPosition, continuing: continuing)
        previous = last ?? place
        newSection = new
        oldSection = place.section
        if let sections { lengths = sections }
    }

    /// Whether `next` comes right after `place` in the layout before the update, each section's start before its
    /// elements.
    private func follows(_ place: OldPlace, _ next: OldPlace) -> Bool {
        if next.section == place.section { return next.element == place.element + 1 }
        guard next.section == place.section + 1, next.element == -1 else { return false }
        let last = place.section < 0 ? -1 : layouts.elementsBefore(place.section) - 1
        return place.element == last
    }

    /// Section `old` of the layout before the update, laid out once.
    private mutating func laidOutBefore(_ old: Int) -> RecordedSection {
        if let laid = reused[old] { return laid }
        let laid = layouts.layOutBefore(old)
        reused[old] = laid
        return laid
    }
}
