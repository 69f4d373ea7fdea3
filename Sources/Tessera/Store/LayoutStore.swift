/// Every element of a layout, section by section: the section is the unit of storage, of search and of change.
///
/// Each section keeps its elements in a struct-of-arrays `AttributeStore` of its own, with frames relative to the
/// section's origin along the scroll axis; the sections' origins follow from their lengths (each starts where the
/// one before ends). A frame handed out is its section's origin plus the relative frame (`Rect.offset(by:)`), and
/// that sum is what every design and the brute-force oracle see: it is the frame exactness is defined on. A change
/// to one section rewrites that section alone and moves the ones after it by their origins, O(*s*) scalars.
///
/// Elements are numbered in layout order across sections, as a single store numbered them.
public struct LayoutStore: Sendable {
    /// Each section's elements, with frames relative to its origin.
    @usableFromInline var sectionStores: [AttributeStore] = []
    /// Each section's length, span and origin.
    @usableFromInline var placements: [SectionPlacement] = []
    /// The layout-order number of each section's first element, and one more entry: the element count.
    @usableFromInline var firstElements: [Int] = [0]
    /// For section `s`, the furthest far edge among sections `0...s`, and the nearest near edge among sections
    /// `s...`, in content coordinates and widened by each section's margin: both monotone, so a binary search
    /// finds the sections a rect meets whatever the layout, as `SoABinarySearchIndex` does for elements.
    @usableFromInline var runningMaxEnd: [Double] = []
    @usableFromInline var runningMinStart: [Double] = []
    @usableFromInline var axis = ScrollAxis.vertical

    public init() {}

    /// The number of elements.
    @inlinable public var count: Int { firstElements[firstElements.count - 1] }

    /// The number of sections.
    @inlinable public var sectionCount: Int { sectionStores.count }

    /// The length of every section together along the scroll axis: where a section after the last would start.
    public var length: Double {
        guard let last = placements.last else { return 0 }
        return last.origin + last.length
    }

    /// Where `section` starts along the scroll axis.
    @inlinable public func origin(ofSection section: Int) -> Double {
        placements[section].origin
    }

    /// The elements the store can hold before a section allocates again.
    public var capacity: Int { sectionStores.reduce(0) { $0 + $1.capacity } }

