import Tessera

/// The order a layout writes its elements in, as a sort key for any design's answer: section by section, the kinds
/// written before the section's cells, the cells by item, then the kinds written after them. Found by one write
/// that keeps no frame, in memory proportional to the sections, so a tutorial's answer (a dictionary's, in no
/// order) prints in the order the engine's comes in.
package struct LayoutOrder {
    /// Per section, its supplementary kinds in the order written, and how many of them come before its cells.
    private var sections: [(kinds: [ElementKind], leading: Int)] = []

    package init<Algorithm: LayoutAlgorithm>(_ algorithm: Algorithm, viewport: Size) {
        var writer = Writer()
        _ = algorithm.write(into: &writer, viewport: viewport)
        sections = writer.finished()
    }

    /// Whether `a` comes before `b` in layout order.
    package func precedes(_ a: ElementID, _ b: ElementID) -> Bool {
        let (left, right) = (key(a), key(b))
        return left.section != right.section
            ? left.section < right.section
            : left.rank != right.rank ? left.rank < right.rank : left.item < right.item
    }

    /// An element's section, its rank among the section's runs (leading kinds, the cells, trailing kinds) and item.
    private func key(_ id: ElementID) -> (section: Int, rank: Int, item: Int) {
        guard id.section >= 0, id.section < sections.count else { return (id.section, 0, id.item) }
        let section = sections[id.section]
        if id.kind == .cell { return (id.section, section.leading, id.item) }
        let position = section.kinds.firstIndex(of: id.kind) ?? section.kinds.count
        return (id.section, position < section.leading ? position : position + 1, 0)
    }

    /// Records the kinds each section writes around its cells. Elements written outside a section belong to the
    /// next one (to the last, after it), as the store counts them.
    private struct Writer: LayoutWriter {
        var sections: [(kinds: [ElementKind], leading: Int)] = []
        var current: (kinds: [ElementKind], leading: Int) = ([], 0)
        var inSection = false
        var cellsSeen = false

        mutating func beginSection(origin: Point) {
            endSection()
            inSection = true
            cellsSeen = false
        }

        mutating func append(_ kind: ElementKind, frame: Rect) {
            if kind == .cell {
                cellsSeen = true
                return
            }
            current.kinds.append(kind)
            if !cellsSeen { current.leading += 1 }
        }

        mutating func endSection() {
            guard inSection else { return }
            sections.append(current)
            current = ([], 0)
            inSection = false
        }

        mutating func finished() -> [(kinds: [ElementKind], leading: Int)] {
            endSection()
            if !current.kinds.isEmpty {
                if sections.isEmpty {
                    sections.append(current)
                } else {
                    sections[sections.count - 1].kinds += current.kinds
                }
            }
            return sections
        }
    }
}
