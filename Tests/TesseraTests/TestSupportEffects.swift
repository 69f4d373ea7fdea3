import Foundation
import Tessera
import TesseraBaselines
import TesseraOracle
import Testing

// Helpers for the tests of the waterfall, Mosaic, carousel and sticky-parallax layouts: an answer element compared
// with its zIndex and effect, a brute-force oracle for layouts with scroll effects, seeded random workloads of the
// four layouts, and seeded random (rect, content offset) queries.

// MARK: - Answers compared bit for bit

/// An element of a query's answer as the effects tests compare it: identity, frame, zIndex and every field of the
/// effect, the Doubles bit for bit.
struct EffectHit: Hashable, CustomStringConvertible {
    let id: ElementID
    let frame: Rect
    let zIndex: Int
    let effect: ScrollEffect
    /// The twelve Doubles' bit patterns (and four zeros): no allocation per element.
    private let bits: SIMD16<UInt64>

    init(id: ElementID, frame: Rect, zIndex: Int, effect: ScrollEffect) {
        self.id = id
        self.frame = frame
        self.zIndex = zIndex
        self.effect = effect
        let t = effect.transform
        bits = SIMD16(
            frame.origin.x.bitPattern, frame.origin.y.bitPattern, frame.size.width.bitPattern,
            frame.size.height.bitPattern,
            effect.alpha.bitPattern, t.scaleX.bitPattern, t.scaleY.bitPattern, t.translateX.bitPattern,
            t.translateY.bitPattern, t.translateZ.bitPattern, effect.parallaxOffset.bitPattern,
            effect.overlayAlpha.bitPattern,
            0, 0, 0, 0
        )
    }

    init(_ attributes: LayoutAttributes) {
        self.init(id: attributes.id, frame: attributes.frame, zIndex: attributes.zIndex, effect: attributes.effect)
    }

    init(_ attributes: NaiveLayoutAttributes) {
        self.init(
            id: attributes.elementID, frame: attributes.frame, zIndex: attributes.zIndex, effect: attributes.effect)
    }

    static func == (a: EffectHit, b: EffectHit) -> Bool { a.id == b.id && a.zIndex == b.zIndex && a.bits == b.bits }

    /// The identity alone: elements of one answer have distinct identities, and `==` compares the rest.
    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    var description: String {
        let t = effect.transform
        return
            "\(id.kind)(\(id.section),\(id.item)) frame (\(frame.origin.x), \(frame.origin.y), \(frame.size.width), \(frame.size.height)) "
            + "z \(zIndex) alpha \(effect.alpha) scale \(t.scaleX)×\(t.scaleY) t (\(t.translateX), \(t.translateY), \(t.translateZ)) "
            + "parallax \(effect.parallaxOffset) overlay \(effect.overlayAlpha)"
    }
}

/// Records what any algorithm writes for `viewport` with the independent `RecordingWriter`.
func recordAny<Algorithm: UpdatableLayout>(_ algorithm: Algorithm, viewport: Size) -> (
    writer: RecordingWriter, contentSize: Size
) {
    var writer = RecordingWriter(axis: algorithm.scrollAxis)
    let contentSize = algorithm.write(into: &writer, viewport: viewport)
    return (writer, contentSize)
}

/// A prepared engine layout over the SoA index (block size 16 unless given).
func prepared<Algorithm: UpdatableLayout>(
    _ algorithm: Algorithm, viewport: Size = phone, blockSize: Int = SoABinarySearchIndex.defaultBlockSize
) throws -> CollectionLayout<Algorithm, SoABinarySearchIndex> {
    var layout = CollectionLayout(algorithm, index: try SoABinarySearchIndex(blockSize: blockSize))
    try layout.prepare(viewport: viewport)
    return layout
}