    /// Each section's element range and cell range, numbered in layout order.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    public var sections: [SectionRange] {
        sectionStores.indices.map { SectionRange(elements: elementRange(ofSection: $0), cells: cellRange(ofSection: $0)) }
    }

    /// `section`'s own store: its elements' frames relative to the section's origin, numbered from 0.
    public func store(ofSection section: Int) -> AttributeStore {
        sectionStores[section]
    }

    /// The layout-order numbers of `section`'s elements.
    @inlinable public func elementRange(ofSection section: Int) -> Range<Int> {
        firstElements[section]..<firstElements[section + 1]
    }

    /// The layout-order numbers of `section`'s cells, which are contiguous.
    @inlinable public func cellRange(ofSection section: Int) -> Range<Int> {
        let first = firstElements[section]
        guard let cells = sectionStores[section].sections.first?.cells else { return first..<first }
        return (first + cells.lowerBound)..<(first + cells.upperBound)
    }

    /// The section the element numbered `index` belongs to.
    ///
    /// - Complexity: O(log *s*) for *s* sections.
    @inlinable public func section(ofElement index: Int) -> Int {
        section(ofElement: index, near: sectionStores.count / 2)
    }

    /// The same, searched by galloping from `hint`: a query's answer comes in layout order, so walking it with the
    /// last element's section as the hint costs O(1) an element.
    ///
    /// - Complexity: O(log *d*) for the *d* sections between `hint` and the answer.
    @inlinable public func section(ofElement index: Int, near hint: Int) -> Int {
        precondition(index >= 0 && index < count, "element index out of range")
        return firstElements.partitionPoint(near: hint + 1) { $0 > index } - 1
    }

    /// The identity and the handed-out frame of the element numbered `index`, which `section` holds.
    ///
    /// - Complexity: O(1).
    @inlinable public func element(_ index: Int, inSection section: Int) -> (id: ElementID, frame: Rect) {
        let position = index - firstElements[section]
        let kind = sectionStores[section].kind(at: position)
        let frame = frame(inSection: section, at: position)
        guard kind == .cell else { return (ElementID(kind: kind, section: section, item: 0), frame) }
        return (.cell(section: section, item: position - (sectionStores[section].sections.first?.cells.lowerBound ?? 0)), frame)
    }

    /// The frame handed out for the element numbered `index`: its section's origin plus its relative frame.
    ///
    /// - Complexity: O(log *s*) for *s* sections.
    @inlinable public func frame(at index: Int) -> Rect {
        let section = section(ofElement: index)
        return frame(inSection: section, at: index - firstElements[section])
    }

    /// The frame handed out for the element at `position` within `section`.
    ///
    /// - Complexity: O(1).
    @inlinable public func frame(inSection section: Int, at position: Int) -> Rect {
        sectionStores[section].frame(at: position).offset(by: axis.point(placements[section].origin))
    }

    /// The kind of the element numbered `index`.
    ///
    /// - Complexity: O(log *s*) for *s* sections.
    @inlinable public func kind(at index: Int) -> ElementKind {
        let section = section(ofElement: index)
        return sectionStores[section].kind(at: index - firstElements[section])
    }

    /// The identity of the element numbered `index`.
    ///
    /// - Complexity: O(log *s*) for *s* sections.
    public func elementID(at index: Int) -> ElementID {
        element(index, inSection: section(ofElement: index)).id
    }

    /// The layout-order number of the element with this identity, if the store holds one.
    ///
    /// - Complexity: O(1) for a cell; O(*v*) for the section's *v* supplementary views otherwise.
    public func index(of id: ElementID) -> Int? {
        guard id.section >= 0, id.section < sectionStores.count else { return nil }
        let local = ElementID(kind: id.kind, section: 0, item: id.item)
        return sectionStores[id.section].index(of: local).map { firstElements[id.section] + $0 }
    }

    /// The bytes the sections' columns and the per-section tables hold, at their capacity.
    public var byteCount: Int {
        let perSection = MemoryLayout<AttributeStore>.stride + MemoryLayout<SectionPlacement>.stride + 3 * MemoryLayout<Double>.stride
        return sectionStores.reduce(0) { $0 + $1.byteCount } + sectionStores.capacity * perSection
    }
}

/// Where a section sits: what its layout wrote (its length and the span of its relative frames) and what follows
/// from the sections before it (its origin).
@usableFromInline struct SectionPlacement: Sendable {
    /// The section's length along the scroll axis, as its layout returned it.
    @usableFromInline var length = 0.0
    /// The smallest near edge and the largest far edge of its relative frames; (+∞, −∞) when it has none.
    @usableFromInline var spanMin = Double.infinity
    @usableFromInline var spanMax = -Double.infinity
    /// The sum of the lengths of the sections before it, added one by one from the first.
    @usableFromInline var origin = 0.0
    /// A bound on how far a handed-out edge (the origin plus a relative edge, rounded) can be from the exact sum,
    /// with room to spare: a rect moved into the section's coordinates is widened by it, so the section's index
    /// misses no element, and the elements found are then tested exactly on their handed-out frames. Set with the
    /// origin (`LayoutStore.place(from:)`), not worked out again by every query.
    @usableFromInline var margin = 0.0

    @usableFromInline init() {}

    /// The margin for the section's origin and span, which `margin` keeps.
    var marginForPlacement: Double {
        guard spanMin <= spanMax else { return 0 }
        return (Swift.abs(origin) + Swift.max(Swift.abs(spanMin), Swift.abs(spanMax))) * 0x1p-30
    }
}
