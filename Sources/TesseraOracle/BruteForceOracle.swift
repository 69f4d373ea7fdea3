import Tessera

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

    /// The answer to `rect` at `offset`, sorted, for comparing with any design's.
    public func answer(_ rect: Rect, offset: Point) -> [ElementAnswer] {
        Self.answer(
            rect, offset: offset, store: layout.store, algorithm: layout.algorithm, viewport: layout.viewport ?? .zero
        ).sorted()
    }

    /// The elements of `store` that `algorithm` shows in `rect` at `offset`, in layout order: each effect computed,
    /// each element taken where it shows (where it was laid out, for layouts whose effects do not move elements).
    ///
    /// - Complexity: O(*n*): every element is tested.
    public static func answer<Layout: LayoutAlgorithm>(
        _ rect: Rect, offset: Point, store: LayoutStore, algorithm: Layout, viewport: Size
    ) -> [ElementAnswer] {
        var answer: [ElementAnswer] = []
        var reader = store.reader
        for index in 0..<store.count {
            let (id, elementFrame) = reader.element(index)
            guard algorithm.effectsMoveElements || elementFrame.intersects(rect) else { continue }
            let effect =
                algorithm.hasScrollEffects
                ? algorithm.effect(of: id, frame: elementFrame, offset: offset, viewport: viewport) : .none
            guard !algorithm.effectsMoveElements || effect.displayedFrame(of: elementFrame).intersects(rect) else {
                continue
            }
            answer.append(
                ElementAnswer(id: id, frame: elementFrame, zIndex: algorithm.zIndex(of: id, at: index), effect: effect))
        }
        return answer
    }
}
