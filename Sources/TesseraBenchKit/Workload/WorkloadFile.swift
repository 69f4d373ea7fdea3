import Foundation
import Tessera

/// A workload file: `{"sections": [{"itemSizes": [[w, h], …], "headerHeight": h, "footerHeight": h}, …]}`.
public struct WorkloadFile: Codable, Sendable {
    public struct Section: Codable, Sendable {
        public var itemSizes: [[Double]]
        public var headerHeight: Double?
        public var footerHeight: Double?
    }

    public var sections: [Section]

    public static func load(from url: URL) throws(WorkloadError) -> [LayoutSection] {
        let data: Data
        switch JSONFile.data(at: url) {
        case let .success(bytes): data = bytes
        case let .failure(reason): throw .unreadable(url.path, reason.text)
        }
        return try read(data, path: url.path)
    }

    /// The sections in `data`, read from the file at `path` (which names it in errors).
    public static func read(_ data: Data, path: String) throws(WorkloadError) -> [LayoutSection] {
        let json: Any
        switch JSONFile.parse(data) {
        case let .success(value): json = value
        case let .failure(reason): throw .malformed(path, "not JSON: \(reason.text)")
        }
        if let unknown = unknownKey(in: json) { throw .malformed(path, unknown) }
        let file: WorkloadFile
        do { file = try JSONDecoder().decode(WorkloadFile.self, from: data) } catch {
            throw .malformed(path, (error as? DecodingError).map(JSONFile.describe) ?? String(describing: error))
        }
        return try file.layoutSections(path: path)
    }

    /// A key the format does not have, as a misspelt `headerHieght`.
    private static func unknownKey(in json: Any) -> String? {
        guard let object = json as? [String: Any] else { return nil }
        if let key = JSONFile.unknownKey(of: object, allowing: ["sections"]) {
            return "unknown key '\(key)'; a workload file has sections"
        }
        let sectionKeys: Set = ["itemSizes", "headerHeight", "footerHeight"]
        for (index, section) in (object["sections"] as? [Any] ?? []).enumerated() {
            guard let section = section as? [String: Any] else { continue }
            if let key = JSONFile.unknownKey(of: section, allowing: sectionKeys) {
                return "sections[\(index)] has an unknown key '\(key)'; a section has \(sectionKeys.sorted().joined(separator: ", "))"
            }
        }
        return nil
    }

    func layoutSections(path: String) throws(WorkloadError) -> [LayoutSection] {
        var result: [LayoutSection] = []
        for (sectionIndex, section) in sections.enumerated() {
            var sizes: [Size] = []
            sizes.reserveCapacity(section.itemSizes.count)
            for (item, pair) in section.itemSizes.enumerated() {
                guard pair.count == 2 else {
                    throw .malformed(path, "section \(sectionIndex) item \(item) has \(pair.count) numbers; a size is [width, height]")
                }
                sizes.append(Size(width: pair[0], height: pair[1]))
            }
            result.append(LayoutSection(itemSizes: .list(sizes), headerHeight: section.headerHeight, footerHeight: section.footerHeight))
        }
        return result
    }
}