/// The brute-force oracle the bench kit checks every strategy with (`BruteForceOracle.answer`): every element of the store, its effect at
/// `offset`, kept when the frame it shows at intersects `rect` (its displayed frame when the layout's effects move
/// elements, its layout frame otherwise). Returned in layout order.
func effectsOracle<Algorithm: UpdatableLayout, Index: SpatialIndex>(
    _ layout: CollectionLayout<Algorithm, Index>, in rect: Rect, offset: Point
) -> [EffectHit] {
    guard let viewport = layout.viewport else { return [] }
    return BruteForceOracle<Algorithm>.answer(
        rect, offset: offset, store: layout.store, algorithm: layout.algorithm, viewport: viewport
    )
    .map { EffectHit(id: $0.id, frame: $0.frame, zIndex: $0.zIndex, effect: $0.effect) }
}

/// The engine's answer for `rect` at `offset`: the store indices (in the order returned) and each element's
/// attributes as `attributes(of:at:)` assembles them.
func engineAnswer<Algorithm: UpdatableLayout, Index: SpatialIndex>(
    _ layout: CollectionLayout<Algorithm, Index>, in rect: Rect, offset: Point, buffer: inout VisibleElements
) throws -> (indices: [Int], hits: [EffectHit]) {
    try layout.attributes(in: rect, contentOffset: offset, into: &buffer)
    let hits = (0..<buffer.count).map { EffectHit(layout.attributes(of: buffer, at: $0)) }
    return (Array(buffer.indices), hits)
}

/// The ids of the engine's answer for `rect` at `offset`, in the order returned (layout order), for short expectations.
func answerIDs<Algorithm: UpdatableLayout, Index: SpatialIndex>(
    _ layout: CollectionLayout<Algorithm, Index>, in rect: Rect, offset: Point
) throws -> [ElementID] {
    var buffer = VisibleElements()
    return try engineAnswer(layout, in: rect, offset: offset, buffer: &buffer).hits.map(\.id)
}

func baselineAnswer<Baseline: NaiveLayout>(_ baseline: Baseline, in rect: Rect, offset: Point) -> [EffectHit] {
    baseline.layoutAttributesForElements(in: rect, contentOffset: offset).map(EffectHit.init)
}

/// How two answers differ, as one readable line, or nil when they hold the same elements the same number of times.
func difference(_ label: String, got: [EffectHit], want: [EffectHit]) -> String? {
    if got == want { return nil }  // the same order: the quick way
    let gotSet = Set(got)
    let wantSet = Set(want)
    guard gotSet != wantSet || got.count != want.count || gotSet.count != got.count else { return nil }
    let extra = gotSet.subtracting(wantSet).prefix(3).map(\.description)
    let missing = wantSet.subtracting(gotSet).prefix(3).map(\.description)
    return "\(label): \(got.count) vs \(want.count) expected; extra \(extra); missing \(missing)"
}

/// Every element of a prepared layout in layout order, identity and frame (compared bit for bit by `Hit`).
func laidOut<Algorithm: UpdatableLayout, Index: SpatialIndex>(_ layout: CollectionLayout<Algorithm, Index>) -> [Hit] {
    (0..<layout.store.count).map { index in
        let attributes = layout.attributes(ofElement: index)
        return Hit(attributes.id, attributes.frame)
    }
}

/// Within a few ulps, for effects whose hand-computed value is not exactly representable.
func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-12) -> Bool {
    Swift.abs(a - b) <= tolerance * Swift.max(1, Swift.abs(a), Swift.abs(b))
}

// MARK: - Header (section header) and element ids

extension ElementID {
    static func header(_ section: Int) -> ElementID { ElementID(kind: .header, section: section, item: 0) }
    static func footer(_ section: Int) -> ElementID { ElementID(kind: .footer, section: section, item: 0) }
    static let topHeader = ElementID(kind: .topHeader, section: 0, item: 0)
    static let menu = ElementID(kind: .menu, section: 0, item: 0)
}

// MARK: - Seeded random workloads

