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
}
