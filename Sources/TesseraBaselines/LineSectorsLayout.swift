import Foundation
import Tessera

/// The vertical-alignment tutorial's design: cells grouped in a dictionary keyed by the line they sit on, scanned
/// sector by sector on every query, with supplementary views in an array beside them.
///
/// A line is known by the edge its cells are aligned to along the scroll axis (their top, centre or bottom), which
/// every cell of a line shares; layouts other than the flow layout group cells by their centre.
public final class LineSectorsLayout<Algorithm: LayoutAlgorithm>: NaiveLayout {
    public var algorithm: Algorithm
    public private(set) var contentSize = Size.zero
    private var viewport = Size.zero
    private var sectors: [Double: [NaiveLayoutAttributes]] = [:]
    private var supplementary: [NaiveLayoutAttributes] = []

    public init(_ algorithm: Algorithm) {
        self.algorithm = algorithm
    }

    public func prepare(viewport: Size) throws(LayoutError) {
        self.viewport = try validated(viewport, for: algorithm)
        sectors.removeAll(keepingCapacity: true)
        supplementary.removeAll(keepingCapacity: true)
        var writer = SectorWriter(
            sectors: sectors, supplementary: supplementary, factory: NaiveElementFactory(algorithm), lineKey: lineKey)
        (sectors, supplementary) = ([:], [])
        contentSize = algorithm.write(into: &writer, viewport: viewport)
        (sectors, supplementary) = (writer.sectors, writer.supplementary)
    }

    public func layoutAttributesForElements(in rect: Rect, contentOffset: Point) -> [NaiveLayoutAttributes] {
        let effects = NaiveEffects(algorithm: algorithm, rect: rect, offset: contentOffset, viewport: viewport)
        var visible: [NaiveLayoutAttributes] = []
        for (_, line) in sectors {
            for attributes in line { effects.consider(attributes, into: &visible, of: algorithm) }
        }
        for attributes in supplementary { effects.consider(attributes, into: &visible, of: algorithm) }
        return visible
    }

    /// The edge a line's cells share along the scroll axis. The tutorial's layout is a flow layout subclass, so it
    /// knows its alignment; this port reads it from the flow layout once a prepare, and keys any other layout's
    /// lines by their centre, rather than put a flow-only notion into the protocol every layout implements.
    private var lineKey: @Sendable (Rect) -> Double {
        let vertical = algorithm.scrollAxis == .vertical
        switch (algorithm as? FlowLayout)?.configuration.alignment ?? .center {
        case .top: return { vertical ? $0.minY : $0.minX }
        case .center: return { vertical ? $0.midY : $0.midX }
        case .bottom: return { vertical ? $0.maxY : $0.maxX }
        }
    }

    private struct SectorWriter: LayoutWriter {
        var sectors: [Double: [NaiveLayoutAttributes]]
        var supplementary: [NaiveLayoutAttributes]
        var factory: NaiveElementFactory<Algorithm>
        let lineKey: (Rect) -> Double

        mutating func beginSection(origin: Point) {
            factory.beginSection(origin: origin)
        }

        mutating func append(_ kind: ElementKind, frame: Rect) {
            let attributes = factory.make(kind, frame: frame)
            if kind == .cell {
                sectors[lineKey(attributes.frame), default: []].append(attributes)
            } else {
                supplementary.append(attributes)
            }
        }

        mutating func endSection() {}
    }
}
