import Foundation
import KamiCore
import Observation

/// Everything the app shows across screens: the player's progress, the game in play and the
/// settings, restored from a `SaveStore` on launch and written back to it after every change, so
/// killing the app never loses a move. Main-actor isolated like the models it holds.
///
/// Requests to show a game are sequenced: every `open(levelId:)`, `openDaily`, `resume()`,
/// `restore(screen:)` and `leave()` is a new request, and a daily puzzle that arrives after a
/// newer one is dropped (`openDaily` returns `nil`) rather than replacing the game the player
/// has moved on to, its moves and its save.
@MainActor
@Observable
public final class Session {
    @ObservationIgnored let store: SaveStore
    /// Files whose last write failed: written again on every `save()` until one succeeds.
    @ObservationIgnored private var unsaved: Set<SaveStore.File> = []
    /// Counts the requests to show or leave a game: a slow one lands only if it is still the newest.
    @ObservationIgnored private(set) var request = 0

    /// The level catalogue with the player's results.
    public let progress: ProgressModel
    /// The player's puzzles (imported screenshots), with their results.
    public let puzzles: PuzzlesModel
    /// The game in play (the last one opened, until another is), if any.
    public private(set) var game: GameModel?
    /// What the level list offers for the game in play: to continue it, or (won) to play it
    /// again, as `resume()` will. Refreshed when a game is adopted and on `leave()`, not on
    /// every move, so the level list is not redrawn while a game is played over it.
    public private(set) var continueOffer: ContinueOffer?
    /// The solver's check of the par of the puzzle imported last (see `importScreenshot`), for
    /// a view or a test to await.
    @ObservationIgnored public internal(set) var parCheck: Task<ParCheck?, Never>?
    /// Whether today's puzzle is being made (for the button's spinner); a newer request ends it.
    public private(set) var makingDaily = false
    /// The player's preferences; written to the store when changed.
    public var settings: PlayerSettings {
        didSet { saveSettings() }
    }
    /// Files found damaged or unreadable on launch: those parts started fresh. For the app to
    /// tell the player once; the damaged files are kept aside.
    public private(set) var restoreProblems: [RestoreProblem] = []
    /// The last file that could not be saved and why (for example a full disk), for the app to
    /// word; `nil` once every file is saved again (each `save()` retries the files that failed) or
    /// the player dismissed it (`dismissSaveError()`; the next failure sets it again).
    public private(set) var saveError: SaveFailure?

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
        puzzles = restore(.puzzles) { try PuzzlesModel(restoring: $0) } ?? PuzzlesModel()
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

    /// The game in play, to continue it: a won game starts again from the beginning (its result
    /// is in the progress, and there is nothing left to play); any other, a failed one included,
    /// continues where it was left (`continueOffer` says which). `nil` when there is no game.
    @discardableResult
    public func resume() -> GameModel? {
        newRequest()
        return continueGame()
    }

    /// Opens the shipped level `levelId`: the game in play if it is that level (from its start
    /// if it was won, as `resume()`), else a fresh game.
    @discardableResult
    public func open(levelId: String) throws -> GameModel {
        newRequest()
        if let game, game.snapshot.levelId == levelId { return continueGame() ?? game }
        let game = try GameModel(levelId: levelId)
        adopt(game)
        save()
        return game
    }

    /// Opens the daily puzzle of `date` (the day it is in `calendar`'s time zone): the game in
    /// play if it is that puzzle (from its start if it was won, as `resume()`), else a fresh one.
    /// The core makes it on another thread; `makingDaily` is true meanwhile. Returns `nil`, and
    /// changes nothing, if another request to show or leave a game came while it was made.
    @discardableResult
    public func openDaily(on date: Date = .now, calendar: Calendar = .current) async throws -> GameModel? {
        try await openDaily(on: date, calendar: calendar, making: GameModel.daily)
    }

    /// `openDaily(on:calendar:)` with the puzzle made by `making` (tests hold it back to race it).
    func openDaily(
        on date: Date, calendar: Calendar,
        making: @MainActor (_ year: UInt32, _ month: UInt32, _ day: UInt32) async throws -> GameModel
    ) async throws -> GameModel? {
        let mine = newRequest()
        makingDaily = true
        defer { if request == mine { makingDaily = false } }
        let day = calendar.dateComponents([.year, .month, .day], from: date)
        let daily = try await making(
            UInt32(clamping: day.year ?? 0), UInt32(clamping: day.month ?? 0), UInt32(clamping: day.day ?? 0))
        guard request == mine else { return nil }  // the player moved on meanwhile
        if let game, game.snapshot.levelId == daily.snapshot.levelId { return continueGame() ?? game }
        adopt(daily)
        save()
        return daily
    }

    /// The game screen was left for the level list: the game stays in play (and saved), a hint
    /// search stops, a daily puzzle still being made will not be shown, and `continueOffer` says
    /// what the list offers now.
    public func leave() {
        newRequest()
        game?.dismissHint()
        continueOffer = game.map { ContinueOffer(model: $0) }
    }

    /// After the system ended the app in the background with a game on screen: shows the game in
    /// play again, with the colour that was selected, if `screen` (recorded while it was shown)
    /// names it; `nil` (the level list) otherwise.
    @discardableResult
    public func restore(screen: ScreenRecord?) -> GameModel? {
        newRequest()
        guard let screen, let game, game.snapshot.levelId == screen.levelId else { return nil }
        _ = continueGame()
        if game.palette.indices.contains(Int(screen.selectedColour)) { game.selectColour(screen.selectedColour) }
        return game
    }

    /// Starts a new request to show or leave a game, superseding any still running.
    @discardableResult
    func newRequest() -> Int {
        request += 1
        makingDaily = false
        return request
    }

    /// The game in play, restarted if won (saved by its onChange).
    func continueGame() -> GameModel? {
        guard let game else { return nil }
        if ContinueOffer.startsAgain(game.status) { game.restart() }
        return game
    }

    /// Writes the game in play to the store and, if it is won, records it in the progress (and,
    /// for one of the player's puzzles, in the puzzles) and writes those too; writes again any
    /// file whose last write failed. Runs after every change of
    /// the game; call it also when the app goes to the background, or to retry after a failure.
    public func save() {
        if let game {
            write(game.save(), to: .game)
            if progress.record(game) != nil {
                write(progress.save(), to: .progress)
            }
            if puzzles.update({ $0.record(game: game.game) }) != nil {
                write(puzzles.save(), to: .puzzles)
            }
        }
        if unsaved.contains(.progress) { write(progress.save(), to: .progress) }
        if unsaved.contains(.puzzles) { write(puzzles.save(), to: .puzzles) }
        if unsaved.contains(.settings) { saveSettings() }
    }

    func adopt(_ game: GameModel) {
        self.game?.onChange = nil
        self.game?.dismissHint()
        game.onChange = { [weak self] in self?.save() }
        self.game = game
        continueOffer = ContinueOffer(model: game)
    }

    private func saveSettings() {
        // Encoding two booleans does not fail.
        if let data = try? JSONEncoder().encode(settings) { write(data, to: .settings) }
    }

    func write(_ data: Data, to file: SaveStore.File) {
        do {
            try store.write(data, to: file)
            unsaved.remove(file)
            if unsaved.isEmpty && saveError != nil { saveError = nil }
        } catch {
            unsaved.insert(file)
saveError = SaveFailure(file: file, reason: playerMessage(for: error))
        }
    }
}

/// A file that could not be written: which, and why (in the system's or the core's words).
public struct SaveFailure: Equatable, Sendable {
    /// The file.
    public let file: SaveStore.File
    /// Why.
    public let reason: String
}
