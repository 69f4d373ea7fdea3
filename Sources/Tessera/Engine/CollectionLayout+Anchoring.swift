// Changes that keep what the user is looking at where it was on screen (`ScrollAnchor`): the anchor's element is
// found in the layout before the change, with its distance from the viewport's edge; after the change, the content
// offset that puts it at that distance again is returned, clamped to the content. The layout follows the element
// through the change by its number (`FollowedElement`), so that it is found after it with one descent; its identity
// is taken before the change only when the change may remove it, or rewrites the whole store. Finding and placing
// it costs a few descents of the store, O(log n), beyond the change's own work, and allocates nothing.
extension CollectionLayout {
    /// What a change keeps of an anchor, found before the change: the element that keeps its place and how far its
    /// near edge (its far edge, when `trailing`) lies from the viewport's edge.
    @usableFromInline struct KeptPlace: Sendable {
        /// The element's layout-order number before the change, which the layout follows through it; `nil` when
        /// nothing is kept (nothing visible, nothing kept in place) and the offset is only clamped.
        @usableFromInline var number: Int?
        /// The element's identity after the change, taken before it when the change may remove the element or
        /// rewrites the whole store; otherwise `nil`, and the element is found by its number.
        @usableFromInline var element: ElementID?
        @usableFromInline var distance: Double
        /// Kept at the viewport's trailing edge (`lastVisible`), not its leading one.
        @usableFromInline var trailing: Bool
        /// The view follows the content's end (`contentEnd`, at the end).
        @usableFromInline var followsEnd: Bool

        @inlinable init(
            number: Int?, element: ElementID? = nil, distance: Double = 0, trailing: Bool = false,
            followsEnd: Bool = false
        ) {
            (self.number, self.element, self.distance) = (number, element, distance)
            (self.trailing, self.followsEnd) = (trailing, followsEnd)
        }
    }

    /// Where `anchor` is at `offset` in a viewport of `viewport`, and which element keeps its place through a change
    /// whose identities `identities` gives: the anchor's own, or when the change does not keep it in place, the
    /// nearest after it in layout order that it keeps (else the nearest before it).
    ///
    /// - Throws: `LayoutError.invalidAnchor` for an offset that is not finite or an anchor that names no item.
    /// - Complexity: O(log *n*) to find the anchor, and O((1 + *v*) log *n*) more for each element the walk passes:
    ///   those the change removes (a section it removes is passed at once).
    @inlinable mutating func keptPlace(
        _ anchor: ScrollAnchor, at offset: Point, viewport: Size, through identities: some UpdateIdentities
    ) throws(LayoutError) -> KeptPlace {
        guard offset.x.isFinite, offset.y.isFinite else {
            throw .invalidAnchor("the content offset \(offset.x), \(offset.y) is not a finite point")
        }
        let axis = _algorithm.scrollAxis
        let visibleRect = Rect(origin: offset, size: viewport)
        let visible = AxisRect(visibleRect, along: axis)
        let element: LayoutStore.ElementPlace?
        let edge: Double
        var trailing = false
        switch anchor {
        case .firstVisible:
            (element, edge) = (shown(in: visibleRect, last: false), visible.scrollMin)
        case .lastVisible:
            (element, edge, trailing) = (shown(in: visibleRect, last: true), visible.scrollMax, true)
        case .item(let path, let inside):
            guard inside.isFinite else { throw .invalidAnchor("the offset in \(path) is \(inside), not finite") }
            guard let index = _store.index(of: .cell(section: path.section, item: path.item)) else {
                throw .invalidAnchor("the anchor names \(path), which the layout does not hold")
            }
            let place = _store.place(ofElement: index)
            (element, edge) = (place, AxisRect(_store.frame(at: place), along: axis).scrollMin + inside)
        case .contentEnd:
            let length = axis == .vertical ? _contentSize.height : _contentSize.width
            if visible.scrollMax >= length - ScrollAnchor.endTolerance {
                return KeptPlace(number: nil, followsEnd: true)
            }
            (element, edge, trailing) = (shown(in: visibleRect, last: true), visible.scrollMax, true)
        }
        guard let element, let found = survivor(from: element, through: identities) else {
            return KeptPlace(number: nil)
        }
        let frame = AxisRect(found.frame, along: axis)
        return KeptPlace(
            number: found.number, element: found.id, distance: (trailing ? frame.scrollMax : frame.scrollMin) - edge,
            trailing: trailing)
    }

