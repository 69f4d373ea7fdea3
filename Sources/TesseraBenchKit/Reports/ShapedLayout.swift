/// A layout at one shape of the built-in workload: how many items each of its sections holds. Results, targets,
/// standings and charts are grouped by it, so one layout measured at two shapes makes two contests, never one.
package struct ShapedLayout: Hashable, Sendable {
    package var layout: LayoutID
    /// Items a section; `nil` when the workload did not shape the layout's sections (a workload file, Mosaic and
    /// the carousel, which have one section by nature, and reports written before shapes were recorded).
    package var itemsPerSection: Int?

    package init(_ layout: LayoutID, itemsPerSection: Int?) {
        self.layout = layout
        self.itemsPerSection = itemsPerSection
    }

    /// "flow · 1 a section", or the layout's id when it has no shape.
    package var name: String {
        itemsPerSection.map { "\(layout.rawValue) · \($0.formatted()) a section" } ?? layout.rawValue
    }
}

extension Sequence<BenchmarkResult> {
    /// The layouts of these results at each of their shapes, each once, in the order they first appear: the order
    /// the run took them.
    package var shapedLayouts: [ShapedLayout] {
        var seen: Set<ShapedLayout> = []
        return map(\.shapedLayout).filter { seen.insert($0).inserted }
    }
}
