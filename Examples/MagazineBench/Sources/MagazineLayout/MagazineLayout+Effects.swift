import Tessera

// Sticky section headers: a section's header stays at the top of the viewport while the section is on screen,
// until the section's end pushes it up, as `sectionHeadersPinToVisibleBounds` does in UIKit.
extension MagazineLayout {
    public var hasScrollEffects: Bool { true }

    /// Headers show where they are pinned, not where they were laid out, so a query must select them by that.
    public var effectsMoveElements: Bool { true }

    /// Headers above every cell, later sections' above earlier ones'.
    public func zIndex(of id: ElementID, at layoutIndex: Int) -> Int {
        id.kind == .header ? elementCount + id.section : layoutIndex
    }

    public func effect(of id: ElementID, frame: Rect, offset: Point, viewport: Size) -> ScrollEffect {
        guard id.kind == .header else { return .none }
        // Down to the viewport's top, but no further than the section's end.
        let limit = Swift.max(0, length(ofSection: id.section, viewportWidth: viewport.width) - frame.height)
        return ScrollEffect(
            transform: ElementTransform(translateY: Swift.min(limit, Swift.max(0, offset.y - frame.minY))))
    }

    /// The engine's search found the elements whose layout frames meet `rect`. Cells show where they were laid out;
    /// a header shows where it is pinned, so the ones found are kept only if they still show in `rect`, and the
    /// header of each section `rect` meets is added if it shows there. A header moves only within its section, so
    /// those sections and their two neighbours (its end is computed in another order than the frames are summed,
    /// so it may pass the section's last frame by a rounding) hold every header that can show.
    public func applyEffects(
        to visible: inout VisibleElements, in rect: Rect, offset: Point, viewport: Size, store: LayoutStore
    ) {
        keepShownElements(of: &visible, in: rect, offset: offset, viewport: viewport, store: store) { $0 == .header }
        guard store.sectionCount > 0 else { return }
        let met = sections(meeting: rect, in: store)
        for section in Swift.max(0, met.lowerBound - 1)..<Swift.min(store.sectionCount, met.upperBound + 1) {
            let elements = store.elementRange(ofSection: section)
            if !elements.isEmpty, store.kind(at: elements.lowerBound) == .header {
                addIfShown(
                    elements.lowerBound, to: &visible, in: rect, offset: offset, viewport: viewport, store: store)
            }
        }
    }

    /// The sections whose span along y meets `rect`'s: sections stack, so a binary search over their origins finds
    /// the first.
    func sections(meeting rect: Rect, in store: LayoutStore) -> Range<Int> {
        let count = store.sectionCount
        func end(_ section: Int) -> Double { section + 1 < count ? store.origin(ofSection: section + 1) : store.length }
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if end(middle) <= rect.minY { low = middle + 1 } else { high = middle }
        }
        var upper = low
        while upper < count, store.origin(ofSection: upper) < rect.maxY { upper += 1 }
        return low..<Swift.max(low, upper)
    }
}