/// A seeded random layout: its seed, the algorithm drawn, the viewport to lay it out in and, as its description,
/// what was drawn (for failure messages).
protocol SeededLayout: CustomStringConvertible {
    associatedtype Algorithm: UpdatableLayout
    var seed: UInt64 { get }
    var algorithm: Algorithm { get }
    var viewport: Size { get }
}

extension RandomFlow: SeededLayout {}
extension RandomWaterfall: SeededLayout {}

/// A seeded random layout of a kind these tests draw themselves, each kind in an initializer of its own
/// (`RandomMosaic`, `RandomCarousel`, `RandomStickyParallax`).
struct RandomLayout<Algorithm: UpdatableLayout>: SeededLayout {
    let seed: UInt64
    let algorithm: Algorithm
    let viewport: Size
    let description: String
}

/// A seeded random Mosaic: small counts (0…7, where the remainder rules decide the styles) or up to 500 items, in
/// viewports of any width, odd and fractional ones included.
typealias RandomMosaic = RandomLayout<MosaicLayout>

extension RandomMosaic {
    init(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed ^ 0x3051_A1C)
        let count = rng.chance(0.4) ? rng.int(0...7) : rng.int(0...500)
        let viewport = Size(width: rng.pick([100, 101, 390, rng.length(1...900)]), height: rng.length(50...1000))
        let algorithm = try MosaicLayout(itemCount: count)
        self.init(
            seed: seed, algorithm: algorithm, viewport: viewport,
            description:
                "mosaic seed \(seed): \(algorithm.itemCount) items, viewport \(viewport.width)×\(viewport.height)")
    }
}

/// A seeded random carousel: item sizes, side scale and alpha anywhere in 0…1 (the ends included) and spacings
/// down to nearly the most negative one allowed (items overlapping heavily).
typealias RandomCarousel = RandomLayout<CarouselLayout>

extension RandomCarousel {
    init(seed: UInt64, maxItems: Int = 1500) throws {
        var rng = SplitMix64(seed: seed ^ 0xCA20_05E1)
        let viewport = Size(width: rng.length(50...1200), height: rng.length(50...1000))
        let size = Size(width: rng.length(1...600), height: rng.length(1...900))
        let scale = rng.pick([0, 1, 0.5, rng.double(0...1)])
        let alpha = rng.pick([0, 1, 0.5, rng.double(0...1)])
        // Items advance while width + spacing − scaledOffset > 0.
        let scaledOffset = (size.width - size.width * (scale + (1 - scale) / 2)) / 2
        let lowest = scaledOffset - size.width
        let spacing = rng.chance(0.5) ? rng.double((lowest * 0.97)...0) : rng.length(0...80)
        let algorithm = try CarouselLayout(
            itemCount: rng.chance(0.1) ? rng.int(0...3) : rng.int(0...maxItems),
            configuration: .init(itemSize: size, sideItemScale: scale, sideItemAlpha: alpha, spacing: spacing)
        )
        let c = algorithm.configuration
        self.init(
            seed: seed, algorithm: algorithm, viewport: viewport,
            description:
                "carousel seed \(seed): \(algorithm.itemCount) items \(c.itemSize.width)×\(c.itemSize.height), side scale "
                + "\(c.sideItemScale) alpha \(c.sideItemAlpha), spacing \(c.spacing) (line spacing \(algorithm.lineSpacing)), "
                + "viewport \(viewport.width)×\(viewport.height)")
    }
}

/// A seeded random sticky-parallax layout: up to a dozen sections (empty ones included), every height from 0 up,
/// spacings, parallax and overlay limits, and every effect flag on or off.
typealias RandomStickyParallax = RandomLayout<StickyParallaxLayout>

