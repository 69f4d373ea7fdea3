import ArgumentParser
import Tessera
import TesseraBenchKit

/// The layouts checked against the viewports a command lays them out at, before anything runs: a layout refused at
/// a later viewport (the rotated one) would fail a run halfway, after measuring.
extension WorkloadOptions {
    /// `viewport` both ways up. Runs turn it (a warm prepare alternates portrait and landscape, the built-in trace
    /// rotates once); every command checks both, so that a viewport one command refuses, all do.
    static func bothWaysUp(_ viewport: Size) -> [Size] {
        [viewport, Size(width: viewport.height, height: viewport.width)]
    }

    /// `layouts` made from one item with these options and checked against each of `viewports` (a waterfall
    /// narrower than its header inset, or whose padding leaves its photos no width): a usage error naming the
    /// layout and the reason.
    func check(_ layouts: [LayoutID], viewports: [Size]) throws {
        struct ViewportCheck: LayoutVisitor {
            let viewports: [Size]
            func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws {
                for viewport in viewports { try algorithm.validate(viewport: viewport) }
            }
        }
        let one = [LayoutSection(itemSizes: .uniform(FlowLayout.defaultItemSize, count: 1))]
        for layout in layouts where layout.isBuiltIn {
            do {
                try parameters.make(layout, sections: one, ViewportCheck(viewports: viewports))
                if layout == .waterfall { try checkPhotoWidth(in: viewports) }
            } catch let error as LayoutError {
                throw ValidationError("the \(layout.rawValue) layout cannot be made with these options: \(error)")
            }
        }
    }

    /// The engine lays a photo its column cannot hold out with no width, outside the content; a benchmark of such
    /// a layout would measure cells no query shows, so the padding must leave each photo some width.
    private func checkPhotoWidth(in viewports: [Size]) throws(LayoutError) {
        let waterfall = parameters.waterfall
        guard let narrowest = viewports.map(\.width).min(), waterfall.photoWidth(viewportWidth: narrowest) <= 0
        else { return }
        let column = narrowest / Double(waterfall.columns)
        throw .parameterOutOfRange(
            name: "cellPadding", value: waterfall.cellPadding,
            requirement:
                "twice it must be less than a column's width, \(column) (a viewport \(narrowest) wide in \(waterfall.columns) columns), or the photos have no width"
        )
    }
}
