import Synchronization
import Tessera

/// The layouts a benchmark knows: the built-in ones, then those registered, in the order they were registered.
package enum LayoutCatalog {
    private static let registry = Mutex<[BenchmarkLayout]>([])

    /// Why a layout could not be registered.
    package enum Failure: Error, CustomStringConvertible, Equatable {
        case malformedID(String)
        case builtInID(LayoutID)
        case registeredTwice(LayoutID)
        case unknown(LayoutID)

        package var description: String {
            switch self {
            case .malformedID(let id):
                "the layout id '\(id)' is not usable: ids are lowercase letters, digits and dashes, not 'all', and do not start with a dash"
            case .builtInID(let id): "the layout id '\(id)' is a built-in layout's; choose another"
            case .registeredTwice(let id): "the layout id '\(id)' is registered twice"
            case .unknown(let id):
                "no layout '\(id)' is built in or registered; known: \(LayoutCatalog.all.map(\.rawValue).joined(separator: ", "))"
            }
        }
    }

    /// Adds `layouts` to the catalog, or none of them when one cannot be added.
    package static func register(_ layouts: [BenchmarkLayout]) throws(Failure) {
        try registry.withLock { (registered: inout [BenchmarkLayout]) throws(Failure) in
            var ids = Set(registered.map(\.id))
            for layout in layouts {
                guard LayoutID.isWellFormed(layout.id.rawValue) else { throw .malformedID(layout.id.rawValue) }
                guard !layout.id.isBuiltIn else { throw .builtInID(layout.id) }
                guard ids.insert(layout.id).inserted else { throw .registeredTwice(layout.id) }
            }
            registered += layouts
        }
    }

    /// Every layout id a run may name: the built-in ones, then the registered ones.
    package static var all: [LayoutID] {
        LayoutID.builtIn + registry.withLock { $0.map(\.id) }
    }

    /// Every layout id, a registered layout's followed by its summary: for `--help`.
    package static var listing: String {
        let registered = registry.withLock { $0 }.map {
            $0.summary.isEmpty ? $0.id.rawValue : "\($0.id.rawValue) (\($0.summary))"
        }
        return (LayoutID.builtIn.map(\.rawValue) + registered).joined(separator: ", ")
    }

    static func registered(_ id: LayoutID) -> BenchmarkLayout? {
        registry.withLock { $0.first { $0.id == id } }
    }

    /// The specialised subjects of the registered layout of type `type`, if one is.
    static func subjects<Algorithm: UpdatableLayout>(for type: Algorithm.Type) -> RegisteredSubjects? {
        let key = ObjectIdentifier(type)
        return registry.withLock { $0.first { $0.subjects.layoutType == key }?.subjects }
    }
}
