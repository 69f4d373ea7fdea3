import Tessera

public enum WorkloadError: Error, CustomStringConvertible, Equatable {
    case unreadable(String, String)
    case malformed(String, String)
    case invalid(String)
    case unreadableUpdates(String, String)
    case malformedUpdates(String, String)
    case unreadableTrace(String, String)
    case malformedTrace(String, String)
    /// A step of an updates file that does not fit the layout it is applied to, by its place in the file.
    case updateRefused(step: Int, LayoutError)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read the workload file \(path): \(reason)"
        case let .malformed(path, reason): "the workload file \(path) is not a workload: \(reason)"
        case let .invalid(reason): reason
        case let .unreadableUpdates(path, reason): "cannot read the updates file \(path): \(reason)"
        case let .malformedUpdates(path, reason): "the updates file \(path) is not an updates file: \(reason)"
        case let .unreadableTrace(path, reason): "cannot read the trace file \(path): \(reason)"
        case let .malformedTrace(path, reason): "the trace file \(path) is not a trace: \(reason)"
        case let .updateRefused(step, error): "updates[\(step)] does not fit the layout: \(error)"
        }
    }
}