    /// The layout's anchor buffer, its own to write: a copy of the layout shares the buffer until one of them
    /// anchors, and that one takes a buffer of its own.
    ///
    /// - Complexity: O(1).
    @inlinable mutating func ownAnchorBuffer() -> AnchorBuffer {
        if !isKnownUniquelyReferenced(&anchorBuffer) { anchorBuffer = AnchorBuffer() }
        return anchorBuffer.unsafelyUnwrapped
    }

    /// The first element in layout order whose frame meets `rect` (strictly, as `Rect.intersects`), or with `last`
    /// the last, and where it lies: the chunks the query would search, in order (from the end, with `last`), each
    /// asked by its index for its first (or last) element meeting the rect, until one has one; `nil` when none does.
    /// An index that runs its whole query for that writes it into a buffer the layout keeps.
    ///
    /// - Complexity: O(log *n*) for each chunk visited, and each one's search.
    @inlinable mutating func shown(in rect: Rect, last: Bool) -> LayoutStore.ElementPlace? {
        let axis = _algorithm.scrollAxis
        let query = AxisRect(rect, along: axis)
        let margin = _store.searchMargin
        return ownAnchorBuffer().withAnswer { scratch in
            _store.firstAnswer(meeting: query, margin: margin, fromEnd: last) { place in
                let chunkQuery = ChunkQuery(query, base: place.base, firstElement: 0, margin: margin)
                let offset = indexes[Int(place.chunk)].firstElement(
                    meeting: chunkQuery, in: ElementChunk(_store.pool[place.chunk]), axis: axis, last: last,
                    scratch: &scratch)
                return offset.map { LayoutStore.ElementPlace(chunk: place, offset: $0) }
            }
        }
    }

    /// The element the change keeps in place nearest to `element`: itself, else the first after it, else the last
    /// before it; its number and frame before the change, and its identity after it unless the change keeps every
    /// element of its section (`UpdateIdentities.followsByNumber(section:)`). `element` itself is read where it
    /// lies, with no descent.
    @inlinable func survivor(from element: LayoutStore.ElementPlace, through identities: some UpdateIdentities) -> (
        number: Int, id: ElementID?, frame: Rect
    )? {
        let (section, frame) = _store.sectionAndFrame(at: element)
        if identities.followsByNumber(section: section) { return (element.index, nil, frame) }
        var index = element.index
        var read: LayoutStore.ElementPlace? = element
        while index < _store.count {
            let (id, frame) = read.map(_store.identityAndFrame(at:)) ?? _store.identityAndFrame(at: index)
            read = nil
            switch identities.fate(ofSection: id.section) {
            case .removed:
                index =
                    id.section + 1 < _store.sectionCount ? _store.firstElement(ofSection: id.section + 1) : _store.count
            case .kept:
                if let kept = identities.identity(after: id) { return (index, kept, frame) }
                index += 1
            }
        }
        index = element.index - 1
        while index >= 0 {
            let (id, frame) = _store.identityAndFrame(at: index)
            switch identities.fate(ofSection: id.section) {
            case .removed:
                index = _store.firstElement(ofSection: id.section) - 1
            case .kept:
                if let kept = identities.identity(after: id) { return (index, kept, frame) }
                index -= 1
            }
        }
        return nil
    }

    /// The content offset after a change that puts `kept` back at its distance from the edge of a viewport of
    /// `viewport`, from `offset` before it (its cross-axis coordinate kept), clamped to the content; `followed` is
    /// what following the element through the change gave (`unfollow()`).
    ///
    /// - Complexity: O(log *n*) to find the element by number; O((1 + *v*) log *n*) by identity.
    @inlinable func contentOffset(
        keeping kept: KeptPlace, followed: FollowedElement, through identities: some UpdateIdentities,
        from offset: Point, viewport: Size
    ) -> Point {
        let axis = _algorithm.scrollAxis
        let (length, visible) =
            axis == .vertical ? (_contentSize.height, viewport.height) : (_contentSize.width, viewport.width)
        var along = axis == .vertical ? offset.y : offset.x
        if kept.followsEnd {
            along = length - visible
        } else if let found = frame(after: kept, followed: followed, through: identities) {
            let frame = AxisRect(found, along: axis)
            let edge = (kept.trailing ? frame.scrollMax : frame.scrollMin) - kept.distance
            along = kept.trailing ? edge - visible : edge
        }
        let moved = axis == .vertical ? Point(x: offset.x, y: along) : Point(x: along, y: offset.y)
        return moved.clampedContentOffset(content: _contentSize, viewport: viewport)
    }

