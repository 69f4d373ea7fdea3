import Tessera
import TesseraBenchKit

/// The run `floors` and `native` share: a comparison measured layout by layout, in this process or pooled over
/// `--processes`, and printed as a table under its heading.
extension ProcessesOptions {
    /// Measures each of `layouts`, at the items asked (`items`, a workload file's own count, or the default) of
    /// `workload`, with `measuring`; prints the measurement for a parent process, or `render`'s table (its timings,
    /// ratios and what the ratios are over) under the heading `title` gives for the item count.
    func runComparison<Timing, Ratio>(
        of layouts: [LayoutID], items: ItemCountOption<some ItemCountCommand>, workload: WorkloadOptions,
        measuring: (LayoutID, [LayoutSection], LayoutParameters, Size) throws -> ProcessMeasurement<Timing, Ratio>,
        heading title: (Int) -> String,
        render: ([Timing], [Ratio], String) -> String
    ) throws {
        // Read here, so that a file that does not fit the rule is refused before any process starts.
        let source = try workload.source()
        let count = try items.itemCount(workload, of: source)
        let measurement = try measure {
            var measurement = ProcessMeasurement<Timing, Ratio>()
            for layout in layouts {
                let sections = try workload.sections(for: layout, items: count, from: source)
                let measured = try measuring(layout, sections, workload.parameters, workload.viewport.size)
                measurement.timings += measured.timings
                measurement.ratios += measured.ratios
            }
            return measurement
        }
        if try printedForParent(measurement) { return }
        print(heading(title(count)))
        print(render(measurement.timings, measurement.ratios, samples), terminator: "")
    }
}
