/// A section's item sizes as a layout's write reads them: a type for each representation, so the write is
/// compiled for it and reads a size with no call and no test of the representation.
@usableFromInline protocol ItemSizeSource {
    var count: Int { get }
    subscript(item: Int) -> Size { get }
}

/// Every item the same size.
@usableFromInline struct UniformSizes: ItemSizeSource {
    @usableFromInline let size: Size
    @usableFromInline let count: Int

    @inlinable init(size: Size, count: Int) {
        self.size = size
        self.count = count
    }

    @inlinable subscript(item: Int) -> Size { size }
}

/// A size for each item, read from the section's list.
@usableFromInline struct ListedSizes: ItemSizeSource {
    @usableFromInline let sizes: UnsafeBufferPointer<Size>

    @inlinable init(sizes: UnsafeBufferPointer<Size>) {
        self.sizes = sizes
    }

    @inlinable var count: Int { sizes.count }

    @inlinable subscript(item: Int) -> Size { sizes[item] }
}

extension ItemSizes {
    /// Runs the closure for the sizes' representation with a source a write reads (`uniform`, or `flat` or
    /// `blocked` as `SizeList.read(flat:blocked:)` chooses). Borrowed, so a write reads the sizes where they are,
    /// with no copy of the list to retain and release: a million times a prepare at one item a section.
    @inlinable @inline(__always)
    borrowing func read<Result>(
        uniform: (UniformSizes) -> Result, flat: (ListedSizes) -> Result, blocked: (BlockedSizes) -> Result
    ) -> Result {
        switch self {
        case .uniform(let size, let count): uniform(UniformSizes(size: size, count: count))
        case .list(let sizes): sizes.read(flat: flat, blocked: blocked)
        }
    }
}
