import Foundation
import KamiCore
import Observation

/// The level catalogue with the player's progress, as a level-select screen shows it: every
/// shipped pack with its lock state, wins and best results, all from the Rust core.
/// Main-actor isolated like `GameModel`.
@MainActor
@Observable
public final class ProgressModel {
    @ObservationIgnored private let progress: PlayerProgress

    /// Every shipped pack, in order, with the player's results.
    public private(set) var packs: [PackProgress]

    /// No levels played yet.
    public convenience init() {
        self.init(progress: PlayerProgress())
    }

    /// Progress restored from `save()` bytes.
    public convenience init(restoring save: Data) throws {
        try self.init(progress: PlayerProgress.restore(save: save))
    }

    private init(progress: PlayerProgress) {
        self.progress = progress
        packs = progress.packs()
    }

    /// Records `model`'s game if it is won; returns the level's best result, `nil` if not won.
    /// `packs` changes (and the views observing it redraw) only when the results do: the session
    /// records the game after every move.
    @discardableResult
    public func record(_ model: GameModel) -> BestResult? {
        guard let best = progress.record(game: model.game) else { return nil }
        let fresh = progress.packs()
        if fresh != packs { packs = fresh }
        return best
    }

    /// The level to offer after `levelId`: the next one of the unlocked packs, in order; `nil`
    /// after the last one, or for a level outside the catalogue (a daily puzzle).
    public func level(after levelId: String) -> LevelInfo? {
        let playable = packs.filter(\.unlocked).flatMap(\.levels).map(\.level)
        guard let index = playable.firstIndex(where: { $0.id == levelId }) else { return nil }
        return playable.dropFirst(index + 1).first
    }

    /// The progress as bytes for `init(restoring:)`.
    public func save() -> Data {
        progress.save()
    }
}
