extension AttributeStore {
    /// Replaces the store's contents with what `body` appends, in layout order.
    ///
    /// The storage is made unique, and grown if it holds fewer than `elementCount`, once here; the buffers are kept
    /// otherwise. A store written for the first time gets exactly `elementCount`; one that grows (a section that
    /// items are inserted into) grows by half again at least, so a run of inserts reallocates O(log *n*) times. The store is borrowed exclusively while `body` runs, so no copy of it can observe the writes and
    /// `Writer` appends without checking uniqueness (a check per element cost more than a third of a prepare).
    ///
    /// - Complexity: O(*n*) for the *n* elements written, amortised O(1) each; no allocation when the store
    ///   already holds `elementCount` elements' capacity and is not shared.
    @inlinable public mutating func rewrite<Result>(
        reservingCapacity elementCount: Int, _ body: (inout Writer) throws -> Result
    ) rethrows -> Result {
        if storage.capacity < elementCount {
            storage = Storage(capacity: Swift.max(elementCount, storage.capacity + storage.capacity / 2))
        } else if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(capacity: storage.capacity)
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
    ///
    /// The writer keeps the storage's column pointers and its count while it writes, and hands the count back
    /// when it is done: kept in the storage object, the count was loaded and stored again around every element,
    /// and the pointers reloaded after each write (a write through a `Double` pointer might have changed them),
    /// a chain through memory from element to element.
    public struct Writer: LayoutWriter, ~Copyable {
        @usableFromInline let storage: Storage
        @usableFromInline var sections: [SectionRange]
        @usableFromInline var openSection = OpenSection.none
        @usableFromInline var columns: Storage.Columns
        @usableFromInline var count: Int
        @usableFromInline var capacity: Int

        @usableFromInline init(storage: Storage, sections: [SectionRange]) {
            self.storage = storage
            self.sections = sections
            self.sections.removeAll(keepingCapacity: true)
            columns = storage.columns
            count = storage.count
            capacity = storage.capacity
        }

        /// Begins a section. The store keeps the frames it is given, so a section's stay relative to `origin`.
        public mutating func beginSection(origin: Point = .zero) {
            endSection()
            openSection = OpenSection(start: count)
        }

        @inlinable public mutating func append(_ kind: ElementKind, frame: Rect) {
            if kind == .cell {
                if openSection.firstCell < 0 { openSection.firstCell = count }
            } else if openSection.firstCell >= 0, openSection.cellEnd < 0 {
                openSection.cellEnd = count
            }
            if count == capacity { grow(toHold: 1) }
            let index = count
            columns.x[index] = frame.origin.x
            columns.y[index] = frame.origin.y
            columns.width[index] = frame.size.width
            columns.height[index] = frame.size.height
            columns.kinds[index] = kind
            count = index &+ 1
        }

        /// Room is made and the columns offset once for the run, so the loop holds them in registers.
        @inlinable public mutating func appendCells(_ newCount: Int, frame: (Int) -> Rect) {
            guard newCount > 0 else { return }
            if openSection.firstCell < 0 { openSection.firstCell = count }
            if capacity - count < newCount { grow(toHold: newCount) }
            let start = count
            let (x, y, width, height) = (columns.x + start, columns.y + start, columns.width + start, columns.height + start)
            (columns.kinds + start).initialize(repeating: .cell, count: newCount)
            for index in 0..<newCount {
                let frame = frame(index)
                x[index] = frame.origin.x
                y[index] = frame.origin.y
                width[index] = frame.size.width
                height[index] = frame.size.height
            }
            count = start + newCount
        }

        /// Grows the storage until `newCount` more elements fit, when a layout writes more than it reserved.
        @inline(never) @usableFromInline mutating func grow(toHold newCount: Int) {
            storage.count = count
            while storage.capacity - count < newCount { storage.grow() }
            columns = storage.columns
            capacity = storage.capacity
        }

        public mutating func endSection() {
            guard openSection.start >= 0 else { return }
            let end = count
            let firstCell = openSection.firstCell >= 0 ? openSection.firstCell : end
            let cellEnd = openSection.cellEnd >= 0 ? openSection.cellEnd : end
            sections.append(SectionRange(elements: openSection.start..<end, cells: firstCell..<cellEnd))
            openSection = .none
        }

        @usableFromInline mutating func finish() -> [SectionRange] {
            endSection()
            storage.count = count
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
