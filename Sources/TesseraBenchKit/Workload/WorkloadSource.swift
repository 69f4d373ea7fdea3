import Tessera

/// Where a run's sections come from: the built-in workload, sized per run, or a file's fixed sections.
package enum WorkloadSource: Sendable {
    case builtIn(BuiltInWorkload)
    case file([LayoutSection], path: String)

    /// The sections for `layout` at `items` items (a file's are fixed).
    package func sections(for layout: LayoutID, items: Int) throws(WorkloadError) -> [LayoutSection] {
        switch self {
        case .builtIn(let builtIn):
            return try builtIn.sections(for: layout, items: items)
        case .file(let sections, _):
            return sections
        }
    }

    /// The shape of `sections(for: layout, items:)`, without making them (a file's, exactly), for a memory
    /// estimate made before anything is allocated.
    package func shape(for layout: LayoutID, items: Int) -> MemoryEstimate.Shape {
        switch self {
        case .builtIn(let builtIn):
            return builtIn.shape(for: layout, items: items)
        case .file(let sections, _):
            return MemoryEstimate.Shape(sections)
        }
    }

    /// The source at each of `itemsPerSection` (the built-in workload's own when `nil`), for `layout`, with the
    /// shape each stands for: the built-in workload once a shape when it divides `layout` into sections; a file,
    /// and Mosaic and the carousel (one section by nature), once and unshaped.
    package func shapes(for layout: LayoutID, itemsPerSection: [Int]?) -> [(
        source: WorkloadSource, itemsPerSection: Int?
    )] {
        guard case .builtIn(let builtIn) = self, builtIn.dividesIntoSections(layout) else { return [(self, nil)] }
        return (itemsPerSection ?? [builtIn.itemsPerSection]).map { count in
            var shaped = builtIn
            shaped.itemsPerSection = count
            return (.builtIn(shaped), count)
        }
    }
}
