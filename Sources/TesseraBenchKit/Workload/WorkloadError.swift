import Tessera

public enum WorkloadError: Error, CustomStringConvertible, Equatable {
    case unreadable(String, String)
    case malformed(String, String)
    case invalid(String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read the workload file \(path): \(reason)"
        case let .malformed(path, reason): "the workload file \(path) is not a workload: \(reason)"
        case let .invalid(reason): reason
        }
    }
}
