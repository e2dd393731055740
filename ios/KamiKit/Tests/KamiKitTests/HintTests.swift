import Foundation
import KamiCore
@testable import KamiKit
import Testing

/// Hints: searched off the main actor, shown only for the position on screen.
@MainActor @Suite struct HintTests {
    let board = BoardTaps()

    /// The hint `model` shows, failing the test if it shows none.
    func shownHint(_ model: GameModel) throws -> Hint {
        guard case .shown(let advice) = model.hint else {
            Issue.record("expected a hint, found \(model.hint)")
            throw HintMissing()
        }
        return advice
    }

    @Test func followingHintsFromMidGameFinishesInTheMovesPromised() async throws {
        let model = try GameModel(levelId: try firstLevel(withParAtLeast: 4).id)
        let opening = try #require(try lineOfPlay(Game(levelId: model.snapshot.levelId), count: 1).first)
        try board.play(opening, on: model)
        #expect(model.hint == .idle)

        await model.requestHint().value
        let first = try shownHint(model)
        #expect(first.revision == model.snapshot.revision)
        #expect(first.proven && first.remaining > 0)
        #expect((first.par == .yes) == (model.movesUsed + first.remaining <= model.par))
        #expect(first.par != .yes || first.undosToRecover == nil)

        var played: UInt32 = 0
        while let next = try shownHint(model).next {
            try board.play(Move(tile: next.tile, colour: next.colour), on: model)
            #expect(model.errorMessage == nil && model.hint == .idle)
            played += 1
            try #require(played <= first.remaining, "the hints did not finish in the moves they promised")
            await model.requestHint().value
        }
        #expect(played == first.remaining)
        #expect(model.grade != nil)
        #expect(try shownHint(model).remaining == 0)
    }

    @Test func aHintForAnotherRevisionIsDiscarded() throws {
        let model = try GameModel(levelId: try firstLevel().id)
        let advice = try model.game.hint()
        model.receiveHint(.success(advice), for: model.hintRequest)
        #expect(model.hint == .shown(advice))

        let move = try #require(advice.next)
        try board.play(Move(tile: move.tile, colour: move.colour), on: model)
        #expect(model.hint == .idle)
        // The same answer arriving late, for the request still current, is for the old position.
        model.receiveHint(.success(advice), for: model.hintRequest)
        #expect(model.hint == .idle)
        model.receiveHint(.success(try model.game.hint()), for: model.hintRequest)
        #expect(try shownHint(model).revision == model.snapshot.revision)
    }

    @Test func aMoveWhileThinkingDropsTheHint() async throws {
        let model = try GameModel(levelId: try firstLevel().id)
        let move = try #require(try lineOfPlay(Game(levelId: model.snapshot.levelId), count: 1).first)
        let pending = model.requestHint()
        #expect(model.hint == .thinking)
        // The search may be cancelled or may finish for the old position: either way it is dropped.
        try board.play(move, on: model)
        await pending.value
        #expect(model.hint == .idle && model.movesUsed == 1)

        await model.requestHint().value
        #expect(try shownHint(model).revision == model.snapshot.revision)
    }

    @Test func aNewerRequestWins() async throws {
        let model = try GameModel(levelId: try firstLevel().id)
        let first = model.requestHint()
        let second = model.requestHint()
        await first.value
        await second.value
        #expect(try shownHint(model).revision == model.snapshot.revision)

        model.dismissHint()
        #expect(model.hint == .idle)
    }

    @Test func refusedIntentsKeepTheHint() async throws {
        let model = try GameModel(levelId: try firstLevel().id)
        await model.requestHint().value
        let advice = try shownHint(model)
        model.undo()
        #expect(model.errorMessage != nil && model.hint == .shown(advice))
    }

    @Test func coreFailuresAreShownInItsWords() throws {
        let model = try GameModel(levelId: try firstLevel().id)
        model.receiveHint(.failure(KamiError.HintCancelled), for: model.hintRequest)
        #expect(model.hint == .idle)
        model.receiveHint(.failure(KamiError.GameFinished), for: model.hintRequest)
        #expect(model.hint == .unavailable(KamiError.GameFinished.description))
        model.receiveHint(.failure(KamiError.NothingToRedo), for: model.hintRequest - 1)
        #expect(model.hint == .unavailable(KamiError.GameFinished.description))
    }
}

struct HintMissing: Error {}
