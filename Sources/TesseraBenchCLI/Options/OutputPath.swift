import ArgumentParser
import Foundation

/// Files a run writes: checked before the run starts, so a path that cannot be written fails in a moment rather
/// than after minutes of measuring, and reported in plain words if writing fails all the same.
enum OutputPath {
    static func check(_ path: String, option: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ValidationError("\(option) \(path) is a directory; give a file name")
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("\(option) \(path): the directory \(directory) does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw ValidationError("\(option) \(path): the directory \(directory) is not writable")
        }
    }

    static func write(to path: String, _ body: () throws -> Void) throws {
        do { try body() } catch {
            let reason = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? POSIXError).map { String(cString: strerror($0.code.rawValue)) }
            throw WriteError(path: path, reason: reason ?? error.localizedDescription)
        }
    }

    struct WriteError: Error, CustomStringConvertible {
        let path: String
        let reason: String

        var description: String { "cannot write \(path): \(reason)" }
    }
}