    /// The frame after the change of the element `kept` keeps: by its number when the layout followed it through the
    /// change, else by its identity after it (taken before the change, or from the identity a splice found when it
    /// replaced the element).
    ///
    /// - Complexity: O(log *n*) by number; O((1 + *v*) log *n*) by identity.
    @inlinable func frame(after kept: KeptPlace, followed: FollowedElement, through identities: some UpdateIdentities)
        -> Rect?
    {
        guard kept.number != nil else { return nil }
        switch followed {
        case .at(let index): return _store.frame(at: index)
        case .replaced(let before) where kept.element == nil:
            return identities.identity(after: before).flatMap(frame(of:))
        case .replaced, .nothing: return kept.element.flatMap(frame(of:))
        }
    }

    /// The frame of the element `id` names, if the store holds it: a cell's from its section's record
    /// (`LayoutStore.frame(ofCell:inSection:)`), a supplementary view's by a search of its section.
    ///
    /// - Complexity: O(log *n*) for a cell; O((1 + *v*) log *n*) for a section of *v* supplementary views.
    @inlinable func frame(of id: ElementID) -> Rect? {
        guard id.kind == .cell else { return _store.index(of: id).map(_store.frame(at:)) }
        guard id.section >= 0, id.section < _store.sectionCount, id.item >= 0 else { return nil }
        return _store.frame(ofCell: id.item, inSection: id.section)
    }

    /// `prepare(viewport:)` that keeps `anchor`: after a rotation or a width change, the anchor's element keeps its
    /// distance from the edge of the viewport it is anchored to (the leading edge; the trailing edge for
    /// `lastVisible` and `contentEnd`), in the new viewport.
    ///
    /// - Parameters:
    ///   - viewport: The size of the collection view's new bounds.
    ///   - anchor: What to keep in place; the first visible element by default.
    ///   - contentOffset: The content offset before the change, in the viewport prepared last.
    /// - Returns: The content offset to set: the anchor in place, clamped to the content. Before the first prepare,
    ///   `contentOffset` clamped.
    /// - Throws: What `prepare(viewport:)` throws; `LayoutError.invalidAnchor` for an offset that is not finite or an
    ///   anchor that names no item. Either leaves the layout as it was.
    /// - Complexity: That of `prepare(viewport:)`, plus O(log *n*) for the anchor.
    @inlinable public mutating func prepare(
        viewport: Size, keeping anchor: ScrollAnchor = .firstVisible, at contentOffset: Point
    ) throws(LayoutError) -> Point {
        // The prepare writes the whole store again: the element is found after it by identity.
        let identities = UnchangedIdentities(storeRewritten: true)
        var kept = KeptPlace(number: nil)
        if let before = _viewport {
            kept = try keptPlace(anchor, at: contentOffset, viewport: before, through: identities)
        }
        try prepare(viewport: viewport)
        return self.contentOffset(
            keeping: kept, followed: .nothing, through: identities, from: contentOffset, viewport: viewport)
    }
}

extension CollectionLayout where Algorithm: UpdatableLayout {
    /// `apply(_:)` for one update, keeping `anchor` where it was on screen.
    ///
    /// - Parameters:
    ///   - update: The change to the layout's data, with its paths as UIKit names them.
    ///   - anchor: What to keep in place; the first visible element by default.
    ///   - contentOffset: The collection view's content offset before the change.
    /// - Returns: The content offset to set: the anchor where it was on screen, clamped to the content.
    ///   `contentOffset` itself before the first prepare.
    /// - Throws: What `apply(_:)` throws; `LayoutError.invalidAnchor` for an offset that is not finite or an anchor
    ///   that names no item. Either leaves the layout as it was.
    /// - Complexity: That of `apply(_:)`, plus O(log *n*) for the anchor.
    @inlinable public mutating func apply(
        _ update: LayoutUpdate, keeping anchor: ScrollAnchor = .firstVisible, at contentOffset: Point
    ) throws(LayoutError) -> Point {
        switch update {
        case .moveItem, .insertSection, .deleteSection, .moveSection, .reloadSection:
            return try apply([update], keeping: anchor, at: contentOffset)
        case .resizeItem(let path, let size), .reloadItem(let path, let size):
            try check(path, size: size, inserting: false, update.name)
        case .insertItem(let path, let size):
            try check(path, size: size, inserting: true, update.name)
        case .deleteItem(let path):
            try check(path, size: .zero, inserting: false, update.name)
        }
        guard let viewport = _viewport else {
            try apply(update)
            return contentOffset
        }
        let kept = try keptPlace(anchor, at: contentOffset, viewport: viewport, through: update)
        follow(kept.number)
        applyChecked(update)
        let followed = unfollow()
        return self.contentOffset(
            keeping: kept, followed: followed, through: update, from: contentOffset, viewport: viewport)
    }

