import Tessera

/// A layout under benchmark: the engine with one index, or one of the tutorials' designs.
///
/// The runner opens the existential once and runs generic code below it, so every timed loop is specialised.
public protocol BenchmarkSubject {
    var strategy: StrategyID { get }
    mutating func prepare(viewport: Size) throws(LayoutError)
    /// The content size of the last `prepare`.
    var contentSize: Size { get }
    /// The timed query: answers `rect` with effects at `offset` the way the design does, and returns how many
    /// elements it found.
    mutating func query(_ rect: Rect, offset: Point) throws(LayoutError) -> Int
    /// The answer to `rect` at `offset`, sorted, for checking against brute force.
    func answer(_ rect: Rect, offset: Point) throws(LayoutError) -> [ElementAnswer]
    /// The bytes the design holds, when it knows them without asking the allocator.
    var knownByteCount: Int? { get }
}

extension BenchmarkSubject {
    /// The timed query for one frame of a trace: its visible rect at its offset.
    mutating func query(_ frame: TraceFrame) throws(LayoutError) -> Int {
        try query(frame.visibleRect, offset: frame.offset)
    }
}
