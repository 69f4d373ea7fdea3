import Tessera
import TesseraBenchKit
import Testing

@testable import TesseraNative

/// `floors`' C port of a prepare is a yardstick only if it does the engine's work: on random vertical flows (every
/// alignment, insets, spacings, empty sections, headers and footers, items wider than the line, uniform and listed
/// sizes) and random waterfalls (1 to 8 columns, paddings wider than a column, headers of their own), its frames and
/// sections' origins are the engine's bit for bit, for two viewports in turn as a warm prepare sees them. There is
/// no port of a horizontal flow or of the other layouts.
@Suite struct NativePrepareTests {
    @Test func flowFramesAreTheEnginesBitForBit() throws {
        var compared = 0
        for seed in UInt64(0)..<300 {
            let flow = try RandomFlow(seed: seed, maxItems: 600)
            guard flow.vertical else {
                #expect(try NativePrepare.port(of: flow.algorithm) == nil, "\(flow)")
                continue
            }
            compared += try compare(flow.algorithm, viewport: flow.viewport, flow.description)
        }
        #expect(compared > 200)
    }

    @Test func waterfallFramesAreTheEnginesBitForBit() throws {
        var compared = 0
        for seed in UInt64(0)..<200 {
            let waterfall = try RandomWaterfall(seed: seed, maxItems: 600)
            compared += try compare(waterfall.algorithm, viewport: waterfall.viewport, waterfall.description)
        }
        #expect(compared > 300)
    }

    @Test func otherLayoutsHaveNoPort() throws {
        #expect(try NativePrepare.port(of: MosaicLayout(itemCount: 10)) == nil)
        #expect(try NativePrepare.port(of: CarouselLayout(itemCount: 10)) == nil)
    }

    /// Prepares `algorithm` in the engine and in C for `viewport` and a narrower one; returns how many it compared.
    private func compare<Algorithm: LayoutAlgorithm>(_ algorithm: Algorithm, viewport: Size, _ description: String)
        throws -> Int
    {
        let native = try #require(try NativePrepare.port(of: algorithm), "\(description)")
        var engine = CollectionLayout(algorithm, index: SoABinarySearchIndex())
        var compared = 0
        for viewport in [viewport, Size(width: viewport.width / 2 + 5, height: viewport.height)] {
            guard (try? engine.prepare(viewport: viewport)) != nil else { continue }
            let length = native.prepare(viewport: viewport)
            let difference = native.difference(from: engine, length: length)
            #expect(difference == nil, "\(description), viewport \(viewport): \(difference ?? "")")
            compared += 1
        }
        return compared
    }
}
