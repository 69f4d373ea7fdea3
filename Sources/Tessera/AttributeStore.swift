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

    @inlinable public func frame(at index: Int) -> Rect {
        precondition(index >= 0 && index < count, "element index out of range")
        return Rect(x: storage.x[index], y: storage.y[index], width: storage.width[index], height: storage.height[index])
    }

    @inlinable public func kind(at index: Int) -> ElementKind {
        precondition(index >= 0 && index < count, "element index out of range")
        return storage.kinds[index]
    }

    /// The section an element belongs to: elements placed before the first section belong to section 0.
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

    public func elementID(at index: Int) -> ElementID {
        let kind = kind(at: index)
        let section = section(ofElement: index)
        guard kind == .cell, section < sections.count else { return ElementID(kind: kind, section: section, item: 0) }
        return .cell(section: section, item: index - sections[section].cells.lowerBound)
    }

    /// The element with this identity, if the store holds one.
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

/// Where one section's elements sit in the store.
public struct SectionRange: Hashable, Sendable {
    /// Every element of the section: supplementary views and cells.
    public var elements: Range<Int>
    /// The section's cells, which are contiguous; empty for a section without items.
    public var cells: Range<Int>
}

// MARK: - Writing

extension AttributeStore {
    /// Replaces the store's contents with what `body` appends, in layout order.
    ///
    /// The storage is made unique, and grown to `elementCount` if it is smaller, once here; the buffers are kept
    /// otherwise. The store is borrowed exclusively while `body` runs, so no copy of it can observe the writes and
    /// `Writer` appends without checking uniqueness (a check per element cost more than a third of a prepare).
    @inlinable public mutating func rewrite<Result>(
        reservingCapacity elementCount: Int, _ body: (inout Writer) throws -> Result
    ) rethrows -> Result {
        if !isKnownUniquelyReferenced(&storage) || storage.capacity < elementCount {
            storage = Storage(capacity: Swift.max(elementCount, storage.capacity))
        }
        storage.count = 0
        // The writer takes the section array over, holding its only reference, so it empties and refills it in place.
        var sections: [SectionRange] = []
        swap(&sections, &_sections)
        var writer = Writer(storage: storage, sections: consume sections)
        defer { _sections = writer.finish() }
        return try body(&writer)
    }

    /// Appends elements to a store during `rewrite`. Non-copyable, so it cannot be kept past the `rewrite` and
    /// write into storage that copies of the store share.
    public struct Writer: LayoutWriter, ~Copyable {
        @usableFromInline let storage: Storage
        @usableFromInline var sections: [SectionRange]
        @usableFromInline var openSection = OpenSection.none

        @usableFromInline init(storage: Storage, sections: [SectionRange]) {
            self.storage = storage
            self.sections = sections
            self.sections.removeAll(keepingCapacity: true)
        }

        public mutating func beginSection() {
            endSection()
            openSection = OpenSection(start: storage.count)
        }

        @inlinable public mutating func append(_ kind: ElementKind, frame: Rect) {
            if kind == .cell {
                if openSection.firstCell < 0 { openSection.firstCell = storage.count }
            } else if openSection.firstCell >= 0, openSection.cellEnd < 0 {
                openSection.cellEnd = storage.count
            }
            storage.append(kind, frame: frame)
        }

        public mutating func endSection() {
            guard openSection.start >= 0 else { return }
            let end = storage.count
            let firstCell = openSection.firstCell >= 0 ? openSection.firstCell : end
            let cellEnd = openSection.cellEnd >= 0 ? openSection.cellEnd : end
            sections.append(SectionRange(elements: openSection.start..<end, cells: firstCell..<cellEnd))
            openSection = .none
        }

        @usableFromInline mutating func finish() -> [SectionRange] {
            endSection()
            return sections
        }
    }

    /// The section being written: where it starts, and where its cells start and end once seen (-1: not yet).
    @usableFromInline struct OpenSection: Sendable {
        @usableFromInline var start: Int
        @usableFromInline var firstCell = -1
        @usableFromInline var cellEnd = -1

        @usableFromInline init(start: Int) {
            self.start = start
        }

        @usableFromInline static let none = OpenSection(start: -1)
    }
}

// MARK: - Storage

