/// The player's preferences, kept as JSON by `SaveStore`.
public struct PlayerSettings: Codable, Equatable, Sendable {
    /// Draw each colour's symbol on its tiles (and the palette always shows them).
    public var colourBlindSymbols: Bool
    /// Play haptic feedback on moves, wins and fails.
    public var haptics: Bool

    /// The defaults: no symbols on tiles, haptics on.
    public init(colourBlindSymbols: Bool = false, haptics: Bool = true) {
        self.colourBlindSymbols = colourBlindSymbols
        self.haptics = haptics
    }

    /// Reads what a file holds and takes the default for anything missing, so a setting added in
    /// a later version does not reset the others.
    public init(from decoder: any Decoder) throws {
        let defaults = PlayerSettings()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        colourBlindSymbols =
            try container.decodeIfPresent(Bool.self, forKey: .colourBlindSymbols) ?? defaults.colourBlindSymbols
        haptics = try container.decodeIfPresent(Bool.self, forKey: .haptics) ?? defaults.haptics
    }
}
