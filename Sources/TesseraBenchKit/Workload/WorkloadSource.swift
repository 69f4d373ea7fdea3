import Tessera

/// Where a run's sections come from: the built-in workload, sized per run, or a file's fixed sections.
public enum WorkloadSource: Sendable {
    case builtIn(BuiltInWorkload)
    case file([LayoutSection], path: String)

    /// The sections for `layout` at `items` items (a file's are fixed).
    public func sections(for layout: LayoutID, items: Int) throws(WorkloadError) -> [LayoutSection] {
        switch self {
        case let .builtIn(builtIn):
            return try builtIn.sections(for: layout, items: items)
        case let .file(sections, _):
            return sections
        }
    }

    /// The shape of `sections(for: layout, items:)`, without making them (a file's, exactly), for a memory
    /// estimate made before anything is allocated.
    public func shape(for layout: LayoutID, items: Int) -> MemoryEstimate.Shape {
        switch self {
        case let .builtIn(builtIn):
            return builtIn.shape(for: layout, items: items)
        case let .file(sections, _):
            return MemoryEstimate.Shape(sections)
        }
    }
}
