import Tessera

/// A layout's data laid out by the oracle, section by section, and the changes a view sees it through: where an anchor
/// (`ScrollAnchor`) is before a change, and the content offset that puts it back in place after, found by brute force
/// over the recorded frames and owing nothing to the engine's store. What layout shift is measured against: the
/// offset a design returns is compared with the one this finds.
///
/// Each change lays out again only the sections it names (every layout here restarts each section from its origin);
/// every section's origin is the sum of the lengths before it on the scroll grid, as `writeSections` places them.
/// Identities are mapped through a batch by UIKit's rules, item by item (`BatchTokens`): an element is kept in place
/// unless the batch deletes, moves or reloads it or its section; a layout's own elements map to themselves.
public struct ShiftReference<Layout: UpdatableLayout>: Sendable {
    /// The data as the changes so far left it.
    public private(set) var data: Layout
    /// The viewport the sections are laid out for.
    public private(set) var viewport: Size
    /// Every section of the layout, in order.
    private var sections: [RecordedSection] = []
    /// What the search and the identities read of each section (`place()` makes them for the sections that lack them).
    private var shapes: [SectionShape?] = []
    /// Each section's origin, and the largest far edge of its elements and of every section before it, and the
    /// smallest near edge of its elements and of every section after it: what bounds the search for an anchor.
    private var origins: [Double] = []
    private var reachBefore: [Double] = []
    private var nearestAfter: [Double] = []
    /// The content's size.
    public private(set) var contentSize = Size.zero
    /// How many cells the changes so far kept in place moved across the scroll axis: in a waterfall, the photos that
    /// changed column. A new viewport's moves are not counted.
    public private(set) var cellsMovedAcross = 0

    /// An element by identity: its section, kind and number among its section's elements of that kind.
    struct Identity: Equatable {
        var section: Int
        var kind: ElementKind
        var occurrence: Int
    }

    /// What a change keeps of an anchor: the element that keeps its place, found before the change, and how far its
    /// near edge (far edge, when `trailing`) lies from the viewport's edge.
    struct Kept {
        var identity: Identity?
        var distance = 0.0
        var trailing = false
        var followsEnd = false
    }

    /// `data` laid out for `viewport`.
    ///
    /// - Complexity: O(*n*) for its *n* elements.
    public init(_ data: Layout, viewport: Size) {
        self.data = data
        self.viewport = viewport
        sections = (0..<data.sectionCount).map { RecordedSection($0, of: data, viewport: viewport) }
        shapes = Array(repeating: nil, count: sections.count)
        place()
    }

    /// The frame of element `element` of section `section`, as handed out.
    ///
    /// - Complexity: O(1).
    public func frame(_ element: Int, inSection section: Int) -> Rect {
        sections[section].frames[element].placed(at: origins[section], along: data.scrollAxis)
    }

    /// The number of sections laid out.
    public var sectionCount: Int { sections.count }

    /// The kinds of section `section`'s elements, in layout order.
    public func kinds(inSection section: Int) -> [ElementKind] { sections[section].kinds }

    /// Makes `change` and returns the content offset that keeps `anchor`, at `offset` before it, where it was on
    /// screen, clamped to the content.
    ///
    /// - Throws: `LayoutError.invalidUpdate` when a batch does not fit the data; nothing is changed then.
    /// - Complexity: O(*s*) for the *s* sections, plus O(*m*) for each section of *m* elements the change names, plus
    ///   O(*n*) to map identities through a batch.
    public mutating func offset(keeping anchor: ScrollAnchor, at offset: Point, through change: ScreenChange)
        throws(LayoutError) -> Point
    {
        try check(change)
        let kept = self.kept(anchor, at: offset, through: change)
        try make(change)
        return self.offset(keeping: kept, from: offset)
    }

    /// Makes `change` and returns, for each offset of `offsets` before it, the content offset that keeps `anchor`
    /// where it was on screen: one change for several views of it (the designs a scenario measures).
    ///
    /// - Throws: `LayoutError.invalidUpdate` when a batch does not fit the data; nothing is changed then.
    public mutating func offsets(keeping anchor: ScrollAnchor, at offsets: [Point], through change: ScreenChange)
        throws(LayoutError) -> [Point]
    {
        try check(change)
        let kept = offsets.map { self.kept(anchor, at: $0, through: change) }
        try make(change)
        return zip(kept, offsets).map { self.offset(keeping: $0, from: $1) }
    }

