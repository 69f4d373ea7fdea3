/// Every element's frame and kind as a struct of arrays, in layout order.
///
/// One contiguous buffer per column: `x`, `y`, `width`, `height` (Double, since a long single column passes
/// Float32's exact range) and a one-byte kind. Frames are kept as origin and size, not as edges, so the frame
/// handed out is bit for bit the one the layout computed; an edge is `x + width`, the very sum `Rect.maxX` makes,
/// so every strategy and the brute-force oracle test the same numbers. An element's section and item are not stored per element: they
/// follow from the per-section ranges, which keeps the store at 33 bytes an element. Capacity is kept across
/// `prepare` calls, so re-preparing writes into warm pages instead of faulting in new ones.
///
/// The store has value semantics: copies share storage until one of them is written.
public struct AttributeStore: Sendable {
    @usableFromInline var storage: Storage
    @usableFromInline var _sections: [SectionRange] = []

    /// Each section's element range and cell range, in order.
    public var sections: [SectionRange] { _sections }

    public init() {
        storage = Storage(capacity: 0)
    }

    /// The number of elements.
    @inlinable public var count: Int { storage.count }

    /// The number of elements the store can hold before it allocates again.
    public var capacity: Int { storage.capacity }

    /// The frame of the element at `index` in layout order.
    ///
    /// - Complexity: O(1).
    @inlinable public func frame(at index: Int) -> Rect {
        precondition(index >= 0 && index < count, "element index out of range")
        return Rect(x: storage.x[index], y: storage.y[index], width: storage.width[index], height: storage.height[index])
    }

    /// The kind of the element at `index`.
    ///
    /// - Complexity: O(1).
    @inlinable public func kind(at index: Int) -> ElementKind {
        precondition(index >= 0 && index < count, "element index out of range")
        return storage.kinds[index]
    }

    /// The section an element belongs to: elements placed before the first section belong to section 0.
    ///
    /// - Complexity: O(log *s*) for *s* sections.
    public func section(ofElement index: Int) -> Int {
        // The first section whose elements end after `index`.
        var low = 0
        var high = sections.count
        while low < high {
            let mid = (low + high) / 2
            if sections[mid].elements.upperBound <= index { low = mid + 1 } else { high = mid }
        }
        return Swift.min(low, Swift.max(sections.count - 1, 0))
    }

    /// The identity of the element at `index`.
    ///
    /// - Complexity: O(log *s*) for *s* sections.
    public func elementID(at index: Int) -> ElementID {
        let kind = kind(at: index)
        let section = section(ofElement: index)
        guard kind == .cell, section < sections.count else { return ElementID(kind: kind, section: section, item: 0) }
        return .cell(section: section, item: index - sections[section].cells.lowerBound)
    }

    /// The element with this identity, if the store holds one.
    ///
    /// - Complexity: O(1) for a cell; O(*v*) for the section's *v* supplementary views otherwise.
    public func index(of id: ElementID) -> Int? {
        guard id.section >= 0, id.section < sections.count else { return nil }
        let range = sections[id.section]
        if id.kind == .cell {
            guard id.item >= 0, id.item < range.cells.count else { return nil }
            return range.cells.lowerBound + id.item
        }
        guard id.item == 0 else { return nil }
        // Supplementary views are the few elements of the section before and after its cells.
        for candidate in range.elements.lowerBound..<range.cells.lowerBound where storage.kinds[candidate] == id.kind {
            return candidate
        }
        for candidate in range.cells.upperBound..<range.elements.upperBound where storage.kinds[candidate] == id.kind {
            return candidate
        }
        return nil
    }
}

extension AttributeStore {
    /// The smallest near edge and the largest far edge of the elements along `axis`; (+∞, −∞) when there are none.
    ///
    /// - Complexity: O(*n*).
    @inlinable public func span(along axis: ScrollAxis) -> (min: Double, max: Double) {
        withColumns(along: axis) { $0.scrollSpan(0..<$0.count) }
    }

    /// The bytes the columns and section ranges hold, at their capacity.
    public var byteCount: Int {
        let perElement = 4 * MemoryLayout<Double>.stride + MemoryLayout<ElementKind>.stride
        return storage.capacity * perElement + sections.capacity * MemoryLayout<SectionRange>.stride
    }
}
