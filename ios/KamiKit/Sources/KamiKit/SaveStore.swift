import Foundation
import KamiCore

/// The files that keep the player's place, in one folder (Application Support on iOS): the game
/// in play, the progress and the player's puzzles as the core's save bytes, and the settings as JSON. Every write is
/// atomic (a temporary file renamed over the old one), so a kill mid-write leaves the last
/// complete file.
public struct SaveStore: Sendable {
    /// One of the store's files.
    public enum File: String, CaseIterable, Sendable {
        /// The game in play (`Game.save()`).
        case game = "game.kamisave"
        /// The player's progress (`PlayerProgress.save()`).
        case progress = "progress.kamisave"
        /// The player's puzzles (`PuzzleCollection.save()`).
        case puzzles = "puzzles.kamisave"
        /// The settings (JSON).
        case settings = "settings.json"
    }

    /// The folder holding the files; made on the first write.
    public let directory: URL

    /// A store in `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// Where `file` lives.
    public func url(of file: File) -> URL {
        directory.appendingPathComponent(file.rawValue)
    }

    /// Where a damaged `file` is moved by `setAside`, so a fresh start does not overwrite it.
    public func damagedURL(of file: File) -> URL {
        directory.appendingPathComponent(file.rawValue + ".damaged")
    }

    /// The bytes of `file`, or `nil` if there is none yet.
    public func read(_ file: File) throws -> Data? {
        let url = url(of: file)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    /// Replaces `file` with `data`, atomically.
    public func write(_ data: Data, to file: File) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try data.write(to: url(of: file), options: .atomic)
    }

    /// Moves `file` to `damagedURL(of:)` (replacing an older one); best effort.
    public func setAside(_ file: File) {
        let damaged = damagedURL(of: file)
        try? FileManager.default.removeItem(at: damaged)
        try? FileManager.default.moveItem(at: url(of: file), to: damaged)
    }

    /// Reads `file` and decodes it with `decode`. A missing file gives `nil`; a file that cannot be
    /// read or decoded is set aside and reported as a `RestoreProblem`.
    func restore<T>(_ file: File, _ decode: (Data) throws -> T) -> Result<T?, RestoreProblem> {
        let data: Data?
        do {
            data = try read(file)
        } catch {
            return .failure(RestoreProblem(file: file, reason: .unreadable(error.localizedDescription)))
        }
        guard let data else { return .success(nil) }
        do {
            return .success(try decode(data))
        } catch {
            setAside(file)
            let reason: RestoreProblem.Reason =
                if let error = error as? KamiError { .damaged(error) } else { .undecodable(String(describing: error)) }
            return .failure(RestoreProblem(file: file, reason: reason))
        }
    }
}

/// Why a saved file was not used on launch: that part started fresh, and a damaged file was
/// moved aside (`SaveStore.damagedURL(of:)`) rather than overwritten.
public struct RestoreProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why the file could not be used.
    public enum Reason: Equatable, Sendable {
        /// The file exists but could not be read (its message).
        case unreadable(String)
        /// The core rejected the save bytes.
        case damaged(KamiError)
        /// The settings JSON did not decode (its message).
        case undecodable(String)
    }

    /// The file.
    public let file: SaveStore.File
    /// What was wrong with it.
    public let reason: Reason

    /// Worded for a log or an alert.
    public var description: String {
        switch reason {
        case .unreadable(let message): "\(file.rawValue) could not be read: \(message)"
        case .damaged(let error): "\(file.rawValue) is damaged: \(error.description)"
        case .undecodable(let message): "\(file.rawValue) is not valid: \(message)"
        }
    }
}
