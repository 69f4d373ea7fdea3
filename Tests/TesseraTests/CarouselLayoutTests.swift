import Tessera
import Testing

/// The paging carousel, worked out by hand with the defaults (item 310 × 420, side scale 0.5, side alpha 0.5,
/// spacing 10) in a 390 × 844 viewport:
/// scaledOffset = (310 − 310 · (0.5 + (1 − 0.5)/2)) / 2 = (310 − 232.5) / 2 = 38.75;
/// lineSpacing = 10 − 38.75 = −28.75; step = 310 − 28.75 = 281.25;
/// inset = ((390 − 310)/2, (844 − 420)/2) = (40, 212); item i at (40 + 281.25 i, 212, 310, 420), centre 195 + 281.25 i;
/// maxD = 2 · 281.25 = 562.5.
@Suite("Carousel layout")
struct CarouselLayoutTests {
    static func layout(count: Int = 5, _ configuration: CarouselLayout.Configuration = .init()) throws
        -> CollectionLayout<CarouselLayout, SoABinarySearchIndex>
    {
        try prepared(try CarouselLayout(itemCount: count, configuration: configuration))
    }

    static func effect(_ layout: CollectionLayout<CarouselLayout, SoABinarySearchIndex>, item: Int, offsetX: Double)
        -> ScrollEffect?
    {
        layout.attributesForItem(section: 0, item: item, contentOffset: Point(x: offsetX, y: 0))?.effect
    }

