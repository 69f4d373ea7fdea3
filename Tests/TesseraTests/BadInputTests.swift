import Tessera
import TesseraBaselines
import Testing

/// Every bad input is refused with the right `LayoutError`, at `FlowLayout.init` for the data and configuration,
/// at `prepare` for the viewport and at `attributes(in:)` for the rect. Nothing crashes or hangs.
@Suite("Bad input")
struct BadInputTests {
    /// NaN, infinite and negative lengths. (−0.0 is not negative: it compares equal to 0.)
    static let badLengths: [Double] = [
        .nan, -.nan, .signalingNaN, .infinity, -.infinity, -1, -.leastNonzeroMagnitude, -.greatestFiniteMagnitude,
    ]
    static let good = LayoutSection(
        itemSizes: .uniform(Size(width: 50, height: 50), count: 3), headerHeight: 10, footerHeight: 10)

    // MARK: Item sizes

    @Test(
        "a bad width or height in a list of sizes is reported with its section and item", arguments: badLengths,
        [false, true])
    func badListSize(value: Double, inHeight: Bool) {
        let bad = inHeight ? Size(width: 50, height: value) : Size(width: value, height: 50)
        let sizes = [Size(width: 50, height: 50), Size(width: 10, height: 10), bad, Size(width: 20, height: 20)]
        let error = layoutError { _ = try FlowLayout(sections: [Self.good, LayoutSection(itemSizes: .list(sizes))]) }
        guard case .invalidItemSize(let section, let item, let size)? = error else {
            Issue.record("expected invalidItemSize, got \(String(describing: error))")
            return
        }
        #expect(section == 1)
        #expect(item == 2)
        #expect(same(size, bad))
    }

    @Test("a bad uniform size is reported as item 0 of its section", arguments: badLengths)
    func badUniformSize(value: Double) {
        for bad in [Size(width: value, height: 50), Size(width: 50, height: value), Size(width: value, height: value)] {
            let error = layoutError {
                _ = try FlowLayout(sections: [Self.good, Self.good, LayoutSection(itemSizes: .uniform(bad, count: 5))])
            }
            guard case .invalidItemSize(let section, let item, let size)? = error else {
                Issue.record("expected invalidItemSize for \(bad), got \(String(describing: error))")
                continue
            }
            #expect(section == 2)
            #expect(item == 0)
            #expect(same(size, bad))
        }
    }

    @Test("the first bad item of a list is the one reported")
    func firstBadItem() {
        let sizes = [Size(width: 1, height: 1), Size(width: -1, height: 1), Size(width: .nan, height: 1)]
        let error = layoutError { _ = try FlowLayout(sections: [LayoutSection(itemSizes: .list(sizes))]) }
        #expect(error == .invalidItemSize(section: 0, item: 1, Size(width: -1, height: 1)))
    }

    // MARK: Counts

    @Test("negative counts are refused", arguments: [-1, -2, Int.min])
    func negativeCount(count: Int) {
        let error = layoutError {
            _ = try FlowLayout(sections: [
                Self.good, LayoutSection(itemSizes: .uniform(Size(width: 50, height: 50), count: count)),
            ])
        }
        guard case .negativeCount(let name, let value)? = error else {
            Issue.record("expected negativeCount, got \(String(describing: error))")
            return
        }
        #expect(value == count)
        #expect(name.contains("1"), "the name should say which section: \(name)")
    }

    // MARK: Header and footer heights

    @Test(
        "bad header and footer heights are refused as parameters", arguments: badLengths, [ElementKind.header, .footer])
    func badSupplementaryHeight(value: Double, kind: ElementKind) {
        let section =
            kind == .header
            ? LayoutSection(itemSizes: .list([]), headerHeight: value)
            : LayoutSection(itemSizes: .list([]), footerHeight: value)
        let error = layoutError { _ = try FlowLayout(sections: [Self.good, Self.good, Self.good, section]) }
        guard case .invalidParameter(let name, let reported)? = error else {
            Issue.record("expected invalidParameter, got \(String(describing: error))")
            return
        }
        #expect(name.contains(kind.description), "name \(name)")
        #expect(name.contains("3"), "the name should say which section: \(name)")
        #expect(same(reported, value))
    }

    // MARK: Spacings and insets

    static let parameterNames = [
        "minimumInteritemSpacing", "minimumLineSpacing",
        "sectionInset.top", "sectionInset.left", "sectionInset.bottom", "sectionInset.right",
    ]

    static func configuration(setting name: String, to value: Double) -> FlowLayout.Configuration {
        var configuration = FlowLayout.Configuration()
        switch name {
        case "minimumInteritemSpacing": configuration.minimumInteritemSpacing = value
        case "minimumLineSpacing": configuration.minimumLineSpacing = value
        case "sectionInset.top": configuration.sectionInset.top = value
        case "sectionInset.left": configuration.sectionInset.left = value
        case "sectionInset.bottom": configuration.sectionInset.bottom = value
        case "sectionInset.right": configuration.sectionInset.right = value
        default: Issue.record("unknown parameter \(name)")
        }
        return configuration
    }