    /// The cells whose frames meet `rect`, in layout order.
    ///
    /// - Complexity: O(*s*) at most over the sections, and O(*m*) for each section of *m* elements that may meet it.
    public func cells(meeting rect: Rect) -> [ItemPath] {
        let bounds = AxisRect(rect, along: data.scrollAxis)
        var cells: [ItemPath] = []
        for section in candidateSections(meeting: bounds) {
            guard let range = shapes[section]?.cells else { continue }
            for item in 0..<range.count where frame(range.lowerBound + item, inSection: section).intersects(rect) {
                cells.append(ItemPath(section: section, item: item))
            }
        }
        return cells
    }

    /// The frame of cell `item` of section `section`, if the layout holds one.
    public func frame(ofItem item: Int, inSection section: Int) -> Rect? {
        guard section >= 0, section < sections.count,
            let element = element(Identity(section: section, kind: .cell, occurrence: item))
        else { return nil }
        return frame(element, inSection: section)
    }

    /// The first element a viewport at `offset` shows, in layout order: its section, and its item when it is a cell.
    public func firstVisible(at offset: Point) -> (section: Int, item: Int?)? {
        guard let (section, element) = element(meeting: visible(at: offset), last: false) else { return nil }
        let identity = identity(element, inSection: section)
        return (section, identity.kind == .cell ? identity.occurrence : nil)
    }

    /// The tallest column over the shortest, largest over the sections of at least two photos a column: each column
    /// the cells at one place across the scroll axis, its length from the first of them to the end of the last. What
    /// a waterfall's stable columns cost; `nil` when no section has two columns of two photos.
    public func columnBalance() -> Double? {
        let vertical = data.scrollAxis == .vertical
        var worst: Double?
        for section in sections.indices {
            guard let range = shapes[section]?.cells, range.count >= 4 else { continue }
            var columns: [Double: (start: Double, end: Double, count: Int)] = [:]
            for element in range {
                let frame = sections[section].frames[element]
                let (across, start, end) =
                    vertical ? (frame.minX, frame.minY, frame.maxY) : (frame.minY, frame.minX, frame.maxX)
                let column = columns[across] ?? (start, end, 0)
                columns[across] = (Swift.min(column.start, start), Swift.max(column.end, end), column.count + 1)
            }
            let lengths = columns.values.filter { $0.count >= 2 }.map { $0.end - $0.start }
            guard lengths.count >= 2, let shortest = lengths.min(), shortest > 0, let tallest = lengths.max() else {
                continue
            }
            worst = Swift.max(worst ?? 0, tallest / shortest)
        }
        return worst
    }

    /// Refuses a batch (or an update) that does not fit the data.
    private func check(_ change: ScreenChange) throws(LayoutError) {
        switch change {
        case .update(let update): try data.check([update])
        case .batch(let batch): try data.check(batch)
        case .sizes, .viewport: break
        }
    }

