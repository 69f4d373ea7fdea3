import ArgumentParser
import Foundation
import Tessera
import TesseraBenchKit

/// The options that say what a layout is fed, shared by every subcommand.
struct WorkloadOptions: ParsableArguments {
    @Option(help: "The seed of every random size and of the scroll trace.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("The viewport, as WIDTHxHEIGHT in points.", valueName: "WxH"))
    var viewport = SizeArgument(Size(width: 390, height: 844))

    @Option(help: ArgumentHelp("A workload file of sections and item sizes, used instead of the built-in workload.", valueName: "file.json"))
    var workload: String?

    @Option(help: "How the built-in workload sizes its items.")
    var sizing: ItemSizing = .random

    @Option(help: ArgumentHelp("The item size when --sizing is uniform.", valueName: "WxH"))
    var itemSize = SizeArgument(FlowLayout.defaultItemSize)

    @Option(help: "Items per section in the built-in workload.")
    var itemsPerSection = 1_000

    @Option(help: "Header height of each built-in section; 0 for none.")
    var headerHeight = 44.0

    @Option(help: "Footer height of each built-in section; 0 for none.")
    var footerHeight = 24.0

    @Option(help: "The flow layout's scroll direction.")
    var scrollDirection: ScrollAxis = .vertical

    @Option(help: "Where cells sit within a line of the flow layout.")
    var align: FlowLayout.LineAlignment = .center

    @Option(help: "The flow layout's minimum spacing between items of a line.")
    var interitemSpacing = 10.0

    @Option(help: "The flow layout's minimum spacing between lines.")
    var lineSpacing = 10.0

    @Option(help: ArgumentHelp("The flow layout's section inset.", valueName: "top,left,bottom,right"))
    var sectionInset = InsetsArgument(.zero)

    var flowConfiguration: FlowLayout.Configuration {
        FlowLayout.Configuration(
            scrollDirection: scrollDirection, minimumInteritemSpacing: interitemSpacing,
            minimumLineSpacing: lineSpacing, sectionInset: sectionInset.insets, alignment: align
        )
    }

    func source(seed: UInt64) throws -> BenchmarkRunner.WorkloadSource {
        if let workload {
            return .file(try WorkloadFile.load(from: URL(fileURLWithPath: workload)), path: workload)
        }
        return .builtIn(BuiltInWorkload(
            items: 0, itemsPerSection: itemsPerSection, sizing: sizing, uniformSize: itemSize.size,
            headerHeight: headerHeight, footerHeight: footerHeight, seed: seed
        ))
    }

    /// The flow layout for `items` items of the built-in workload, or for the workload file.
    func makeFlowLayout(items: Int) throws -> FlowLayout {
        let sections: [LayoutSection] = switch try source(seed: seed) {
        case var .builtIn(builtIn):
            try { builtIn.items = items; return try builtIn.sections() }()
        case let .file(sections, _):
            sections
        }
        return try FlowLayout(sections: sections, configuration: flowConfiguration)
    }

    var description: String {
        if let workload { return "file \(workload)" }
        let sizes = sizing == .uniform ? "\(itemSize.size.width)x\(itemSize.size.height) items" : "seeded random 40…120 pt items"
        return "built-in: \(sizes), \(itemsPerSection) per section, header \(headerHeight), footer \(footerHeight)"
    }
}

extension ItemSizing: ExpressibleByArgument {}
extension ScrollAxis: ExpressibleByArgument {}
extension FlowLayout.LineAlignment: ExpressibleByArgument {}
extension LayoutID: ExpressibleByArgument {}
extension StrategyID: ExpressibleByArgument {}