    @Test("bad spacings and insets are refused, named", arguments: parameterNames, badLengths)
    func badParameter(name: String, value: Double) {
        for scrollDirection in ScrollAxis.allCases {
            var configuration = Self.configuration(setting: name, to: value)
            configuration.scrollDirection = scrollDirection
            let error = layoutError { _ = try FlowLayout(sections: [Self.good], configuration: configuration) }
            guard case .invalidParameter(let reportedName, let reported)? = error else {
                Issue.record("expected invalidParameter, got \(String(describing: error))")
                continue
            }
            #expect(reportedName == name)
            #expect(same(reported, value))
        }
    }

    @Test("zero and negative zero are accepted everywhere")
    func zeroIsFine() throws {
        for zero in [0.0, -0.0] {
            let configuration = FlowLayout.Configuration(
                minimumInteritemSpacing: zero, minimumLineSpacing: zero,
                sectionInset: EdgeInsets(top: zero, left: zero, bottom: zero, right: zero)
            )
            let sections = [
                LayoutSection(
                    itemSizes: .list([Size(width: zero, height: zero)]), headerHeight: zero, footerHeight: zero)
            ]
            var layout = CollectionLayout(
                try FlowLayout(sections: sections, configuration: configuration), index: SoABinarySearchIndex())
            try layout.prepare(viewport: Size(width: zero, height: zero))
            #expect(layout.store.count == 1)
        }
    }

    // MARK: Viewports

    static let badViewports = [
        Size(width: .nan, height: 844), Size(width: 390, height: .nan), Size(width: .nan, height: .nan),
        Size(width: -1, height: 844), Size(width: 390, height: -0.5), Size(width: -.leastNonzeroMagnitude, height: 0),
        Size(width: .infinity, height: 844), Size(width: 390, height: .infinity),
        Size(width: -.infinity, height: -.infinity),
    ]

    static func expectInvalidViewport(_ error: LayoutError?, _ viewport: Size, _ who: String) {
        guard case .invalidViewport(let reported)? = error else {
            Issue.record("\(who): expected invalidViewport for \(viewport), got \(String(describing: error))")
            return
        }
        #expect(same(reported, viewport), "\(who)")
    }

    @Test("bad viewports are refused by prepare, in the engine and in the baseline", arguments: badViewports)
    func badViewport(viewport: Size) throws {
        let algorithm = try FlowLayout(sections: [Self.good])
        var soa = CollectionLayout(algorithm, index: SoABinarySearchIndex())
        Self.expectInvalidViewport(layoutError { try soa.prepare(viewport: viewport) }, viewport, "soa")
        var brute = CollectionLayout<FlowLayout, BruteForceIndex>(algorithm)
        Self.expectInvalidViewport(layoutError { try brute.prepare(viewport: viewport) }, viewport, "brute force")
        let naive = NaiveDictionaryLayout(algorithm)
        Self.expectInvalidViewport(layoutError { try naive.prepare(viewport: viewport) }, viewport, "naive")
        #expect(soa.viewport == nil)
        #expect(soa.store.count == 0)
    }

    @Test("a refused viewport leaves the last preparation intact", arguments: badViewports)
    func refusedViewportKeepsState(viewport: Size) throws {
        var layout = try preparedFlow([Self.good])
        let before = (0..<layout.store.count).map(layout.store.frame(at:))
        let contentSize = layout.contentSize
        #expect(layoutError { try layout.prepare(viewport: viewport) } != nil)
        #expect(layout.viewport == phone)
        #expect(layout.contentSize == contentSize)
        #expect((0..<layout.store.count).map(layout.store.frame(at:)) == before)
        var visible = VisibleElements()
        try layout.attributes(in: Rect(x: 0, y: 0, width: 390, height: 844), into: &visible)
        #expect(visible.count == 5)
    }

    // MARK: Rects

    static let nanRects = [
        Rect(x: .nan, y: 0, width: 100, height: 100),
        Rect(x: 0, y: .nan, width: 100, height: 100),
        Rect(x: .nan, y: .nan, width: .nan, height: .nan),
        Rect(x: 0, y: 0, width: .nan, height: 100),
        Rect(x: 0, y: 0, width: 100, height: .nan),
        Rect(x: 0, y: 0, width: -.nan, height: -.nan),
    ]

    @Test("a rect with a NaN edge is refused by every strategy", arguments: nanRects)
    func nanRect(rect: Rect) throws {
        let algorithm = try FlowLayout(sections: [Self.good])
        var soa = CollectionLayout(algorithm, index: SoABinarySearchIndex())
        try soa.prepare(viewport: phone)
        var brute = CollectionLayout<FlowLayout, BruteForceIndex>(algorithm)
        try brute.prepare(viewport: phone)
        var visible = VisibleElements()
        for (who, error) in [
            ("soa", layoutError { try soa.attributes(in: rect, into: &visible) }),
            ("brute force", layoutError { try brute.attributes(in: rect, into: &visible) }),
        ] {
            guard case .invalidRect(let reported)? = error else {
                Issue.record(
                    "\(who): expected invalidRect for \(rect), got \(String(describing: error)) and \(visible.count) elements"
                )
                continue
            }
            #expect(same(reported, rect))
        }
    }

