import Foundation
import KamiCore

/// The animation of one move: the recoloured tiles turn from the region's old colour to its new
/// one ring by ring outwards from the tapped tile, in the order the core flooded them.
///
/// A ripple carries the moment its move was played (`start`), and the model publishes it in the
/// same update as the move's snapshot: the first frame drawn after a move already knows which
/// tiles must still show their old colour.
public struct Ripple: Equatable, Sendable {
    /// The region's colour before the move (palette index).
    public let fromColour: UInt32
    /// Seconds after the tap at which each recoloured tile turns: `ring × step` (tapped tile 0).
    public let delays: [UInt32: Double]
    /// Seconds from the tap until the last tile has turned.
    public let duration: Double
    /// When the move was played: the ripple's time zero.
    public let start: Date

    /// The ripple of `flood` (from `Turn.flood`) over a region that was `fromColour`, played at
    /// `start`. Each ring waits `ringDelay` seconds after the one inside it; on a large region
    /// the step shrinks so the last ring turns within `maxSpread` seconds.
    public init(
        flood: [FloodTile], fromColour: UInt32, start: Date = .now, ringDelay: Double = 0.045, maxSpread: Double = 0.6
    ) {
        let outermost = flood.map(\.ring).max() ?? 0
        let step = outermost == 0 ? 0 : min(ringDelay, maxSpread / Double(outermost))
        self.fromColour = fromColour
        delays = Dictionary(flood.map { ($0.tile, Double($0.ring) * step) }, uniquingKeysWith: min)
        duration = Double(outermost) * step
        self.start = start
    }

    /// When the last tile has turned.
    public var end: Date { start.addingTimeInterval(duration) }

    /// The palette index to draw `tile` in, `elapsed` seconds after the tap, when the game now
    /// shows it as `colour`: the old colour until its ring's turn comes, then the new one.
    public func colour(of tile: UInt32, now colour: UInt32, elapsed: Double) -> UInt32 {
        guard let delay = delays[tile], elapsed < delay else { return colour }
        return fromColour
    }

    /// The palette index to draw `tile` in at `date` (a frame's time), when the game now shows it
    /// as `colour`. A date before `start` draws every recoloured tile in its old colour.
    public func colour(of tile: UInt32, now colour: UInt32, at date: Date) -> UInt32 {
        self.colour(of: tile, now: colour, elapsed: date.timeIntervalSince(start))
    }
}
