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
