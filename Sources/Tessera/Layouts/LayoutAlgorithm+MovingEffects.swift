// The two halves of an `applyEffects` for layouts whose effects move elements (sticky headers): the engine's search
// found the elements whose layout frames meet the rect; those that moved out of it are dropped, and those that moved
// into it from elsewhere are added. The sticky layout uses them, and so can a layout of one's own.
extension LayoutAlgorithm {
    /// Computes the effect of every element in `visible` into its `effects`, and drops the elements of the kinds
    /// that `moves` names whose displayed frames no longer meet `rect`.
    ///
    /// - Parameters:
    ///   - visible: A query's answer, whose `effects` are replaced with one effect for each element kept.
    ///   - rect: The query's rect, in content coordinates.
    ///   - offset: The collection view's content offset.
    ///   - viewport: The size of the collection view's bounds.
    ///   - store: The store the query searched.
    ///   - moves: A closure that says whether an element of the kind it is given moves with its effect.
    /// - Complexity: O(*k*) for the *k* elements of the answer, plus O(log *n*) for each chunk they lie in and
    ///   O((1 + *v*) log *n*) for each section, of *v* supplementary views, plus `effect(of:frame:offset:viewport:)`
    ///   for each.
    @inlinable public func keepShownElements(
        of visible: inout VisibleElements, in rect: Rect, offset: Point, viewport: Size, store: LayoutStore,
        moves: (ElementKind) -> Bool
    ) {
        var reader = store.reader(resuming: visible)
        // The effects are filled beside the edit of the indices, so they are taken out of the answer meanwhile.
        var effects: [ScrollEffect] = []
        swap(&effects, &visible.effects)
        effects.removeAll(keepingCapacity: true)
        visible.edit { indices in
            var kept = 0
            for position in indices.indices {
                let index = indices[position]
                let (id, frame) = reader.element(index)
                let effect = self.effect(of: id, frame: frame, offset: offset, viewport: viewport)
                if moves(id.kind), !effect.displayedFrame(of: frame).intersects(rect) { continue }
                indices[kept] = index
                effects.append(effect)
                kept += 1
            }
            return kept
        }
        swap(&effects, &visible.effects)
        visible.readerPosition = reader.position
    }

    /// Inserts the element at `index` of the store, with its effect, in layout order when it shows in `rect` and
    /// is not in `visible` yet: for a moving element whose layout frame lies outside the rect.
    ///
    /// - Parameters:
    ///   - index: The layout-order number of an element of `store`.
    ///   - visible: A query's answer, with its effects, in layout order.
    ///   - rect: The query's rect, in content coordinates.
    ///   - offset: The collection view's content offset.
    ///   - viewport: The size of the collection view's bounds.
    ///   - store: The store the query searched.
    /// - Complexity: O(log *k*) for an answer of *k* elements that holds the element already; otherwise
    ///   O((1 + *v*) log *n*) to read the element, of a section with *v* supplementary views, and O(*k*) to insert it.
    @inlinable public func addIfShown(
        _ index: Int, to visible: inout VisibleElements, in rect: Rect, offset: Point, viewport: Size,
        store: LayoutStore
    ) {
        guard !visible.position(of: index).found else { return }
        var reader = store.reader
        let (id, frame) = reader.element(index)
        addIfShown(index, id, frame: frame, to: &visible, in: rect, offset: offset, viewport: viewport)
    }

    /// Inserts the element at `index`, whose identity and frame the layout has at hand (a header it placed where it
    /// is), with its effect, in layout order when it shows in `rect` and is not in `visible` yet.
    ///
    /// - Parameters:
    ///   - index: The element's layout-order number.
    ///   - id: The element's identity.
    ///   - frame: The element's frame as laid out, in content coordinates.
    ///   - visible: A query's answer, with its effects, in layout order.
    ///   - rect: The query's rect, in content coordinates.
    ///   - offset: The collection view's content offset.
    ///   - viewport: The size of the collection view's bounds.
    /// - Complexity: O(log *k*) for an answer of *k* elements, plus O(*k*) to insert the element when it shows, and
    ///   `effect(of:frame:offset:viewport:)`.
    @inlinable public func addIfShown(
        _ index: Int, _ id: ElementID, frame: Rect, to visible: inout VisibleElements, in rect: Rect, offset: Point,
        viewport: Size
    ) {
        let (position, found) = visible.position(of: index)
        guard !found else { return }
        let effect = self.effect(of: id, frame: frame, offset: offset, viewport: viewport)
        guard effect.displayedFrame(of: frame).intersects(rect) else { return }
        visible.insert(index, at: position)
        visible.effects.insert(effect, at: position)
    }
}
