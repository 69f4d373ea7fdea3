/// An element a layout follows through a change by its layout-order number, for an anchor
/// (`CollectionLayout+Anchoring.swift`): each splice of the store before it moves the number by what it added or
/// removed, so the element is found after the change with one descent by number, and needs no identity. A splice
/// that replaces the element leaves its identity as the store held it just before; a prepare leaves nothing.
@usableFromInline enum FollowedElement: Sendable {
    /// Nothing is followed, or a prepare lost what was.
    case nothing
    /// The element is the store's element numbered so.
    case at(Int)
    /// A splice replaced the element, whose identity was this before it.
    case replaced(ElementID)
}

extension CollectionLayout where Algorithm: UpdatableLayout {
    /// `LayoutStore.splice(_:replacing:records:shift:)`, moving the followed element's number when the splice lies
    /// before it, or taking its identity when the splice replaces it.
    ///
    /// - Complexity: That of the splice; O(log *n*) more to take the identity of an element it replaces.
    @inlinable mutating func splice<Placement, Finisher>(
        _ writer: consuming LayoutStore.Writer<Placement, Finisher>, replacing elements: Range<Int>,
        records: Range<Int>, shift: Double
    ) {
        // Only a layout that follows an element holds the buffer alone (`follow(_:)`), and only it writes it.
        guard case .at(let index) = anchorBuffer?.followed, index >= elements.lowerBound else {
            return _store.splice(writer, replacing: elements, records: records, shift: shift)
        }
        let buffer = anchorBuffer.unsafelyUnwrapped
        guard index >= elements.upperBound else {
            buffer.followed = .replaced(_store.identityAndFrame(at: index).id)
            return _store.splice(writer, replacing: elements, records: records, shift: shift)
        }
        let before = _store.count
        _store.splice(writer, replacing: elements, records: records, shift: shift)
        buffer.followed = .at(index &+ (_store.count &- before))
    }

    /// Follows the element numbered `index` through the splices to come (nothing, when `nil`), until `unfollow()`.
    ///
    /// - Complexity: O(1).
    @inlinable mutating func follow(_ index: Int?) {
        guard let index else { return }
        ownAnchorBuffer().followed = .at(index)
    }

    /// What became of the element followed since `follow(_:)`, and the end of following it.
    ///
    /// - Complexity: O(1).
    @inlinable mutating func unfollow() -> FollowedElement {
        // A buffer that follows nothing may be shared with a copy of the layout, and is not written.
        guard let buffer = anchorBuffer else { return .nothing }
        let followed = buffer.followed
        if case .nothing = followed { return .nothing }
        buffer.followed = .nothing
        return followed
    }
}
