import Tessera

/// What a strategy's update results need to be priced at their work floors (`UpdateFloors`), recorded while they
/// are timed: the one-item updates' item and sizes, every batch `update-batch` sampled, the self-sizing scroll's
/// frames and the data they began from. The floors are found once the subject is gone (`price(_:floors:at:)`), so
/// that the oracle's layouts of the sections an update changes never share the heap with the subject's store.
struct UpdateRecord<Algorithm: UpdatableLayout> {
    /// The item the one-item updates change, its size, and the size the resizes alternate with.
    var oneItem: (path: ItemPath, size: Size, other: Size)?
    /// Each batch `update-batch` timed, one a sample.
    var batches: [[LayoutUpdate]] = []
    /// The data the self-sizing scroll began from (every cell at its estimated size) and each of its frames, one a
    /// sample.
    var sizing: (estimated: Algorithm, frames: [UpdateFloors<Algorithm>.SizingFrame])?
    /// The same for the self-sizing scroll upwards.
    var sizingUp: (estimated: Algorithm, frames: [UpdateFloors<Algorithm>.SizingFrame])?

    /// Gives each update result of `results` its floor and its time over the floor's time at `price`: one-item
    /// updates their median over the floor, `update-batch` the median of its batches' ratios, `self-sizing-scroll`
    /// and `self-sizing-scroll-up` the p99 of their ratios over the frames that resize (a frame that resizes nothing
    /// is a query, with no floor).
    func price(_ results: inout [BenchmarkResult], floors: UpdateFloors<Algorithm>, at price: FloorPrice) throws {
        for index in results.indices {
            var result = results[index]
            switch result.operation {
            case .updateResize, .updateInsert, .updateDelete:
                guard let (path, size, other) = oneItem else { continue }
                let floor = try floors.oneItem(path, size: size, other: other)
                let elements =
                    result.operation == .updateResize
                    ? floor.resize : result.operation == .updateInsert ? floor.insert : floor.delete
                result.floorElements = elements
                result.overFloor = result.medianNanoseconds / price.nanoseconds(elements: elements, updates: 1)
            case .updateBatch:
                guard !batches.isEmpty, batches.count == result.samplesNanoseconds.count else { continue }
                let elements = try floors.batchFloors(batches).map(Double.init)
                result.floorElements = MedianInterval.median(of: elements)
                result.overFloor = MedianInterval.median(
                    of:
                        batches.indices.map { sample in
                            result.samplesNanoseconds[sample]
                                / price.nanoseconds(elements: elements[sample], updates: batches[sample].count)
                        })
            case .selfSizingScroll, .selfSizingScrollUp:
                guard let (estimated, frames) = result.operation == .selfSizingScroll ? sizing : sizingUp,
                    frames.count == result.samplesNanoseconds.count
                else {
                    continue
                }
                var resizing: [(elements: Double, ratio: Double)] = []
                for (frame, floor) in try floors.sizingFloors(over: estimated, frames: frames).enumerated() {
                    guard let floor else { continue }
                    let time = price.nanoseconds(elements: Double(floor), updates: frames[frame].resizes.count)
                    resizing.append((Double(floor), result.samplesNanoseconds[frame] / time))
                }
                guard !resizing.isEmpty else { continue }
                result.floorElements = MedianInterval.median(of: resizing.map(\.elements))
                result.overFloor = FloorPrice.percentile(99, of: resizing.map(\.ratio))
            default: continue
            }
            results[index] = result
        }
    }
}
