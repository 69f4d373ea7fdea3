import Foundation
import Tessera

/// Layout shift, measured beside time: each strategy runs each scenario's changes (`ShiftPlan`) from the offset
/// each one left the view at, and each step's offset is compared with the one the oracle finds by brute force over
/// fresh layouts of the changed data (`ShiftReference`), owing nothing to the engine's store.
///
/// The engine's strategies run the steps and are recorded; the tutorials' designs adjust nothing, so their view
/// keeps its content offset, clamped to the new content as UIKit clamps it: their offsets follow from the steps
/// alone, and none of their code runs for it.
enum LayoutShift {
    /// The offsets a design left the view at through a plan: before each change (after its scroll) and after it.
    struct Trajectory: Equatable {
        var before: [Point] = []
        var after: [Point] = []
    }

    /// Runs `plan` on a fresh `subject`, prepared for `viewport`, and returns where it left the view.
    static func record<Subject: BenchmarkSubject>(_ plan: ShiftPlan, on subject: inout Subject, viewport: Size) throws
        -> Trajectory
    {
        try subject.prepare(viewport: viewport)
        if !plan.setup.isEmpty { try subject.apply(plan.setup) }
        var current = viewport
        var offset = plan.start
        var trajectory = Trajectory()
        for step in plan.steps {
            let before = step.scroll.applied(to: offset, content: subject.contentSize, viewport: current)
            offset = try subject.change(step.change, keeping: step.anchor, at: before)
            if case .viewport(let new) = step.change { current = new }
            trajectory.before.append(before)
            trajectory.after.append(offset)
        }
        return trajectory
    }

    /// What a scenario's steps measured for one design: each step's shift, and over the scenario, the cells that
    /// moved across the scroll axis and the columns' balance at its end.
    struct Measured {
        var shifts: [Double]
        var viewportLengths: [Double]
        var cellsMovedAcross: Int
        var columnBalance: Double?
    }

    /// Replays `plan` over the oracle's layouts of `layout`'s data and measures each design: a recorded trajectory,
    /// or `nil` for a design that adjusts nothing.
    static func evaluate<Layout: UpdatableLayout>(
        _ plan: ShiftPlan, layout: Layout, viewport: Size, designs: [Trajectory?]
    ) throws -> [Measured] {
        var reference = ShiftReference(layout, viewport: viewport)
        if !plan.setup.isEmpty { try reference.make(.batch(plan.setup)) }
        let movedAtStart = reference.cellsMovedAcross
        var current = designs.map { _ in plan.start }
        var shifts = designs.map { _ in [Double]() }
        var lengths: [Double] = []
        for (number, step) in plan.steps.enumerated() {
            let before = designs.indices.map { design in
                designs[design]?.before[number]
                    ?? step.scroll.applied(
                        to: current[design], content: reference.contentSize, viewport: reference.viewport)
            }
            let expected = try reference.offsets(keeping: step.anchor, at: before, through: step.change)
            for design in designs.indices {
                let after =
                    designs[design]?.after[number]
                    ?? before[design].clampedContentOffset(content: reference.contentSize, viewport: reference.viewport)
                shifts[design].append(
                    Swift.max(Swift.abs(after.x - expected[design].x), Swift.abs(after.y - expected[design].y)))
                current[design] = after
            }
            let axis = layout.scrollAxis
            lengths.append(axis == .vertical ? reference.viewport.height : reference.viewport.width)
        }
        let moved = reference.cellsMovedAcross - movedAtStart
        let balance = reference.columnBalance()
        return shifts.map {
            Measured(shifts: $0, viewportLengths: lengths, cellsMovedAcross: moved, columnBalance: balance)
        }
    }

    /// The result of `measured` for a strategy.
    static func result(
        _ measured: Measured, plan: ShiftPlan, layout: ShapedLayout, strategy: StrategyID, parameters: String?,
        elements: Int, keepsAnchor: Bool, stableColumns: Bool?
    ) -> ShiftResult {
        let sorted = measured.shifts.sorted()
        let p99 =
            sorted.isEmpty
            ? 0 : sorted[Swift.min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
        let score = zip(measured.shifts, measured.viewportLengths).reduce(0) {
            $0 + Swift.min(1, $1.0 / Swift.max($1.1, 1))
        }
        return ShiftResult(
            layout: layout.layout, itemsPerSection: layout.itemsPerSection, strategy: strategy, parameters: parameters,
            elements: elements, scenario: plan.scenario, steps: measured.shifts.count, largestPoints: sorted.last ?? 0,
            p99Points: p99, score: score, keepsAnchor: keepsAnchor,
            columnChanges: stableColumns != nil ? measured.cellsMovedAcross : nil,
            columnBalance: stableColumns != nil ? measured.columnBalance : nil, stableColumns: stableColumns)
    }
}

/// Runs every plan on a fresh subject of a strategy: its trajectories, or `nil` for a design that adjusts nothing.
struct ShiftRecording: SubjectVisitor {
    let plans: [ShiftPlan]
    let viewport: Size

    func visit<Subject: BenchmarkSubject>(_ make: @escaping @Sendable () throws(LayoutError) -> Subject) throws
        -> [LayoutShift.Trajectory]?
    {
        // Unprepared, a subject is only its data: enough to say whether the design keeps an anchor.
        guard try make().updatesIncrementally else { return nil }
        return try plans.map { plan in
            var subject = try make()
            return try LayoutShift.record(plan, on: &subject, viewport: viewport)
        }
    }
}