    /// Makes `change` with nothing kept: the data changed, and what it names laid out again.
    ///
    /// - Throws: `LayoutError.invalidUpdate` when a batch does not fit the data; nothing is changed then.
    public mutating func make(_ change: ScreenChange) throws(LayoutError) {
        switch change {
        case .update(let update):
            try make(.batch([update]))
            return
        case .batch(let batch):
            try data.check(batch)
            let tokens = BatchTokens(batch, before: data)
            let before = (data: data.sections.count, layout: data.sectionCount)
            try data.apply(batch)
            var named = Set<Int>()  // sections after the batch that it names
            for update in batch {
                switch update {
                case .insertItem(let path, _), .moveItem(_, let path): named.insert(path.section)
                default: break
                }
            }
            // Each section after the batch: the one before it that it keeps, if any.
            let old: [Int?] = tokens.sections.map { if case .kept(let source) = $0 { source } else { nil } }
            var renamed = Set<Int>()  // sections before the batch it names
            for update in batch {
                switch update {
                case .resizeItem(let path, _), .reloadItem(let path, _), .deleteItem(let path), .moveItem(let path, _):
                    renamed.insert(path.section)
                default: break
                }
            }
            let sectionsChange = before.data != data.sections.count
            guard before.layout == before.data, data.sectionCount == data.sections.count else {
                // A layout with a section of its own beyond its data's: laid out whole.
                sections = (0..<data.sectionCount).map { RecordedSection($0, of: data, viewport: viewport) }
                shapes = Array(repeating: nil, count: sections.count)
                return place()
            }
            let formerFirst = old.firstIndex { $0 == 0 }
            var newSections: [RecordedSection] = []
            var newShapes: [SectionShape?] = []
            newSections.reserveCapacity(data.sectionCount)
            newShapes.reserveCapacity(data.sectionCount)
            for new in 0..<data.sectionCount {
                let source = new < old.count ? old[new] : nil
                if let source, !named.contains(new), !renamed.contains(source),
                    !(sectionsChange && data.firstSectionHoldsLayoutElements && (new == 0 || new == formerFirst))
                {
                    newSections.append(sections[source])
                    newShapes.append(shapes[source])
                    continue
                }
                let recorded = RecordedSection(new, of: data, viewport: viewport)
                if let source, new < tokens.items.count {
                    countMovedAcross(from: source, to: recorded) { tokens.items[new][$0] }
                }
                newSections.append(recorded)
                newShapes.append(nil)
            }
            (sections, shapes) = (newSections, newShapes)
        case .sizes(let sizes):
            for (path, size) in sizes { data.setSize(size, ofItem: path.item, inSection: path.section) }
            for section in Set(sizes.map(\.path.section)) {
                let recorded = RecordedSection(section, of: data, viewport: viewport)
                countMovedAcross(from: section, to: recorded) { $0 }
                sections[section] = recorded
                shapes[section] = nil
            }
        case .viewport(let new):
            viewport = new
            sections = (0..<data.sectionCount).map { RecordedSection($0, of: data, viewport: new) }
            shapes = Array(repeating: nil, count: sections.count)
        }
        place()
    }

    /// Counts the cells of `recorded`, laid out anew from section `source` as it was, that moved across the scroll
    /// axis: cell `item` of `recorded` is cell `oldItem(item)` of the old section, or new where that is `nil`.
    private mutating func countMovedAcross(from source: Int, to recorded: RecordedSection, oldItem: (Int) -> Int?) {
        let before = sections[source]
        let oldCells = shapes[source] ?? SectionShape(before, along: data.scrollAxis)
        let newCells = SectionShape(recorded, along: data.scrollAxis)
        guard let oldRange = oldCells.cells, let newRange = newCells.cells else { return }
        let vertical = data.scrollAxis == .vertical
        for item in 0..<newRange.count {
            guard let was = oldItem(item), was < oldRange.count else { continue }
            let (a, b) = (before.frames[oldRange.lowerBound + was], recorded.frames[newRange.lowerBound + item])
            if vertical ? a.minX != b.minX : a.minY != b.minY { cellsMovedAcross += 1 }
        }
    }

    /// Every section's origin (the lengths before it summed in order), the bounds of the search, and the content's size.
    private mutating func place() {
        for index in shapes.indices where shapes[index] == nil {
            shapes[index] = SectionShape(sections[index], along: data.scrollAxis)
        }
        origins = []
        origins.reserveCapacity(sections.count)
        reachBefore = []
        reachBefore.reserveCapacity(sections.count)
        var nearest: [Double] = []
        nearest.reserveCapacity(sections.count)
        var origin = 0.0
        var reach = -Double.infinity
        for (section, shape) in zip(sections, shapes) {
            let extent = shape!.extent
            origins.append(origin)
            // Bounds for passing sections by, widened so that the rounding of a sum cannot make one pass an element.
            let margin = Swift.max(Swift.abs(origin), Swift.abs(extent.far)) * 0x1p-30
            reach = Swift.max(reach, origin + extent.far + margin)
            reachBefore.append(reach)
            nearest.append(origin + extent.near - margin)
            origin += section.length
        }
        var lowest = Double.infinity
        for index in nearest.indices.reversed() {
            lowest = Swift.min(lowest, nearest[index])
            nearest[index] = lowest
        }
        nearestAfter = nearest
        contentSize = data.contentSize(length: origin, viewport: viewport)
    }

    // MARK: Anchors

    /// The visible rect at `offset`, its edges named along the scroll axis.
    private func visible(at offset: Point) -> AxisRect {
        AxisRect(Rect(origin: offset, size: viewport), along: data.scrollAxis)
    }

