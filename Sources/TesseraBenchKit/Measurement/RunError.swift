import Foundation

/// Why a run could not start.
package enum RunError: Error, CustomStringConvertible, Equatable {
    case workloadTooLarge(items: Int, estimatedBytes: Double, budgetBytes: Double)
    /// An input file (a workload or a trace) whose reading would not fit in memory.
    case inputFileTooLarge(path: String, estimatedBytes: Double, budgetBytes: Double)
    /// Every strategy asked for was skipped (as too large for memory): a run that measured nothing is not a success.
    case nothingMeasured(skipped: Int)

    package var description: String {
        switch self {
        case .workloadTooLarge(let items, let estimated, let budget):
            String(
                format:
                    "%@ items would need about %.1f GB even for the engine alone, over the %.1f GB this process may use; nothing was allocated",
                items.formatted(), estimated / 1e9, budget / 1e9)
        case .inputFileTooLarge(let path, let estimated, let budget):
            String(
                format:
                    "reading the file %@ would need about %.1f GB, over the %.1f GB this process may use; it was not read",
                path, estimated / 1e9, budget / 1e9)
        case .nothingMeasured(let skipped):
            "nothing was measured: all \(skipped) strategy runs asked for were skipped (see above); ask for fewer items or an engine strategy"
        }
    }
}