extension AttributeStore {
    /// The columns, allocated together and freed together. Only `AttributeStore` writes them, and only after making
    /// sure it holds the one reference, which is what makes the `@unchecked Sendable` sound and the runtime's
    /// exclusivity checks (a quarter of a prepare's time when they were on) redundant.
    @usableFromInline final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) @usableFromInline var x: UnsafeMutablePointer<Double>
        @exclusivity(unchecked) @usableFromInline var y: UnsafeMutablePointer<Double>
        @exclusivity(unchecked) @usableFromInline var width: UnsafeMutablePointer<Double>
        @exclusivity(unchecked) @usableFromInline var height: UnsafeMutablePointer<Double>
        @exclusivity(unchecked) @usableFromInline var kinds: UnsafeMutablePointer<ElementKind>
        @exclusivity(unchecked) @usableFromInline var count = 0
        @exclusivity(unchecked) @usableFromInline private(set) var capacity: Int

        @usableFromInline init(capacity: Int) {
            self.capacity = capacity
            x = .allocate(capacity: capacity)
            y = .allocate(capacity: capacity)
            width = .allocate(capacity: capacity)
            height = .allocate(capacity: capacity)
            kinds = .allocate(capacity: capacity)
        }

        deinit {
            x.deallocate()
            y.deallocate()
            width.deallocate()
            height.deallocate()
            kinds.deallocate()
        }

        @inlinable func append(_ kind: ElementKind, frame: Rect) {
            if count == capacity { grow() }
            x[count] = frame.origin.x
            y[count] = frame.origin.y
            width[count] = frame.size.width
            height[count] = frame.size.height
            kinds[count] = kind
            count += 1
        }

        /// Doubles the capacity when a layout writes more elements than it reserved.
        @usableFromInline func grow() {
            let newCapacity = Swift.max(16, capacity * 2)
            func moved<T>(_ old: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
                let new = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
                new.moveInitialize(from: old, count: count)
                old.deallocate()
                return new
            }
            x = moved(x)
            y = moved(y)
            width = moved(width)
            height = moved(height)
            kinds = moved(kinds)
            capacity = newCapacity
        }

        /// The frame columns seen along `axis`, valid while this storage is alive.
        @inlinable func columns(along axis: ScrollAxis) -> FrameColumns {
            switch axis {
            case .vertical:
                FrameColumns(scrollOrigin: y, scrollLength: height, crossOrigin: x, crossLength: width, count: count)
            case .horizontal:
                FrameColumns(scrollOrigin: x, scrollLength: width, crossOrigin: y, crossLength: height, count: count)
            }
        }
    }

    /// Runs `body` with the frame columns seen along `axis`; the pointers must not escape it.
    @inlinable func withColumns<R>(along axis: ScrollAxis, _ body: (FrameColumns) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) { try body(storage.columns(along: axis)) }
    }
}

/// The four frame columns named by the scroll axis: `scroll` is the axis an index searches, `cross` the other.
/// Layouts write no negative lengths, so an element's far edge is `origin + length`.
@usableFromInline struct FrameColumns {
    @usableFromInline let scrollOrigin: UnsafeMutablePointer<Double>
    @usableFromInline let scrollLength: UnsafeMutablePointer<Double>
    @usableFromInline let crossOrigin: UnsafeMutablePointer<Double>
    @usableFromInline let crossLength: UnsafeMutablePointer<Double>
    @usableFromInline let count: Int

    @inlinable init(
        scrollOrigin: UnsafeMutablePointer<Double>, scrollLength: UnsafeMutablePointer<Double>,
        crossOrigin: UnsafeMutablePointer<Double>, crossLength: UnsafeMutablePointer<Double>, count: Int
    ) {
        self.scrollOrigin = scrollOrigin
        self.scrollLength = scrollLength
        self.crossOrigin = crossOrigin
        self.crossLength = crossLength
        self.count = count
    }

    @inlinable @inline(__always) func scrollMin(_ index: Int) -> Double { scrollOrigin[index] }

    @inlinable @inline(__always) func scrollMax(_ index: Int) -> Double { scrollOrigin[index] + scrollLength[index] }

    /// Strict intersection of element `index` with `rect`, the same predicate as `Rect.intersects`.
    @inlinable @inline(__always) func element(_ index: Int, intersects rect: AxisRect) -> Bool {
        let scroll = scrollOrigin[index]
        let cross = crossOrigin[index]
        return scroll < rect.scrollMax && rect.scrollMin < scroll + scrollLength[index]
            && cross < rect.crossMax && rect.crossMin < cross + crossLength[index]
    }
}

/// A query rect's edges named by the scroll axis.
@usableFromInline struct AxisRect {
    @usableFromInline let scrollMin: Double
    @usableFromInline let scrollMax: Double
    @usableFromInline let crossMin: Double
    @usableFromInline let crossMax: Double

    @inlinable init(_ rect: Rect, along axis: ScrollAxis) {
        switch axis {
        case .vertical:
            (scrollMin, scrollMax, crossMin, crossMax) = (rect.minY, rect.maxY, rect.minX, rect.maxX)
        case .horizontal:
            (scrollMin, scrollMax, crossMin, crossMax) = (rect.minX, rect.maxX, rect.minY, rect.maxY)
        }
    }
}

extension AttributeStore {
    /// The bytes the columns and section ranges hold, at their capacity.
    public var byteCount: Int {
        let perElement = 4 * MemoryLayout<Double>.stride + MemoryLayout<ElementKind>.stride
        return storage.capacity * perElement + sections.capacity * MemoryLayout<SectionRange>.stride
    }
}
