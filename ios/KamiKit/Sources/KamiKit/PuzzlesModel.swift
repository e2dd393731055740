import Foundation
import KamiCore
import Observation

/// The player's puzzles (boards imported from screenshots), as the puzzle list shows them: names,
/// pars, best results and thumbnails, all from the core's `PuzzleCollection`. Changes go through
/// `Session`, which saves the collection after each. Main-actor isolated like `GameModel`.
@MainActor
@Observable
public final class PuzzlesModel {
    @ObservationIgnored let collection: PuzzleCollection

    /// Every puzzle, oldest first.
    public private(set) var puzzles: [PuzzleEntry]

    /// No puzzles yet.
    public convenience init() {
        self.init(collection: PuzzleCollection())
    }

    /// The puzzles restored from `save()` bytes.
    public convenience init(restoring save: Data) throws {
        try self.init(collection: PuzzleCollection.restore(save: save))
    }

    private init(collection: PuzzleCollection) {
        self.collection = collection
        puzzles = collection.puzzles()
    }

    /// Puzzle `id`'s board fitted into `size`: each tile's outline and colour, to fill.
    public func thumbnail(id: String, size: CGSize) throws -> Thumbnail {
        try collection.thumbnail(id: id, width: Double(size.width), height: Double(size.height))
    }

    /// Whether `levelId` is one of these puzzles (the game in play may be).
    public func contains(levelId: String) -> Bool {
        puzzles.contains { $0.id == levelId }
    }

    /// Runs `change` on the collection and refreshes `puzzles` if it changed them.
    func update<T>(_ change: (PuzzleCollection) throws -> T) rethrows -> T {
        defer {
            let fresh = collection.puzzles()
            if fresh != puzzles { puzzles = fresh }
        }
        return try change(collection)
    }

    /// The puzzles as bytes for `init(restoring:)`.
    public func save() -> Data {
        collection.save()
    }
}