    @Test("frames are centred by the section inset and a line spacing of spacing − scaledOffset apart")
    func frames() throws {
        let layout = try Self.layout()
        #expect(layout.algorithm.lineSpacing == -28.75)
        #expect(
            laidOut(layout)
                == (0..<5).map {
                    Hit(.cell(section: 0, item: $0), Rect(x: 40 + 281.25 * Double($0), y: 212, width: 310, height: 420))
                })
        // Content: 2 · 40 + 5 · 310 + 4 · (−28.75) = 80 + 1550 − 115 = 1515 (the last item ends at 1475, plus the
        // inset 40); as tall as the viewport.
        #expect(layout.contentSize == Size(width: 1515, height: 844))
        // No items: the section inset alone, 2 · 40 = 80, as the flow layout under it insets an empty section.
        #expect(try Self.layout(count: 0).contentSize == Size(width: 80, height: 844))
        // One item: 2 · 40 + 310 = 390, the viewport itself.
        #expect(try Self.layout(count: 1).contentSize == Size(width: 390, height: 844))
    }

    @Test("a negative spacing overlaps the items; one that stops them advancing is refused")
    func negativeSpacing() throws {
        // Spacing −50: lineSpacing = −50 − 38.75 = −88.75, step 221.25; item 1 starts at 261.25, inside item 0 (40…350).
        let overlapping = try Self.layout(count: 3, .init(spacing: -50))
        #expect(overlapping.algorithm.lineSpacing == -88.75)
        #expect(
            overlapping.attributesForItem(section: 0, item: 1)?.frame
                == Rect(x: 261.25, y: 212, width: 310, height: 420))
        // A rect at x 300…310 is inside both.
        #expect(
            try answerIDs(overlapping, in: Rect(x: 300, y: 400, width: 10, height: 10), offset: .zero) == [
                .cell(section: 0, item: 0), .cell(section: 0, item: 1),
            ])
        // Spacing −271: step = 310 + (−271 − 38.75) = 0.25 > 0, accepted.
        let crowded = try CarouselLayout(itemCount: 3, configuration: .init(spacing: -271))
        #expect(crowded.lineSpacing == -309.75)
        // Spacing −271.25: step 0 — items would not advance; anything lower too.
        for spacing in [-271.25, -300, -1e6] {
            let error = layoutError { _ = try CarouselLayout(itemCount: 3, configuration: .init(spacing: spacing)) }
            #expect(
                error
                    == .parameterOutOfRange(
                        name: "spacing", value: spacing,
                        requirement: "items would not advance: with items 310.0 wide it must be above -271.25"))
        }
        #expect(
            layoutError { _ = try CarouselLayout(itemCount: 3, configuration: .init(spacing: .infinity)) }
                == .invalidParameter(name: "spacing", value: .infinity))
    }

    @Test("side scale and alpha outside 0…1, bad item sizes and negative counts are refused")
    func badParameters() throws {
        #expect(
            layoutError { _ = try CarouselLayout(itemCount: 1, configuration: .init(sideItemScale: 1.5)) }
                == .parameterOutOfRange(name: "side item scale", value: 1.5, requirement: "it must be from 0 to 1"))
        #expect(
            layoutError { _ = try CarouselLayout(itemCount: 1, configuration: .init(sideItemAlpha: -0.1)) }
                == .parameterOutOfRange(name: "side item alpha", value: -0.1, requirement: "it must be from 0 to 1"))
        #expect(
            layoutError {
                _ = try CarouselLayout(itemCount: 1, configuration: .init(itemSize: Size(width: -1, height: 10)))
            } == .invalidItemSize(section: 0, item: 0, Size(width: -1, height: 10)))
        #expect(layoutError { _ = try CarouselLayout(itemCount: -1) } == .negativeCount(name: "item count", value: -1))
    }

    @Test("alpha, scale and depth: 1 at the centre, the side values at maxD, scale held beyond, alpha 0 past maxD + 1")
    func falloff() throws {
        let layout = try Self.layout()
        // Offset 0: item 0's centre 195 is the viewport's centre: d = 0, r = 1 → alpha 1, scale 1, z −0/1000.
        #expect(
            Self.effect(layout, item: 0, offsetX: 0)
                == ScrollEffect(alpha: 1, transform: ElementTransform(scaleX: 1, scaleY: 1, translateZ: 0)))
        // Item 1: d = 281.25, r = (562.5 − 281.25)/562.5 = 0.5 → alpha 0.5 · 0.5 + 0.5 = 0.75, scale 0.75, z −0.28125.
        #expect(
            Self.effect(layout, item: 1, offsetX: 0)
                == ScrollEffect(
                    alpha: 0.75, transform: ElementTransform(scaleX: 0.75, scaleY: 0.75, translateZ: -0.28125)))
        // Item 2: d = 562.5 = maxD, r = 0 → the side values: alpha 0.5, scale 0.5, z −0.5625.
        #expect(
            Self.effect(layout, item: 2, offsetX: 0)
                == ScrollEffect(alpha: 0.5, transform: ElementTransform(scaleX: 0.5, scaleY: 0.5, translateZ: -0.5625)))
        // Item 3: d = 843.75 > maxD + 1 → alpha 0; scale stays 0.5 (d is capped at maxD); z −0.84375 (not capped).
        #expect(
            Self.effect(layout, item: 3, offsetX: 0)
                == ScrollEffect(alpha: 0, transform: ElementTransform(scaleX: 0.5, scaleY: 0.5, translateZ: -0.84375)))
        // Offset −1: item 2 is at d = 757.5 + 1 − 195 = 563.5 = maxD + 1, not beyond: alpha stays 0.5.
        #expect(Self.effect(layout, item: 2, offsetX: -1)?.alpha == 0.5)
        // Offset −1.5: d = 564 > 563.5 → alpha 0, scale 0.5, z −0.564.
        #expect(
            Self.effect(layout, item: 2, offsetX: -1.5)
                == ScrollEffect(alpha: 0, transform: ElementTransform(scaleX: 0.5, scaleY: 0.5, translateZ: -0.564)))
        // Symmetric on the left: offset 562.5 centres item 2, and item 0 is at d = 562.5 → the side values.
        #expect(Self.effect(layout, item: 2, offsetX: 562.5)?.alpha == 1)
        #expect(
            Self.effect(layout, item: 0, offsetX: 562.5)
                == ScrollEffect(alpha: 0.5, transform: ElementTransform(scaleX: 0.5, scaleY: 0.5, translateZ: -0.5625)))
        // Half-way to the next item: offset 140.625, items 0 and 1 both at d = 140.625, r = 0.75 → 0.875.
        for item in [0, 1] {
            #expect(
                Self.effect(layout, item: item, offsetX: 140.625)
                    == ScrollEffect(
                        alpha: 0.875, transform: ElementTransform(scaleX: 0.875, scaleY: 0.875, translateZ: -0.140625)))
        }
    }

    @Test("other side scale and alpha: scale 0.8, alpha 0.3, spacing 0")
    func otherFalloff() throws {
        // scaledOffset = (310 − 310 · (0.8 + 0.1)) / 2 = (310 − 279) / 2 = 15.5; lineSpacing −15.5; step 294.5; maxD 589.
        let layout = try Self.layout(count: 4, .init(sideItemScale: 0.8, sideItemAlpha: 0.3, spacing: 0))
        #expect(isClose(layout.algorithm.lineSpacing, -15.5))
        // Item 1 at offset 0: d = 294.5, r = 0.5 → alpha 0.5 · 0.7 + 0.3 = 0.65, scale 0.5 · 0.2 + 0.8 = 0.9.
        let effect = try #require(Self.effect(layout, item: 1, offsetX: 0))
        #expect(
            isClose(effect.alpha, 0.65) && isClose(effect.transform.scaleX, 0.9)
                && effect.transform.scaleY == effect.transform.scaleX)
        #expect(isClose(effect.transform.translateZ, -0.2945))
        // Item 2 at offset 0: d = 589 = maxD → alpha 0.3, scale 0.8.
        let side = try #require(Self.effect(layout, item: 2, offsetX: 0))
        #expect(isClose(side.alpha, 0.3) && isClose(side.transform.scaleX, 0.8))
    }

    @Test("a query selects by the untransformed frame and carries each element's effect")
    func query() throws {
        let layout = try Self.layout()
        // Offset 281.25 centres item 1; the visible rect x 281.25…671.25 meets items 0 (40…350), 1 (321.25…631.25)
        // and 2 (602.5…912.5); items 0 and 2 are at d = 281.25 → alpha and scale 0.75.
        var visible = VisibleElements()
        try layout.attributes(
            in: Rect(x: 281.25, y: 0, width: 390, height: 844), contentOffset: Point(x: 281.25, y: 0), into: &visible)
        let answer = (0..<visible.count).map { layout.attributes(of: visible, at: $0) }
        #expect(answer.map(\.id) == (0..<3).map { .cell(section: 0, item: $0) })
        #expect(answer.map(\.alpha) == [0.75, 1, 0.75])
        #expect(answer.map(\.transform.scaleX) == [0.75, 1, 0.75])
        #expect(answer.map(\.transform.translateZ) == [-0.28125, 0, -0.28125])
        // At offset 0, rect x 340…355: item 1's frame (321.25…631.25) meets it, although scaled by 0.75 about its
        // centre 476.25 it shows at 360…592.5: the carousel selects by the untransformed frame.
        let selected = try answerIDs(layout, in: Rect(x: 340, y: 300, width: 15, height: 10), offset: .zero)
        #expect(selected == [.cell(section: 0, item: 0), .cell(section: 0, item: 1)])
        let item1 = try #require(layout.attributesForItem(section: 0, item: 1, contentOffset: .zero))
        #expect(item1.displayedFrame == Rect(x: 360, y: 264.5, width: 232.5, height: 315))
        // Without a content offset, an element carries no effect.
        #expect(layout.attributesForItem(section: 0, item: 1)?.effect == ScrollEffect.none)
    }

    @Test(
        "paging snaps to the nearest item centre whatever the velocity, the lower index on a tie, clamped at the ends")
    func paging() throws {
        let layout = try Self.layout()
        // Resting offsets: centre − 195 = 281.25 i. Proposed x 300 → centre 495: nearest 476.25 (item 1) → 281.25.
        for velocity in [Point(x: 2, y: 0), Point(x: -2, y: 0), .zero] {
            #expect(
                layout.targetContentOffset(proposed: Point(x: 300, y: 7), velocity: velocity) == Point(x: 281.25, y: 7))
            // 400 → centre 595: item 1 is 118.75 away, item 2 162.5 → item 1.
            #expect(
                layout.targetContentOffset(proposed: Point(x: 400, y: 0), velocity: velocity) == Point(x: 281.25, y: 0))
            // 430 → centre 625: item 1 148.75, item 2 132.5 → item 2 → 562.5.
            #expect(
                layout.targetContentOffset(proposed: Point(x: 430, y: 0), velocity: velocity) == Point(x: 562.5, y: 0))
            // 421.875 → centre 616.875, exactly between 476.25 and 757.5: the lower index, item 1.
            #expect(
                layout.targetContentOffset(proposed: Point(x: 421.875, y: 0), velocity: velocity)
                    == Point(x: 281.25, y: 0))
            // Before the first item and past the last: clamped to items 0 and 4 (4 · 281.25 = 1125).
            #expect(layout.targetContentOffset(proposed: Point(x: -500, y: 0), velocity: velocity) == Point(x: 0, y: 0))
            #expect(
                layout.targetContentOffset(proposed: Point(x: 1e6, y: 0), velocity: velocity) == Point(x: 1125, y: 0))
            #expect(
                layout.targetContentOffset(proposed: Point(x: 1125, y: 0), velocity: velocity) == Point(x: 1125, y: 0))
        }
        // Nothing to snap to: an empty carousel, or one not prepared yet, rests where proposed.
        #expect(
            try Self.layout(count: 0).targetContentOffset(proposed: Point(x: 123, y: 4), velocity: .zero)
                == Point(x: 123, y: 4))
        let unprepared = CollectionLayout(try CarouselLayout(itemCount: 5), index: SoABinarySearchIndex())
        #expect(unprepared.targetContentOffset(proposed: Point(x: 123, y: 4), velocity: .zero) == Point(x: 123, y: 4))
    }

    @Test("a scroll needs fresh effects; a resize needs a new layout")
    func invalidation() throws {
        let layout = try Self.layout()
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 281.25, y: 0, width: 390, height: 844)) == .effects)
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 390, height: 844)) == .effects)
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 844, height: 390)) == .layout)
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 100, y: 0, width: 391, height: 844)) == .layout)
    }
}
