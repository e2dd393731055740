import Foundation
import KamiCore
import Observation

/// Everything the app shows across screens: the player's progress, the game in play and the
/// settings, restored from a `SaveStore` on launch and written back to it after every change, so
/// killing the app never loses a move. Main-actor isolated like the models it holds.
@MainActor
@Observable
public final class Session {
    @ObservationIgnored private let store: SaveStore
    /// Files whose last write failed: written again on every `save()` until one succeeds.
    @ObservationIgnored private var unsaved: Set<SaveStore.File> = []

    /// The level catalogue with the player's results.
    public let progress: ProgressModel
    /// The game in play (the last one opened, until another is), if any.
    public private(set) var game: GameModel?
    /// The player's preferences; written to the store when changed.
    public var settings: PlayerSettings {
        didSet { saveSettings() }
    }
    /// Files found damaged or unreadable on launch: those parts started fresh. For the app to
    /// tell the player once; the damaged files are kept aside.
    public private(set) var restoreProblems: [RestoreProblem] = []
    /// Why saving failed (for example a full disk), worded for the player, for the app to show;
    /// `nil` once every file is saved again (each `save()` retries the files that failed) or the
    /// player dismissed it (`dismissSaveError()`; the next failure sets it again).
    public private(set) var saveError: String?

    /// Restores the game, progress and settings from `store`; whatever is missing starts fresh,
    /// and whatever is damaged starts fresh and is listed in `restoreProblems`.
    public init(store: SaveStore) {
        self.store = store
        var problems: [RestoreProblem] = []
        func restore<T>(_ file: SaveStore.File, _ decode: (Data) throws -> T) -> T? {
            switch store.restore(file, decode) {
            case .success(let value): return value
            case .failure(let problem):
                problems.append(problem)
                return nil
            }
        }
        progress = restore(.progress) { try ProgressModel(restoring: $0) } ?? ProgressModel()
        settings = restore(.settings) { try JSONDecoder().decode(PlayerSettings.self, from: $0) } ?? PlayerSettings()
        let game = restore(.game) { try GameModel(restoring: $0) }
        restoreProblems = problems
        if let game { adopt(game) }
    }

    /// Forgets `restoreProblems` once the player has been told.
    public func dismissRestoreProblems() {
        restoreProblems = []
    }

    /// Forgets `saveError` once the player has seen it. The files not saved are still written
    /// again on the next `save()`.
    public func dismissSaveError() {
        saveError = nil
    }

    /// The game in play, to continue it; a won game starts again from the beginning (its result
    /// is in the progress, and there is nothing left to play). `nil` when there is no game.
    @discardableResult
    public func resume() -> GameModel? {
        guard let game else { return nil }
        if game.grade != nil { game.restart() }  // saved by the game's onChange
        return game
    }

    /// Opens the shipped level `levelId`: the game in play if it is that level (from its start
    /// if it was won, as `resume()`), else a fresh game.
    @discardableResult
    public func open(levelId: String) throws -> GameModel {
        if let game, game.snapshot.levelId == levelId { return resume() ?? game }
        let game = try GameModel(levelId: levelId)
        adopt(game)
        save()
        return game
    }

    /// Opens the daily puzzle of `date` (the day it is in `calendar`'s time zone): the game in
    /// play if it is that puzzle (from its start if it was won, as `resume()`), else a fresh one.
    /// The core makes it on another thread.
    @discardableResult
    public func openDaily(on date: Date = .now, calendar: Calendar = .current) async throws -> GameModel {
        let day = calendar.dateComponents([.year, .month, .day], from: date)
        let daily = try await GameModel.daily(
            year: UInt32(clamping: day.year ?? 0), month: UInt32(clamping: day.month ?? 0),
            day: UInt32(clamping: day.day ?? 0))
        if let game, game.snapshot.levelId == daily.snapshot.levelId { return resume() ?? game }
        adopt(daily)
        save()
        return daily
    }

    /// Writes the game in play to the store and, if it is won, records it in the progress and
    /// writes that too; writes again any file whose last write failed. Runs after every change of
    /// the game; call it also when the app goes to the background, or to retry after a failure.
    public func save() {
        if let game {
            write(game.save(), to: .game)
            if progress.record(game) != nil {
                write(progress.save(), to: .progress)
            }
        }
        if unsaved.contains(.progress) { write(progress.save(), to: .progress) }
        if unsaved.contains(.settings) { saveSettings() }
    }

    private func adopt(_ game: GameModel) {
        self.game?.onChange = nil
        self.game?.dismissHint()
        game.onChange = { [weak self] in self?.save() }
        self.game = game
    }

    private func saveSettings() {
        // Encoding two booleans does not fail.
        if let data = try? JSONEncoder().encode(settings) { write(data, to: .settings) }
    }

    private func write(_ data: Data, to file: SaveStore.File) {
        do {
            try store.write(data, to: file)
            unsaved.remove(file)
            if unsaved.isEmpty && saveError != nil { saveError = nil }
        } catch {
            unsaved.insert(file)
            let what = switch file {
            case .game: "The game in play"
            case .progress: "Your progress"
            case .settings: "Your settings"
            }
            saveError = "\(what) could not be saved: \(playerMessage(for: error))"
        }
    }
}