extension RandomStickyParallax {
    init(seed: UInt64, maxItems: Int = 1800, shape: SectionShape = .few) throws {
        var rng = SplitMix64(seed: seed ^ 0x571C_4E)
        let viewport = Size(width: rng.length(50...900), height: rng.length(100...1000))
        var c = StickyParallaxLayout.Configuration()
        if rng.chance(0.7) {
            c.headerHeight = rng.pick([0, 300, rng.length(0...600)])
            c.menuHeight = rng.pick([0, 70, rng.length(0...150)])
            c.sectionHeaderHeight = rng.pick([0, 50, rng.length(0...120)])
            c.sectionFooterHeight = rng.pick([0, 50, rng.length(0...120)])
            c.cellHeight = rng.pick([0, 200, rng.length(0...500), rng.length(0...(2 * viewport.height))])
            c.minimumInteritemSpacing = rng.pick([0, rng.length(0...40)])
            c.minimumLineSpacing = rng.pick([0, 3, rng.length(0...30)])
            c.maxParallaxOffset = rng.pick([60, rng.length(0...200)])
            c.maxOverlayAlpha = rng.pick([0.6, rng.double(0...1)])
            c.isHeaderStretchy = rng.chance(0.75)
            c.isHeaderOverlayActive = rng.chance(0.75)
            c.isMenuSticky = rng.chance(0.75)
            c.areSectionHeadersSticky = rng.chance(0.75)
            c.isParallaxOnCellsEnabled = rng.chance(0.75)
        }
        var budget = rng.int(0...maxItems)
        var counts: [Int] = []
        for _ in 0..<rng.int(0...12) {
            let count = rng.chance(0.25) ? 0 : rng.int(0...max(0, min(budget, 300)))
            budget -= count
            counts.append(count)
        }
        if let shaped = shape.counts(&rng, maxItems: maxItems) { counts = shaped }
        let algorithm = try StickyParallaxLayout(itemCounts: counts, configuration: c)
        self.init(
            seed: seed, algorithm: algorithm, viewport: viewport,
            description:
                "sticky-parallax seed \(seed): counts \(algorithm.itemCounts), header \(c.headerHeight), menu \(c.menuHeight), "
                + "section header \(c.sectionHeaderHeight), footer \(c.sectionFooterHeight), cell \(c.cellHeight), spacing "
                + "\(c.minimumInteritemSpacing)/\(c.minimumLineSpacing), parallax \(c.maxParallaxOffset), overlay \(c.maxOverlayAlpha), "
                + "flags stretchy \(c.isHeaderStretchy) overlay \(c.isHeaderOverlayActive) menu \(c.isMenuSticky) headers "
                + "\(c.areSectionHeadersSticky) parallax \(c.isParallaxOnCellsEnabled), viewport \(viewport.width)×\(viewport.height)"
        )
    }
}

/// One of the seeded random layouts the update suites (`UpdateDifferentialTests`, `UpdateFloorTests`) run their
/// checks on: a kind, a seed and, for a flow, waterfall or sticky-parallax layout, how its sections are drawn. Up to
/// 300 items, so that many random steps stay quick.
struct UpdateWorkload: Sendable, CustomTestStringConvertible {
    enum Kind: String, Sendable {
        case flow, waterfall, mosaic, carousel
        case stickyParallax = "sticky-parallax"
    }

    let kind: Kind
    let seed: UInt64
    /// How a flow, waterfall or sticky-parallax layout draws its sections; nil: the kind's own way, and no word of
    /// it in a failure message.
    var shape: SectionShape? = nil

    /// Every kind in `kinds` over every seed in `seeds`.
    static func of(_ kinds: [Kind], seeds: Range<UInt64>, shape: SectionShape? = nil) -> [UpdateWorkload] {
        kinds.flatMap { kind in seeds.map { UpdateWorkload(kind: kind, seed: $0, shape: shape) } }
    }

    /// Flows (vertical and horizontal) over 24 seeds, waterfalls and sticky-parallax layouts over 16, and Mosaics
    /// and carousels, one section by nature, over 8.
    static let everyKind =
        of([.flow], seeds: 0..<24) + of([.waterfall, .stickyParallax], seeds: 0..<16)
        + of([.mosaic, .carousel], seeds: 0..<8)

