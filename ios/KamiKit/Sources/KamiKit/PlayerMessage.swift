import KamiCore

/// An error worded for the player: a `KamiError` in the core's own words (its Display), not
/// Swift's reflection of the enum case (which `"\(error)"` and `localizedDescription` give).
public func playerMessage(for error: any Error) -> String {
    (error as? KamiError)?.description ?? error.localizedDescription
}

/// Runs `intent` and returns why it was refused, worded for the player; `nil` if it succeeded.
func refusal(of intent: () throws -> Void) -> String? {
    do {
        try intent()
        return nil
    } catch {
        return playerMessage(for: error)
    }
}
