extension AttributeStore {
    /// The columns, allocated together and freed together. Only `AttributeStore` writes them, and only after making
    /// sure it holds the one reference, which is what makes the `@unchecked Sendable` sound and the runtime's
    /// exclusivity checks (a quarter of a prepare's time when they were on) redundant.
    @usableFromInline final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) @usableFromInline var x: UnsafeMutablePointer<Double>
        @exclusivity(unchecked) @usableFromInline var y: UnsafeMutablePointer<Double>
        @exclusivity(unchecked) @usableFromInline var width: UnsafeMutablePointer<Double>
        @exclusivity(unchecked) @usableFromInline var height: UnsafeMutablePointer<Double>
        @exclusivity(unchecked) @usableFromInline var kinds: UnsafeMutablePointer<ElementKind>
        @exclusivity(unchecked) @usableFromInline var count = 0
        @exclusivity(unchecked) @usableFromInline private(set) var capacity: Int

        @usableFromInline init(capacity: Int) {
            self.capacity = capacity
            x = .allocate(capacity: capacity)
            y = .allocate(capacity: capacity)
            width = .allocate(capacity: capacity)
            height = .allocate(capacity: capacity)
            kinds = .allocate(capacity: capacity)
        }

        deinit {
            x.deallocate()
            y.deallocate()
            width.deallocate()
            height.deallocate()
            kinds.deallocate()
        }

        /// The columns' base addresses, for a writer to hold while it writes.
        @usableFromInline struct Columns {
            @usableFromInline let x, y, width, height: UnsafeMutablePointer<Double>
            @usableFromInline let kinds: UnsafeMutablePointer<ElementKind>

            @inlinable init(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, width: UnsafeMutablePointer<Double>, height: UnsafeMutablePointer<Double>, kinds: UnsafeMutablePointer<ElementKind>) {
                (self.x, self.y, self.width, self.height, self.kinds) = (x, y, width, height, kinds)
            }
        }

        @inlinable var columns: Columns { Columns(x: x, y: y, width: width, height: height, kinds: kinds) }

        /// Doubles the capacity when a layout writes more elements than it reserved.
        @usableFromInline func grow() {
            let newCapacity = Swift.max(16, capacity * 2)
            func moved<T>(_ old: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
                let new = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
                new.moveInitialize(from: old, count: count)
                old.deallocate()
                return new
            }
            x = moved(x)
            y = moved(y)
            width = moved(width)
            height = moved(height)
            kinds = moved(kinds)
            capacity = newCapacity
        }

        /// The frame columns seen along `axis`, valid while this storage is alive.
        @inlinable @inline(__always) func columns(along axis: ScrollAxis) -> FrameColumns {
            switch axis {
            case .vertical:
                FrameColumns(scrollOrigin: y, scrollLength: height, crossOrigin: x, crossLength: width, count: count)
            case .horizontal:
                FrameColumns(scrollOrigin: x, scrollLength: width, crossOrigin: y, crossLength: height, count: count)
            }
        }
    }

    /// The frame columns seen along `axis`, for a store borrowed for as long as they are read (a parameter, which
    /// its caller keeps alive through the call) and not written meanwhile. Where a closure would be compiled out
    /// of line: `withColumns` otherwise.
    @inlinable @inline(__always) func columns(along axis: ScrollAxis) -> FrameColumns {
        storage.columns(along: axis)
    }

    /// Runs `body` with the frame columns seen along `axis`; the pointers must not escape it.
    @inlinable func withColumns<R>(along axis: ScrollAxis, _ body: (FrameColumns) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) { try body(storage.columns(along: axis)) }
    }
}