    // MARK: Degenerate but valid input: no hang, no NaN

    @Test(
        "zero-size items with zero spacing lay out at once, all at the origin",
        arguments: [phone, .zero, Size(width: 1, height: 1)])
    func zeroSizeItemsZeroSpacing(viewport: Size) throws {
        for direction in ScrollAxis.allCases {
            let configuration = FlowLayout.Configuration(
                scrollDirection: direction, minimumInteritemSpacing: 0, minimumLineSpacing: 0)
            let layout = try preparedFlow(
                [LayoutSection(itemSizes: .uniform(.zero, count: 20_000))], configuration, viewport: viewport)
            #expect(layout.store.count == 20_000)
            let frames = cellFrames(layout, section: 0)
            #expect(frames.allSatisfy { $0 == .zero })
            #expect(direction == .vertical ? layout.contentSize.height == 0 : layout.contentSize.width == 0)
        }
    }

    @Test("zero-size items with zero spacing and insets wider than the viewport lay out at once")
    func zeroSizeItemsNoRoom() throws {
        let configuration = FlowLayout.Configuration(
            minimumInteritemSpacing: 0, minimumLineSpacing: 0,
            sectionInset: EdgeInsets(top: 3, left: 300, bottom: 0, right: 300))
        let layout = try preparedFlow([LayoutSection(itemSizes: .uniform(.zero, count: 20_000))], configuration)
        let frames = cellFrames(layout, section: 0)
        #expect(frames.count == 20_000)
        // No room at all: every item has a line of its own, at the left inset; lines of 0 with spacing 0 stack at 3.
        #expect(frames.allSatisfy { $0 == Rect(x: 300, y: 3, width: 0, height: 0) })
    }

    @Test("zero-width items with a spacing fill the line with gaps", arguments: [0.0, 1e-300, 10])
    func zeroWidthItems(spacing: Double) throws {
        let configuration = FlowLayout.Configuration(minimumInteritemSpacing: spacing, minimumLineSpacing: 0)
        let layout = try preparedFlow(
            [LayoutSection(itemSizes: .uniform(Size(width: 0, height: 5), count: 1000))], configuration)
        let frames = cellFrames(layout, section: 0)
        #expect(frames.count == 1000)
        #expect(frames.allSatisfy { $0.minX.isFinite && $0.minY.isFinite && $0.maxX <= 390 })
    }

    @Test("items of a tiny width with no spacing get finite frames")
    func tinyWidths() throws {
        // 3 items of width w fit in one line of 390 many times over; the last line's virtual copies
        // ((390 − 3w)/w overflows to +∞ copies once w < 390/Double.greatestFiniteMagnitude ≈ 2.2e−306, normal
        // numbers included) must not turn the gap into NaN.
        for width in [1e-307, 0x1p-1060, Double.leastNonzeroMagnitude] {
            let configuration = FlowLayout.Configuration(minimumInteritemSpacing: 0)
            let layout = try preparedFlow(
                [LayoutSection(itemSizes: .uniform(Size(width: width, height: 10), count: 3))], configuration)
            let frames = cellFrames(layout, section: 0)
            #expect(frames.count == 3)
            #expect(
                frames.allSatisfy { !$0.minX.isNaN && !$0.maxX.isNaN && $0.minX.isFinite }, "width \(width): \(frames)")
            #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.minX <= $1.minX }, "width \(width): \(frames)")
        }
    }

    @Test("a size past the longest length is refused; the longest lengths, stacked, stay finite")
    func overflowingExtent() throws {
        // Three lines of 1e308 would stack past Double.greatestFiniteMagnitude (1.8e308): refused at once.
        let huge = [LayoutSection(itemSizes: .uniform(Size(width: 10, height: 1e308), count: 3))]
        #expect(
            layoutError { _ = try FlowLayout(sections: huge) }
                == .invalidItemSize(section: 0, item: 0, Size(width: 10, height: 1e308)))
        // The longest accepted, 100,000 lines of 1e12 points, stack to 1e17: every frame and the content stay finite.
        let longest = [LayoutSection(itemSizes: .uniform(Size(width: 10, height: Size.maximumLength), count: 100_000))]
        var layout = CollectionLayout(try FlowLayout(sections: longest), index: SoABinarySearchIndex())
        try layout.prepare(viewport: Size(width: 10, height: 844))
        #expect(layout.store.count == 100_000)
        let frames = (0..<layout.store.count).map(layout.store.frame(at:))
        #expect(frames.allSatisfy { $0.minY.isFinite && $0.maxY.isFinite && $0.height == Size.maximumLength })
        #expect(
            layout.contentSize.height.isFinite && layout.contentSize.height >= 1e17,
            "content size \(layout.contentSize)")
    }
}
