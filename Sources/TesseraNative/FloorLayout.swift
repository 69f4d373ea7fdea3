import Tessera
import TesseraBenchKit

/// A layout with another's sections and element counts and no arithmetic: what a prepare costs before the
/// layout's own. Each section writes its elements beyond its cells first, then its cells; each frame comes from
/// its position alone, or, given listed sizes, a cell's frame is its size as listed, so that the prepare reads
/// the input the layout reads. The engine writes and indexes it as it does any layout.
struct FloorLayout: LayoutAlgorithm {
    let scrollAxis: ScrollAxis
    let counts: [Int]
    /// Each section's item sizes, to be read as the layout reads them; `nil` for frames from positions alone.
    let sizes: [ItemSizes]?
    let elementCount: Int

    init(scrollAxis: ScrollAxis, counts: [Int], sizes: [ItemSizes]?) {
        self.scrollAxis = scrollAxis
        self.counts = counts
        self.sizes = sizes
        elementCount = counts.reduce(0, +)
    }

    var sectionCount: Int { counts.count }

    func elementCount(inSection section: Int) -> Int { counts[section] }

    func writeSection<Writer: LayoutWriter & ~Copyable>(_ section: Int, into writer: inout Writer, viewport: Size)
        -> Double
    {
        let count = counts[section]
        let listed: SizeList =
            if let sizes, section < sizes.count, case .list(let list) = sizes[section] { list } else { [] }
        let cells = Swift.min(listed.isEmpty ? count : listed.count, count)
        for position in 0..<(count - cells) {
            writer.append(.header, frame: Rect(x: 0, y: Double(position), width: viewport.width, height: 1))
        }
        let start = Double(count - cells)
        if listed.isEmpty {
            writer.appendCells(cells) { Rect(x: 0, y: start + Double($0), width: viewport.width, height: 1) }
        } else {
            let copied: Void? = listed.withContiguousStorageIfAvailable { listed in
                writer.appendCells(cells) {
                    Rect(x: 0, y: start + Double($0), width: listed[$0].width, height: listed[$0].height)
                }
            }
            if copied == nil {
                writer.appendCells(cells) {
                    Rect(x: 0, y: start + Double($0), width: listed[$0].width, height: listed[$0].height)
                }
            }
        }
        return Double(count)
    }

    func contentSize(length: Double, viewport: Size) -> Size {
        scrollAxis == .vertical
            ? Size(width: viewport.width, height: length) : Size(width: length, height: viewport.height)
    }
}
