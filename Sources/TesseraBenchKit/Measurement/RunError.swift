import Foundation

/// Why a run could not start.
public enum RunError: Error, CustomStringConvertible {
    case workloadTooLarge(items: Int, estimatedBytes: Double, budgetBytes: Double)

    public var description: String {
        switch self {
        case let .workloadTooLarge(items, estimated, budget):
            String(format: "%@ items would need about %.1f GB even for the engine alone, over the %.1f GB this machine allows; nothing was allocated",
                   items.formatted(), estimated / 1e9, budget / 1e9)
        }
    }
}
