import KamiCore

/// What the level list offers for the game in play: continue it as it was left, or, for a won
/// game, play it again from the start. The same rule decides what opening it does
/// (`Session.resume()`), so the label never promises something else.
public struct ContinueOffer: Equatable, Sendable {
    /// The level's name.
    public let name: String
    /// `true` for a won game, which starts again; `false` for one continued as it was left (a
    /// failed one included, so the player can undo).
    public let playAgain: Bool

    public init(name: String, playAgain: Bool) {
        self.name = name
        self.playAgain = playAgain
    }

    /// The offer for `model` as it stands.
    @MainActor public init(model: GameModel) {
        self.init(name: model.snapshot.name, playAgain: Self.startsAgain(model.status))
    }

    /// Whether a game with `status` starts again when opened: only a won game, whose result is
    /// in the progress.
    public static func startsAgain(_ status: GameStatus) -> Bool {
        if case .won = status { true } else { false }
    }
}

/// Which game was on screen, kept in the scene's saved state (`@SceneStorage`) so that after the
/// system ends the app in the background the player comes back to it with the same colour
/// (`Session.restore(screen:)`). The game itself is in the save files.
public struct ScreenRecord: Codable, Equatable, Sendable {
    /// The level on screen (`GameSnapshot.levelId`).
    public let levelId: String
    /// The colour that was selected.
    public let selectedColour: UInt32

    public init(levelId: String, selectedColour: UInt32) {
        self.levelId = levelId
        self.selectedColour = selectedColour
    }

    /// What to record for `model` on screen.
    @MainActor public init(model: GameModel) {
        self.init(levelId: model.snapshot.levelId, selectedColour: model.selectedColour)
    }

    /// As one string for `@SceneStorage`.
    public var encoded: String {
        "\(selectedColour):\(levelId)"
    }

    /// The record `encoded` wrote; `nil` for an empty string or anything else.
    public init?(encoded: String) {
        guard let colon = encoded.firstIndex(of: ":"), let colour = UInt32(encoded[..<colon]) else { return nil }
        let levelId = String(encoded[encoded.index(after: colon)...])
        guard !levelId.isEmpty else { return nil }
        self.init(levelId: levelId, selectedColour: colour)
    }
}
