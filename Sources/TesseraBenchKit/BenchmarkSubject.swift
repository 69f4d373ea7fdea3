import Tessera
import TesseraBaselines

/// One element of an answer, comparable across designs: identity, frame, zIndex and scroll effect.
public struct ElementAnswer: Hashable, Comparable, Sendable {
    public var id: ElementID
    public var frame: Rect
    public var zIndex: Int
    public var effect: ScrollEffect

    public static func < (lhs: ElementAnswer, rhs: ElementAnswer) -> Bool {
        (lhs.id.section, lhs.id.kind.rawValue, lhs.id.item) < (rhs.id.section, rhs.id.kind.rawValue, rhs.id.item)
    }
}

/// A layout under benchmark: the engine with one index, or one of the tutorials' designs.
///
/// The runner opens the existential once and runs generic code below it, so every timed loop is specialised.
public protocol BenchmarkSubject {
    var strategy: StrategyID { get }
    mutating func prepare(viewport: Size) throws(LayoutError)
    /// The timed query: answers `rect` with effects at `offset` the way the design does, and returns how many
    /// elements it found.
    mutating func query(_ rect: Rect, offset: Point) throws(LayoutError) -> Int
    /// The answer to `rect` at `offset`, sorted, for checking against brute force.
    func answer(_ rect: Rect, offset: Point) throws(LayoutError) -> [ElementAnswer]
    /// The bytes the design holds, when it knows them without asking the allocator.
    var knownByteCount: Int? { get }
}

/// The engine with a given index.
public struct EngineSubject<Algorithm: LayoutAlgorithm, Index: SpatialIndex>: BenchmarkSubject {
    public let strategy: StrategyID
    public private(set) var layout: CollectionLayout<Algorithm, Index>
    private var visible = VisibleElements()

    public init(_ algorithm: Algorithm, index: Index = Index(), strategy: StrategyID) {
        layout = CollectionLayout(algorithm, index: index)
        self.strategy = strategy
    }

    public mutating func prepare(viewport: Size) throws(LayoutError) {
        try layout.prepare(viewport: viewport)
    }

    public mutating func query(_ rect: Rect, offset: Point) throws(LayoutError) -> Int {
        try layout.attributes(in: rect, contentOffset: offset, into: &visible)
        return visible.count
    }

    public func answer(_ rect: Rect, offset: Point) throws(LayoutError) -> [ElementAnswer] {
        var visible = VisibleElements()
        try layout.attributes(in: rect, contentOffset: offset, into: &visible)
        return visible.indices.indices.map { position in
            let attributes = layout.attributes(of: visible, at: position)
            return ElementAnswer(id: attributes.id, frame: attributes.frame, zIndex: attributes.zIndex, effect: attributes.effect)
        }.sorted()
    }

    public var knownByteCount: Int? { layout.byteCount }
}

/// One of the tutorials' designs.
public struct BaselineSubject<Layout: NaiveLayout>: BenchmarkSubject {
    public let strategy: StrategyID
    private let layout: Layout

    public init(_ algorithm: Layout.Algorithm, strategy: StrategyID) {
        layout = Layout(algorithm)
        self.strategy = strategy
    }

    public mutating func prepare(viewport: Size) throws(LayoutError) {
        try layout.prepare(viewport: viewport)
    }

    public mutating func query(_ rect: Rect, offset: Point) throws(LayoutError) -> Int {
        layout.layoutAttributesForElements(in: rect, contentOffset: offset).count
    }

    public func answer(_ rect: Rect, offset: Point) throws(LayoutError) -> [ElementAnswer] {
        layout.layoutAttributesForElements(in: rect, contentOffset: offset).map {
            ElementAnswer(id: $0.elementID, frame: $0.frame, zIndex: $0.zIndex, effect: $0.effect)
        }.sorted()
    }

    public var knownByteCount: Int? { nil }
}

/// The answers every strategy is checked against: every element of the store, each effect computed, each
/// element taken where it shows (where it was laid out, for layouts whose effects do not move elements). It shares
/// the frames with the engine but none of its search or its effects' candidate logic. A class: every strategy of a
/// run shares one, prepared for whichever viewport the frame being checked asks for.
public final class BruteForceOracle<Algorithm: LayoutAlgorithm> {
    public var layout: CollectionLayout<Algorithm, BruteForceIndex>

    public init(_ algorithm: Algorithm) {
        layout = CollectionLayout(algorithm)
    }

    public func prepare(viewport: Size) throws(LayoutError) {
        try layout.prepare(viewport: viewport)
    }

    public func answer(_ rect: Rect, offset: Point) -> [ElementAnswer] {
        let store = layout.store
        let algorithm = layout.algorithm
        let viewport = layout.viewport ?? .zero
        var answer: [ElementAnswer] = []
        for (section, range) in store.sections.enumerated() {
            for index in range.elements {
                let kind = store.kind(at: index)
                let id = ElementID(kind: kind, section: section, item: kind == .cell ? index - range.cells.lowerBound : 0)
                let elementFrame = store.frame(at: index)
                guard algorithm.effectsMoveElements || elementFrame.intersects(rect) else { continue }
                let effect = algorithm.hasScrollEffects
                    ? algorithm.effect(of: id, frame: elementFrame, offset: offset, viewport: viewport) : .none
                guard !algorithm.effectsMoveElements || effect.displayedFrame(of: elementFrame).intersects(rect) else { continue }
                answer.append(ElementAnswer(id: id, frame: elementFrame, zIndex: algorithm.zIndex(of: id, at: index), effect: effect))
            }
        }
        return answer.sorted()
    }
}

extension BenchmarkSubject {
    /// The timed query for one frame of a trace: its visible rect at its offset.
    mutating func query(_ frame: TraceFrame) throws(LayoutError) -> Int {
        try query(frame.visibleRect, offset: frame.offset)
    }
}
