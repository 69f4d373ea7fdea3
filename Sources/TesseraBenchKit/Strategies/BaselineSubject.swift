import Tessera
import TesseraBaselines

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

    public var contentSize: Size { layout.contentSize }

    public var knownByteCount: Int? { nil }
}
