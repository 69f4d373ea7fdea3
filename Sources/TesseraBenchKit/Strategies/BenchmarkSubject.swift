import Tessera

/// A layout under benchmark: the engine with one index, or one of the tutorials' designs.
///
/// The runner opens the existential once and runs generic code below it, so every timed loop is specialised.
public protocol BenchmarkSubject: SendableMetatype {
    var strategy: StrategyID { get }
    mutating func prepare(viewport: Size) throws(LayoutError)
    /// The content size of the last `prepare`.
    var contentSize: Size { get }
    /// The timed query: answers `rect` with effects at `offset` the way the design does, and returns how many
    /// elements it found.
    mutating func query(_ rect: Rect, offset: Point) throws(LayoutError) -> Int
    /// The timed queries of a batch of a trace's frames, one after another; returns how many elements they found
    /// in all. Each frame's rect and offset as `query` takes them.
    mutating func query(_ frames: ArraySlice<TraceFrame>) throws(LayoutError) -> Int
    /// The answer to `rect` at `offset`, sorted, for checking against brute force.
    func answer(_ rect: Rect, offset: Point) throws(LayoutError) -> [ElementAnswer]
    /// The bytes the design holds, when it knows them without asking the allocator.
    var knownByteCount: Int? { get }

    /// Whether the design updates what a change touches (the engine), rather than preparing again from scratch
    /// after every change (the tutorials).
    var updatesIncrementally: Bool { get }
    /// The data of every section, as updates read it.
    var sections: SectionList { get }
    /// Refuses `batch`, changing nothing, when it does not fit the data.
    func check(_ batch: [LayoutUpdate]) throws(LayoutError)
    /// Applies one change the way the design does.
    mutating func apply(_ update: LayoutUpdate) throws(LayoutError)
    /// Applies a `performBatchUpdates` batch the way the design does.
    mutating func apply(_ batch: [LayoutUpdate]) throws(LayoutError)
    /// Makes `change` with the view at `offset` and returns the content offset the design leaves the view at: the
    /// engine's keeps `anchor` in place; the tutorials' designs adjust nothing, and the view keeps its offset, clamped
    /// to the content as UIKit clamps it.
    mutating func change(_ change: ScreenChange, keeping anchor: ScrollAnchor, at offset: Point) throws(LayoutError)
        -> Point
    /// Answers `rect` at `offset` as `query` does, appending the paths of the cells found to `paths`.
    mutating func cells(in rect: Rect, offset: Point, into paths: inout [ItemPath]) throws(LayoutError)
}

extension BenchmarkSubject {
    /// The timed query for one frame of a trace: its visible rect at its offset.
    @inlinable mutating func query(_ frame: TraceFrame) throws(LayoutError) -> Int {
        try query(frame.visibleRect, offset: frame.offset)
    }

    @inlinable public mutating func query(_ frames: ArraySlice<TraceFrame>) throws(LayoutError) -> Int {
        var found = 0
        for frame in frames { found &+= try query(frame) }
        return found
    }
}