    /// Flows, waterfalls and sticky-parallax layouts of many tiny sections or of one, over 6 seeds.
    static let tinyOrOneSection = [SectionShape.tiny, .one].flatMap { shape in
        of([.flow, .waterfall, .stickyParallax], seeds: 0..<6, shape: shape)
    }

    var testDescription: String { "\(kind.rawValue) seed \(seed)" + (shape.map { ", \($0) sections" } ?? "") }

    /// The layout drawn.
    func draw() throws -> any SeededLayout {
        switch kind {
        case .flow: try RandomFlow(seed: seed, maxItems: 300, shape: shape ?? .few)
        case .waterfall: try RandomWaterfall(seed: seed, maxItems: 300, shape: shape ?? .few)
        case .stickyParallax: try RandomStickyParallax(seed: seed, maxItems: 300, shape: shape ?? .few)
        case .mosaic: try RandomMosaic(seed: seed)
        case .carousel: try RandomCarousel(seed: seed, maxItems: 300)
        }
    }
}

/// A suite that checks layouts over random steps of updates, and so can run its check on `UpdateWorkload`s.
protocol UpdateWorkloadCheck {
    /// What went wrong over `steps` random steps, of up to `maxUpdates` changes each, on `algorithm` laid out in
    /// `viewport`; nothing when all held.
    static func randomStepProblems<Algorithm: UpdatableLayout>(
        _ algorithm: Algorithm, viewport: Size, seed: UInt64, steps: Int, maxUpdates: Int
    ) throws -> [String]
}

extension UpdateWorkloadCheck {
    /// Draws `workload` and expects the suite's check to find nothing wrong, naming the layout drawn (after the
    /// shape of its sections, when the workload gives one) when it does.
    static func expectNoProblems(
        _ workload: UpdateWorkload, steps: Int, maxUpdates: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let drawn = try workload.draw()
        let problems = try randomStepProblems(
            drawn.algorithm, viewport: drawn.viewport, seed: workload.seed, steps: steps, maxUpdates: maxUpdates)
        #expect(problems == [], "\(workload.shape.map { "\($0) " } ?? "")\(drawn)", sourceLocation: sourceLocation)
    }
}

// MARK: - Seeded random queries

/// One rect query and the content offset its effects use.
struct EffectQuery: CustomStringConvertible {
    var rect: Rect
    var offset: Point
    var description: String {
        "rect (\(rect.origin.x), \(rect.origin.y), \(rect.size.width), \(rect.size.height)) at offset (\(offset.x), \(offset.y))"
    }
}