    /// The first element (the last, with `last`) whose frame meets `rect` strictly, as `Rect.intersects`: its section
    /// and number there. Sections are passed whole where no element of theirs, or of any after (before) them, can
    /// reach the rect.
    func element(meeting rect: AxisRect, last: Bool) -> (section: Int, element: Int)? {
        let frameRect =
            data.scrollAxis == .vertical
            ? Rect(
                x: rect.crossMin, y: rect.scrollMin, width: rect.crossMax - rect.crossMin,
                height: rect.scrollMax - rect.scrollMin)
            : Rect(
                x: rect.scrollMin, y: rect.crossMin, width: rect.scrollMax - rect.scrollMin,
                height: rect.crossMax - rect.crossMin)
        let candidates = Array(candidateSections(meeting: rect))
        for section in last ? candidates.reversed() : candidates {
            let elements = sections[section].frames.indices
            for element in last ? Array(elements.reversed()) : Array(elements)
            where frame(element, inSection: section).intersects(frameRect) {
                return (section, element)
            }
        }
        return nil
    }

    /// The sections whose elements may meet `rect`: from the first whose elements, or those before it, reach past the
    /// rect's near edge, while any of its elements or of those after it start before the rect's far edge.
    private func candidateSections(meeting rect: AxisRect) -> Range<Int> {
        var low = 0
        var high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if reachBefore[middle] > rect.scrollMin { high = middle } else { low = middle + 1 }
        }
        var end = low
        while end < sections.count, nearestAfter[end] < rect.scrollMax { end += 1 }
        return low..<end
    }

    /// The identity of element `element` of section `section`.
    func identity(_ element: Int, inSection section: Int) -> Identity {
        let kinds = sections[section].kinds
        let kind = kinds[element]
        let shape = shapes[section]!
        let occurrence: Int
        if let cells = shape.cells, kind == .cell {
            occurrence = element - cells.lowerBound
        } else if let cells = shape.cells, element >= cells.upperBound {
            occurrence =
                kinds[..<cells.lowerBound].count { $0 == kind } + kinds[cells.upperBound..<element].count { $0 == kind }
        } else {
            occurrence = kinds[..<element].count { $0 == kind }
        }
        return Identity(section: section, kind: kind, occurrence: occurrence)
    }

    /// The element an identity names: its number in its section.
    func element(_ identity: Identity) -> Int? {
        guard identity.section >= 0, identity.section < sections.count, identity.occurrence >= 0 else { return nil }
        if identity.kind == .cell, let cells = shapes[identity.section]!.cells {
            return identity.occurrence < cells.count ? cells.lowerBound + identity.occurrence : nil
        }
        return sections[identity.section].element(ofKind: identity.kind, occurrence: identity.occurrence)
    }

    /// The element's near and far edges along the scroll axis, as handed out.
    private func edges(_ element: Int, inSection section: Int) -> (near: Double, far: Double) {
        let frame = frame(element, inSection: section)
        return data.scrollAxis == .vertical ? (frame.minY, frame.maxY) : (frame.minX, frame.maxX)
    }

    /// What `change` keeps of `anchor` at `offset`: the anchor's element, or the nearest the change keeps in place.
    func kept(_ anchor: ScrollAnchor, at offset: Point, through change: ScreenChange) -> Kept {
        let rect = visible(at: offset)
        let found: (section: Int, element: Int)?
        let edge: Double
        var trailing = false
        switch anchor {
        case .firstVisible: (found, edge) = (element(meeting: rect, last: false), rect.scrollMin)
        case .lastVisible: (found, edge, trailing) = (element(meeting: rect, last: true), rect.scrollMax, true)
        case .item(let path, let inside):
            let cell =
                path.section < sections.count
                ? element(Identity(section: path.section, kind: .cell, occurrence: path.item)) : nil
            found = cell.map { (path.section, $0) }
            edge = cell.map { edges($0, inSection: path.section).near + inside } ?? 0
        case .contentEnd:
            let length = data.scrollAxis == .vertical ? contentSize.height : contentSize.width
            if rect.scrollMax >= length - ScrollAnchor.endTolerance { return Kept(followsEnd: true) }
            (found, edge, trailing) = (element(meeting: rect, last: true), rect.scrollMax, true)
        }
        guard let found else { return Kept() }
        let map = IdentityMap(change, before: data)
        guard let (section, element, identity) = survivor(from: found, map) else { return Kept() }
        let (near, far) = edges(element, inSection: section)
        return Kept(identity: identity, distance: (trailing ? far : near) - edge, trailing: trailing)
    }

    /// The element nearest `found` that `map` keeps: itself, else the first after it in layout order, else the last
    /// before it; where it is, and its identity after the change.
    private func survivor(from found: (section: Int, element: Int), _ map: IdentityMap) -> (
        Int, Int, Identity
    )? {
        var (section, element) = found
        while section < sections.count {
            while element < sections[section].count {
                if let kept = map.kept(identity(element, inSection: section)) { return (section, element, kept) }
                element += 1
            }
            (section, element) = (section + 1, 0)
        }
        (section, element) = (found.section, found.element - 1)
        while section >= 0 {
            while element >= 0 {
                if let kept = map.kept(identity(element, inSection: section)) { return (section, element, kept) }
                element -= 1
            }
            section -= 1
            if section >= 0 { element = sections[section].count - 1 }
        }
        return nil
    }

    /// The content offset after a change that puts `kept` back at its distance, from `offset` before it.
    func offset(keeping kept: Kept, from offset: Point) -> Point {
        let axis = data.scrollAxis
        let (length, visible) =
            axis == .vertical ? (contentSize.height, viewport.height) : (contentSize.width, viewport.width)
        var along = axis == .vertical ? offset.y : offset.x
        if kept.followsEnd {
            along = length - visible
        } else if let identity = kept.identity, let element = element(identity) {
            let (near, far) = edges(element, inSection: identity.section)
            let edge = (kept.trailing ? far : near) - kept.distance
            along = kept.trailing ? edge - visible : edge
        }
        let moved = axis == .vertical ? Point(x: offset.x, y: along) : Point(x: along, y: offset.y)
        // Clamped as UIKit clamps a content offset, written out here rather than taken from the engine.
        return Point(
            x: Swift.min(Swift.max(moved.x, 0), Swift.max(0, contentSize.width - viewport.width)),
            y: Swift.min(Swift.max(moved.y, 0), Swift.max(0, contentSize.height - viewport.height)))
    }

    /// Where each element before a change is after it, by UIKit's rules: through a batch, item by item
    /// (`BatchTokens`); through cells' sizes and a new viewport, where it was.
    struct IdentityMap {
        /// For each section before a batch, its number after it when the batch keeps it in place.
        private var sections: [Int?]?
        /// For each section after a batch, where each item comes from (`BatchTokens.items`).
        private var items: [[Int?]] = []

        init(_ change: ScreenChange, before data: Layout) {
            let batch: [LayoutUpdate]
            switch change {
            case .update(let update): batch = [update]
            case .batch(let updates): batch = updates
            case .sizes, .viewport: return
            }
            let tokens = BatchTokens(batch, before: data)
            var sections = [Int?](repeating: nil, count: data.sections.count)
            for (new, source) in tokens.sections.enumerated() {
                if case .kept(let old) = source { sections[old] = new }
            }
            self.sections = sections
            items = tokens.items
        }

        /// The identity after the change of the element `identity` names before it; `nil` when it is not kept.
        func kept(_ identity: Identity) -> Identity? {
            guard let sections else { return identity }
            // A layout's own elements map to themselves.
            if identity.kind.rawValue >= ElementKind.firstCustomRawValue { return identity }
            guard identity.section < sections.count, let section = sections[identity.section] else { return nil }
            guard identity.kind == .cell else {
                return Identity(section: section, kind: identity.kind, occurrence: identity.occurrence)
            }
            guard let item = items[section].firstIndex(of: identity.occurrence) else { return nil }
            return Identity(section: section, kind: .cell, occurrence: item)
        }
    }

    /// What the search and the identities read of a recorded section: its extent along the scroll axis, relative to
    /// its origin, and its cells' numbers when they follow one another (as every layout here writes them).
    struct SectionShape {
        var extent: (near: Double, far: Double)
        var cells: Range<Int>?

        init(_ section: RecordedSection, along axis: ScrollAxis) {
            var (near, far) = (Double.infinity, -Double.infinity)
            for frame in section.frames {
                let (start, end) = axis == .vertical ? (frame.minY, frame.maxY) : (frame.minX, frame.maxX)
                near = Swift.min(near, start)
                far = Swift.max(far, end)
            }
            extent = (near, far)
            let first = section.kinds.firstIndex(of: .cell)
            let end = first.map { first in section.kinds[first...].firstIndex { $0 != .cell } ?? section.count }
            if let first, let end, !section.kinds[end...].contains(.cell) {
                cells = first..<end
            } else if first == nil {
                cells = 0..<0
            } else {
                cells = nil
            }
        }
    }
}
