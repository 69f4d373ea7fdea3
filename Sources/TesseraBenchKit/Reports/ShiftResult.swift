/// How far one scenario's changes moved what the user sees, for one strategy (`LayoutShift`): each step's shift is
/// the distance, in points, between the content offset the design left the view at and the one that keeps the
/// anchor where it was on screen in a fresh layout of the changed data, clamped as UIKit clamps it.
package struct ShiftResult: Codable, Hashable, Sendable {
    package var layout: LayoutID
    /// Items a section of the built-in workload, as `BenchmarkResult.itemsPerSection`.
    package var itemsPerSection: Int?
    package var strategy: StrategyID
    /// The index's parameters when they are not the strategy's standard ones.
    package var parameters: String?
    package var elements: Int
    package var scenario: ShiftScenario
    package var steps: Int
    /// The largest shift of a step, and the p99 of the steps' shifts, in points.
    package var largestPoints: Double
    package var p99Points: Double
    /// The shifts summed as Core Web Vitals' layout shift score sums them: each step's distance as a fraction of
    /// the viewport's length (at most 1), its impact fraction 1, since the whole view moves.
    package var score: Double
    /// Whether the design keeps an anchor (the engine's do) or adjusts nothing (the tutorials' designs, whose view
    /// keeps its offset, clamped).
    package var keepsAnchor: Bool
    /// The waterfall's photos already placed that changed column over the scenario; `nil` for the other layouts.
    package var columnChanges: Int?
    /// The waterfall's tallest column over its shortest at the scenario's end, the largest over its sections.
    package var columnBalance: Double?
    /// Whether the waterfall kept each photo's column (`ColumnPlacement.stable`); `nil` for the other layouts.
    package var stableColumns: Bool?

    /// A shift no larger than this is none: a design regresses when it moves the view by more where the base did
    /// not (`compare`, `ab`).
    package static let noticeablePoints = 0.5
    /// The engine's target: a shift of at most this, in every scenario (rounding, not a move).
    package static let exactPoints = 1e-6

    /// The strategy as reports label it, its parameters after it.
    package var label: String { strategy.rawValue + (parameters.map { " (\($0))" } ?? "") }

    package var shapedLayout: ShapedLayout { ShapedLayout(layout, itemsPerSection: itemsPerSection) }

    /// What the result measured, matched across reports.
    package struct Key: Hashable, Sendable {
        package var layout: ShapedLayout
        package var label: String
        package var elements: Int
        package var scenario: ShiftScenario
    }

    package var key: Key { Key(layout: shapedLayout, label: label, elements: elements, scenario: scenario) }

    /// The result's name outside Tessera: `layout/strategy/shift-scenario/elements`.
    package var name: BenchmarkName {
        BenchmarkName(layout: shapedLayout, label: label, operation: "shift-\(scenario.rawValue)", elements: elements)
    }
}