/// Seeded random queries for a prepared layout: viewport-sized rects at content offsets before the start (pulled
/// down), inside and past the end; small rects; thin bands at the top of the viewport (where pinned headers show);
/// rects whose edges coincide with elements' layout or displayed frames; and the awkward ones (empty, inverted,
/// infinite, outside).
func effectQueries<Algorithm: UpdatableLayout, Index: SpatialIndex>(
    _ layout: CollectionLayout<Algorithm, Index>, seed: UInt64, offsets: Int = 12
) -> [EffectQuery] {
    var rng = SplitMix64(seed: seed ^ 0xE7EC_7500)
    let viewport = layout.viewport ?? phone
    let vertical = layout.algorithm.scrollAxis == .vertical
    let content = layout.contentSize
    let store = layout.store
    let length = vertical ? content.height : content.width
    let cross = vertical ? content.width : content.height
    let window = max(vertical ? viewport.height : viewport.width, 1)
    let crossWindow = max(vertical ? viewport.width : viewport.height, 1)
    func point(_ scroll: Double, _ crossValue: Double) -> Point {
        vertical ? Point(x: crossValue, y: scroll) : Point(x: scroll, y: crossValue)
    }
    func rect(_ scroll: Double, _ scrollLength: Double, _ crossStart: Double, _ crossLength: Double) -> Rect {
        vertical
            ? Rect(x: crossStart, y: scroll, width: crossLength, height: scrollLength)
            : Rect(x: scroll, y: crossStart, width: scrollLength, height: crossLength)
    }
    var queries: [EffectQuery] = []
    for step in 0..<offsets {
        let scroll: Double =
            switch step % 6 {
            case 0: -rng.length(0...(1.5 * window))  // pulled down / left past the start
            case 1: length + rng.length(-window...window)  // at or past the end
            case 2: 0
            default: rng.length(0...max(length, 1))
            }
        let crossOffset = rng.chance(0.8) ? 0 : rng.length(-50...50)
        let offset = point(scroll, crossOffset)
        // The visible bounds, as UIKit asks on every scroll.
        queries.append(EffectQuery(rect: Rect(origin: offset, size: viewport), offset: offset))
        // A band at the top of the viewport, where the menu and a pinned header show.
        queries.append(
            EffectQuery(
                rect: rect(scroll + rng.length(0...150), rng.length(0...120), crossOffset, crossWindow), offset: offset)
        )
        // A small rect anywhere in the viewport, sometimes inverted, sometimes empty.
        var small = rect(
            scroll + rng.length(-50...(window + 50)), rng.length(0...200), rng.length(-50...(crossWindow + 50)),
            rng.length(0...200))
        if rng.chance(0.15) { small.size = .zero }
        if rng.chance(0.25) { small = Rect(x: small.maxX, y: small.maxY, width: -small.width, height: -small.height) }
        queries.append(EffectQuery(rect: small, offset: offset))
        // Rects sharing an edge with where an element shows at this offset, and with where it was laid out.
        if store.count > 0, let layoutViewport = layout.viewport {
            for _ in 0..<2 {
                let index = rng.int(0...(store.count - 1))
                let frame = store.frame(at: index)
                let effect =
                    layout.algorithm.hasScrollEffects
                    ? layout.algorithm.effect(
                        of: store.elementID(at: index), frame: frame, offset: offset, viewport: layoutViewport) : .none
                let shown = rng.chance(0.5) ? effect.displayedFrame(of: frame) : frame
                let band = window / 2
                let r: Rect =
                    switch rng.int(0...4) {
                    case 0: shown
                    // Just below or after, just above or before, just right, just left.
                    case 1: Rect(minX: -1e6, minY: shown.maxY, maxX: 1e6, maxY: shown.maxY + band)
                    case 2: Rect(minX: -1e6, minY: shown.minY - band, maxX: 1e6, maxY: shown.minY)
                    case 3: Rect(minX: shown.maxX, minY: -1e6, maxX: shown.maxX + band, maxY: 1e6)
                    default: Rect(minX: shown.minX - band, minY: -1e6, maxX: shown.minX, maxY: 1e6)
                    }
                queries.append(EffectQuery(rect: r, offset: offset))
            }
        }
    }
    let someOffset = point(rng.length(-window...max(length, 1)), 0)
    let awkward: [Rect] = [
        .zero,
        rect(length / 2, 0, cross / 2, 0),  // empty, inside the content
        rect(length + window + 1, window, 0, cross),  // past the end
        rect(-3 * window, window, 0, cross),  // far before the start
        rect(0, length, cross + window + 10, 100),  // beside the content
        Rect(x: -1, y: -1, width: content.width + 2, height: content.height + 2),  // everything laid out
        // Inverted.
        Rect(x: content.width + 1, y: content.height + 1, width: -content.width - 2, height: -content.height - 2),
        Rect(x: 0, y: 0, width: .infinity, height: .infinity),
        .infinite,
        Rect(x: -.infinity, y: -.infinity, width: 100, height: 100),  // both edges at −∞: nothing
    ]
    for r in awkward {
        queries.append(EffectQuery(rect: r, offset: someOffset))
        queries.append(EffectQuery(rect: r, offset: point(-window / 3, 0)))
    }
    return queries
}
