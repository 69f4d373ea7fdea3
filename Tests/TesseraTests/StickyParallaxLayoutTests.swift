import Tessera
import TesseraBaselines
import Testing

/// The stretchy header + sticky menu + sticky section headers + parallax layout, worked out by hand with the
/// defaults (top header 300, menu 70, section header and footer 50, cell 200, line spacing 3, interitem 0, parallax
/// 60, overlay 0.6, every effect on), item counts [2, 3], in a 390 × 844 viewport (H/2 = 422):
///
/// | index | element      | y           | zIndex            |
/// |-------|--------------|-------------|-------------------|
/// | 0     | top header   | 0…300       | 0                 |
/// | 1     | menu         | 300…370     | 11 + 2 sections = 13 |
/// | 2     | header 0     | 370…420     | 11 + 0 = 11       |
/// | 3     | cell (0,0)   | 423…623     | 3                 |
/// | 4     | cell (0,1)   | 626…826     | 4                 |
/// | 5     | footer 0     | 826…876     | 5                 |
/// | 6     | header 1     | 876…926     | 11 + 1 = 12       |
/// | 7–9   | cells (1,i)  | 929, 1132, 1335 (200 tall) | 7, 8, 9 |
/// | 10    | footer 1     | 1535…1585   | 10                |
///
/// 11 elements; content 390 × 1585. Section header limits: section 0 2 · (200 + 3) = 406, section 1 3 · 203 = 609.
@Suite("Sticky-parallax layout")
struct StickyParallaxLayoutTests {
    typealias Layout = CollectionLayout<StickyParallaxLayout, SoABinarySearchIndex>

    static func layout(
        _ counts: [Int] = [2, 3], _ configure: (inout StickyParallaxLayout.Configuration) -> Void = { _ in }
    ) throws -> Layout {
        var configuration = StickyParallaxLayout.Configuration()
        configure(&configuration)
        return try prepared(try StickyParallaxLayout(itemCounts: counts, configuration: configuration))
    }

    static func effect(_ layout: Layout, _ id: ElementID, offsetY: Double) -> ScrollEffect? {
        let offset = Point(x: 0, y: offsetY)
        return id.kind == .cell
            ? layout.attributesForItem(section: id.section, item: id.item, contentOffset: offset)?.effect
            : layout.attributesForSupplementary(kind: id.kind, section: id.section, contentOffset: offset)?.effect
    }

    static func displayed(_ layout: Layout, _ id: ElementID, offsetY: Double) -> Rect? {
        let offset = Point(x: 0, y: offsetY)
        return id.kind == .cell
            ? layout.attributesForItem(section: id.section, item: id.item, contentOffset: offset)?.displayedFrame
            : layout.attributesForSupplementary(kind: id.kind, section: id.section, contentOffset: offset)?
                .displayedFrame
    }

    static func translateY(_ ty: Double) -> ScrollEffect { ScrollEffect(transform: ElementTransform(translateY: ty)) }

    // MARK: Frames and zIndex

