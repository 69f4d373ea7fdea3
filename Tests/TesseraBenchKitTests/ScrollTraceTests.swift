import Tessera
import Testing

@testable import TesseraBenchKit

@Suite struct ScrollTraceTests {
    let viewport = Size(width: 390, height: 844)

    func trace(items: Int, direction: ScrollAxis = .vertical, seed: UInt64 = 1) throws -> (ScrollTrace, FlowLayout) {
        let sections = try BuiltInWorkload().sections(for: .flow, items: items)
        let algorithm = try FlowLayout(sections: sections, configuration: .init(scrollDirection: direction))
        var layout = CollectionLayout<FlowLayout, BruteForceIndex>(algorithm)
        return (try ScrollTrace(over: &layout, viewport: viewport, seed: seed), algorithm)
    }

    @Test(arguments: [ScrollAxis.vertical, .horizontal])
    func staysWithinTheContent(direction: ScrollAxis) throws {
        let (trace, algorithm) = try trace(items: 5_000, direction: direction)
        #expect(trace.frames.count > 100)
        var layout = CollectionLayout<FlowLayout, BruteForceIndex>(algorithm)
        for size in Set(trace.frames.map(\.viewport)) {
            try layout.prepare(viewport: size)
            let content = layout.contentSize
            for frame in trace.frames where frame.viewport == size {
                #expect(frame.offset.x >= 0 && frame.offset.y >= 0)
                #expect(frame.offset.x <= Swift.max(0, content.width - size.width))
                #expect(frame.offset.y <= Swift.max(0, content.height - size.height))
            }
        }
    }

    @Test func rotatesOnce() throws {
        let (trace, _) = try trace(items: 5_000)
        let changes = zip(trace.frames, trace.frames.dropFirst()).filter { $0.viewport != $1.viewport }
        #expect(changes.count == 1)
        #expect(trace.frames.first?.viewport == viewport)
        #expect(trace.frames.last?.viewport == Size(width: 844, height: 390))
    }

    @Test func flingsDecelerate() throws {
        let (trace, _) = try trace(items: 50_000)
        // The first fling starts at the top and slows down frame after frame until it rests.
        let steps = zip(trace.frames, trace.frames.dropFirst()).prefix(50).map { $1.offset.y - $0.offset.y }
        #expect(steps.first! > 0)
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $1 < $0 })
    }

    @Test func isTheSameForTheSameSeed() throws {
        #expect(try trace(items: 5_000, seed: 3).0.frames == trace(items: 5_000, seed: 3).0.frames)
        #expect(try trace(items: 5_000, seed: 3).0.frames != trace(items: 5_000, seed: 4).0.frames)
    }

    @Test func emptyContentStillGivesFrames() throws {
        let (trace, _) = try trace(items: 0)
        #expect(!trace.frames.isEmpty)
        #expect(trace.frames.allSatisfy { $0.offset == .zero })
    }
}
