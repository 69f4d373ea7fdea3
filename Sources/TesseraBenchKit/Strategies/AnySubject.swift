import Tessera

/// A subject whose operations are closures made where its type was concrete.
///
/// A layout from another module reaches the benchmark's generic code as a type that code was not compiled for, so
/// the code runs unspecialised: every frame a layout writes, every element a query tests, would go through witness
/// tables. `BenchmarkLayout` makes its subjects in inlinable code, specialised in the module that registers the
/// layout, and hands them over boxed in this: one indirect call an operation (a whole batch of queries), with
/// specialised code inside. Copies share the subject.
public struct AnySubject: BenchmarkSubject {
    public let strategy: StrategyID
    public let updatesIncrementally: Bool
    @usableFromInline let operations: Operations

    /// The subject's operations, each over the one subject the box holds.
    @usableFromInline struct Operations {
        @usableFromInline let prepare: (Size) throws(LayoutError) -> Void
        @usableFromInline let contentSize: () -> Size
        @usableFromInline let query: (Rect, Point) throws(LayoutError) -> Int
        @usableFromInline let queries: (ArraySlice<TraceFrame>) throws(LayoutError) -> Int
        @usableFromInline let answer: (Rect, Point) throws(LayoutError) -> [ElementAnswer]
        @usableFromInline let knownByteCount: () -> Int?
        @usableFromInline let sections: () -> SectionList
        @usableFromInline let check: ([LayoutUpdate]) throws(LayoutError) -> Void
        @usableFromInline let apply: (LayoutUpdate) throws(LayoutError) -> Void
        @usableFromInline let applyBatch: ([LayoutUpdate]) throws(LayoutError) -> Void
        @usableFromInline let change: (ScreenChange, ScrollAnchor, Point) throws(LayoutError) -> Point
        @usableFromInline let cells: (Rect, Point, inout [ItemPath]) throws(LayoutError) -> Void

        @inlinable init<Subject: BenchmarkSubject>(_ subject: Subject) {
            let box = Box(subject)
            prepare = { viewport throws(LayoutError) in try box.subject.prepare(viewport: viewport) }
            contentSize = { box.subject.contentSize }
            query = { rect, offset throws(LayoutError) in try box.subject.query(rect, offset: offset) }
            queries = { frames throws(LayoutError) in try box.subject.query(frames) }
            answer = { rect, offset throws(LayoutError) in try box.subject.answer(rect, offset: offset) }
            knownByteCount = { box.subject.knownByteCount }
            sections = { box.subject.sections }
            check = { batch throws(LayoutError) in try box.subject.check(batch) }
            apply = { update throws(LayoutError) in try box.subject.apply(update) }
            applyBatch = { batch throws(LayoutError) in try box.subject.apply(batch) }
            change = { change, anchor, offset throws(LayoutError) in
                try box.subject.change(change, keeping: anchor, at: offset)
            }
            cells = { rect, offset, paths throws(LayoutError) in
                try box.subject.cells(in: rect, offset: offset, into: &paths)
            }
        }
    }

    /// The subject the closures share.
    @usableFromInline final class Box<Subject: BenchmarkSubject> {
        @usableFromInline var subject: Subject
        @inlinable init(_ subject: Subject) { self.subject = subject }
    }

    @inlinable public init<Subject: BenchmarkSubject>(_ subject: Subject) {
        strategy = subject.strategy
        updatesIncrementally = subject.updatesIncrementally
        operations = Operations(subject)
    }

    public mutating func prepare(viewport: Size) throws(LayoutError) { try operations.prepare(viewport) }
    public var contentSize: Size { operations.contentSize() }
    public mutating func query(_ rect: Rect, offset: Point) throws(LayoutError) -> Int {
        try operations.query(rect, offset)
    }
    public mutating func query(_ frames: ArraySlice<TraceFrame>) throws(LayoutError) -> Int {
        try operations.queries(frames)
    }
    public func answer(_ rect: Rect, offset: Point) throws(LayoutError) -> [ElementAnswer] {
        try operations.answer(rect, offset)
    }
    public var knownByteCount: Int? { operations.knownByteCount() }
    public var sections: SectionList { operations.sections() }
    public func check(_ batch: [LayoutUpdate]) throws(LayoutError) { try operations.check(batch) }
    public mutating func apply(_ update: LayoutUpdate) throws(LayoutError) { try operations.apply(update) }
    public mutating func apply(_ batch: [LayoutUpdate]) throws(LayoutError) { try operations.applyBatch(batch) }

    public mutating func change(_ change: ScreenChange, keeping anchor: ScrollAnchor, at offset: Point)
        throws(LayoutError) -> Point
    {
        try operations.change(change, anchor, offset)
    }

    public mutating func cells(in rect: Rect, offset: Point, into paths: inout [ItemPath]) throws(LayoutError) {
        try operations.cells(rect, offset, &paths)
    }
}
