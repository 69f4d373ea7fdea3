import CStandardOutput
import Foundation

/// Standard output, checked: `print` buffers and drops write errors, so a full disk (`> /dev/full`) would end a
/// command with status 0 and its output lost.
enum StandardOutput {
    /// Writes what is buffered; throws when any write to standard output has failed.
    static func flush() throws(Failure) {
        guard tessera_flush_standard_output() == 0 else {
            // errno is the failed write's unless something since has set it, which nothing here does.
            let reason = errno == 0 ? "a write to it failed" : String(cString: strerror(errno))
            throw Failure(description: "cannot write to standard output: \(reason)")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        /// EX_IOERR of sysexits.h.
        static let exitStatus: Int32 = 74

        let description: String
    }
}
