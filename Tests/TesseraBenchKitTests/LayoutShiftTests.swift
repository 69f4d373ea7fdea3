import Tessera
import Testing

@testable import TesseraBenchKit

/// Layout shift as `run` measures it: every scenario a layout takes has steps, the engine's shift is 0 in each, and
/// a design that adjusts nothing shifts wherever something changed above its view.
@Suite struct LayoutShiftTests {
    struct Measured: Sendable {
        var plans: [ShiftPlan]
        var engine: [LayoutShift.Measured]
        var adjustsNothing: [LayoutShift.Measured]
    }

    struct Visitor: LayoutVisitor {
        let viewport: Size
        func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws -> Measured {
            let plans = try ShiftPlan.all(for: algorithm, viewport: viewport, seed: 3)
            var engine: [LayoutShift.Measured] = []
            var nothing: [LayoutShift.Measured] = []
            for plan in plans {
                var subject = EngineSubject(algorithm, index: SoABinarySearchIndex(), strategy: .soaBinarySearch)
                let run = try LayoutShift.record(plan, on: &subject, viewport: viewport)
                let measured = try LayoutShift.evaluate(
                    plan, layout: algorithm, viewport: viewport, designs: [run, nil])
                engine.append(measured[0])
                nothing.append(measured[1])
            }
            return Measured(plans: plans, engine: engine, adjustsNothing: nothing)
        }
    }

    @Test(arguments: [LayoutID.flow, .waterfall, .mosaic, .carousel, .stickyParallax], [1, 40])
    func theEngineKeepsItsAnchorEverywhere(_ layout: LayoutID, itemsPerSection: Int) throws {
        let workload = BuiltInWorkload(itemsPerSection: itemsPerSection, headerHeight: 30, footerHeight: 10, seed: 9)
        let viewport = Size(width: 390, height: 844)
        let measured = try LayoutParameters().make(
            layout, sections: try workload.sections(for: layout, items: 3_000), Visitor(viewport: viewport))
        let sized = layout != .mosaic && layout != .carousel
        #expect(measured.plans.count == (sized ? 8 : 6), "\(measured.plans.map(\.scenario))")
        for (plan, (engine, nothing)) in zip(measured.plans, zip(measured.engine, measured.adjustsNothing)) {
            let least = plan.scenario == .selfSizingDown || plan.scenario == .selfSizingUp ? 8 : 5
            #expect(plan.steps.count >= least, "\(plan.scenario): \(plan.steps.count) steps")
            #expect(engine.shifts.allSatisfy { $0 <= ShiftResult.exactPoints }, "\(plan.scenario): \(engine.shifts)")
            if plan.scenario != .selfSizingDown {
                #expect(nothing.shifts.contains { $0 > 1 }, "\(plan.scenario): a design that adjusts nothing shifts")
            }
        }
    }
}
