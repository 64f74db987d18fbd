import Foundation

/// Reading inputs and writing outputs so that nothing is lost: every file is written to a
/// temporary file beside it and renamed into place, so a failure leaves the previous file intact.
public enum FileIO {
    /// The bytes of `path` ("-" for stdin), or a CLIError with exit code 66.
    public static func read(_ path: String) throws -> [UInt8] {
        if path == "-" { return [UInt8](FileHandle.standardInput.readDataToEndOfFile()) }
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw CLIError(.noInput, "\(path): is a directory")
            }
            throw CLIError(.noInput, "\(path): cannot read (\(String(cString: strerror(errno))))")
        }
        return [UInt8](data)
    }

    /// `path` as UTF-8 text, or a data error naming the first invalid byte.
    public static func readText(_ path: String) throws -> String {
        let bytes = try read(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CLIError(.dataError, "\(path): not valid UTF-8")
        }
        return text
    }

    /// Writes `bytes` to `path` atomically ("-" writes to stdout).
    public static func write(_ bytes: [UInt8], to path: String) throws {
        if path == "-" {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/." + url.lastPathComponent + ".caret-tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
            throw CLIError(.cannotCreate, "\(path): cannot write (\(String(cString: strerror(errno))))")
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CLIError(.cannotCreate, "\(path): cannot replace (\(reason))")
        }
    }

    /// Writes `text` to `path` atomically.
    public static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }
}