    @Test("frames: top header, menu, then per section a header, cells each 3 below the previous, a footer")
    func frames() throws {
        let layout = try Self.layout()
        func full(_ y: Double, _ height: Double) -> Rect { Rect(x: 0, y: y, width: 390, height: height) }
        #expect(
            laidOut(layout) == [
                Hit(.topHeader, full(0, 300)), Hit(.menu, full(300, 70)), Hit(.header(0), full(370, 50)),
                Hit(.cell(section: 0, item: 0), full(423, 200)), Hit(.cell(section: 0, item: 1), full(626, 200)),
                Hit(.footer(0), full(826, 50)),
                Hit(.header(1), full(876, 50)), Hit(.cell(section: 1, item: 0), full(929, 200)),
                Hit(.cell(section: 1, item: 1), full(1132, 200)),
                Hit(.cell(section: 1, item: 2), full(1335, 200)), Hit(.footer(1), full(1535, 50)),
            ])
        #expect(layout.contentSize == Size(width: 390, height: 1585))
        #expect(layout.algorithm.elementCount == 11)
        // Cells sit at x = minimumInteritemSpacing and stay as wide as the viewport.
        let shifted = try Self.layout([1]) { $0.minimumInteritemSpacing = 12 }
        #expect(shifted.attributesForItem(section: 0, item: 0)?.frame == Rect(x: 12, y: 423, width: 390, height: 200))
        #expect(
            shifted.attributesForSupplementary(kind: .header, section: 0)?.frame
                == Rect(x: 0, y: 370, width: 390, height: 50))
    }

    @Test("zIndex: layout order, section headers renumbered above every element, the menu above all")
    func zIndex() throws {
        let layout = try Self.layout()
        let zIndices = (0..<layout.store.count).map { layout.attributes(ofElement: $0).zIndex }
        #expect(zIndices == [0, 13, 11, 3, 4, 5, 12, 7, 8, 9, 10])
        // What a drawing order needs: the menu on top, then the headers (a later section's above an earlier one's),
        // then everything else in layout order.
        let menu = zIndices[1]
        #expect(zIndices.enumerated().allSatisfy { $0.offset == 1 || $0.element < menu })
        #expect([0, 3, 4, 5, 7, 8, 9, 10].allSatisfy { zIndices[$0] < zIndices[2] && zIndices[$0] < zIndices[6] })
    }

    @Test("elements of height 0 are not written: no top header, menu, section headers or footers")
    func missingSupplementary() throws {
        let layout = try Self.layout([1, 0, 2]) {
            $0.headerHeight = 0
            $0.menuHeight = 0
            $0.sectionHeaderHeight = 0
            $0.sectionFooterHeight = 0
        }
        // Cells only: 3, 206, 409 (each 3 below the previous bottom, the first 3 below 0).
        #expect(laidOut(layout).map(\.frame.minY) == [3, 206, 409])
        #expect(
            laidOut(layout).map(\.id) == [
                .cell(section: 0, item: 0), .cell(section: 2, item: 0), .cell(section: 2, item: 1),
            ])
        #expect(layout.contentSize.height == 609)
    }

    // MARK: Sticky section headers

    @Test("a section header unpinned before its section, pinned below the menu inside it, pushed out at its end")
    func stickyHeaders() throws {
        let layout = try Self.layout()
        // Offset 0: max(0, 0 − 370 + 70) = 0 — unpinned.
        #expect(Self.effect(layout, .header(0), offsetY: 0) == Self.translateY(0))
        // Offset 400: 400 − 370 + 70 = 100 (< 406): pinned at 470…520, right below the menu (400…470).
        #expect(Self.effect(layout, .header(0), offsetY: 400) == Self.translateY(100))
        #expect(Self.displayed(layout, .header(0), offsetY: 400) == Rect(x: 0, y: 470, width: 390, height: 50))
        // Offset 400 is before section 1: max(0, 400 − 876 + 70) = 0 — unpinned.
        #expect(Self.effect(layout, .header(1), offsetY: 400) == Self.translateY(0))
        // Offset 800: min(406, 800 − 370 + 70 = 500) = 406: pushed out, its bottom at the last cell's, 826.
        #expect(Self.effect(layout, .header(0), offsetY: 800) == Self.translateY(406))
        #expect(Self.displayed(layout, .header(0), offsetY: 800) == Rect(x: 0, y: 776, width: 390, height: 50))
        #expect(
            Self.displayed(layout, .header(0), offsetY: 800)?.maxY
                == layout.attributesForItem(section: 0, item: 1)?.frame.maxY)
        // Offset 1000: section 1 pins, 1000 − 876 + 70 = 194, at 1070…1120.
        #expect(Self.effect(layout, .header(1), offsetY: 1000) == Self.translateY(194))
        // Offset 10 000: both at their limits.
        #expect(Self.effect(layout, .header(0), offsetY: 10_000) == Self.translateY(406))
        #expect(Self.effect(layout, .header(1), offsetY: 10_000) == Self.translateY(609))
        // Pulled down (offset −300): 0.
        #expect(Self.effect(layout, .header(0), offsetY: -300) == Self.translateY(0))
    }

    @Test("with the menu not sticky, a header pins at the top of the viewport instead of below the menu")
    func headersWithoutStickyMenu() throws {
        let layout = try Self.layout { $0.isMenuSticky = false }
        // Offset 400: 400 − 370 + 0 = 30 → 400…450.
        #expect(Self.effect(layout, .header(0), offsetY: 400) == Self.translateY(30))
        #expect(Self.displayed(layout, .header(0), offsetY: 400)?.minY == 400)
        // And the menu scrolls away with the content.
        #expect(Self.effect(layout, .menu, offsetY: 1000) == ScrollEffect.none)
    }

    // MARK: Stretchy header

    @Test("the top header stretches when pulled down: offset −100 gives height 400, scale 4/3, translate −50")
    func stretchyHeader() throws {
        let layout = try Self.layout()
        // h' = min(844, max(300, 300 + 100)) = 400; scale 400/300; ty = min(−100, 300) + (400 − 300)/2 = −50;
        // overlay = min(0.6, −100/300) = −1/3 (the formula, as the tutorial's, does not clamp at 0).
        #expect(
            Self.effect(layout, .topHeader, offsetY: -100)
                == ScrollEffect(
                    transform: ElementTransform(scaleX: 400.0 / 300, scaleY: 400.0 / 300, translateY: -50),
                    overlayAlpha: -100.0 / 300
                ))
        // Shown 520 × 400 about the centre (195, 150 − 50): x −65…455, y −100…300 — from the viewport's top.
        #expect(Self.displayed(layout, .topHeader, offsetY: -100) == Rect(x: -65, y: -100, width: 520, height: 400))
        // Offset −1000: h' = min(844, 1300) = 844, scale 844/300, ty = −1000 + (844 − 300)/2 = −728; shown from −1000
        // (the viewport's top) for 844, the viewport's height.
        #expect(
            Self.effect(layout, .topHeader, offsetY: -1000)?.transform
                == ElementTransform(scaleX: 844.0 / 300, scaleY: 844.0 / 300, translateY: -728))
        let capped = try #require(Self.displayed(layout, .topHeader, offsetY: -1000))
        #expect(capped.minY == -1000 && capped.height == 844)
        // Offset 0: h' = 300, scale 1, ty 0, overlay 0.
        #expect(
            Self.effect(layout, .topHeader, offsetY: 0)
                == ScrollEffect(transform: ElementTransform(scaleX: 1, scaleY: 1, translateY: 0), overlayAlpha: 0))
        // Offset 150: scale 1, ty = min(150, 300) = 150, overlay min(0.6, 0.5) = 0.5.
        #expect(
            Self.effect(layout, .topHeader, offsetY: 150)
                == ScrollEffect(transform: ElementTransform(translateY: 150), overlayAlpha: 0.5))
        // Offset 600: ty = min(600, 300) = 300; overlay min(0.6, 2) = 0.6.
        #expect(
            Self.effect(layout, .topHeader, offsetY: 600)
                == ScrollEffect(transform: ElementTransform(translateY: 300), overlayAlpha: 0.6))
        // Offset 90: overlay 90/300 = 0.3 (below the cap).
        #expect(Self.effect(layout, .topHeader, offsetY: 90)?.overlayAlpha == 90.0 / 300)
    }

    @Test("a query's top header and menu: the frames the layout wrote, with either alone, heights off the grid")
    func topElementsInAQuery() throws {
        for (header, menu) in [(300.0, 70.0), (0, 70), (300, 0), (300.3, 70.7), (0.7, 0.3)] {
            let layout = try Self.layout { ($0.headerHeight, $0.menuHeight) = (header, menu) }
            let top = [(ElementID.topHeader, header > 0), (.menu, menu > 0)].filter(\.1).map(\.0)
            let offsets = [-40.0, 0, 0.5, 150.5, 299.9, 300.3, 1000]
            for (offsetY, (index, id)) in offsets.flatMap({ offset in top.enumerated().map { (offset, $0) } }) {
                let label = "\(id.kind) at \(offsetY), heights \(header) and \(menu)"
                let displayed = try #require(Self.displayed(layout, id, offsetY: offsetY))
                // A rect at the offset, and rects that end a hair before and after where the element shows: a frame
                // off by the rounding of its height to the scroll grid would be taken or left wrongly.
                let rects = [
                    Rect(x: 0, y: offsetY, width: 390, height: 100),
                    Rect(x: 0, y: displayed.minY - 8, width: 390, height: 8 - 1e-9),
                    Rect(x: 0, y: displayed.minY - 8, width: 390, height: 8 + 1e-9),
                ]
                for rect in rects {
                    var visible = VisibleElements()
                    try layout.attributes(in: rect, contentOffset: Point(x: 0, y: offsetY), into: &visible)
                    let answer = Array(visible.indices)
                    #expect(answer.contains(index) == displayed.intersects(rect), "\(label), \(rect)")
                    // The effect the query gave it is the one of its frame in the store, to the bit.
                    if let position = answer.firstIndex(of: index) {
                        #expect(visible.effects[position] == Self.effect(layout, id, offsetY: offsetY), "\(label)")
                    }
                }
            }
        }
    }

    @Test("the menu sticks at the top of the viewport once scrolled past, and stays put before")
    func stickyMenu() throws {
        let layout = try Self.layout()
        // ty = max(300, o) − 300.
        #expect(Self.effect(layout, .menu, offsetY: 1000) == Self.translateY(700))
        #expect(Self.displayed(layout, .menu, offsetY: 1000) == Rect(x: 0, y: 1000, width: 390, height: 70))
        #expect(Self.effect(layout, .menu, offsetY: 200) == Self.translateY(0))
        #expect(Self.effect(layout, .menu, offsetY: -100) == Self.translateY(0))
        #expect(Self.effect(layout, .menu, offsetY: 300) == Self.translateY(0))
        #expect(Self.effect(layout, .menu, offsetY: 301) == Self.translateY(1))
    }

    // MARK: Parallax

    @Test("parallax: 0 at the viewport's centre, proportional mid-way, clamped at ±60; the cell does not move")
    func parallax() throws {
        let layout = try Self.layout()
        // Cell (0,0): centre 523; parallax = −60 · (523 − o − 422) / (422 + 100).
        let cell = ElementID.cell(section: 0, item: 0)
        #expect(Self.effect(layout, cell, offsetY: 101)?.parallaxOffset == 0)  // distance 0
        #expect(Self.effect(layout, cell, offsetY: -160)?.parallaxOffset == -30)  // distance 261: −60 · 261/522
        #expect(Self.effect(layout, cell, offsetY: 362)?.parallaxOffset == 30)  // distance −261
        #expect(Self.effect(layout, cell, offsetY: -499)?.parallaxOffset == -60)  // distance 600: −68.97, clamped
        #expect(Self.effect(layout, cell, offsetY: 1101)?.parallaxOffset == 60)  // distance −1000: 114.9, clamped
        // Nothing else: alpha 1, no transform, so the cell shows where it was laid out.
        #expect(Self.effect(layout, cell, offsetY: -160) == ScrollEffect(parallaxOffset: -30))
        #expect(Self.displayed(layout, cell, offsetY: -160) == Rect(x: 0, y: 423, width: 390, height: 200))
        // A smaller maximum scales it: −10 · 261/522 = −5.
        let gentle = try Self.layout { $0.maxParallaxOffset = 10 }
        #expect(Self.effect(gentle, cell, offsetY: -160)?.parallaxOffset == -5)
        // Footers have no effect.
        #expect(Self.effect(layout, .footer(0), offsetY: 500) == ScrollEffect.none)
    }

    // MARK: Flags

    @Test("each effect is switched off by its flag")
    func flags() throws {
        let noSticky = try Self.layout { $0.areSectionHeadersSticky = false }
        #expect(Self.effect(noSticky, .header(0), offsetY: 400) == ScrollEffect.none)
        #expect(Self.effect(noSticky, .menu, offsetY: 1000) == Self.translateY(700), "the menu still sticks")

        let noStretch = try Self.layout { $0.isHeaderStretchy = false }
        #expect(Self.effect(noStretch, .topHeader, offsetY: -100) == ScrollEffect.none)
        #expect(
            Self.effect(noStretch, .topHeader, offsetY: 150) == ScrollEffect.none,
            "no overlay either: it is part of the stretchy effect")

        let noOverlay = try Self.layout { $0.isHeaderOverlayActive = false }
        #expect(
            Self.effect(noOverlay, .topHeader, offsetY: 150)
                == ScrollEffect(transform: ElementTransform(translateY: 150), overlayAlpha: 0))
        #expect(Self.effect(noOverlay, .topHeader, offsetY: -100)?.transform.scaleY == 400.0 / 300)

        let noMenu = try Self.layout { $0.isMenuSticky = false }
        #expect(Self.effect(noMenu, .menu, offsetY: 1000) == ScrollEffect.none)

        let noParallax = try Self.layout { $0.isParallaxOnCellsEnabled = false }
        #expect(Self.effect(noParallax, .cell(section: 0, item: 0), offsetY: -160) == ScrollEffect.none)

        let overlayCap = try Self.layout { $0.maxOverlayAlpha = 0.25 }
        #expect(Self.effect(overlayCap, .topHeader, offsetY: 150)?.overlayAlpha == 0.25)
    }

    // MARK: Queries

    @Test("a pinned section header is returned for a rect at the top of the viewport, far below its layout frame")
    func pinnedHeaderReturned() throws {
        let layout = try Self.layout()
        // Offset 1300: header 1 at ty = 1300 − 876 + 70 = 494 (< 609), shown 1370…1420 (laid out at 876…926). The
        // band 1300…1430 also holds the menu (1300…1370) and cells (1,1) (1132…1332) and (1,2) (1335…1535); header 0
        // is at its limit (776…826) and the top header at 300…600.
        let band = Rect(x: 0, y: 1300, width: 390, height: 130)
        #expect(
            try answerIDs(layout, in: band, offset: Point(x: 0, y: 1300)) == [
                .menu, .header(1), .cell(section: 1, item: 1), .cell(section: 1, item: 2),
            ])
        // Just the header's strip: only it and the cells under it.
        #expect(
            try answerIDs(layout, in: Rect(x: 0, y: 1380, width: 390, height: 10), offset: Point(x: 0, y: 1300)) == [
                .header(1), .cell(section: 1, item: 2),
            ])
        // With sticky headers off, the same strip has only the cell.
        let off = try Self.layout { $0.areSectionHeadersSticky = false }
        #expect(
            try answerIDs(off, in: Rect(x: 0, y: 1380, width: 390, height: 10), offset: Point(x: 0, y: 1300)) == [
                .cell(section: 1, item: 2)
            ])
    }

    @Test("a header whose layout frame meets the rect but which has moved out of it is not returned")
    func movedHeaderNotReturned() throws {
        let layout = try Self.layout()
        // Offset 400: header 0 is laid out at 370…420 but shows at 470…520. The band 360…420 holds the top header
        // (shown 300…600: ty = min(400, 300)) and the menu (shown 400…470), not header 0.
        #expect(
            try answerIDs(layout, in: Rect(x: 0, y: 360, width: 390, height: 60), offset: Point(x: 0, y: 400)) == [
                .topHeader, .menu,
            ])
        // Offset 800: header 0 pushed out to 776…826; its own layout frame 370…420 holds only the top header.
        #expect(
            try answerIDs(layout, in: Rect(x: 0, y: 370, width: 390, height: 50), offset: Point(x: 0, y: 800)) == [
                .topHeader
            ])
        // … and the band 800…820 has it, with the menu (800…870) and cell (0,1) (626…826).
        #expect(
            try answerIDs(layout, in: Rect(x: 0, y: 800, width: 390, height: 20), offset: Point(x: 0, y: 800)) == [
                .menu, .header(0), .cell(section: 0, item: 1),
            ])
        // The menu stuck at 1000…1070 at offset 1000 is returned for the band 1000…1010, with cell (1,0) (929…1129);
        // header 1 (1070…1120) is not.
        #expect(
            try answerIDs(layout, in: Rect(x: 0, y: 1000, width: 390, height: 10), offset: Point(x: 0, y: 1000)) == [
                .menu, .cell(section: 1, item: 0),
            ])
        // An edge shared with the pinned header does not count: header 1 shows at 1070…1120 at offset 1000.
        #expect(
            try answerIDs(layout, in: Rect(x: 0, y: 1120, width: 390, height: 5), offset: Point(x: 0, y: 1000)) == [
                .cell(section: 1, item: 0)
            ])
        #expect(
            try answerIDs(layout, in: Rect(x: 0, y: 1065, width: 390, height: 5), offset: Point(x: 0, y: 1000)) == [
                .menu, .cell(section: 1, item: 0),
            ])
    }

    @Test("the stretched top header is returned at negative offsets where only its displayed frame reaches")
    func stretchedHeaderReturned() throws {
        let layout = try Self.layout()
        // Offset −100: shown −65…455 × −100…300. Above the content (−100…−50) and right of the viewport (400…440):
        // the layout frame (0…390 × 0…300) reaches neither.
        #expect(
            try answerIDs(layout, in: Rect(x: 0, y: -100, width: 390, height: 50), offset: Point(x: 0, y: -100)) == [
                .topHeader
            ])
        #expect(
            try answerIDs(layout, in: Rect(x: 400, y: 0, width: 40, height: 10), offset: Point(x: 0, y: -100)) == [
                .topHeader
            ])
        // Not at offset 0, and not with stretching off.
        #expect(try answerIDs(layout, in: Rect(x: 400, y: 0, width: 40, height: 10), offset: .zero).isEmpty)
        let off = try Self.layout { $0.isHeaderStretchy = false }
        #expect(
            try answerIDs(off, in: Rect(x: 0, y: -100, width: 390, height: 50), offset: Point(x: 0, y: -100)).isEmpty)
        // The whole pulled-down viewport: the top header, the menu, header 0 and the two cells of section 0 above 744.
        let whole = try answerIDs(
            layout, in: Rect(x: 0, y: -100, width: 390, height: 844), offset: Point(x: 0, y: -100))
        #expect(whole == [.topHeader, .menu, .header(0), .cell(section: 0, item: 0), .cell(section: 0, item: 1)])
    }

    @Test("without an offset the rect's origin is the content offset")
    func defaultOffset() throws {
        let layout = try Self.layout()
        var visible = VisibleElements()
        try layout.attributes(in: Rect(x: 0, y: 1300, width: 390, height: 130), into: &visible)
        #expect(Array(visible.indices) == [1, 6, 8, 9])
    }

    @Test("a scroll needs fresh effects; a resize needs a new layout")
    func invalidation() throws {
        let layout = try Self.layout()
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 700, width: 390, height: 844)) == .effects)
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: -120, width: 390, height: 844)) == .effects)
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 844, height: 390)) == .layout)
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 700, width: 390, height: 800)) == .layout)
    }

    @Test("bad settings are refused")
    func badSettings() throws {
        var configuration = StickyParallaxLayout.Configuration()
        configuration.cellHeight = -1
        #expect(
            layoutError { _ = try StickyParallaxLayout(itemCounts: [1], configuration: configuration) }
                == .invalidParameter(name: "cellHeight", value: -1))
        #expect(
            layoutError { _ = try StickyParallaxLayout(itemCounts: [1, -2]) }
                == .negativeCount(name: "section 1 item count", value: -2))
    }

    // MARK: Floating-point edges (known failures: see the report)

    /// Every strategy's answer for one query, as ids in layout order.
    static func answers(_ algorithm: StickyParallaxLayout, rect: Rect, offset: Point) throws -> [String: [ElementID]] {
        let engine = try prepared(algorithm)
        func baseline<B: NaiveLayout>(_ b: B) throws -> [ElementID] where B.Algorithm == StickyParallaxLayout {
            try b.prepare(viewport: phone)
            let ids = b.layoutAttributesForElements(in: rect, contentOffset: offset).map(\.elementID)
            return ids.sorted { engine.store.index(of: $0)! < engine.store.index(of: $1)! }
        }
        return [
            "engine": try answerIDs(engine, in: rect, offset: offset),
            "oracle": effectsOracle(engine, in: rect, offset: offset).map(\.id),
            "naive-dictionary": try baseline(NaiveDictionaryLayout(algorithm)),
            "linear-array": try baseline(LinearArrayLayout(algorithm)),
            "line-sectors": try baseline(LineSectorsLayout(algorithm)),
        ]
    }

    @Test(
        "an identity transform shows an element exactly where it was laid out, so every strategy agrees on a cell at x 0.1"
    )
    func identityTransformIsExact() throws {
        // Cells at x = 0.1 (interitem spacing), 390 wide: (0.1, 423, 390, 200) for cell (0,0).
        var configuration = StickyParallaxLayout.Configuration()
        configuration.minimumInteritemSpacing = 0.1
        let algorithm = try StickyParallaxLayout(itemCounts: [3], configuration: configuration)
        let frame = Rect(x: 0.1, y: 423, width: 390, height: 200)
        // The architecture: an element shows where its transform puts it; the identity leaves it where it is.
        // displayedFrame computes x as midX − width/2 = 195.10000000000002 − 195 = 0.10000000000002274.
        #expect(ScrollEffect.none.displayedFrame(of: frame) == frame)
        #expect(ScrollEffect(parallaxOffset: 12).displayedFrame(of: frame) == frame)
        // A rect x 0…0.10000000000001 over the cell: its frame (from 0.1) meets it, its computed displayed frame
        // (from 0.10000000000002274) does not. The engine keeps cells by their layout frame and returns the cell;
        // the baselines (and the oracle) test the displayed frame and do not: the strategies disagree.
        let answers = try Self.answers(
            algorithm, rect: Rect(x: 0, y: 430, width: 0.10000000000001, height: 10), offset: .zero)
        let engine = try #require(answers["engine"])
        #expect(engine == [.cell(section: 0, item: 0)])
        for (name, answer) in answers.sorted(by: { $0.key < $1.key }) {
            #expect(answer == engine, "\(name) returns \(answer), the engine \(engine)")
        }
    }

    @Test("a section header pushed out at its section's end, computed an ulp past it, is returned by every strategy")
    func pushedOutHeaderAtTheSectionEnd() throws {
        // Cells 200.1 tall, no footers, counts [4, 1]. Section 0's last cell ends at 420 + 4 · (3 + 200.1) accumulated
        // = 1232.3999999999999; header 0's limit 4 · 203.1 = 812.4 puts its displayed bottom at 1232.4 at any offset
        // from 1112.4 on (here 1200). A rect starting at the section's end (1232.3999999999999) meets the header by that
        // ulp: the oracle and the baselines return it, the engine skips section 0 (`end(mid) <= rect.minY`).
        var configuration = StickyParallaxLayout.Configuration()
        configuration.cellHeight = 200.1
        configuration.sectionFooterHeight = 0
        let algorithm = try StickyParallaxLayout(itemCounts: [4, 1], configuration: configuration)
        let layout = try prepared(algorithm)
        let end = try #require(layout.attributesForItem(section: 0, item: 3)?.frame.maxY)
        let offset = Point(x: 0, y: 1200)
        let header = try #require(Self.displayed(layout, .header(0), offsetY: offset.y))
        #expect(
            header.maxY > end,
            "the premise: the header's computed bottom \(header.maxY) passes the section's end \(end)")
        let answers = try Self.answers(algorithm, rect: Rect(x: 0, y: end, width: 390, height: 10), offset: offset)
        let oracle = try #require(answers["oracle"])
        // Header 1 is laid out at 1232.3999999999999…1282.4, in the rect, but shows at 1270…1320 (ty = 1200 − 1232.4 + 70
        // = 37.6); cell (1,0) starts at 1285.4. The menu shows at 1200…1270.
        #expect(oracle == [.menu, .header(0)])
        for (name, answer) in answers.sorted(by: { $0.key < $1.key }) {
            #expect(answer == oracle, "\(name) returns \(answer), the oracle \(oracle)")
        }
    }
}
