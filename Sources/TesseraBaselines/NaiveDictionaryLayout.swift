import Foundation
import Tessera

/// The design the stretchy/sticky/parallax tutorial teaches, for any layout: `prepare` creates one attributes
/// object per element into a `[kind: [IndexPath: attributes]]` cache, and every rect query scans the whole cache
/// into a reused array.
public final class NaiveDictionaryLayout<Algorithm: LayoutAlgorithm> {
    public static var id: String { "naive-dictionary" }

    public let algorithm: Algorithm
    public private(set) var contentSize = Size.zero
    private var cache: [ElementKind: [IndexPath: NaiveLayoutAttributes]] = [:]
    private var visibleLayoutAttributes: [NaiveLayoutAttributes] = []

    public init(_ algorithm: Algorithm) {
        self.algorithm = algorithm
    }

    public func prepare(viewport: Size) throws(LayoutError) {
        guard viewport.isValidExtent else { throw .invalidViewport(viewport) }
        cache.removeAll(keepingCapacity: true)
        var writer = CacheWriter(cache: cache)
        cache = [:]  // hand the writer the only reference, so it mutates in place
        contentSize = algorithm.write(into: &writer, viewport: viewport)
        cache = writer.cache
    }

    public func layoutAttributesForElements(in rect: Rect) -> [NaiveLayoutAttributes] {
        visibleLayoutAttributes.removeAll(keepingCapacity: true)
        for (_, elementInfos) in cache {
            for (_, attributes) in elementInfos where attributes.frame.intersects(rect) {
                visibleLayoutAttributes.append(attributes)
            }
        }
        return visibleLayoutAttributes
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> NaiveLayoutAttributes? {
        cache[.cell]?[indexPath]
    }

    public func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath) -> NaiveLayoutAttributes? {
        cache[kind]?[indexPath]
    }

    /// Builds the cache as the tutorial's `prepare` does: a fresh attributes object per element.
    private struct CacheWriter: LayoutWriter {
        var cache: [ElementKind: [IndexPath: NaiveLayoutAttributes]]
        var section = 0
        var item = 0
        var sectionsBegun = 0

        mutating func beginSection() {
            section = sectionsBegun
            sectionsBegun += 1
            item = 0
        }

        mutating func append(_ kind: ElementKind, frame: Rect) {
            let indexPath: IndexPath = [section, kind == .cell ? item : 0]
            if kind == .cell { item += 1 }
            cache[kind, default: [:]][indexPath] = NaiveLayoutAttributes(elementKind: kind, indexPath: indexPath, frame: frame)
        }

        mutating func endSection() {}
    }
}
