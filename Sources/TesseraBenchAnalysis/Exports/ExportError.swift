import TesseraBenchKit

/// Why runs cannot be written in a format: something the format cannot hold.
package enum ExportError: Error, CustomStringConvertible, Equatable {
    /// A run's time outside what the format's timestamps hold (`RecordedTime`).
    case time(RecordedTime.Refusal)
    /// Runs that share no figure, for a format that lines each figure's values up with the runs by position
    /// (Otava's): every entry would be written with no figure.
    case noCommonFigure(runs: Int)

    package var description: String {
        switch self {
        case .time(let refusal): "a run's time cannot be written: \(refusal)"
        case .noCommonFigure(let runs):
            "the \(runs) runs share no figure, and Otava lines a figure's values up with the runs by position: "
                + "choose runs that measured the same results (--benchmark, --measure, --machine)"
        }
    }
}
