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

    /// The level catalogue with the player's results.
    public let progress: ProgressModel
    /// The game in play (the last one opened, until another is), if any.
    public private(set) var game: GameModel?
    /// The player's preferences; written to the store when changed.
    public var settings: PlayerSettings {
        didSet {
            // Encoding two booleans does not fail.
            if let data = try? JSONEncoder().encode(settings) { write(data, to: .settings) }
        }
    }
    /// Files found damaged or unreadable on launch: those parts started fresh. For the app to
    /// tell the player once; the damaged files are kept aside.
    public private(set) var restoreProblems: [RestoreProblem] = []
    /// Why the last write to the store failed (for example a full disk); `nil` once one succeeds.
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

    /// Opens the shipped level `levelId`: the game in play if it is that level, else a fresh game.
    @discardableResult
    public func open(levelId: String) throws -> GameModel {
        if let game, game.snapshot.levelId == levelId { return game }
        let game = try GameModel(levelId: levelId)
        adopt(game)
        save()
        return game
    }

    /// Opens the daily puzzle of `date` (the day it is in `calendar`'s time zone): the game in
    /// play if it is that puzzle, else a fresh one. The core makes it on another thread.
    @discardableResult
    public func openDaily(on date: Date = .now, calendar: Calendar = .current) async throws -> GameModel {
        let day = calendar.dateComponents([.year, .month, .day], from: date)
        let daily = try await GameModel.daily(
            year: UInt32(clamping: day.year ?? 0), month: UInt32(clamping: day.month ?? 0),
            day: UInt32(clamping: day.day ?? 0))
        if let game, game.snapshot.levelId == daily.snapshot.levelId { return game }
        adopt(daily)
        save()
        return daily
    }

    /// Writes the game in play to the store and, if it is won, records it in the progress and
    /// writes that too. Runs after every change of the game; call it also when the app goes to
    /// the background.
    public func save() {
        guard let game else { return }
        write(game.save(), to: .game)
        if progress.record(game) != nil {
            write(progress.save(), to: .progress)
        }
    }

    private func adopt(_ game: GameModel) {
        self.game?.onChange = nil
        self.game?.dismissHint()
        game.onChange = { [weak self] in self?.save() }
        self.game = game
    }

    private func write(_ data: Data, to file: SaveStore.File) {
        do {
            try store.write(data, to: file)
            saveError = nil
        } catch {
            saveError = "\(file.rawValue) could not be saved: \(playerMessage(for: error))"
        }
    }
}
