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
    public struct Writer: LayoutWriter, ~Copyable {
        @usableFromInline let storage: Storage
        @usableFromInline var sections: [SectionRange]
        @usableFromInline var openSection = OpenSection.none

        @usableFromInline init(storage: Storage, sections: [SectionRange]) {
            self.storage = storage
            self.sections = sections
            self.sections.removeAll(keepingCapacity: true)
        }

        /// Begins a section. The store keeps the frames it is given, so a section's stay relative to `origin`.
        public mutating func beginSection(origin: Point = .zero) {
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

        @inlinable public mutating func appendCells(_ count: Int, frame: (Int) -> Rect) {
            guard count > 0 else { return }
            if openSection.firstCell < 0 { openSection.firstCell = storage.count }
            storage.appendCells(count, frame: frame)
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
