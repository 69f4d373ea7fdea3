import Foundation
import Tessera

/// A recorded scroll, replayed by `run --trace` instead of the built-in trace:
///
/// ```json
/// {
///   "framesPerSecond": 120,
///   "viewport": [390, 844],
///   "frames": [
///     {"offset": [0, 0]},
///     {"offset": [0, 14.2]},
///     {"offset": [0, 300], "viewport": [844, 390]}
///   ]
/// }
/// ```
///
/// Each frame is one query, of the viewport's rect at the frame's content offset. A frame's `viewport` (width,
/// height in points) holds from that frame on, until another frame gives one: a rotation or a resize, which
/// prepares the layout again. `framesPerSecond` says how the frames were recorded; reports state it.
package struct TraceFile: Sendable {
    package var framesPerSecond: Double
    package var frames: [TraceFrame]
    /// The file's name and a digest of its bytes, which reports state so that runs on the same trace can be told.
    package var name: String

    /// The frames of `trace`, as a trace file would hold them.
    package init(_ trace: ScrollTrace, name: String = "built-in") {
        framesPerSecond = ScrollTrace.framesPerSecond
        frames = trace.frames
        self.name = name
    }

    /// Reads a trace file, refusing with the file and the field what is not a trace: unknown keys, missing fields,
    /// numbers that are not finite, viewports that are not positive; and a trace of no frames, as holding nothing
    /// (`WorkloadError.holdsNothing`). Refused before it is
    /// read when its bytes would not fit `memory`, and before it is decoded when decoding it would not
    /// (`MemoryEstimate.traceFileBytes`).
    package static func load(from url: URL, within memory: MemoryEstimate = MemoryEstimate()) throws -> TraceFile {
        let fileBytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        try memory.check(file: url.path, adding: Double(fileBytes))
        let data: Data
        switch JSONFile.data(at: url, bytesHeld: 1) {
        case .success(let bytes): data = bytes
        case .failure(let reason): throw WorkloadError.unreadableTrace(url.path, reason.text)
        }
        // Every frame is an object, so the file's `{`s bound its frames.
        let objects = data.reduce(0) { $1 == UInt8(ascii: "{") ? $0 + 1 : $0 }
        try memory.check(file: url.path, adding: MemoryEstimate.traceFileBytes(fileBytes: data.count, frames: objects))
        return try read(data, at: url)
    }

    /// The trace in `data`, read from the file at `url` (which names it in errors and in reports).
    package static func read(_ data: Data, at url: URL) throws(WorkloadError) -> TraceFile {
        switch JSONFile.decode(Format.self, from: data) {
        case .success(let format):
            guard !format.frames.isEmpty else {
                throw .holdsNothing(
                    "the trace file \(url.path) holds no frames: a trace of no frames has nothing to measure")
            }
            return TraceFile(
                framesPerSecond: format.framesPerSecond, frames: format.frames,
                name: "\(url.lastPathComponent) (FNV-1a \(digest(of: data)))")
        case .failure(let reason): throw .malformedTrace(url.path, reason.text)
        }
    }

    struct Reason: Error, CustomStringConvertible {
        let text: String
        init(_ text: String) { self.text = text }
        var description: String { text }
    }

    /// The file, decoded by `JSONDecoder` (which reads numbers exactly: `JSONSerialization` on Linux can be an ulp
    /// off, and a replayed trace must be the recorded one) straight into its frames: a frame's numbers are read in
    /// place, not as arrays of their own, so a file of millions of frames costs its bytes, the decoder's map of them
    /// and 32 bytes a frame (`MemoryEstimate.traceFileBytes`).
    private struct Format: Decodable {
        var framesPerSecond: Double
        var frames: [TraceFrame] = []

        enum Key: String, CodingKey, CaseIterable { case framesPerSecond, viewport, frames }

        init(from decoder: any Decoder) throws {
            guard let container = try? decoder.container(keyedBy: Key.self) else {
                throw Reason("a trace is an object with framesPerSecond, viewport and frames")
            }
            try JSONFile.UnknownKey.check(decoder, is: "a trace", allowing: Key.allCases.map(\.rawValue))
            // The rate sets the frame budget (1/rate): a display refreshes between once and a thousand times a second.
            guard let rate = try container.decodeIfPresent(Double.self, forKey: .framesPerSecond), rate >= 1,
                rate <= 1_000
            else {
                throw Reason("framesPerSecond must be a number from 1 to 1000")
            }
            framesPerSecond = rate
            var viewport = try TraceFile.size(
                try container.decodeIfPresent(Pair.self, forKey: .viewport), at: "viewport")
            guard container.contains(.frames), var list = try? container.nestedUnkeyedContainer(forKey: .frames) else {
                throw Reason("frames must be a list of at least one frame")
            }
            frames.reserveCapacity(list.count ?? 0)
            while !list.isAtEnd {
                let index = list.currentIndex
                let frame = try list.decode(Frame.self)
                if frame.viewport != nil {
                    viewport = try TraceFile.size(frame.viewport, at: "frames[\(index)].viewport")
                }
                let offset = try TraceFile.pair(frame.offset, at: "frames[\(index)].offset")
                // Past 10^12 points on either side lies no content any layout makes: such a frame queries nothing.
                guard abs(offset.0) <= Size.maximumLength, abs(offset.1) <= Size.maximumLength else {
                    throw Reason("frames[\(index)].offset is past 10^12 points, where no layout has content")
                }
                frames.append(TraceFrame(viewport: viewport, offset: Point(x: offset.0, y: offset.1)))
            }
        }

        struct Frame: Decodable {
            var offset: Pair?
            var viewport: Pair?

            enum Key: String, CodingKey, CaseIterable { case offset, viewport }

            init(from decoder: any Decoder) throws {
                guard let container = try? decoder.container(keyedBy: Key.self) else {
                    throw Reason("\(JSONFile.path(decoder.codingPath)) is not an object with an offset")
                }
                try JSONFile.UnknownKey.check(decoder, is: "a frame", allowing: Key.allCases.map(\.rawValue))
                offset = try container.decodeIfPresent(Pair.self, forKey: .offset)
                viewport = try container.decodeIfPresent(Pair.self, forKey: .viewport)
            }
        }
    }

    /// `[a, b]`, read in place, with how many numbers the file gave, so that a pair of three is refused by its place.
    struct Pair: Decodable {
        var numbers: Int
        var first = 0.0
        var second = 0.0

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            numbers = container.count ?? 0
            guard numbers == 2 else { return }
            first = try container.decode(Double.self)
            second = try container.decode(Double.self)
        }
    }

    private init(framesPerSecond: Double, frames: [TraceFrame], name: String) {
        self.framesPerSecond = framesPerSecond
        self.frames = frames
        self.name = name
    }

    fileprivate static func pair(_ numbers: Pair?, at field: String) throws(Reason) -> (Double, Double) {
        guard let numbers, numbers.numbers == 2, numbers.first.isFinite, numbers.second.isFinite else {
            throw Reason("\(field) must be two finite numbers, [x, y] or [width, height]")
        }
        return (numbers.first, numbers.second)
    }

    fileprivate static func size(_ numbers: Pair?, at field: String) throws(Reason) -> Size {
        let (width, height) = try pair(numbers, at: field)
        let size = Size(width: width, height: height)
        guard width > 0, height > 0, size.isValidExtent else {
            throw Reason(
                "\(field) must be a width and a height above 0 and at most 10^12 points, not "
                    + "\(width) × \(height)")
        }
        return size
    }

    /// The trace as JSON, in the format `load` reads: the viewport given at the start and wherever it changes.
    package func json() -> String {
        func format(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
        }
        var lines: [String] = []
        var current: Size?
        for frame in frames {
            let offset = "\"offset\": [\(format(frame.offset.x)), \(format(frame.offset.y))]"
            if frame.viewport != current, current != nil {
                lines.append(
                    "    {\(offset), \"viewport\": [\(format(frame.viewport.width)), \(format(frame.viewport.height))]}"
                )
            } else {
                lines.append("    {\(offset)}")
            }
            current = frame.viewport
        }
        let first = frames.first?.viewport ?? .zero
        return """
            {
              "framesPerSecond": \(format(framesPerSecond)),
              "viewport": [\(format(first.width)), \(format(first.height))],
              "frames": [
            \(lines.joined(separator: ",\n"))
              ]
            }

            """
    }

    /// FNV-1a, 64 bits, in hex: enough to tell two traces apart in reports, with nothing to depend on.
    static func digest(of data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16).leftPadding(to: 16)
    }
}

extension String {
    fileprivate func leftPadding(to length: Int) -> String {
        String(repeating: "0", count: Swift.max(0, length - count)) + self
    }
}
