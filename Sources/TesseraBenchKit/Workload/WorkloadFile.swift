import Foundation
import Tessera

/// A workload file: `{"sections": [{"itemSizes": [[w, h], …], "headerHeight": h, "footerHeight": h}, …]}`.
///
/// Read straight into its sizes: a size is decoded in place, not as an array of its own, so a file costs little
/// more than its bytes and the sizes while it is read (`MemoryEstimate.workloadFileBytes`).
package struct WorkloadFile: Decodable, Sendable {
    package struct Section: Decodable, Sendable {
        package var itemSizes: [ListedSize]
        package var headerHeight: Double?
        package var footerHeight: Double?

        enum CodingKeys: String, CodingKey, CaseIterable { case itemSizes, headerHeight, footerHeight }

        package init(from decoder: any Decoder) throws {
            try JSONFile.UnknownKey.check(decoder, is: "a section", allowing: CodingKeys.allCases.map(\.rawValue))
            let container = try decoder.container(keyedBy: CodingKeys.self)
            itemSizes = try container.decode([ListedSize].self, forKey: .itemSizes)
            headerHeight = try container.decodeIfPresent(Double.self, forKey: .headerHeight)
            footerHeight = try container.decodeIfPresent(Double.self, forKey: .footerHeight)
        }
    }

    /// `[width, height]`, with how many numbers the file gave, so that a size of three numbers is named by its place.
    package struct ListedSize: Decodable, Sendable {
        package var size: Size
        package var numbers: Int

        package init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            numbers = container.count ?? 0
            guard numbers == 2 else {
                size = Size(width: 0, height: 0)
                return
            }
            size = Size(width: try container.decode(Double.self), height: try container.decode(Double.self))
        }
    }

    package var sections: [Section]

    enum CodingKeys: String, CodingKey { case sections }

    package init(from decoder: any Decoder) throws {
        try JSONFile.UnknownKey.check(decoder, is: "a workload file", allowing: ["sections"])
        sections = try decoder.container(keyedBy: CodingKeys.self).decode([Section].self, forKey: .sections)
    }

    package static func load(from url: URL) throws(WorkloadError) -> [LayoutSection] {
        try read(try bytes(at: url), path: url.path)
    }

    /// The file's sections, refused (`RunError.inputFileTooLarge`) before it is read when its bytes would not
    /// fit `memory`, and before it is decoded when its bytes and sizes would not.
    package static func load(from url: URL, within memory: MemoryEstimate) throws -> [LayoutSection] {
        let fileBytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        try memory.check(file: url.path, adding: Double(fileBytes))
        let data = try bytes(at: url)
        // Every size opens an array, so the file's `[`s bound its sizes.
        let sizes = data.reduce(0) { $1 == UInt8(ascii: "[") ? $0 + 1 : $0 }
        try memory.check(file: url.path, adding: MemoryEstimate.workloadFileBytes(fileBytes: data.count, sizes: sizes))
        return try read(data, path: url.path)
    }

    private static func bytes(at url: URL) throws(WorkloadError) -> Data {
        switch JSONFile.data(at: url, bytesHeld: 1) {
        case .success(let bytes): bytes
        case .failure(let reason): throw .unreadable(url.path, reason.text)
        }
    }

    /// The sections in `data`, read from the file at `path` (which names it in errors).
    package static func read(_ data: Data, path: String) throws(WorkloadError) -> [LayoutSection] {
        switch JSONFile.decode(WorkloadFile.self, from: data) {
        case .success(let file): return try file.layoutSections(path: path)
        case .failure(let reason): throw .malformed(path, reason.text)
        }
    }

    func layoutSections(path: String) throws(WorkloadError) -> [LayoutSection] {
        var result: [LayoutSection] = []
        for (sectionIndex, section) in sections.enumerated() {
            var sizes: [Size] = []
            sizes.reserveCapacity(section.itemSizes.count)
            for (item, listed) in section.itemSizes.enumerated() {
                guard listed.numbers == 2 else {
                    throw .malformed(
                        path,
                        "section \(sectionIndex) item \(item) has \(listed.numbers) numbers; a size is [width, height]")
                }
                sizes.append(listed.size)
            }
            result.append(
                LayoutSection(
                    itemSizes: .list(sizes), headerHeight: section.headerHeight, footerHeight: section.footerHeight))
        }
        return result
    }
}
