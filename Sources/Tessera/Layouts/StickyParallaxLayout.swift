/// The stretchy-header tutorial's layout: a top header that stretches when pulled down and fades under an overlay
/// as it scrolls away, a menu that sticks below it, section headers that stick until their section's end pushes
/// them out, and cells whose content moves with parallax.
///
/// Every element is as wide as the viewport. The top header and the menu belong to section 0, as the tutorial's
/// index paths do. A workload's sections give only their item counts.
public struct StickyParallaxLayout: LayoutAlgorithm {
    public let itemCounts: [Int]
    public let configuration: Configuration
    public let elementCount: Int

    public struct Configuration: Hashable, Sendable {
        public var headerHeight = 300.0
        public var menuHeight = 70.0
        public var sectionHeaderHeight = 50.0
        public var sectionFooterHeight = 50.0
        public var cellHeight = 200.0
        /// The cells' x; they stay as wide as the viewport.
        public var minimumInteritemSpacing = 0.0
        public var minimumLineSpacing = 3.0
        public var maxParallaxOffset = 60.0
        public var maxOverlayAlpha = 0.6
        public var isHeaderStretchy = true
        public var isHeaderOverlayActive = true
        public var isMenuSticky = true
        public var areSectionHeadersSticky = true
        public var isParallaxOnCellsEnabled = true

        public init() {}
    }

    public init(itemCounts: [Int], configuration: Configuration = Configuration()) throws(LayoutError) {
        let lengths = [
            ("headerHeight", configuration.headerHeight), ("menuHeight", configuration.menuHeight),
            ("sectionHeaderHeight", configuration.sectionHeaderHeight), ("sectionFooterHeight", configuration.sectionFooterHeight),
            ("cellHeight", configuration.cellHeight), ("minimumInteritemSpacing", configuration.minimumInteritemSpacing),
            ("minimumLineSpacing", configuration.minimumLineSpacing), ("maxParallaxOffset", configuration.maxParallaxOffset),
            ("maxOverlayAlpha", configuration.maxOverlayAlpha),
        ]
        for (name, value) in lengths where !Size.isValidLength(value) {
            throw .invalidParameter(name: name, value: value)
        }
        if let section = itemCounts.firstIndex(where: { $0 < 0 }) {
            throw .negativeCount(name: "section \(section) item count", value: itemCounts[section])
        }
        let perSection = (configuration.sectionHeaderHeight > 0 ? 1 : 0) + (configuration.sectionFooterHeight > 0 ? 1 : 0)
        let top = (configuration.headerHeight > 0 ? 1 : 0) + (configuration.menuHeight > 0 ? 1 : 0)
        self.itemCounts = itemCounts
        self.configuration = configuration
        elementCount = top + itemCounts.reduce(0, +) + perSection * itemCounts.count
    }

    public var scrollAxis: ScrollAxis { .vertical }
    public var hasScrollEffects: Bool { true }
    public var effectsMoveElements: Bool { true }

    /// One section at least: the top header and the menu belong to section 0 even when there are no items.
    public var sectionCount: Int { Swift.max(itemCounts.count, 1) }

    public func elementCount(inSection section: Int) -> Int {
        let settings = configuration
        let top = section == 0 ? (settings.headerHeight > 0 ? 1 : 0) + (settings.menuHeight > 0 ? 1 : 0) : 0
        guard section < itemCounts.count else { return top }
        return top + itemCounts[section] + (settings.sectionHeaderHeight > 0 ? 1 : 0) + (settings.sectionFooterHeight > 0 ? 1 : 0)
    }

    @inlinable public func writeSection<Writer: LayoutWriter & ~Copyable>(
        _ section: Int, into writer: inout Writer, viewport: Size
    ) -> Double {
        let width = viewport.width
        let settings = configuration
        var y = 0.0
        func addFullWidth(_ kind: ElementKind, height: Double) {
            guard height > 0 else { return }
            writer.append(kind, frame: Rect(x: 0, y: y, width: width, height: height))
            y += height
        }
        if section == 0 {
            addFullWidth(.topHeader, height: settings.headerHeight)
            addFullWidth(.menu, height: settings.menuHeight)
        }
        guard section < itemCounts.count else { return y }
        addFullWidth(.header, height: settings.sectionHeaderHeight)
        for _ in 0..<itemCounts[section] {
            y += settings.minimumLineSpacing
            writer.append(.cell, frame: Rect(x: settings.minimumInteritemSpacing, y: y, width: width, height: settings.cellHeight))
            y += settings.cellHeight
        }
        addFullWidth(.footer, height: settings.sectionFooterHeight)
        return y
    }

    public func contentSize(length: Double, viewport: Size) -> Size {
        Size(width: viewport.width, height: length)
    }

    /// The two kinds of this layout's own, as its tutorial names them.
    public func name(of kind: ElementKind) -> String {
        switch kind {
        case .topHeader: "top-header"
        case .menu: "menu"
        default: kind.description
        }
    }
}

extension ElementKind {
    /// The stretchy header above every section, a kind of `StickyParallaxLayout`'s own.
    @inlinable public static var topHeader: ElementKind { ElementKind(rawValue: firstCustomRawValue) }
    /// The sticky menu below the top header, a kind of `StickyParallaxLayout`'s own.
    @inlinable public static var menu: ElementKind { ElementKind(rawValue: firstCustomRawValue + 1) }
}