    /// `apply(_:)` for a `performBatchUpdates` batch, keeping `anchor` where it was on screen: when the batch deletes
    /// or moves the anchor's element, the nearest element after it that the batch keeps in place takes its place
    /// (else the nearest before it).
    ///
    /// - Parameters:
    ///   - batch: The changes to the layout's data, in any order, with their paths as UIKit names them.
    ///   - anchor: What to keep in place; the first visible element by default.
    ///   - contentOffset: The collection view's content offset before the batch.
    /// - Returns: The content offset to set: the anchor where it was on screen, clamped to the content.
    ///   `contentOffset` itself before the first prepare.
    /// - Throws: What `apply(_:)` throws; `LayoutError.invalidAnchor` for an offset that is not finite or an anchor
    ///   that names no item. Either leaves the layout as it was.
    /// - Complexity: That of `apply(_:)`, plus O(log *n*) for the anchor and O(*b* (1 + *v*) log *n*) for each
    ///   element the batch removes that the walk to the nearest kept element passes.
    @inlinable public mutating func apply(
        _ batch: [LayoutUpdate], keeping anchor: ScrollAnchor = .firstVisible, at contentOffset: Point
    ) throws(LayoutError) -> Point {
        let plan = try BatchPlan(batch, sections: algorithm.sections, fixedSectionCount: algorithm.fixedSectionCount)
        guard let viewport = _viewport else {
            try apply(plan)
            return contentOffset
        }
        let kept = try keptPlace(anchor, at: contentOffset, viewport: viewport, through: plan)
        follow(kept.number)
        do {
            try apply(plan)
        } catch {
            _ = unfollow()
            throw error
        }
        let followed = unfollow()
        // A batch that changes the number of sections of a layout with a section of its own prepares again.
        return self.contentOffset(
            keeping: kept, followed: followed, through: plan, from: contentOffset, viewport: _viewport ?? viewport)
    }

    /// `invalidate(sizes:)` keeping `anchor` where it was on screen: self-sizing, with the offset UIKit's
    /// `contentOffsetAdjustment` moves the view to (the adjustment is the returned offset less `contentOffset`).
    ///
    /// - Parameters:
    ///   - sizes: The cells' paths and their measured sizes.
    ///   - anchor: What to keep in place; the first visible element (UIKit's rule) by default.
    ///   - contentOffset: The collection view's content offset before the sizes change the layout.
    /// - Returns: The content offset to set: the anchor where it was on screen, clamped to the content.
    ///   `contentOffset` itself before the first prepare.
    /// - Throws: What `invalidate(sizes:)` throws; `LayoutError.invalidAnchor` for an offset that is not finite or an
    ///   anchor that names no item. Either leaves the layout as it was.
    /// - Complexity: That of `invalidate(sizes:)`, plus O(log *n*) for the anchor.
    @inlinable public mutating func invalidate(
        sizes: [(path: ItemPath, size: Size)], keeping anchor: ScrollAnchor = .firstVisible, at contentOffset: Point
    ) throws(LayoutError) -> Point {
        for (path, size) in sizes { try check(path, size: size, inserting: false, "invalidate") }
        guard let viewport = _viewport else {
            invalidateChecked(sizes)
            return contentOffset
        }
        let identities = UnchangedIdentities(storeRewritten: false)
        let kept = try keptPlace(anchor, at: contentOffset, viewport: viewport, through: identities)
        follow(kept.number)
        invalidateChecked(sizes)
        let followed = unfollow()
        return self.contentOffset(
            keeping: kept, followed: followed, through: identities, from: contentOffset, viewport: viewport)
    }
}
