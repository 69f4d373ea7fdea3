/// Every element's frame and kind as a struct of arrays, in layout order.
///
/// One contiguous buffer per column: `minX`, `minY`, `maxX`, `maxY` (Double, since a long single column passes
/// Float32's exact range) and a one-byte kind. An element's section and item are not stored per element: they
/// follow from the per-section ranges, which keeps the store at 33 bytes an element. Capacity is kept across
/// `prepare` calls, so re-preparing writes into warm pages instead of faulting in new ones.
///
/// The store has value semantics: copies share storage until one of them is written.
public struct AttributeStore: Sendable {
    @usableFromInline var storage: Storage
    /// Each section's element range and cell range, in order.
    public private(set) var sections: [SectionRange] = []
    @usableFromInline var openSection = OpenSection.none

    public init() {
        storage = Storage(capacity: 0)
    }

    /// The number of elements.
    @inlinable public var count: Int { storage.count }

    /// The number of elements the store can hold before it allocates again.
    public var capacity: Int { storage.capacity }

    @inlinable public func frame(at index: Int) -> Rect {
        precondition(index >= 0 && index < count, "element index out of range")
        return Rect(minX: storage.minX[index], minY: storage.minY[index], maxX: storage.maxX[index], maxY: storage.maxY[index])
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

extension AttributeStore: LayoutWriter {
    /// Empties the store, keeping its buffers when they already hold `elementCount` elements.
    public mutating func removeAll(reservingCapacity elementCount: Int) {
        if !isKnownUniquelyReferenced(&storage) || storage.capacity < elementCount {
            storage = Storage(capacity: Swift.max(elementCount, storage.capacity))
        }
        storage.count = 0
        sections.removeAll(keepingCapacity: true)
        openSection = .none
    }

    public mutating func beginSection() {
        endSection()
        openSection = OpenSection(start: count)
    }

    @inlinable public mutating func append(_ kind: ElementKind, frame: Rect) {
        if kind == .cell {
            if openSection.firstCell < 0 { openSection.firstCell = count }
        } else if openSection.firstCell >= 0, openSection.cellEnd < 0 {
            openSection.cellEnd = count
        }
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        storage.append(kind, frame: frame)
    }

    public mutating func endSection() {
        guard openSection.start >= 0 else { return }
        let firstCell = openSection.firstCell >= 0 ? openSection.firstCell : count
        let cellEnd = openSection.cellEnd >= 0 ? openSection.cellEnd : count
        sections.append(SectionRange(elements: openSection.start..<count, cells: firstCell..<cellEnd))
        openSection = .none
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
    /// sure it holds the one reference, which is what makes the `@unchecked Sendable` sound.
    @usableFromInline final class Storage: @unchecked Sendable {
        @usableFromInline var minX: UnsafeMutablePointer<Double>
        @usableFromInline var minY: UnsafeMutablePointer<Double>
        @usableFromInline var maxX: UnsafeMutablePointer<Double>
        @usableFromInline var maxY: UnsafeMutablePointer<Double>
        @usableFromInline var kinds: UnsafeMutablePointer<ElementKind>
        @usableFromInline var count = 0
        @usableFromInline private(set) var capacity: Int

        @usableFromInline init(capacity: Int) {
            self.capacity = capacity
            minX = .allocate(capacity: capacity)
            minY = .allocate(capacity: capacity)
            maxX = .allocate(capacity: capacity)
            maxY = .allocate(capacity: capacity)
            kinds = .allocate(capacity: capacity)
        }

        deinit {
            minX.deallocate()
            minY.deallocate()
            maxX.deallocate()
            maxY.deallocate()
            kinds.deallocate()
        }

        @inlinable func append(_ kind: ElementKind, frame: Rect) {
            if count == capacity { grow() }
            minX[count] = frame.minX
            minY[count] = frame.minY
            maxX[count] = frame.maxX
            maxY[count] = frame.maxY
            kinds[count] = kind
            count += 1
        }

        @usableFromInline func copy() -> Storage {
            let copy = Storage(capacity: capacity)
            copy.minX.initialize(from: minX, count: count)
            copy.minY.initialize(from: minY, count: count)
            copy.maxX.initialize(from: maxX, count: count)
            copy.maxY.initialize(from: maxY, count: count)
            copy.kinds.initialize(from: kinds, count: count)
            copy.count = count
            return copy
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
            minX = moved(minX)
            minY = moved(minY)
            maxX = moved(maxX)
            maxY = moved(maxY)
            kinds = moved(kinds)
            capacity = newCapacity
        }

        /// The frame columns seen along `axis`, valid while this storage is alive.
        @inlinable func columns(along axis: ScrollAxis) -> FrameColumns {
            switch axis {
            case .vertical:
                FrameColumns(scrollMin: minY, scrollMax: maxY, crossMin: minX, crossMax: maxX, count: count)
            case .horizontal:
                FrameColumns(scrollMin: minX, scrollMax: maxX, crossMin: minY, crossMax: maxY, count: count)
            }
        }
    }

    /// Runs `body` with the frame columns seen along `axis`; the pointers must not escape it.
    @inlinable func withColumns<R>(along axis: ScrollAxis, _ body: (FrameColumns) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) { try body(storage.columns(along: axis)) }
    }
}

/// The four frame columns named by the scroll axis: `scroll` is the axis an index searches, `cross` the other.
@usableFromInline struct FrameColumns {
    @usableFromInline let scrollMin: UnsafeMutablePointer<Double>
    @usableFromInline let scrollMax: UnsafeMutablePointer<Double>
    @usableFromInline let crossMin: UnsafeMutablePointer<Double>
    @usableFromInline let crossMax: UnsafeMutablePointer<Double>
    @usableFromInline let count: Int

    @inlinable init(
        scrollMin: UnsafeMutablePointer<Double>, scrollMax: UnsafeMutablePointer<Double>,
        crossMin: UnsafeMutablePointer<Double>, crossMax: UnsafeMutablePointer<Double>, count: Int
    ) {
        self.scrollMin = scrollMin
        self.scrollMax = scrollMax
        self.crossMin = crossMin
        self.crossMax = crossMax
        self.count = count
    }

    /// Strict intersection of element `index` with `rect`, the same predicate as `Rect.intersects`.
    @inlinable @inline(__always) func element(_ index: Int, intersects rect: AxisRect) -> Bool {
        scrollMin[index] < rect.scrollMax && rect.scrollMin < scrollMax[index]
            && crossMin[index] < rect.crossMax && rect.crossMin < crossMax[index]
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
