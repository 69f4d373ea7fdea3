import Tessera

package enum WorkloadError: Error, CustomStringConvertible, Equatable {
    case unreadable(String, String)
    case malformed(String, String)
    case invalid(String)
    case unreadableUpdates(String, String)
    case malformedUpdates(String, String)
    case unreadableTrace(String, String)
    case malformedTrace(String, String)
    /// A step of an updates file that does not fit the layout it is applied to, by its place in the file.
    case updateRefused(step: Int, LayoutError)
    /// A file that reads but holds nothing to measure or apply: a trace of no frames, updates of no steps. Refused
    /// as a usage error, as a workload of no items is, whatever the file's kind.
    case holdsNothing(String)

    package var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read the workload file \(path): \(reason)"
        case .malformed(let path, let reason): "the workload file \(path) is not a workload: \(reason)"
        case .invalid(let reason): reason
        case .unreadableUpdates(let path, let reason): "cannot read the updates file \(path): \(reason)"
        case .malformedUpdates(let path, let reason): "the updates file \(path) is not an updates file: \(reason)"
        case .unreadableTrace(let path, let reason): "cannot read the trace file \(path): \(reason)"
        case .malformedTrace(let path, let reason): "the trace file \(path) is not a trace: \(reason)"
        case .updateRefused(let step, let error): "updates[\(step)] does not fit the layout: \(error)"
        case .holdsNothing(let reason): reason
        }
    }
}
