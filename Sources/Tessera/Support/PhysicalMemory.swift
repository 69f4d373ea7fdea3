#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The machine's physical memory: `prepare` refuses a layout whose frames alone would not fit in it, rather than
/// trap when the allocation fails.
@usableFromInline enum PhysicalMemory {
    @usableFromInline static let bytes: Int = {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
            let pages = sysconf(Int32(_SC_PHYS_PAGES))
            let pageSize = sysconf(Int32(_SC_PAGESIZE))
            if pages > 0, pageSize > 0 {
                let (bytes, overflow) = pages.multipliedReportingOverflow(by: pageSize)
                return overflow ? Int.max : bytes
            }
        #endif
        return Int.max
    }()

    /// Refuses `elementCount` elements when their frame columns alone would exceed the machine's memory: a lower
    /// bound on what `prepare` allocates, so what passes may still be too much, but what fails surely is.
    @usableFromInline static func checkFits(elementCount: Int) throws(LayoutError) {
        let perElement = 4 * MemoryLayout<Double>.stride + MemoryLayout<ElementKind>.stride
        let (bytes, overflow) = elementCount.multipliedReportingOverflow(by: perElement)
        guard !overflow, bytes <= Self.bytes else {
            throw .insufficientMemory(elements: elementCount, bytes: overflow ? Int.max : bytes, available: Self.bytes)
        }
    }
}
