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
public struct TraceFile: Sendable {
    public var framesPerSecond: Double
    public var frames: [TraceFrame]
    /// The file's name and a digest of its bytes, which reports state so that runs on the same trace can be told.
    public var name: String

    static let formatKeys: Set<String> = ["framesPerSecond", "viewport", "frames"]
    static let frameKeys: Set<String> = ["offset", "viewport"]

    /// The frames of `trace`, as a trace file would hold them.
    public init(_ trace: ScrollTrace, name: String = "built-in") {
        framesPerSecond = ScrollTrace.framesPerSecond
        frames = trace.frames
        self.name = name
    }

    /// Reads a trace file, refusing with the file and the field what is not a trace: unknown keys, missing fields,
    /// numbers that are not finite, viewports that are not positive, an empty list of frames.
    public static func load(from url: URL) throws(WorkloadError) -> TraceFile {
        let data: Data
        switch JSONFile.data(at: url) {
        case .success(let bytes): data = bytes
        case .failure(let reason): throw .unreadableTrace(url.path, reason.text)
        }
        return try read(data, at: url)
    }

    /// The trace in `data`, read from the file at `url` (which names it in errors and in reports).
    public static func read(_ data: Data, at url: URL) throws(WorkloadError) -> TraceFile {
        let json: Any
        switch JSONFile.parse(data) {
        case .success(let value): json = value
        case .failure(let reason): throw .malformedTrace(url.path, "not JSON: \(reason.text)")
        }
        do {
            var trace = try parse(json, data: data)
            trace.name = "\(url.lastPathComponent) (FNV-1a \(digest(of: data)))"
            return trace
        } catch let reason {
            throw .malformedTrace(url.path, reason.text)
        }
    }

    struct Reason: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }

    /// The file's fields. Decoded by `JSONDecoder`, which reads numbers exactly (`JSONSerialization` on Linux can
    /// be an ulp off, and a replayed trace must be the recorded one); keys are checked on the parsed JSON first.
    private struct Format: Decodable {
        var framesPerSecond: Double?
        var viewport: [Double]?
        var frames: [Frame]?

        struct Frame: Decodable {
            var offset: [Double]?
            var viewport: [Double]?
        }
    }

    static func parse(_ json: Any, data: Data) throws(Reason) -> TraceFile {
        guard let object = json as? [String: Any] else {
            throw Reason("a trace is an object with framesPerSecond, viewport and frames")
        }
        if let unknown = JSONFile.unknownKey(of: object, allowing: formatKeys) {
            throw Reason("unknown key '\(unknown)'; a trace has \(formatKeys.sorted().joined(separator: ", "))")
        }
        for (index, frame) in (object["frames"] as? [Any] ?? []).enumerated() {
            guard let frame = frame as? [String: Any] else {
                throw Reason("frames[\(index)] is not an object with an offset")
            }
            if let unknown = JSONFile.unknownKey(of: frame, allowing: frameKeys) {
                throw Reason(
                    "frames[\(index)] has an unknown key '\(unknown)'; a frame has offset and, when it changes, viewport"
                )
            }
        }
        let format: Format
        do { format = try JSONDecoder().decode(Format.self, from: data) } catch {
            throw Reason((error as? DecodingError).map(JSONFile.describe) ?? String(describing: error))
        }
        guard let rate = format.framesPerSecond, rate.isFinite, rate > 0 else {
            throw Reason("framesPerSecond must be a positive number")
        }
        var viewport = try size(format.viewport, at: "viewport")
        guard let list = format.frames, !list.isEmpty else {
            throw Reason("frames must be a list of at least one frame")
        }
        var frames: [TraceFrame] = []
        frames.reserveCapacity(list.count)
        for (index, frame) in list.enumerated() {
            if frame.viewport != nil { viewport = try size(frame.viewport, at: "frames[\(index)].viewport") }
            let offset = try pair(frame.offset, at: "frames[\(index)].offset")
            frames.append(TraceFrame(viewport: viewport, offset: Point(x: offset.0, y: offset.1)))
        }
        return TraceFile(framesPerSecond: rate, frames: frames, name: "")
    }

    private init(framesPerSecond: Double, frames: [TraceFrame], name: String) {
        self.framesPerSecond = framesPerSecond
        self.frames = frames
        self.name = name
    }

    private static func pair(_ numbers: [Double]?, at field: String) throws(Reason) -> (Double, Double) {
        guard let numbers, numbers.count == 2, numbers.allSatisfy(\.isFinite) else {
            throw Reason("\(field) must be two finite numbers, [x, y] or [width, height]")
        }
        return (numbers[0], numbers[1])
    }

    private static func size(_ numbers: [Double]?, at field: String) throws(Reason) -> Size {
        let (width, height) = try pair(numbers, at: field)
        let size = Size(width: width, height: height)
        guard width > 0, height > 0, size.isValidExtent else {
            throw Reason("\(field) must be a positive width and height")
        }
        return size
    }

    /// The trace as JSON, in the format `load` reads: the viewport given at the start and wherever it changes.
    public func json() -> String {
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
