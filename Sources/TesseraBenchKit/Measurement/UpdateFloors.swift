import Tessera
import TesseraOracle

/// The work floors of one layout's updates at one shape and count (`UpdateFloor`): the elements each update `run`
/// times must write, computed outside any timing and once for every strategy measured on the layout, since a floor
/// is a property of the workload and the update, not of the design that makes it.
///
/// Every strategy sees the same updates: the same one-item updates, the same seeded random batches (each drawn for
/// the data the last left) and the same self-sizing frames, however many samples its time allows. Floors are kept
/// by sample, and a strategy that takes more samples than those before it extends them; one whose updates differed
/// (never expected) has its own computed apart. Between strategies only the floors are kept, and the batches' hashes
/// to tell them by, not the data or the laid-out sections: a later strategy's heap does not hold them.
package final class UpdateFloors<Algorithm: UpdatableLayout> {
    /// The floors of `update-resize` (the mean of its two sizes' floors), `update-insert` and `update-delete`.
    struct OneItem {
        var resize: Double
        var insert: Double
        var delete: Double
    }

    /// One self-sizing frame's resizes, and the viewport they were made at; no resizes for a frame that only queries.
    struct SizingFrame: Equatable {
        var viewport: Size
        var resizes: [LayoutUpdate]
    }

    /// The layout's data as the workload gives it.
    let algorithm: Algorithm
    /// The viewport `run` prepares it for.
    let viewport: Size

    private var oneItem: OneItem?
    /// The hashes of the batches whose floors are known, and their floors.
    private var batchHashes: [Int] = []
    private var batchFloors: [Int] = []
    /// The self-sizing scrolls whose floors are known (down and up), and their frames' floors (`nil` for a frame that
    /// resizes nothing).
    private var sizing: [(frames: [SizingFrame], floors: [Int?])] = []

    init(_ algorithm: Algorithm, viewport: Size) {
        self.algorithm = algorithm
        self.viewport = viewport
    }

    /// The floors of the one-item updates of item `path`: resizes between `size` (the item's own) and `other`, an
    /// insert of an item of `size` before it, and the delete of that item.
    ///
    /// - Complexity: O(*m*) for the *m* elements of the item's section, laid out four times.
    func oneItem(_ path: ItemPath, size: Size, other: Size) throws -> OneItem {
        if let oneItem { return oneItem }
        var laidOut = LaidOutSections()
        var data = algorithm
        // One update after another, each on the data the last left, so that one copy of the data is kept at a time.
        func floor(_ update: LayoutUpdate) throws -> Int {
            let after = try data.applying([update])
            defer { data = after }
            return try UpdateFloor.elements(
                of: [update], before: data, after: after, viewport: viewport, reusing: &laidOut)
        }
        let grown = try floor(.resizeItem(path, size: other))
        let shrunk = try floor(.resizeItem(path, size: size))
        let inserted = try floor(.insertItem(path, size: size))
        let deleted = try floor(.deleteItem(path))
        let floors = OneItem(
            resize: Double(grown + shrunk) / 2, insert: Double(inserted), delete: Double(deleted))
        oneItem = floors
        return floors
    }

    /// The floors of `update-batch`'s batches, as one strategy sampled them, each applied to the data the last left,
    /// from the workload's.
    ///
    /// - Complexity: For each batch not known yet, what `UpdateFloor.elements` takes: the sections it changes, laid
    ///   out (those the batch before laid out are reused); the batches known are applied to the data again first.
    func batchFloors(_ sampled: [[LayoutUpdate]]) throws -> [Int] {
        let hashes = sampled.map(\.hashValue)
        let known = zip(hashes, batchHashes).prefix { $0 == $1 }.count
        guard known == Swift.min(sampled.count, batchHashes.count) else {
            return try floors(of: sampled, from: 0, on: algorithm)
        }
        guard sampled.count > known else { return Array(batchFloors.prefix(sampled.count)) }
        var data = algorithm
        for batch in sampled.prefix(known) { data = try data.applying(batch) }
        batchFloors += try floors(of: sampled, from: known, on: data)
        batchHashes = hashes
        return batchFloors
    }

    /// The floors of `sampled` from batch `first` on, the batches before it applied to the data already.
    private func floors(of sampled: [[LayoutUpdate]], from first: Int, on data: Algorithm) throws -> [Int] {
        var data = data
        var laidOut = LaidOutSections()
        return try sampled[first...].map { batch in
            let after = try data.applying(batch)
            defer { data = after }
            return try UpdateFloor.elements(
                of: batch, before: data, after: after, viewport: viewport, reusing: &laidOut)
        }
    }

    /// The floors of the self-sizing scroll's frames over `estimated` (the data with every cell at its estimated
    /// size), each frame's resizes applied to the data the frames before it left; `nil` for a frame that resizes
    /// nothing. A frame lays out the sections whose cells it resizes, and reuses the frame before's layout of those
    /// it resized too, so a section of a million cells is laid out once a frame; the data is resized in place
    /// (`UpdateFloor.elements(resizing:by:viewport:reusing:)`), not copied a frame.
    func sizingFloors(over estimated: Algorithm, frames: [SizingFrame]) throws -> [Int?] {
        if let known = sizing.first(where: { $0.frames == frames }) { return known.floors }
        var data = estimated
        var laidOut = LaidOutSections()
        let floors = try frames.map { frame -> Int? in
            guard !frame.resizes.isEmpty else { return nil }
            return try UpdateFloor.elements(
                resizing: &data, by: frame.resizes, viewport: frame.viewport, reusing: &laidOut)
        }
        // The latest two: a strategy's scroll down and up; one whose frames differed (never expected) replaces one.
        sizing = Array(sizing.suffix(1)) + [(frames, floors)]
        return floors
    }
}
