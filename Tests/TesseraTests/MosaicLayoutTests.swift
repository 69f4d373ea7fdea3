import Tessera
import Testing

/// Apple's Mosaic sample, frames worked out by hand: segments 200 tall across the viewport, each starting 1 point
/// below the previous segment's last frame (the first at y = 1, below `lastFrame = .zero`, as in the sample); splits
/// give the first part `ceil(length × fraction)` and start the rest 1 point later and 1 point shorter.
@Suite("Mosaic layout")
struct MosaicLayoutTests {
    static let narrow = Size(width: 100, height: 50)

    static func frames(count: Int, viewport: Size = narrow) throws -> (frames: [Rect], contentSize: Size) {
        let layout = try prepared(try MosaicLayout(itemCount: count), viewport: viewport)
        let hits = laidOut(layout)
        #expect(
            hits.map(\.id) == (0..<count).map { .cell(section: 0, item: $0) }, "one section of cells, in item order")
        return (hits.map(\.frame), layout.contentSize)
    }

    @Test("15 items, 100 wide: full, fifty, 2/3-1/3, 1/3-2/3, fifty, 2/3-1/3, then full for the last one")
    func styleCycle() throws {
        let (frames, contentSize) = try Self.frames(count: 15)
        let expected: [Rect] = [
            // Full width at y = 0 + 1: (0, 1, 100, 200), ends at 201. 14 left → fifty.
            Rect(x: 0, y: 1, width: 100, height: 200),
            // Fifty-fifty at 202: ceil(100 · 0.5) = 50; the rest starts at 51, 100 − 50 − 1 = 49 wide. 12 left.
            Rect(x: 0, y: 202, width: 50, height: 200),
            Rect(x: 51, y: 202, width: 49, height: 200),
            // Two-thirds/one-third at 403: ceil(100 · 2/3) = ceil(66.67) = 67; the right slice starts at 68, 32 wide,
            // split at 0.5 along y: ceil(200 · 0.5) = 100 tall at 403, then 99 tall at 403 + 100 + 1 = 504.
            // Order: left, right top, right bottom; the last frame ends at 603. 9 left.
            Rect(x: 0, y: 403, width: 67, height: 200),
            Rect(x: 68, y: 403, width: 32, height: 100),
            Rect(x: 68, y: 504, width: 32, height: 99),
            // One-third/two-thirds at 604: ceil(100 / 3) = ceil(33.3) = 34; the left slice split at 0.5 along y
            // (604…704, 705…804), the right slice at 35, 100 − 34 − 1 = 65 wide. Order: left top, left bottom, right.
            Rect(x: 0, y: 604, width: 34, height: 100),
            Rect(x: 0, y: 705, width: 34, height: 99),
            Rect(x: 35, y: 604, width: 65, height: 200),
            // Fifty-fifty again at 805 (the cycle goes back to fifty after one-third/two-thirds). 4 left.
            Rect(x: 0, y: 805, width: 50, height: 200),
            Rect(x: 51, y: 805, width: 49, height: 200),
            // Two-thirds/one-third at 1006 (4 left, so the cycle decides). 1 left afterwards.
            Rect(x: 0, y: 1006, width: 67, height: 200),
            Rect(x: 68, y: 1006, width: 32, height: 100),
            Rect(x: 68, y: 1107, width: 32, height: 99),
            // One item left: full width at 1206 + 1.
            Rect(x: 0, y: 1207, width: 100, height: 200),
        ]
        #expect(frames == expected)
        // Content covers every frame: the last ends at 1407 (> the viewport's 50).
        #expect(contentSize == Size(width: 100, height: 1407))
    }

    @Test("remainders: 1 item left is full width, 2 left are fifty-fifty, whatever the cycle says")
    func remainders() throws {
        let full0 = Rect(x: 0, y: 1, width: 100, height: 200)
        // 1 item: the first segment is full width.
        #expect(try Self.frames(count: 1).frames == [full0])
        // 2 items: full, then 1 left → full (not fifty) at 202.
        #expect(try Self.frames(count: 2).frames == [full0, Rect(x: 0, y: 202, width: 100, height: 200)])
        // 3 items: full, then 2 left → fifty-fifty.
        #expect(
            try Self.frames(count: 3).frames == [
                full0, Rect(x: 0, y: 202, width: 50, height: 200), Rect(x: 51, y: 202, width: 49, height: 200),
            ])
        // 4 items: full, fifty (3 left, the cycle), then 1 left → full (the cycle would say two-thirds) at 403.
        #expect(
            try Self.frames(count: 4).frames == [
                full0, Rect(x: 0, y: 202, width: 50, height: 200), Rect(x: 51, y: 202, width: 49, height: 200),
                Rect(x: 0, y: 403, width: 100, height: 200),
            ])
        // 5 items: full, fifty, then 2 left → fifty again (the cycle would say two-thirds).
        #expect(
            try Self.frames(count: 5).frames == [
                full0, Rect(x: 0, y: 202, width: 50, height: 200), Rect(x: 51, y: 202, width: 49, height: 200),
                Rect(x: 0, y: 403, width: 50, height: 200), Rect(x: 51, y: 403, width: 49, height: 200),
            ])
        // 7 items: full, fifty, two-thirds (4 left, the cycle), then 1 left → full at 604.
        #expect(try Self.frames(count: 7).frames.last == Rect(x: 0, y: 604, width: 100, height: 200))
    }

    @Test("ceil rounding: an odd width splits 51 + 1 + 49; 390 wide splits 260 + 1 + 129 and 130 + 1 + 259")
    func rounding() throws {
        // 101 wide: fifty-fifty gives ceil(50.5) = 51, the rest at 52, 101 − 51 − 1 = 49 wide.
        let odd = try Self.frames(count: 3, viewport: Size(width: 101, height: 50)).frames
        #expect(odd[1] == Rect(x: 0, y: 202, width: 51, height: 200))
        #expect(odd[2] == Rect(x: 52, y: 202, width: 49, height: 200))
        // 390 wide, 9 items (full, fifty, two-thirds, one-third): 390 · 2/3 = 260 → 260, rest at 261, 129 wide;
        // 390 / 3 = 130 → 130, rest at 131, 259 wide; fifty: 195, rest at 196, 194 wide.
        let phoneFrames = try Self.frames(count: 9, viewport: phone).frames
        #expect(phoneFrames[1] == Rect(x: 0, y: 202, width: 195, height: 200))
        #expect(phoneFrames[2] == Rect(x: 196, y: 202, width: 194, height: 200))
        #expect(phoneFrames[3] == Rect(x: 0, y: 403, width: 260, height: 200))
        #expect(phoneFrames[4] == Rect(x: 261, y: 403, width: 129, height: 100))
        #expect(phoneFrames[5] == Rect(x: 261, y: 504, width: 129, height: 99))
        #expect(phoneFrames[6] == Rect(x: 0, y: 604, width: 130, height: 100))
        #expect(phoneFrames[7] == Rect(x: 0, y: 705, width: 130, height: 99))
        #expect(phoneFrames[8] == Rect(x: 131, y: 604, width: 259, height: 200))
        // 10.5 wide: 10.5 · 2/3 = 7 → 7, rest at 8, 2.5 wide; 10.5 / 3 = 3.5 → ceil 4, rest at 5, 5.5 wide.
        let fractional = try Self.frames(count: 9, viewport: Size(width: 10.5, height: 50)).frames
        #expect(fractional[3] == Rect(x: 0, y: 403, width: 7, height: 200))
        #expect(fractional[4] == Rect(x: 8, y: 403, width: 2.5, height: 100))
        #expect(fractional[6] == Rect(x: 0, y: 604, width: 4, height: 100))
        #expect(fractional[8] == Rect(x: 5, y: 604, width: 5.5, height: 200))
    }

    @Test("a viewport 1 point wide: the second part starts past the edge with no width, never a negative one")
    func tinyViewport() throws {
        // ceil(1 · 0.5) = 1 (the whole), the rest at 2 with max(1 − 1 − 1, 0) = 0.
        let frames = try Self.frames(count: 3, viewport: Size(width: 1, height: 50)).frames
        #expect(frames[1] == Rect(x: 0, y: 202, width: 1, height: 200))
        #expect(frames[2] == Rect(x: 2, y: 202, width: 0, height: 200))
    }

    @Test("no items: no frames, and the content is the viewport")
    func empty() throws {
        let (frames, contentSize) = try Self.frames(count: 0, viewport: phone)
        #expect(frames.isEmpty)
        #expect(contentSize == phone)
        #expect(layoutError { _ = try MosaicLayout(itemCount: -1) } == .negativeCount(name: "item count", value: -1))
    }

    @Test(
        "content covers every frame and at least the viewport; segments start 1 below the previous one's last frame",
        arguments: 0..<20 as Range<UInt64>)
    func contentCoversFrames(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let count = rng.chance(0.3) ? rng.int(0...6) : rng.int(0...500)
        let viewport = Size(width: rng.length(1...900), height: rng.length(0...2000))
        let (frames, contentSize) = try Self.frames(count: count, viewport: viewport)
        let maxY = frames.map(\.maxY).max() ?? 0
        #expect(contentSize == Size(width: viewport.width, height: max(viewport.height, maxY)))
        #expect(frames.allSatisfy { $0.minX >= 0 && $0.maxX <= viewport.width + 1 && $0.width >= 0 && $0.height >= 0 })
        // Every frame starts either where the one before starts (side by side), 1 below the one before's bottom
        // (a new segment, or the bottom half of a split), or — in two-thirds/one-third — back up at the top of
        // the segment, which is where the frame two before starts.
        for index in frames.indices.dropFirst() {
            let frame = frames[index]
            let previous = frames[index - 1]
            let ok =
                frame.minY == previous.minY || frame.minY == previous.maxY + 1
                || (index >= 2 && frame.minY == frames[index - 2].minY)
            #expect(ok, "frame \(index) \(frame) after \(previous)")
        }
        if let first = frames.first { #expect(first == Rect(x: 0, y: 1, width: viewport.width, height: 200)) }
    }
    /// The sample's loop as it is written: a segment at a time, each split from its top, the next one 1 below the
    /// last frame. The layout writes whole cycles from a table; this is what they must equal, bit for bit.
    static func sampleFrames(count: Int, width: Double) -> [Rect] {
        func split(_ rect: Rect, at fraction: Double, alongX: Bool) -> (Rect, Rect) {
            let length = alongX ? rect.width : rect.height
            let distance = min((length * fraction).rounded(.up), length)
            let remainder = max(length - distance - 1, 0)
            return alongX
                ? (
                    Rect(x: rect.minX, y: rect.minY, width: distance, height: rect.height),
                    Rect(x: rect.minX + distance + 1, y: rect.minY, width: remainder, height: rect.height)
                )
                : (
                    Rect(x: rect.minX, y: rect.minY, width: rect.width, height: distance),
                    Rect(x: rect.minX, y: rect.minY + distance + 1, width: rect.width, height: remainder)
                )
        }
        var frames: [Rect] = []
        var style = 0  // full, fifty, two-thirds, one-third
        var last = Rect.zero
        while frames.count < count {
            let whole = Rect(x: 0, y: last.maxY + 1, width: width, height: 200)
            switch style {
            case 0: frames.append(whole)
            case 1:
                let (left, right) = split(whole, at: 0.5, alongX: true)
                frames += [left, right]
            case 2:
                let (left, right) = split(whole, at: 2.0 / 3.0, alongX: true)
                let (top, bottom) = split(right, at: 0.5, alongX: false)
                frames += [left, top, bottom]
            default:
                let (left, right) = split(whole, at: 1.0 / 3.0, alongX: true)
                let (top, bottom) = split(left, at: 0.5, alongX: false)
                frames += [top, bottom, right]
            }
            last = frames[frames.count - 1]
            let remaining = count - frames.count
            style = remaining == 1 ? 0 : remaining == 2 ? 1 : style == 0 ? 1 : style == 1 ? 2 : style == 2 ? 3 : 1
        }
        return frames
    }

    @Test("every count and width lays out as the sample's loop does, bit for bit", arguments: 0..<12 as Range<UInt64>)
    func sampleLoop(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let widths = [390, 100, 101, 10.5, 1, rng.length(1...900), rng.length(1...900)]
        for width in widths {
            for count in [0, 1, 2, 3, 8, 9, 10, 16, 17, 18, 19, 25, rng.int(0...64), rng.int(100...3_000)] {
                let frames = try Self.frames(count: count, viewport: Size(width: width, height: 50)).frames
                #expect(frames == Self.sampleFrames(count: count, width: width), "\(count) items, \(width) wide")
            }
        }
    }
}
